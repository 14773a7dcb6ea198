"""Watch mode: a game between computer players, stepped one move at a time.

    match = Match("quanto", 3, ["random", "greedy", "planner"], seed=7)
    while not match.is_over:
        player, move, events = match.step()

Each seat's bot sees only its player's view and draws on its own generator, derived from
`bot_seed` (default: the deal's seed) and the seat, so a match replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import BotSetupError, GameOverError
from ..core.events import Event
from ..core.rng import derive_rng
from . import Bot, make_bot
from .games import new_state


class Match:
    """One game of `game` for `players` seats, seat i played by `levels[i]` (a level name
    or a bot)."""

    def __init__(
        self,
        game: str,
        players: int,
        levels: Sequence[str | Bot],
        seed: int,
        options: Mapping[str, Any] | None = None,
        bot_seed: int | str | None = None,
        simulation: bool = True,
    ) -> None:
        if len(levels) != players:
            raise BotSetupError("bots.error.seats", players=players, count=len(levels))
        self.game = game
        self.seed = seed
        self.state = new_state(game, players, seed, options, simulation)
        self.bots: list[Bot] = [make_bot(game, level) if isinstance(level, str) else level for level in levels]
        base = seed if bot_seed is None else bot_seed
        self.rngs: list[random.Random] = [derive_rng(base, "bots", seat) for seat in range(players)]
        self.moves: list[Any] = []
        self.events: list[list[Event]] = []

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def to_move(self) -> int | None:
        """The seat whose bot moves next (None at the end)."""
        return None if self.is_over else self.state.to_move

    def step(self) -> tuple[int, Any, list[Event]]:
        """Let the bot to move choose from its view and apply its move: (seat, move, events)."""
        if self.is_over:
            raise GameOverError("illegal.game_over")
        player = self.state.to_move
        move = self.bots[player].choose(self.state.view(player), self.rngs[player])
        events = self.state.apply(move)
        self.moves.append(move)
        self.events.append(events)
        return player, move, events

    def play(self) -> Match:
        """Step to the end of the game; returns the match."""
        while not self.is_over:
            self.step()
        return self
