"""Loading save files: time and memory of `Session.load` on very long games.

A Tausch-Rausch game without a turn cap can grow without end (players who only swap), so its
save file can be large. This writes such files (10 MB; 100 MB with `--big`) and loads each in
a fresh process, once with the session as it is (a checkpoint every `CHECKPOINT_EVERY` moves)
and once with the former design as the baseline (a full copy of the state kept per move),
printing wall and CPU time (the machine may be shared) and the growth of the process's peak memory (resident set) while loading.

    python benchmarks/bench_save_files.py [--sizes 1 10] [--big] [--keep FOLDER]
    python benchmarks/bench_save_files.py --limits [--keep FOLDER]

The 100 MB file is above `MAX_BYTES` and `MAX_MOVES`: it is first loaded as it is (refused
at once), then with the limits raised to show that loading stays linear. `--limits` measures
what the limits allow at most: a game of `MAX_MOVES` moves, the same file padded with spaces
to `MAX_BYTES`, and padded to 100 MB (refused by its size before a byte is read).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)

MB = 2**20


def write_long_game(path: Path, size: int, seed: int = 1, most_moves: int | None = None) -> int:
    """A legal Tausch-Rausch game of only swaps, saved to `path`, of about `size` bytes (or of
    exactly `most_moves` moves, if that comes first)."""
    from kartenspiele.core.session import FORMAT, VERSION
    from kartenspiele.tausch_rausch import DECK, STALL_SIZES, Move, new_game

    rng = random.Random(seed)
    initial = new_game(2, seed=seed)
    state = initial.clone()
    moves: list[dict[str, object]] = []
    per_move = 60  # bytes, about (with indent=1); refined after a first batch
    while True:
        while len(moves) < size / per_move and len(moves) != most_moves:
            stall = rng.randrange(len(STALL_SIZES))
            given = rng.sample(state.hands[state.to_move], STALL_SIZES[stall])
            move = Move.swap(stall, [DECK[i] for i in given])
            state.apply(move)
            moves.append(move.to_json())
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": "tausch_rausch",
            "origin": "deal",
            "initial": initial.to_dict(),
            "moves": moves,
            "state": state.to_dict(),
        }
        text = json.dumps(data, ensure_ascii=False, indent=1)
        per_move = len(text.encode("utf-8")) / len(moves)
        if len(text.encode("utf-8")) >= size * 0.98 or len(moves) == most_moves:
            path.write_text(text, encoding="utf-8")
            return len(moves)


def padded(source: Path, target: Path, size: int) -> None:
    """`source` with spaces before its closing brace up to `size` bytes: still a valid save file."""
    text = source.read_bytes().rstrip()
    assert text.endswith(b"}") and len(text) < size
    with target.open("wb") as out:
        out.write(text[:-1])
        left = size - len(text)
        block = b" " * MB
        while left > 0:
            out.write(block[: min(left, MB)])
            left -= MB
        out.write(b"}")


def limits(folder: Path, trace: bool) -> None:
    """The limits: the most moves and the most bytes a save file may have (loaded), and a
    100 MB file (refused before it is read)."""
    from kartenspiele.core.session import MAX_BYTES, MAX_MOVES

    most_moves = folder / f"limit-{MAX_MOVES}-moves.json"
    if not most_moves.exists():
        write_long_game(most_moves, 10**9, most_moves=MAX_MOVES)
    most_bytes = folder / "limit-bytes.json"
    if not most_bytes.exists() or most_bytes.stat().st_size != MAX_BYTES:
        padded(most_moves, most_bytes, MAX_BYTES)
    huge = folder / "over-100mb.json"
    if not huge.exists() or huge.stat().st_size != 100 * MB:
        padded(most_moves, huge, 100 * MB)
    print(f"== the limits: at most {MAX_BYTES // MB} MB and {MAX_MOVES:,} moves (checkpoints, as shipped) ==")
    print(f"{'file':>10} {'moves':>9} {'what':<34} {'wall s':>8} {'CPU s':>8} {'memory MB':>10}  outcome")
    for path, what in (
        (most_moves, "the most moves accepted"),
        (most_bytes, "the most bytes accepted (spaces)"),
        (huge, "100 MB (over the limit)"),
    ):
        figures = measure("current", path, False, trace)
        print(
            f"{path.stat().st_size / MB:>8.1f}MB {MAX_MOVES:>9} {what:<34} {figures['seconds']:>8.3f} "
            f"{figures.get('cpu', 0):>8.3f} {figures['memory_mb']:>10.1f}  {figures['outcome']}"
        )


def child(mode: str, path: str, raise_limits: bool, trace: bool = False) -> None:
    """Load `path` in this process and print seconds and peak-memory growth as JSON (with
    `trace`: the peak of Python's own allocations by tracemalloc, independent of the machine)."""
    from kartenspiele.core import session as module
    from kartenspiele.core.errors import SaveFileError

    if raise_limits:
        module.MAX_BYTES, module.MAX_MOVES = 2**31, 10**8
    session_type = module.Session
    if mode == "baseline":

        class PerMoveCopies(module.Session):
            """The former design: a full copy of the state before every move."""

            def _record(self, move):  # type: ignore[override]
                before = self.state.clone()
                events = self.state.apply(move)
                self._snapshots.append(before)
                self.moves.append(move)
                self.events.append(events)
                return events

            def __init__(self, state, origin=None):
                super().__init__(state, origin)
                self._snapshots = []

        session_type = PerMoveCopies
    if trace:
        tracemalloc.start()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    before, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    start = time.perf_counter()
    try:
        loaded = session_type.load(path)
        outcome = f"{len(loaded.moves)} moves"
    except SaveFileError as error:
        outcome = "refused: " + error.message("en")
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    memory = tracemalloc.get_traced_memory()[1] / MB if trace else (usage.ru_maxrss - before) / 1024
    print(
        json.dumps(
            {"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime - cpu, "memory_mb": memory, "outcome": outcome}
        )
    )


def measure(mode: str, path: Path, raise_limits: bool = False, trace: bool = False) -> dict:
    command = [sys.executable, __file__, "--child", mode, str(path)] + (["--raise-limits"] if raise_limits else [])
    command += ["--trace"] if trace else []
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="also the 100 MB file (minutes, several GB)")
    parser.add_argument(
        "--limits",
        action="store_true",
        help="only the limits: the largest accepted files (most moves, most bytes) and a refused 100 MB file",
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[10], help="file sizes in MB (default 10)")
    parser.add_argument("--keep", type=Path, help="folder for the generated files (kept for next time)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--raise-limits", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--trace",
        action="store_true",
        help="memory as the peak of Python's allocations (tracemalloc; slower, but "
        "independent of other processes) instead of the growth of the resident set",
    )
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], args.child[1], args.raise_limits, args.trace)
        return 0
    folder = args.keep or Path(tempfile.mkdtemp(prefix="kartenspiele-bench-saves-"))
    folder.mkdir(parents=True, exist_ok=True)
    if args.limits:
        limits(folder, args.trace)
        return 0
    sizes = args.sizes + ([100] if args.big else [])
    print("== save files: Session.load of a long Tausch-Rausch game (fresh process each) ==")
    print("memory: " + ("peak of traced Python allocations" if args.trace else "growth of the peak resident set"))
    print(f"{'file':>8} {'moves':>9} {'design':<24} {'wall s':>8} {'CPU s':>8} {'memory MB':>10}  outcome")
    for size in sizes:
        path = folder / f"long-{size}mb.json"
        if not path.exists():
            write_long_game(path, size * MB)
        moves = len(json.loads(path.read_text(encoding="utf-8"))["moves"])
        runs = [
            ("baseline", "copy per move (before)", size <= 10 or args.big, True),
            ("current", "checkpoints (after)", True, size > 10),
        ]
        if size > 10:
            runs.insert(0, ("current", "checkpoints, limits on", True, False))
        for mode, label, wanted, raise_limits in runs:
            if not wanted:
                continue
            figures = measure(mode, path, raise_limits, args.trace)
            print(
                f"{size:>6}MB {moves:>9} {label:<24} {figures['seconds']:>8.2f} {figures.get('cpu', 0):>8.2f} "
                f"{figures['memory_mb']:>10.1f}  "
                f"{figures['outcome']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
