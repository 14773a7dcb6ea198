"""Computer players. A bot sees only its player's view and chooses one of the legal moves.

`make_bot(game, level)` builds one; the levels of each game are registered in `LEVELS`
(weakest first, shown to players as leicht / mittel / schwer, see `level_name`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from typing import Any, Protocol

from ..core.errors import BotSetupError
from ..i18n import text
from .games import game_info


class Bot(Protocol):
    """A computer player: `choose` gets a player's view and returns a legal move."""

    level: str

    def choose(self, view: Any, rng: random.Random) -> Any: ...


class RandomBot:
    """Level "random": any legal move, uniformly."""

    level = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal_moves())


def _lazy(module: str, name: str) -> Callable[[], Bot]:
    """A factory that imports the bot's module only when a bot is made."""

    def factory() -> Bot:
        return getattr(import_module(module, __name__), name)()

    factory.__name__ = name
    return factory


LEVELS: dict[str, dict[str, Callable[[], Bot]]] = {
    "quanto": {
        "random": RandomBot,
        "greedy": _lazy(".quanto.greedy", "GreedyBot"),
        "planner": _lazy(".quanto.planner", "PlannerBot"),
    },
    "tausch_rausch": {
        "random": RandomBot,
        "greedy": _lazy(".tausch_rausch.greedy", "GreedyBot"),
        "planner": _lazy(".tausch_rausch.planner", "PlannerBot"),
    },
}


def make_bot(game: str, level: str) -> Bot:
    """A computer player of `level` for `game` ("quanto", "tausch_rausch"); an unknown game or
    level raises BotSetupError."""
    title = game_info(game).title
    levels = LEVELS[game]
    if level not in levels:
        raise BotSetupError("bots.error.unknown_level", game=title, level=level, known=", ".join(levels))
    return levels[level]()


def level_name(level: str, lang: str | None = None) -> str:
    """The name players see: "leicht" / "mittel" / "schwer" (easy / medium / hard)."""
    return text(f"bots.level.{level}", lang)
