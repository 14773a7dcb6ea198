"""Tausch-Rausch's rule options, with the defaults of `rules/tausch-rausch.md`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import RuleOptionError
from ..core.options import option_values
from .deck import deck_to_json, make_deck
from .tasks import Task


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class TauschRauschOptions:
    """`tasks_to_win`: the task that wins at once (default the fifth). `turn_cap`: for
    computer simulations only — after this many moves the game ends as a draw (None: never).
    `deck`: the task cards (default the 24 of `deck.DEFAULT_TASKS`); give `Task`s, ids of
    default tasks or task dicts."""

    tasks_to_win: int = 5
    turn_cap: int | None = None
    deck: tuple[Task, ...] | None = None

    def __post_init__(self) -> None:
        if not _whole(self.tasks_to_win) or self.tasks_to_win < 1:
            raise RuleOptionError(
                "option.bad_value", option="tasks_to_win", value=self.tasks_to_win, allowed="1, 2, 3, …"
            )
        if self.turn_cap is not None and (not _whole(self.turn_cap) or self.turn_cap < 1):
            raise RuleOptionError(
                "option.bad_value", option="turn_cap", value=self.turn_cap, allowed="None, 1, 2, 3, …"
            )
        object.__setattr__(self, "deck", make_deck(self.deck))

    @property
    def tasks(self) -> tuple[Task, ...]:
        assert self.deck is not None
        return self.deck

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | None) -> TauschRauschOptions:
        """Options from a mapping; an unknown name raises `RuleOptionError`."""
        return cls(**option_values(cls, values))

    def to_dict(self) -> dict[str, Any]:
        return {"tasks_to_win": self.tasks_to_win, "turn_cap": self.turn_cap, "deck": deck_to_json(self.tasks)}
