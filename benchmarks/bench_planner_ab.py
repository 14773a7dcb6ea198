"""The Tausch-Rausch planner's tournament beside an older version of this package, in one run.

One greedy–planner tournament (mirrored deals, `--games` games, `--players` players) with the
planner's time guard off, so that every decision makes its full number of sampled deals and
the work does not depend on the machine's load. This package and the baseline each play it in
a process of their own, side by side, so that the load falls on both alike. Figures: the CPU
time of each process (and its wall time), the ratio baseline / ours, and a digest of the games:
equal digests mean both versions played exactly the same games.

Run: `python benchmarks/bench_planner_ab.py --baseline DIR [--players 2] [--games 40]`, where
DIR holds an older `kartenspiele` package (`git archive REV kartenspiele | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from common import ROOT

TOURNAMENT = """
import dataclasses, hashlib, json, sys, time
import kartenspiele.bots.tausch_rausch.planner as planner
planner.SETTINGS = dataclasses.replace(planner.SETTINGS, time_limit=None)
from kartenspiele.bots.tournament import run_tournament
players, games = int(sys.argv[1]), int(sys.argv[2])
wall, cpu = time.perf_counter(), time.process_time()
result = run_tournament("tausch_rausch", players, ["greedy", "planner"], games, seed=2026, progress=False)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
digest = hashlib.sha256(repr([dataclasses.astuple(r) for r in result.records]).encode()).hexdigest()[:12]
print(json.dumps({"games": len(result.records), "cpu": cpu, "wall": wall, "digest": digest}))
"""


def start(package_root: str, players: int, games: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=package_root)
    return subprocess.Popen(
        [sys.executable, "-c", TOURNAMENT, str(players), str(games)],
        cwd=package_root,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="folder holding an older kartenspiele package")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    runs = {
        "ours": start(str(ROOT), args.players, args.games),
        "baseline": start(args.baseline, args.players, args.games),
    }
    results = {name: json.loads(process.communicate()[0]) for name, process in runs.items()}
    ours, base = results["ours"], results["baseline"]
    print(f"(load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"Tausch-Rausch greedy – planner, {args.players} players, {ours['games']} games, time guard off:")
    for name, figures in results.items():
        print(f"  {name}: {figures['cpu']:.1f} s CPU (wall {figures['wall']:.0f} s), games {figures['digest']}")
    same = "the same games" if ours["digest"] == base["digest"] else "DIFFERENT games"
    print(f"  speed-up {base['cpu'] / ours['cpu']:.2f}× in CPU time; {same}")
    return results


if __name__ == "__main__":
    main()
