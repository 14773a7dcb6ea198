"""All benchmarks in one run: `python benchmarks/run.py` (what `make bench` calls)."""

from __future__ import annotations

import importlib
import sys

import common  # noqa: F401  (puts the repository on the import path)

SUITES = [
    "bench_quanto",
    "bench_selection",
    "bench_tausch_rausch",
    "bench_bots",
    "bench_widgets",
    "bench_rooms",
    "bench_rejoins",
    "bench_browser_bounds",
    "bench_language",
    "bench_dashboard",
    "bench_serving",
    "bench_class_period",
]


def main() -> int:
    for name in SUITES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            print(f"== {name}: not present ==")
            continue
        module.main(sys.argv[1:] if name == "bench_quanto" else [])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
