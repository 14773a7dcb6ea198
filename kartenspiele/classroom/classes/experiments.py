"""The class's chance experiment: each group's dealt batches, pooled into one class curve.

A group (one page that joined a class) records each batch it deals as an evidence entry
(`kind: "experiment"`, the experiment's name, the group's seed, how many hands and hits).
`class_batches` reads every group's batches back from the class's store, oldest first, so
that every page can draw the same class curve. Without a class nothing is recorded and the
class curve is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..store.interface import StoreError
from . import pupil
from .classes import ClassError

KIND = "experiment"


@dataclass(frozen=True)
class Batch:
    """`hands` hands dealt by one group (nickname, seed), `hits` of them fulfilled the task."""

    group: str
    seed: int
    hands: int
    hits: int
    at: float = 0.0


def record_batch(experiment: str, seed: int, hands: int, hits: int) -> None:
    """Report one dealt batch to the class (does nothing without a class)."""
    pupil.record(KIND, lesson=pupil.page_lesson(), experiment=experiment, seed=seed, hands=hands, hits=hits)


def class_batches(experiment: str) -> list[Batch]:
    """Every group's batches of `experiment` in the class of this page, oldest first
    (empty without a class or when the store cannot be read)."""
    session = pupil.current()
    if session is None:
        return []
    try:
        entries = list(session.classes.all_entries(session.pupil.code))
    except (ClassError, StoreError):
        return []
    batches = [
        Batch(nick, int(entry["seed"]), int(entry["hands"]), int(entry["hits"]), float(entry.get("at", 0.0)))
        for nick, entry in entries
        if entry.get("kind") == KIND and entry.get("experiment") == experiment
    ]
    return sorted(batches, key=lambda batch: batch.at)


def pooled_curve(batches: list[Batch]) -> list[tuple[int, float]]:
    """(hands so far, relative frequency so far) after each batch, all groups together."""
    points, hands, hits = [], 0, 0
    for batch in batches:
        hands, hits = hands + batch.hands, hits + batch.hits
        points.append((hands, hits / hands))
    return points
