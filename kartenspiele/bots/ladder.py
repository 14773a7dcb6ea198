"""The computer's level for a child's next game: the first game against the computer is at the
easiest level; afterwards the level follows the child — one step up after a win, one step down
after two losses in a row, never beyond the ladder of levels (`LEVELS[game]`, weakest first) — until
the child picks a level itself, which then stays.

A `Ladder` is plain data: it travels to the browser's memory as JSON (`to_json`) and comes back
through `from_json`, which takes nothing it does not know (an unknown level, a wrong type: the
first game's ladder instead)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import LEVELS

WON, LOST, DRAW = "won", "lost", "draw"
LOSSES_DOWN = 2
"""Losses in a row after which the level goes one step down."""


@dataclass(frozen=True)
class Ladder:
    """Where a child stands on `game`'s ladder: the `level` of the next game, the `losses` in a row
    at it, and whether the child `chosen` it (then it no longer follows the results)."""

    game: str
    level: str
    losses: int = 0
    chosen: bool = False

    @classmethod
    def first(cls, game: str) -> Ladder:
        """The ladder before the first game: the easiest level."""
        return cls(game, next(iter(LEVELS[game])))

    @property
    def levels(self) -> list[str]:
        return list(LEVELS[self.game])

    def after(self, result: str) -> Ladder:
        """The ladder after a game the child `won`, `lost` or played to a `draw`."""
        if result not in (WON, LOST, DRAW):
            raise ValueError(f"a game's result is won, lost or draw, not {result!r}")
        if self.chosen or result == DRAW:
            return self
        levels = self.levels
        step = levels.index(self.level)
        if result == WON:
            return Ladder(self.game, levels[min(step + 1, len(levels) - 1)])
        if self.losses + 1 >= LOSSES_DOWN:
            return Ladder(self.game, levels[max(step - 1, 0)])
        return Ladder(self.game, self.level, self.losses + 1)

    def pick(self, level: str) -> Ladder:
        """The child picked `level` for the computer: it stays (an unknown level raises ValueError)."""
        if level not in LEVELS[self.game]:
            raise ValueError(f"{level!r} is not a level of {self.game}")
        return Ladder(self.game, level, 0, True)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "losses": self.losses, "chosen": self.chosen}

    @classmethod
    def from_json(cls, game: str, data: Any) -> Ladder:
        """The ladder a browser kept for `game`; anything unknown gives the first game's ladder."""
        if not isinstance(data, dict) or data.get("level") not in LEVELS[game]:
            return cls.first(game)
        losses, chosen = data.get("losses", 0), data.get("chosen", False)
        if not isinstance(losses, int) or isinstance(losses, bool) or not 0 <= losses < LOSSES_DOWN:
            losses = 0
        return cls(game, data["level"], losses, chosen is True)
