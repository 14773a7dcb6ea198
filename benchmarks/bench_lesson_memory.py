"""Unique memory (USS) of the lesson kernels in Voilà, beside a one-button baseline (issue 13).

Each page is opened alone in headless Chromium at 1024×768; three seconds after it is drawn the
USS of its kernel (psutil `memory_full_info().uss`) is printed. Printed, never asserted.

`python benchmarks/bench_lesson_memory.py [lessons/04_zufall.ipynb …]`
"""

from __future__ import annotations

import shutil
import sys

import common  # noqa: F401  (puts the repository on the import path)
from bench_serving import pages_alone_of, served_root

DEFAULT = ["lessons/03_folgen.ipynb", "lessons/04_zufall.ipynb"]


def main(argv: list[str]) -> int:
    print("== bench_lesson_memory: kernel USS of lesson pages in Voilà ==")
    root = served_root()
    try:
        rows = pages_alone_of(root, ["notebooks/baseline.ipynb", *(argv or DEFAULT)])
    finally:
        shutil.rmtree(root, ignore_errors=True)
    base = rows[0][2]
    for path, seconds, memory in rows:
        print(f"{path:32s} {seconds:6.2f} s  {memory:6.1f} MB USS ({memory - base:+.1f} MB vs baseline)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
