"""Random self-play throughput of peer gin rummy engines (RLCard and OpenSpiel).

Install the peers with ``pip install -r benchmarks/requirements-peers.txt``.
Each benchmark plays whole games with uniformly random legal moves, drawn from a
``random.Random(seed)`` instance, until ``seconds`` of wall time have passed
(the game in progress is finished).  Engine set-up is not timed; dealing is. These are the
only copies of the peers' loops: `selfplay.py` runs them beside Quanto's.

Run as ``python benchmarks/peers.py --seconds 2``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

INSTALL_HINT = "pip install -r benchmarks/requirements-peers.txt"


class Clocks:
    """Wall time and this process's CPU time since it was made."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def elapsed(self) -> float:
        return time.perf_counter() - self.wall

    def result(self, moves: int, games: int) -> dict:
        """Counts and times as the common result dict (rates by wall time; `cpu` in seconds)."""
        seconds, cpu = self.elapsed(), time.process_time() - self.cpu
        return {
            "moves": moves,
            "games": games,
            "seconds": seconds,
            "cpu": cpu,
            "moves_per_s": moves / seconds if seconds > 0 else 0.0,
            "games_per_s": games / seconds if seconds > 0 else 0.0,
        }


def rlcard_gin_rummy(seconds: float, seed: int) -> dict:
    """Random self-play of RLCard's ``gin-rummy`` env; every ``env.step`` is a move.

    Raises ImportError if rlcard is not installed.
    """
    try:
        import rlcard
    except ImportError as exc:
        raise ImportError(f"rlcard is not installed ({INSTALL_HINT})") from exc
    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    moves = games = 0
    clocks = Clocks()
    while True:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            moves += 1
        games += 1
        if clocks.elapsed() >= seconds:
            return clocks.result(moves, games)


def open_spiel_gin_rummy(seconds: float, seed: int) -> dict:
    """Random self-play of OpenSpiel's ``gin_rummy``; only player decisions count as moves.

    Chance outcomes (the deal and draws from the stock) are sampled with the same
    Random instance and applied, but not counted.  Raises ImportError if
    open_spiel is not installed.
    """
    try:
        import pyspiel
    except ImportError as exc:
        raise ImportError(f"open_spiel (pyspiel) is not installed ({INSTALL_HINT})") from exc
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    moves = games = 0
    clocks = Clocks()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        games += 1
        if clocks.elapsed() >= seconds:
            return clocks.result(moves, games)


PEERS: dict[str, Callable[[float, int], dict]] = {
    "rlcard gin-rummy": rlcard_gin_rummy,
    "open_spiel gin_rummy": open_spiel_gin_rummy,
}


def main(argv: list[str] | None = None) -> None:
    """Run every peer benchmark and print one line per peer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per peer")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for name, bench in PEERS.items():
        try:
            r = bench(args.seconds, args.seed)
        except ImportError:
            print(f"{name}: not installed")
            continue
        print(
            f"{name}: {r['moves_per_s']:,.0f} moves/s, {r['games_per_s']:,.1f} games/s"
            f" ({r['moves']} moves, {r['games']} games in {r['seconds']:.2f} s)"
        )


if __name__ == "__main__":
    main()
