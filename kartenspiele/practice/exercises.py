"""Exercises generated from seeded live positions of the real engines, one per number.

`exercise(lesson, level, number)` deals a Quanto or Tausch-Rausch game with a seed derived from
(lesson, level, number), takes the position's cards and asks one question about them. The same
number always gives the same exercise, and every natural number gives one. The stored answer is
computed by the engine (Quanto's `capture_moves`, `count_subsets_with_sum`; Tausch-Rausch's
task finder and `Run` shape); each exercise also knows the wrong answers pupils typically give,
each with its own hint.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

from ..arithmetic import count_subsets_with_sum, split_into_groups, subsets_with_sum
from ..core.rng import derive_rng
from ..quanto import new_game as new_quanto
from ..quanto.cards import DECK as QUANTO_DECK
from ..quanto.cards import Card as QuantoCard
from ..quanto.movegen import capture_moves
from ..tausch_rausch import missing, task_by_id
from ..tausch_rausch import new_game as new_tausch_rausch
from ..tausch_rausch.cards import DECK as TR_DECK
from ..tausch_rausch.cards import VALUES as TR_VALUES
from ..tausch_rausch.tasks import Run
from . import chance
from .base import Exercise, check, only_wrong

TABLE_CARDS = 6
GRUNDSCHULE_MAX = 10


def exercise(lesson: int, level: str, number: int) -> Exercise:
    """Exercise `number` of `lesson` at `level`; the same arguments give the same exercise."""
    lesson, level, number = check(lesson, level, number)
    for attempt in range(1000):  # a few live positions do not fit a level; the next deal does
        made = _MAKERS[lesson](level, number, _seed(lesson, level, number, attempt))
        if made is not None:
            return made
    raise AssertionError("no fitting position in 1000 deals")  # pragma: no cover


def _seed(lesson: int, level: str, number: int, attempt: int) -> int:
    return derive_rng(f"practice-{lesson}-{level}-{number}", attempt).randrange(2**31)


# -- lesson 1: captures and subset sums (Quanto) -------------------------------------------
def quanto_position(seed: int) -> tuple[list[QuantoCard], list[QuantoCard]]:
    """The table after dealing (filled up to six cards from the draw pile) and player 1's hand."""
    state = new_quanto(3, seed=seed)
    table = [QUANTO_DECK[card] for card in state.table]
    table += [QUANTO_DECK[card] for card in reversed(state.draw)][: max(0, TABLE_CARDS - len(table))]
    return table, [QUANTO_DECK[card] for card in state.hands[0]]


def _captures(level: str, number: int, seed: int) -> Exercise | None:
    table, hand = quanto_position(seed)
    if any(card.is_joker for card in table):
        return None
    rng = derive_rng(seed, "practice", "card")
    if level == "grundschule":
        values = sorted({_value(card) for card in table if not card.rainbow and _value(card) <= GRUNDSCHULE_MAX})
        targets = [
            _value(card) for card in hand if not card.is_joker and not card.rainbow and _value(card) <= GRUNDSCHULE_MAX
        ]
        if len(values) < 4 or not targets:
            return None
        target = rng.choice(targets)
        pairs = [group for group in subsets_with_sum(values, target) if len(group) == 2]
        if not pairs:
            return None
        shown = [f"{values[a]} + {values[b]}" for a, b in pairs]
        return Exercise(
            1,
            level,
            number,
            "practice.q.pairs",
            {"target": target},
            tuple(map(str, values)),
            len(pairs),
            "practice.s.pairs",
            {"count": len(pairs), "pairs": "; ".join(shown), "target": target},
            only_wrong({len(values): "practice.m.all_cards"}, len(pairs)),
        )
    if level == "klasse56":
        played = [card for card in hand if not card.is_joker and not card.rainbow]
        if not played:
            return None
        card = rng.choice(played)
        moves = capture_moves(table, card)
        if not moves:
            return None
        best = max(moves, key=lambda move: len(move.takes))
        most = len(best.takes)
        single = max(len(group) for group in subsets_with_sum([_value(c) for c in table], _value(card)))
        split = split_into_groups([_value(c) for c in best.takes], _value(card)) or [[_value(c) for c in best.takes]]
        groups = len(split)
        return Exercise(
            1,
            level,
            number,
            "practice.q.most",
            {"card": str(card)},
            tuple(str(c) for c in table),
            most,
            "practice.s.most",
            {"count": most, "takes": ", ".join(" + ".join(map(str, group)) for group in split), "card": str(card)},
            only_wrong(
                {
                    most + 1: "practice.m.counted_played",
                    single: "practice.m.one_group",
                    groups: "practice.m.counted_groups",
                },
                most,
            ),
        )
    values = sorted({_value(card) for card in table})
    target = rng.randrange(6, 13)
    count = count_subsets_with_sum(values, target)
    if len(values) < 5 or count < 2:
        return None
    pair_count = sum(1 for group in subsets_with_sum(values, target) if len(group) == 2)
    return Exercise(
        1,
        level,
        number,
        "practice.q.groups",
        {"target": target},
        tuple(map(str, values)),
        count,
        "practice.s.groups",
        {
            "count": count,
            "groups": "; ".join(
                " + ".join(str(values[i]) for i in group) for group in subsets_with_sum(values, target)
            ),
            "target": target,
        },
        only_wrong({pair_count: "practice.m.only_pairs"}, count),
    )


