"""Random self-play loops, one per contender, each owned here or in `peers.py` alone.

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

import peers

from kartenspiele.quanto import new_game


def quanto_play(seconds: float, seed: int, step: Callable[[object, random.Random], None]) -> dict:
    """Quanto random self-play for `seconds`, each move made by `step(state, rng)`."""
    rng = random.Random(seed)
    moves = games = 0
    clocks = peers.Clocks()
    while True:
        state = new_game(3, seed=seed * 100_000 + games)
        while not state.over:
            step(state, rng)
            moves += 1
        games += 1
        if clocks.elapsed() >= seconds:
            return clocks.result(moves, games)


def quanto_actions(seconds: float, seed: int) -> dict:
    """Quanto by integer actions (the loop of the peers below)."""
    return quanto_play(seconds, seed, lambda state, rng: state.apply_action(rng.choice(state.legal_actions())))


def quanto_moves(seconds: float, seed: int) -> dict:
    """Quanto by move objects (each listed move a `Move`, each applied move narrated)."""
    return quanto_play(seconds, seed, lambda state, rng: state.apply(rng.choice(state.legal_moves())))


LOOPS: dict[str, Callable[[float, int], dict]] = {
    "quanto-actions": quanto_actions,
    "quanto-moves": quanto_moves,
    "open_spiel": peers.open_spiel_gin_rummy,
    "rlcard": peers.rlcard_gin_rummy,
}


if __name__ == "__main__":
    print(json.dumps(LOOPS[sys.argv[1]](float(sys.argv[2]), 0)))
