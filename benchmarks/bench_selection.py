"""The Quanto selection query on pathological and normal positions, beside a baseline.

Every query a person could make by clicking (a hand card, then joinable table cards one
after another) and random selections through the API, on the pathological positions of
`tests/pathological.py` (tables grown by lay-only games to 40–105 cards, the case of issue
16; tables of many equal low cards; hands of jokers and rainbow cards; held Quantos) and on
dealt games. Prints p50/p99/max per family, as
wall-clock time and as the process's CPU time (the machine may be shared).

The baseline, in the same run, is the former query: list every move of the card with
`movegen.candidates(limit=None)` and keep those holding the selection. It answers the
normal positions (the answers are compared) and gets one try of at most `--cap` seconds
per pathological family.

Run: `python benchmarks/bench_selection.py [--seeds 6] [--cap 5]`.
"""

from __future__ import annotations

import argparse
import random
import signal
import time

from common import percentile

from kartenspiele.arithmetic import contains
from kartenspiele.quanto.cards import DECK
from kartenspiele.quanto.movegen import candidates
from kartenspiele.quanto.tablecode import TableKinds
from tests.pathological import quanto_positions
from tests.quanto.selection_positions import dealt, grown_selections


class TooSlow(Exception):
    pass


def baseline(state, card_id: int, picked: list[int]):
    """The former selection query: (ready moves, joinable faces)."""
    card = DECK[card_id]
    table = TableKinds([DECK[i] for i in state.table], limit=None)
    code = table.code_of([DECK[i] for i in picked])
    reaching = [c for c in candidates(state, card, table) if contains(c[5], code, table.size)]
    ready = {table.move(c) for c in reaching if c[5] == code}
    joinable = {face for c in reaching for face in table.cards(c[5] - code)}
    return ready, joinable


def queries(state, rng: random.Random) -> list[tuple[int, list[int]]]:
    """The clicks of a person for every playable card, and random API selections."""
    found = []
    for card_id in dict.fromkeys(state.playable()):
        found.extend((card_id, picked) for picked, _ in grown_selections(state, card_id, rng))
        for size in (1, 3, 8, 20, len(state.table)):
            if state.table:
                found.append((card_id, rng.sample(state.table, min(size, len(state.table)))))
    return found


def timed_query(state, card_id: int, picked: list[int]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    state.selection(card_id, picked)
    return time.perf_counter() - wall, time.process_time() - cpu


def figures(name: str, times: list[tuple[float, float]]) -> None:
    wall = [w * 1000 for w, _ in times]
    cpu = [c * 1000 for _, c in times]
    print(
        f"  {name}: {len(times)} queries; wall p50 {percentile(wall, 0.5):.2f} ms, p99 {percentile(wall, 0.99):.2f} ms, "
        f"max {max(wall):.2f} ms; CPU p50 {percentile(cpu, 0.5):.2f} ms, p99 {percentile(cpu, 0.99):.2f} ms, "
        f"max {max(cpu):.2f} ms"
    )


def one_baseline_try(state, card_id: int, picked: list[int], cap: float) -> str:
    def stop(signum, frame):
        raise TooSlow

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, cap)
    start = time.perf_counter()
    try:
        baseline(state, card_id, picked)
        return f"{(time.perf_counter() - start) * 1000:,.0f} ms"
    except TooSlow:
        return f"more than {cap:g} s (stopped)"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6, help="dealt games (x3 positions each)")
    parser.add_argument("--cap", type=float, default=5.0, help="seconds the baseline may try a pathological query")
    args = parser.parse_args(argv)
    print("== Quanto selection query ==")
    families: dict[str, list] = {
        "lay-only games, 40-105 table cards": [],
        "built: equal low cards, jokers, rainbow": [],
    }
    for name, state in quanto_positions():
        families[
            "lay-only games, 40-105 table cards"
            if name.startswith("played")
            else "built: equal low cards, jokers, rainbow"
        ].append(state)
    for name, states in families.items():
        rng = random.Random(1)
        asked = [(state, card_id, picked) for state in states for card_id, picked in queries(state, rng)]
        tables = sorted(len(state.table) for state in states)
        figures(
            f"{name} ({len(states)} positions, {tables[0]}-{tables[-1]} table cards)",
            [timed_query(*query) for query in asked],
        )
        state, card_id, picked = max(asked, key=lambda q: (min(len(q[0].table), 44), -len(q[0].table)))
        print(
            f"    baseline, one query on {len(state.table)} table cards: "
            f"{one_baseline_try(state, card_id, picked, args.cap)}"
        )
    normal = [dealt(seed, moves) for seed in range(args.seeds * 5) for moves in (0, 15, 40)]
    rng = random.Random(2)
    asked = [(state, card_id, picked) for state in normal if not state.over for card_id, picked in queries(state, rng)]
    ours = [timed_query(*query) for query in asked]
    before = []
    for state, card_id, picked in asked:
        start, cpu = time.perf_counter(), time.process_time()
        ready, joinable = baseline(state, card_id, picked)
        before.append((time.perf_counter() - start, time.process_time() - cpu))
        selection = state.selection(card_id, picked)
        assert set(selection.ready) == ready, (state.to_dict(), card_id, picked)
        assert {DECK[i] for i in selection.joinable} == joinable, (state.to_dict(), card_id, picked)
    figures("dealt games (normal), new query", ours)
    figures("dealt games (normal), baseline (same answers, checked)", before)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