def _value(card: QuantoCard) -> int:
    """A plain or rainbow card's value (jokers are left out before this is asked)."""
    return card.value or 0


# -- lesson 2: parity (Tausch-Rausch) ------------------------------------------------------
def tausch_rausch_hand(seed: int) -> list[int]:
    """The values of player 1's five cards in a freshly dealt Tausch-Rausch game."""
    state = new_tausch_rausch(3, seed=seed)
    return sorted(TR_DECK[card].value for card in state.hands[0])


def _parity(level: str, number: int, seed: int) -> Exercise | None:
    state = new_tausch_rausch(3, seed=seed)
    cards = sorted((TR_DECK[card] for card in state.hands[0]), key=lambda c: (c.value, c.colour))
    values = [card.value for card in cards]
    even = sum(1 for value in values if value % 2 == 0)
    odd = len(values) - even
    shown = tuple(str(card) for card in cards)
    if level == "grundschule":
        return Exercise(
            2,
            level,
            number,
            "practice.q.even_cards",
            {},
            shown,
            even,
            "practice.s.even_cards",
            {"count": even, "even": " ".join(str(v) for v in values if v % 2 == 0) or "–"},
            only_wrong({odd: "practice.m.counted_odd"}, even),
        )
    if level == "klasse56":
        answer = comb(even, 2) + comb(odd, 2)  # even + even and odd + odd are even
        return Exercise(
            2,
            level,
            number,
            "practice.q.even_pairs",
            {},
            shown,
            answer,
            "practice.s.even_pairs",
            {"count": answer, "even": even, "odd": odd},
            only_wrong(
                {comb(5, 2) - answer: "practice.m.odd_pairs", comb(even, 2): "practice.m.forgot_odd_odd"}, answer
            ),
        )
    answer = comb(odd, 1) * comb(even, 2) + comb(odd, 3)  # one odd or three odd
    return Exercise(
        2,
        level,
        number,
        "practice.q.odd_triples",
        {},
        shown,
        answer,
        "practice.s.odd_triples",
        {"count": answer, "even": even, "odd": odd},
        only_wrong({comb(odd, 3): "practice.m.only_three_odd", comb(5, 3) - answer: "practice.m.even_triples"}, answer),
    )


# -- lesson 3: sequences and runs (Tausch-Rausch) -----------------------------------------
def _sequences(level: str, number: int, seed: int) -> Exercise | None:
    values = tausch_rausch_hand(seed)
    rng = derive_rng(seed, "practice", "sequence")
    if level == "grundschule":
        start, size = rng.choice(values), rng.choice((4, 5))
        steps = [step for step in (-3, -2, -1, 1, 2, 3) if 1 <= start + (size - 1) * step <= TR_VALUES[-1]]
        if not steps:
            return None
        step, gap = rng.choice(steps), rng.randrange(1, size - 1)
        row = [start + i * step for i in range(size)]
        shown = ", ".join("__" if i == gap else str(value) for i, value in enumerate(row))
        wrong = {row[-1] + step: "practice.m.next_not_gap", row[gap - 1] - step: "practice.m.wrong_way"}
        if abs(step) > 1:
            wrong |= {row[gap - 1] + (1 if step > 0 else -1): "practice.m.step_one"}
        return Exercise(
            3,
            level,
            number,
            "practice.q.gap",
            {"row": shown},
            (),
            row[gap],
            "practice.s.gap",
            {
                "count": abs(step),
                "answer": row[gap],
            },
            only_wrong(wrong, row[gap]),
        )
    if level == "klasse56":
        hand = [TR_DECK[card] for card in new_tausch_rausch(3, seed=seed).hands[0]]
        shortfall = missing(task_by_id("run-of-5"), hand)
        answer = 0 if shortfall is None else shortfall.cards
        different = len(set(values))
        return Exercise(
            3,
            level,
            number,
            "practice.q.run_missing",
            {},
            _tr_shown(seed),
            answer,
            "practice.s.run_missing",
            {"count": answer},
            only_wrong({5 - different: "practice.m.doubles"}, answer),
        )
    distinct = sorted(set(values))
    if len(distinct) < 2:
        return None
    low, high = sorted(rng.sample(distinct, 2))
    if high - low > 5:
        return None
    length = rng.randrange(max(3, high - low + 1), 7)
    runs = [run for run in Run().targets(length, 1) if low in run and high in run]
    with_low = sum(1 for run in Run().targets(length, 1) if low in run)
    wrong = {
        length: "practice.m.length",
        with_low: "practice.m.both",
        len(TR_VALUES) - length + 1: "practice.m.all_runs",
    }
    return Exercise(
        3,
        level,
        number,
        "practice.q.runs_with",
        {"low": low, "high": high, "length": length},
        (),
        len(runs),
        "practice.s.runs_with",
        {"count": len(runs), "runs": "; ".join(f"{min(run)}–{max(run)}" for run in runs)},
        only_wrong(wrong, len(runs)),
    )


def _tr_shown(seed: int) -> tuple[str, ...]:
    cards = [TR_DECK[card] for card in new_tausch_rausch(3, seed=seed).hands[0]]
    return tuple(str(card) for card in sorted(cards, key=lambda c: (c.value, c.colour)))


_MAKERS: dict[int, Callable[[str, int, int], Exercise | None]] = {
    1: _captures,
    2: _parity,
    3: _sequences,
    4: chance.make,
}
