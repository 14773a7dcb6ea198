"""Quanto benchmarks: random self-play beside peers, move generation on a crowded table,
and the selection query. Every figure is a median over repeated runs in this process.

Run: `python benchmarks/bench_quanto.py [--seconds 3] [--repeats 5]` (or `make bench`).
"""

from __future__ import annotations

import argparse
import random
import time

from common import median, peer_throughput, percentile, report_throughput, timed
from selfplay import quanto_moves

from kartenspiele import arithmetic
from kartenspiele.quanto import Card, Move, from_scenario
from kartenspiele.quanto.cards import DECK
from kartenspiele.quanto.movegen import capture_moves
from kartenspiele.quanto.moves import CAPTURE


def forget_caches() -> None:
    """Clear the remembered subset-sum answers, so a timing starts cold."""
    arithmetic._groups.cache_clear()
    arithmetic._union_codes.cache_clear()


def crowded_position(card: str, seed: int, size: int = 20):
    """A table of `size` cards drawn at random from the deck, one card in the hand."""
    rng = random.Random(seed)
    pool = [face.notation for face in DECK if face.notation != card]
    rng.shuffle(pool)
    return from_scenario({"players": 2, "table": " ".join(pool[:size]), "hands": [card, "1"]}, seed=seed)


def brute_force_captures(table_ids: list[int], card: Card) -> set[Move]:
    """The tests' reference: every subset of the table, split into groups by exhaustive search."""
    from tests.quanto.reference import splits, sub_multisets, with_bonus_ok

    splits.cache_clear()
    found = set()
    for takes in sub_multisets(table_ids):
        for declared in range(1, 13) if card.is_joker else [None]:
            target = declared if card.is_joker else card.value
            if with_bonus_ok(list(takes), target, card.rainbow, need_group=True):
                found.add(Move(CAPTURE, card, takes, declared))
    return found


def crowded_table(repeats: int) -> None:
    for card_text, seed in (("12", 1), ("R9", 2), ("7", 3)):
        state = crowded_position(card_text, seed)
        table = [DECK[i] for i in state.table]
        card = Card.parse(card_text)

        def fast():
            forget_caches()
            return capture_moves(table, card)

        fast_times = timed(fast, repeats)
        moves = fast()
        start = time.perf_counter()
        reference = brute_force_captures(state.table, card)
        brute = time.perf_counter() - start
        assert set(moves) == reference
        print(
            f"  all captures of {card_text} on a 20-card table ({len(moves)} moves): fast generator "
            f"{median(fast_times) * 1000:.2f} ms median (cold caches), brute force {brute * 1000:,.0f} ms "
            f"-> speed-up {brute / median(fast_times):,.0f}x"
        )


def selection_query(repeats: int) -> None:
    state = crowded_position("12", 4)
    card = state.hands[0][0]
    rng = random.Random(4)
    selections = [rng.sample(state.table, k) for k in (0, 1, 1, 2, 2, 3) for _ in range(3)]
    cold, warm = [], []
    for selected in selections:
        forget_caches()
        cold += timed(lambda: state.selection(card, selected), 1)
        warm += timed(lambda: state.selection(card, selected), max(1, repeats // 2))
    print(
        f"  selection query, 20-card table: cold {median(cold) * 1000:.2f} ms median "
        f"(p95 {percentile(cold, 0.95) * 1000:.2f}), warm {median(warm) * 1000:.2f} ms median"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one throughput run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure")
    args = parser.parse_args(argv)
    print("== Quanto ==")
    runs = [quanto_moves(args.seconds, seed) for seed in range(args.repeats)]
    ours = {
        "moves_per_s": median([r["moves_per_s"] for r in runs]),
        "games_per_s": median([r["games_per_s"] for r in runs]),
    }
    report_throughput("random self-play, 3 players", ours, peer_throughput(args.seconds, args.repeats))
    crowded_table(args.repeats)
    selection_query(args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
