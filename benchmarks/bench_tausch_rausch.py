"""Tausch-Rausch benchmarks: random self-play throughput and the task finder.

Self-play (3 players) lists the legal moves at every step, as the peers do, and plays
  * uniform random players (every legal move equally likely) with a turn cap of 200, through
    the integer actions (`legal_actions()`, `apply_action(int)`), as the RLCard side does,
  * the same players through `Move` objects (`legal_moves()`, `apply(move)`), and
  * "kind-first" random players (swap or fulfil uniformly, then a move of that kind),
    whose games end by a win,
next to the peer gin rummy engines of `peers.py`, measured in the same run, round by round
(each engine once per round); the ratios are ours / peer. The task finder is timed for all 24 default tasks on random 15-card hands
(goal: median under 5 ms). Figures are medians over repeated runs.

Run as ``python benchmarks/bench_tausch_rausch.py --seconds 2 --repeats 5`` (add ``--cpu`` on a
shared machine: every engine's self-play is then timed by the CPU time of this process).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peers import PEERS  # noqa: E402
from selfplay import by_actions, play_for  # noqa: E402

from kartenspiele.tausch_rausch import DECK, DEFAULT_TASKS, find_all, new_game  # noqa: E402
from kartenspiele.tausch_rausch.players import kind_first_move, uniform_move  # noqa: E402

PLAYERS = 3
UNIFORM_CAP = 200


def _move_step(policy):
    def step(state, rng: random.Random) -> None:
        state.apply(policy(state, rng))

    return step


POLICIES = {
    f"uniform random, integer actions (cap {UNIFORM_CAP})": (by_actions, UNIFORM_CAP),
    f"uniform random, Move objects (cap {UNIFORM_CAP})": (_move_step(uniform_move), UNIFORM_CAP),
    "kind-first random": (_move_step(kind_first_move), None),
}


def self_play(seconds: float, seed: int, step, cap: int | None) -> dict:
    """Whole random games of 3 players until `seconds` have passed (the last game is finished);
    `step(state, rng)` makes one move."""
    rng = random.Random(seed)
    return play_for(seconds, rng, lambda _: new_game(PLAYERS, seed=rng.randrange(10**9), turn_cap=cap), step)


def rates(result: dict, cpu: bool) -> dict:
    """Moves and games per second of a run (by its CPU time with `cpu`, else by wall time)."""
    seconds = result["cpu"] if cpu else result["seconds"]
    return {
        "moves_per_s": result["moves"] / seconds,
        "games_per_s": result["games"] / seconds,
        "moves_per_game": result["moves"] / result["games"],
    }


def branching(games: int, seed: int) -> float:
    """The mean number of legal moves per position in kind-first random games."""
    rng = random.Random(seed)
    listed = positions = 0
    for _ in range(games):
        state = new_game(PLAYERS, seed=rng.randrange(10**9))
        while not state.is_terminal():
            listed += len(state.legal_moves())
            positions += 1
            state.apply(kind_first_move(state, rng))
    return listed / positions


def finder_times(hands: int, seed: int) -> list[float]:
    """Milliseconds to run the task finder for all 24 default tasks, per random 15-card hand."""
    rng = random.Random(seed)
    times = []
    for _ in range(hands):
        hand = rng.sample(DECK, 15)
        start = time.perf_counter()
        find_all(DEFAULT_TASKS, hand)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _median(runs: list[dict], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def main(argv: list[str] | None = None) -> dict:
    """Run every measurement, print one line each, and return the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per self-play run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per engine (the median is shown)")
    parser.add_argument("--hands", type=int, default=1000, help="15-card hands for the task finder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cpu", action="store_true", help="time self-play by this process's CPU time (fairer on a shared machine)"
    )
    args = parser.parse_args(argv)
    results: dict = {"self_play": {}, "peers": {}}
    # Round by round, every engine once per round, so that a change in the machine's load
    # falls on all of them alike; each round starts with the next engine (none always first),
    # and each engine plays games of its own (seeds apart), so that none replays the games
    # another has just played, with the engine's memos still warm from them.
    engines = [
        (name, lambda seed, step=step, cap=cap: self_play(args.seconds, seed, step, cap))
        for name, (step, cap) in POLICIES.items()
    ]
    engines += [("peer " + name, lambda seed, bench=bench: bench(args.seconds, seed)) for name, bench in PEERS.items()]
    runs: dict[str, list[dict]] = {}
    missing: set[str] = set()
    numbered = [*enumerate(engines)]
    for r in range(args.repeats):
        shift = r % len(numbered)
        for number, (name, run) in numbered[shift:] + numbered[:shift]:
            if name in missing:
                continue
            try:
                runs.setdefault(name, []).append(rates(run(args.seed + 1000 * number + r), args.cpu))
            except ImportError as error:
                print(f"{name.removeprefix('peer ')}: not installed ({error})")
                missing.add(name)
    for name in POLICIES:
        results["self_play"][name] = {key: _median(runs[name], key) for key in runs[name][0]}
    for name in PEERS:
        if "peer " + name not in missing:
            peer_runs = runs["peer " + name]
            results["peers"][name] = {key: _median(peer_runs, key) for key in ("moves_per_s", "games_per_s")}
    if hasattr(os, "getloadavg"):
        print(f"(load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"Tausch-Rausch random self-play, {PLAYERS} players, median of {args.repeats} × {args.seconds:g} s:")
    for name, figures in results["self_play"].items():
        ratios = ", ".join(
            f"{figures['moves_per_s'] / peer['moves_per_s']:.2f}× {peer_name} moves/s, "
            f"{figures['games_per_s'] / peer['games_per_s']:.2f}× games/s"
            for peer_name, peer in results["peers"].items()
        )
        print(
            f"  {name}: {figures['moves_per_s']:,.0f} moves/s, {figures['games_per_s']:,.1f} games/s "
            f"({figures['moves_per_game']:.0f} moves/game)" + (f"; {ratios}" if ratios else "")
        )
    for name, figures in results["peers"].items():
        print(f"  peer {name}: {figures['moves_per_s']:,.0f} moves/s, {figures['games_per_s']:,.1f} games/s")
    results["legal_moves_per_position"] = branching(20, args.seed)
    print(
        f"  (a kind-first game lists {results['legal_moves_per_position']:.0f} legal moves per position "
        f"on average: every swap choice and every way to fulfil a task)"
    )
    times = finder_times(args.hands, args.seed)
    results["finder_ms"] = {
        "median": statistics.median(times),
        "p90": statistics.quantiles(times, n=10)[-1],
        "max": max(times),
    }
    print(
        f"Task finder, all {len(DEFAULT_TASKS)} tasks on a 15-card hand ({args.hands} hands): "
        f"median {results['finder_ms']['median']:.2f} ms, 90th percentile {results['finder_ms']['p90']:.2f} ms, "
        f"max {results['finder_ms']['max']:.2f} ms (goal: median < 5 ms)"
    )
    return results


if __name__ == "__main__":
    main()
