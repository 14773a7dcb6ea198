"""The default deck of 24 task cards: the fourteen of the rules and ten colour-bound tasks.

Each reward is the one its measured difficulty earns (`difficulty.REWARD_RULE`); a test
recomputes the chances and checks every reward, and `docs/tausch-rausch-tasks.md` shows the
table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.errors import RuleOptionError
from .tasks import AdjacentPairs, Colour, FullHouse, OfAKind, Parity, Run, Sum, Task, check_task

SAME = Colour("same")

RULE_TASKS: tuple[Task, ...] = (
    Task("five-even", 5, (Parity("even"),), 1),
    Task("five-odd", 5, (Parity("odd"),), 1),
    Task("five-one-colour", 5, (SAME,), 2),
    Task("two-one-colour-sum-9", 2, (SAME, Sum.exactly(9)), 1),
    Task("four-sum-at-most-7", 4, (Sum(at_most=7),), 1),
    Task("four-sum-at-least-37", 4, (Sum(at_least=37),), 1),
    Task("run-of-5", 5, (Run(),), 1),
    Task("run-of-4-one-colour", 4, (SAME, Run()), 2),
    Task("full-house", 5, (FullHouse(),), 1),
    Task("four-of-a-kind", 4, (OfAKind(),), 2),
    Task("three-of-a-kind", 3, (OfAKind(),), 1),
    Task("pair-one-colour", 2, (SAME, OfAKind()), 1),
    Task("two-adjacent-pairs", 4, (AdjacentPairs(),), 1),
    Task("three-adjacent-pairs", 6, (AdjacentPairs(),), 2),
)

COLOUR_TASKS: tuple[Task, ...] = (
    Task("two-green-sum-9", 2, (Colour("gr"), Sum.exactly(9)), 1),
    Task("four-yellow-sum-at-most-7", 4, (Colour("ge"), Sum(at_most=7)), 2),
    Task("five-blue-sum-at-least-23", 5, (Colour("bl"), Sum(at_least=23)), 2),
    Task("three-red-run", 3, (Colour("ro"), Run()), 2),
    Task("three-yellow-odd", 3, (Colour("ge"), Parity("odd")), 2),
    Task("three-green-even", 3, (Colour("gr"), Parity("even")), 2),
    Task("two-blue-sum-at-least-17", 2, (Colour("bl"), Sum(at_least=17)), 1),
    Task("two-red-sum-at-most-5", 2, (Colour("ro"), Sum(at_most=5)), 1),
    Task("pair-red", 2, (Colour("ro"), OfAKind()), 1),
    Task("three-blue-sum-15", 3, (Colour("bl"), Sum.exactly(15)), 2),
)

DEFAULT_TASKS: tuple[Task, ...] = RULE_TASKS + COLOUR_TASKS
DEFAULT_BY_ID: dict[str, Task] = {task.id: task for task in DEFAULT_TASKS}


def task_by_id(task_id: str) -> Task:
    """A task of the default deck by its id."""
    if task_id not in DEFAULT_BY_ID:
        raise RuleOptionError("tausch_rausch.task.unknown", task=task_id)
    return DEFAULT_BY_ID[task_id]


def make_deck(entries: Iterable[Task | str | Mapping[str, Any]] | None) -> tuple[Task, ...]:
    """A deck from tasks, ids of default tasks, or task dicts (None: the default deck).
    Ids must be distinct."""
    if entries is None:
        return DEFAULT_TASKS
    if isinstance(entries, (str, bytes, Mapping)):
        raise RuleOptionError("tausch_rausch.task.malformed", data=entries)
    try:
        items = list(entries)
    except TypeError as error:
        raise RuleOptionError("tausch_rausch.task.malformed", data=entries) from error
    deck = tuple(task_by_id(entry) if isinstance(entry, str) else check_task(entry) for entry in items)
    if not deck:
        raise RuleOptionError("tausch_rausch.option.empty_deck")
    seen: set[str] = set()
    for entry in deck:
        if entry.id in seen:
            raise RuleOptionError("tausch_rausch.option.task_twice", task=entry.id)
        seen.add(entry.id)
    return deck


def deck_to_json(deck: tuple[Task, ...]) -> list[str | dict[str, Any]] | None:
    """The deck as JSON data: None for the default deck, else ids (default tasks) or dicts."""
    if deck == DEFAULT_TASKS:
        return None
    return [task.id if DEFAULT_BY_ID.get(task.id) == task else task.to_dict() for task in deck]
