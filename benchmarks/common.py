"""Helpers shared by the benchmarks: medians of repeated timings, peers, printing."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


# The page every app page is measured against: a notebook showing one button.
BASELINE = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "baseline",
            "metadata": {},
            "outputs": [],
            "source": "import ipywidgets as widgets\n\nwidgets.Button(description='OK')",
        }
    ],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def timed(function: Callable[[], object], repeats: int) -> list[float]:
    """Wall-clock seconds of `repeats` calls of `function`."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def peer_throughput(seconds: float, repeats: int) -> dict[str, dict | None]:
    """Median moves/s and games/s of the installed peers (None where not installed)."""
    import peers

    found: dict[str, dict | None] = {}
    for name, function in (
        ("rlcard gin-rummy", peers.rlcard_gin_rummy),
        ("open_spiel gin_rummy (C++)", peers.open_spiel_gin_rummy),
    ):
        try:
            runs = [function(seconds, seed) for seed in range(repeats)]
        except ImportError:
            found[name] = None
            continue
        found[name] = {
            "moves_per_s": median([r["moves_per_s"] for r in runs]),
            "games_per_s": median([r["games_per_s"] for r in runs]),
        }
    return found


def report_throughput(title: str, ours: dict, peers_found: dict[str, dict | None]) -> None:
    print(f"{title}: {ours['moves_per_s']:,.0f} moves/s, {ours['games_per_s']:,.1f} games/s (median)")
    for name, figures in peers_found.items():
        if figures is None:
            print(f"  {name}: not installed (pip install -r benchmarks/requirements-peers.txt)")
            continue
        ratio = ours["moves_per_s"] / figures["moves_per_s"]
        print(
            f"  {name}: {figures['moves_per_s']:,.0f} moves/s, {figures['games_per_s']:,.1f} games/s"
            f" -> ratio (ours / peer, moves/s) {ratio:.2f}"
        )
