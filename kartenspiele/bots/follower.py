"""A player who follows the Tipp now and then, as a child does in a first game: every `every`-th of
its own moves is the Tipp's move (`bots.hint`, the strongest level's choice, exactly as the table's
"Tipp" button shows it), every other move a legal move chosen at random. The simulation of the
first game's level (`docs/bots.md`) measures each level against it."""

from __future__ import annotations

import random
from typing import Any

from .hint import hint


class TippFollower:
    """A bot (`choose(view, rng)`) that takes the Tipp on every `every`-th of its moves."""

    level = "tipp"

    def __init__(self, every: int = 3) -> None:
        if every < 1:
            raise ValueError(f"every must be at least 1, not {every}")
        self.every = every
        self.moves = 0

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.moves += 1
        if self.moves % self.every == 0:
            return hint(view, "de").move
        return rng.choice(view.legal_moves())
