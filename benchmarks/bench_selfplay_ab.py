"""Quanto random self-play beside OpenSpiel's C++ gin_rummy, RLCard's gin-rummy and an older
version of this package, measured in one run: rounds in which each contender plays for `--seconds` in its
own process, one after the other, so that the load of a shared machine falls on all of them
alike. Quanto plays by integer actions (as the peers do) and by move objects; the loops are
those of `selfplay.py` and `peers.py`. Figures: moves per second of wall time and of CPU
time (the process's own), medians over the rounds, and the ratios (ours / other) per round.

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

SELFPLAY = ROOT / "benchmarks" / "selfplay.py"


def run(loop: str, seconds: float, path: Path) -> dict[str, float] | None:
    """One contender's figures (moves/s by wall and CPU time), or None if it cannot run.
    `path` holds the `kartenspiele` it imports (the peers' loops import none)."""
    env = dict(os.environ, PYTHONPATH=str(path))
    done = subprocess.run(
        [sys.executable, str(SELFPLAY), loop, str(seconds)], capture_output=True, text=True, env=env, cwd=path
    )
    if done.returncode:
        return None
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return {"wall": figures["moves"] / figures["seconds"], "cpu": figures["moves"] / figures["cpu"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--baseline", type=Path, help="a folder holding an older kartenspiele")
    args = parser.parse_args(argv)
    contenders = {
        "quanto actions (this tree)": ("quanto-actions", ROOT),
        "quanto moves (this tree)": ("quanto-moves", ROOT),
    }
    if args.baseline is not None:
        contenders["quanto actions (baseline)"] = ("quanto-actions", args.baseline.resolve())
        contenders["quanto moves (baseline)"] = ("quanto-moves", args.baseline.resolve())
    contenders["open_spiel gin_rummy (C++)"] = ("open_spiel", ROOT)
    contenders["rlcard gin-rummy (Python)"] = ("rlcard", ROOT)
    results: dict[str, list[dict[str, float]]] = {name: [] for name in contenders}
    started = time.strftime("%H:%M:%S")
    print(f"== Quanto self-play A/B ({args.rounds} rounds of {args.seconds} s each), load {os.getloadavg()} ==")
    for _ in range(args.rounds):
        for name, (loop, path) in contenders.items():
            figures = run(loop, args.seconds, path)
            if figures is not None:
                results[name].append(figures)
    print(f"  from {started} to {time.strftime('%H:%M:%S')}, load at the end {os.getloadavg()}")
    for name, runs in results.items():
        if not runs:
            print(f"  {name}: not available (pip install -r benchmarks/requirements-peers.txt)")
            continue
        print(
            f"  {name}: {median([r['wall'] for r in runs]):,.0f} moves/s wall, {median([r['cpu'] for r in runs]):,.0f} CPU"
        )
    for ours_name in ("quanto actions (this tree)", "quanto moves (this tree)", "quanto actions (baseline)"):
        ours = results.get(ours_name, [])
        if not ours:
            continue
        print(f"  ratios of {ours_name} (median over the rounds, range):")
        for name, runs in results.items():
            if name == ours_name or not runs or len(runs) != len(ours):
                continue
            line = f"    / {name}:"
            for clock in ("wall", "cpu"):
                ratios = [mine[clock] / theirs[clock] for mine, theirs in zip(ours, runs)]
                line += f" {clock} {median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
