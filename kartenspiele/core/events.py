"""Events: what a move caused, the single source of narration, animation, score and log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened. `kind` names it; the other fields are filled as it needs.

    `player` is the actor, `other` a second player (the one who gives or loses), `value` a
    number (declared value, chip, count), `cards` and `groups` the cards involved, `task`
    a task id, `scores`/`winners` the result at the end.
    """

    kind: str
    player: int | None = None
    card: Any = None
    cards: tuple[Any, ...] = ()
    groups: tuple[tuple[Any, ...], ...] = ()
    value: int | None = None
    other: int | None = None
    task: str | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    hidden: bool = False  # the cards are seen only by `player` (e.g. cards drawn into a hand)

    def __init__(
        self,
        kind: str,
        player: int | None = None,
        card: Any = None,
        cards: tuple[Any, ...] = (),
        groups: tuple[tuple[Any, ...], ...] = (),
        value: int | None = None,
        other: int | None = None,
        task: str | None = None,
        scores: tuple[int, ...] = (),
        winners: tuple[int, ...] = (),
        hidden: bool = False,
    ) -> None:
        # Every move makes a few events: fill the fields at once, not one frozen set at a time.
        object.__setattr__(
            self,
            "__dict__",
            {
                "kind": kind,
                "player": player,
                "card": card,
                "cards": cards,
                "groups": groups,
                "value": value,
                "other": other,
                "task": task,
                "scores": scores,
                "winners": winners,
                "hidden": hidden,
            },
        )
