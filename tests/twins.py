"""What the tests of the two games share: one `GameCase` per game, and the checks that the
twin tests (views, sessions) run for each. Parametrise a test with `GAME_CASES`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from kartenspiele import quanto, tausch_rausch
from kartenspiele.core.session import Session
from kartenspiele.tausch_rausch.players import sampled_move


@dataclass(frozen=True)
class GameCase:
    """A game as the twin tests need it."""

    name: str
    module: ModuleType
    options: dict[str, Any] = field(default_factory=dict)  # for games that must end (turn cap)
    pick: Callable[[Any, random.Random], Any] = lambda state, rng: rng.choice(state.legal_moves())

    def new_game(self, players: int, seed: int, **options: Any) -> Any:
        return self.module.new_game(players, seed=seed, **{**self.options, **options})

    def played(self, players: int, seed: int, moves: int) -> Any:
        """A state `moves` random moves (fewer if the game ends) into a game."""
        rng = random.Random(seed)
        state = self.new_game(players, seed)
        for _ in range(moves):
            if state.is_terminal():
                break
            state.apply(self.pick(state, rng))
        return state


QUANTO = GameCase("quanto", quanto)
TAUSCH_RAUSCH = GameCase("tausch_rausch", tausch_rausch, {"turn_cap": 80}, sampled_move)
GAME_CASES = [pytest.param(QUANTO, id="quanto"), pytest.param(TAUSCH_RAUSCH, id="tausch_rausch")]


def resample_hidden(state: Any, player: int, rng: random.Random) -> Any:
    """The same position with the other hands, the draw pile (and a task pile) and the seed anew."""
    twin = state.clone()
    hidden = [i for p, hand in enumerate(twin.hands) if p != player for i in hand] + twin.draw
    rng.shuffle(hidden)
    for other, hand in enumerate(twin.hands):
        if other != player:
            twin.hands[other] = [hidden.pop() for _ in hand]
    twin.draw = hidden
    if hasattr(twin, "task_pile"):
        rng.shuffle(twin.task_pile)
    twin.seed = rng.randrange(10**9)
    return twin


def check_views_do_not_leak(case: GameCase, players: tuple[int, int], games: int = 40) -> int:
    """Over whole random games, no player's view changes when what is hidden from them is
    dealt anew; returns how many positions were compared."""
    rng = random.Random(1)
    checked = 0
    for seed in range(games):
        state = case.new_game(rng.randint(*players), seed)
        while not state.is_terminal():
            for player in range(state.players):
                twin = resample_hidden(state, player, rng)
                if twin.to_dict() != state.to_dict():
                    assert twin.view(player) == state.view(player)
                    assert twin.view(player).to_dict() == state.view(player).to_dict()
                    checked += 1
            state.apply(case.pick(state, rng))
    return checked


def played_session(case: GameCase, moves: int = 30, seed: int = 4, players: int = 3) -> Session:
    """A session of `moves` random moves (fewer if the game ends)."""
    rng = random.Random(seed)
    session = Session(case.new_game(players, seed))
    for _ in range(moves):
        if session.state.is_terminal():
            break
        session.apply(case.pick(session.state, rng))
    return session
