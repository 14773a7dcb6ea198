"""Random self-play loops, one per contender, each owned here or in `peers.py` alone; the
loop of whole games (`play_for`) and its two ways of moving serve Tausch-Rausch's benchmark too.

Quanto (3 players, default rules) is played two ways: by integer actions, as OpenSpiel's
and RLCard's games are (`legal_actions()`, `rng.choice`, `apply_action`), and by move
objects (`legal_moves()`, `rng.choice`, `apply`), as people's front ends and the bots do.

Run one loop in a process of its own: `python benchmarks/selfplay.py NAME SECONDS` prints
its figures as one JSON line (the `kartenspiele` it plays is the one on `PYTHONPATH`).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

import peers

from kartenspiele.quanto import new_game


def by_actions(state: Any, rng: random.Random) -> None:
    """One uniformly random move through the integer actions."""
    state.apply_action(rng.choice(state.legal_actions()))


def by_moves(state: Any, rng: random.Random) -> None:
    """One uniformly random move through `Move` objects."""
    state.apply(rng.choice(state.legal_moves()))


def play_for(seconds: float, rng: random.Random, deal: Callable[[int], Any], step: Callable[..., None]) -> dict:
    """Whole games, the n-th (from 0) dealt by `deal(n)`, each move made by `step(state, rng)`,
    until `seconds` have passed (the game in progress is finished)."""
    moves = games = 0
    clocks = peers.Clocks()
    while True:
        state = deal(games)
        while not state.is_terminal():
            step(state, rng)
            moves += 1
        games += 1
        if clocks.elapsed() >= seconds:
            return clocks.result(moves, games)


def quanto_actions(seconds: float, seed: int) -> dict:
    """Quanto by integer actions (the loop of the peers below)."""
    return play_for(seconds, random.Random(seed), lambda games: new_game(3, seed=seed * 100_000 + games), by_actions)


def quanto_moves(seconds: float, seed: int) -> dict:
    """Quanto by move objects (each listed move a `Move`, each applied move narrated)."""
    return play_for(seconds, random.Random(seed), lambda games: new_game(3, seed=seed * 100_000 + games), by_moves)


LOOPS: dict[str, Callable[[float, int], dict]] = {
    "quanto-actions": quanto_actions,
    "quanto-moves": quanto_moves,
    "open_spiel": peers.open_spiel_gin_rummy,
    "rlcard": peers.rlcard_gin_rummy,
}


if __name__ == "__main__":
    print(json.dumps(LOOPS[sys.argv[1]](float(sys.argv[2]), 0)))
