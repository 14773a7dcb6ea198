"""Computer players. A bot sees only its player's view and chooses one of the legal moves.

`make_bot(game, level)` builds one; the levels of each game are registered in `LEVELS`
(shown to players as leicht / mittel / schwer).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol


class Bot(Protocol):
    """A computer player: `choose` gets a player's view and returns a legal move."""

    level: str

    def choose(self, view: Any, rng: random.Random) -> Any: ...


class RandomBot:
    """Level "random": any legal move, uniformly."""

    level = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal_moves())


LEVELS: dict[str, dict[str, Callable[[], Bot]]] = {
    "quanto": {"random": RandomBot},
    "tausch_rausch": {"random": RandomBot},
}


def make_bot(game: str, level: str) -> Bot:
    """A computer player of `level` for `game` ("quanto", "tausch_rausch")."""
    try:
        return LEVELS[game][level]()
    except KeyError:
        known = ", ".join(f"{g}: {', '.join(levels)}" for g, levels in LEVELS.items())
        raise ValueError(f"no computer player {level!r} for {game!r} (known: {known})") from None
