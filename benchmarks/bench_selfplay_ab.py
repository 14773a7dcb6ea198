"""Quanto random self-play beside OpenSpiel's C++ gin_rummy, RLCard's gin-rummy and an older
version of this package, measured in one run: rounds in which each contender plays for `--seconds` in its
own process, one after the other, so that the load of a shared machine falls on all of them
alike. Figures: moves per second of wall time and of CPU time (the process's own), medians
over the rounds, and the ratios (ours / peer) per round.

Run: `python benchmarks/bench_selfplay_ab.py [--rounds 5] [--seconds 3] [--baseline DIR]`,
where DIR holds an older `kartenspiele` package (`git archive REV kartenspiele | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from common import ROOT, median

QUANTO = """
import json, random, sys, time
from kartenspiele.quanto import new_game
rng = random.Random(0)
moves = games = 0
wall, cpu = time.perf_counter(), time.process_time()
while True:
    state = new_game(3, seed=games)
    while not state.over:
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    games += 1
    if time.perf_counter() - wall >= float(sys.argv[1]):
        break
print(json.dumps({"moves": moves, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""

OPEN_SPIEL = """
import json, random, sys, time
import pyspiel
game = pyspiel.load_game("gin_rummy")
rng = random.Random(0)
moves = 0
wall, cpu = time.perf_counter(), time.process_time()
while True:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    if time.perf_counter() - wall >= float(sys.argv[1]):
        break
print(json.dumps({"moves": moves, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""

RLCARD = """
import json, random, sys, time
import rlcard
env = rlcard.make("gin-rummy", config={"seed": 0})
rng = random.Random(0)
moves = 0
wall, cpu = time.perf_counter(), time.process_time()
while True:
    state, _ = env.reset()
    while not env.is_over():
        state, _ = env.step(rng.choice(list(state["legal_actions"])))
        moves += 1
    if time.perf_counter() - wall >= float(sys.argv[1]):
        break
print(json.dumps({"moves": moves, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


def run(code: str, seconds: float, path: Path | None) -> dict[str, float] | None:
    """One contender's figures (moves/s by wall and CPU time), or None if it cannot run."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run(
        [sys.executable, "-c", code, str(seconds)], capture_output=True, text=True, env=env, cwd=path or ROOT
    )
    if done.returncode:
        return None
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return {"wall": figures["moves"] / figures["wall"], "cpu": figures["moves"] / figures["cpu"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--baseline", type=Path, help="a folder holding an older kartenspiele")
    args = parser.parse_args(argv)
    contenders = {"quanto (this tree)": (QUANTO, ROOT)}
    if args.baseline is not None:
        contenders["quanto (baseline)"] = (QUANTO, args.baseline.resolve())
    contenders["open_spiel gin_rummy (C++)"] = (OPEN_SPIEL, None)
    contenders["rlcard gin-rummy (Python)"] = (RLCARD, None)
    results: dict[str, list[dict[str, float]]] = {name: [] for name in contenders}
    started = time.strftime("%H:%M:%S")
    print(f"== Quanto self-play A/B ({args.rounds} rounds of {args.seconds} s each), load {os.getloadavg()} ==")
    for _ in range(args.rounds):
        for name, (code, path) in contenders.items():
            figures = run(code, args.seconds, path)
            if figures is not None:
                results[name].append(figures)
    print(f"  from {started} to {time.strftime('%H:%M:%S')}, load at the end {os.getloadavg()}")
    ours = results["quanto (this tree)"]
    for name, runs in results.items():
        if not runs:
            print(f"  {name}: not available (pip install -r benchmarks/requirements-peers.txt)")
            continue
        line = f"  {name}: {median([r['wall'] for r in runs]):,.0f} moves/s wall, {median([r['cpu'] for r in runs]):,.0f} CPU"
        if runs is not ours and len(runs) == len(ours):
            for clock in ("wall", "cpu"):
                ratios = [mine[clock] / theirs[clock] for mine, theirs in zip(ours, runs)]
                line += f"; ours/this {clock} {median(ratios):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f})"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
