"""The games computer players can play, and how a simulation sets one up.

Simulations may need options that people never play with: Tausch-Rausch games between
weak bots may not end, so a simulation caps the number of turns (a capped game is a draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from ..core.errors import BotSetupError


@dataclass(frozen=True)
class GameInfo:
    """Where a game's engine lives, its name, its player counts and its simulation-only options."""

    module: str
    title: str
    players: tuple[int, int]
    simulation_options: Mapping[str, Any] = field(default_factory=dict)


GAMES: dict[str, GameInfo] = {
    "quanto": GameInfo("kartenspiele.quanto", "Quanto", (2, 6)),
    "tausch_rausch": GameInfo("kartenspiele.tausch_rausch", "Tausch-Rausch", (2, 4), {"turn_cap": 400}),
}


def game_info(game: str) -> GameInfo:
    """The entry of `game`; an unknown name raises BotSetupError."""
    try:
        return GAMES[game]
    except KeyError:
        raise BotSetupError("bots.error.unknown_game", game=game, known=", ".join(GAMES)) from None


def new_state(
    game: str, players: int, seed: int, options: Mapping[str, Any] | None = None, simulation: bool = True
) -> Any:
    """A new game state; with `simulation`, the simulation options are added as defaults."""
    info = game_info(game)
    merged = dict(info.simulation_options) if simulation else {}
    merged.update(options or {})
    return import_module(info.module).new_game(players, seed, **merged)
