"""Worst-case times on the pathological positions of `tests/pathological.py`: listing the
legal moves (and counting them) for both games, and one planner decision. Figures are the
median, 99th percentile and maximum over the positions; the goals of issue 16 are a legal-move
listing under 50 ms and a planner decision under 1 s on every legal position.

Run: `python benchmarks/bench_worst_case.py [--every 10] [--planner 5]`.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from common import median, percentile

from kartenspiele.bots import make_bot
from tests.pathological import quanto_positions, tausch_rausch_positions


def _report(title: str, times: list[float], worst: str, cpu: list[float]) -> None:
    print(
        f"  {title}: {len(times)} positions, median {median(times) * 1000:.1f} ms, "
        f"p99 {percentile(times, 0.99) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms ({worst}); "
        f"CPU time: median {median(cpu) * 1000:.1f} ms, max {max(cpu) * 1000:.1f} ms"
    )


def listing_times(positions, every: int) -> tuple[list[float], str, list[float]]:
    times: list[float] = []
    cpu: list[float] = []
    worst, slowest = "", -1.0
    for step, (name, state) in enumerate(positions):
        if step % every:
            continue
        start, start_cpu = time.perf_counter(), time.process_time()
        len(state.legal_moves())
        elapsed = time.perf_counter() - start
        cpu.append(time.process_time() - start_cpu)
        times.append(elapsed)
        if elapsed > slowest:
            slowest, worst = elapsed, name
    return times, worst, cpu


def planner_times(positions, game: str, count: int) -> tuple[list[float], str, list[float]]:
    bot = make_bot(game, "planner")
    times: list[float] = []
    cpu: list[float] = []
    worst, slowest = "", -1.0
    for step, (name, state) in enumerate(positions):
        if step >= count:
            break
        view = state.view(state.to_move)
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.choose(view, random.Random(step))
        elapsed = time.perf_counter() - start
        cpu.append(time.process_time() - start_cpu)
        times.append(elapsed)
        if elapsed > slowest:
            slowest, worst = elapsed, name
    return times, worst, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=10, help="time every n-th position")
    parser.add_argument("--planner", type=int, default=5, help="planner decisions per game")
    parser.add_argument("--game", choices=("tausch_rausch", "quanto"), help="only this game")
    args = parser.parse_args(argv)
    print(f"== Worst case (pathological positions), load {os.getloadavg()} ==")
    for game, positions in (("tausch_rausch", tausch_rausch_positions), ("quanto", quanto_positions)):
        if args.game not in (None, game):
            continue
        times, worst, cpu = listing_times(positions(), args.every)
        _report(f"{game} legal moves", times, worst, cpu)
        if args.planner:
            times, worst, cpu = planner_times(positions(), game, args.planner)
            _report(f"{game} planner decision", times, worst, cpu)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
