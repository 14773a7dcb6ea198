"""Lesson 2's practice (Tausch-Rausch): even and odd sums of cards from a dealt game.

* Grundschule (Klasse 3–4): is the sum of three to five of your cards (values 1–10, sums up to
  50) even or odd? A choice of two; the cards come from your dealt hand.
* Klasse 5–6: of four to six cards, how many ways are there to take two with an even (or an
  odd) sum? Answers 2–10.
* Knobeln: of five to seven cards, how many ways are there to take three with an odd (or an
  even) sum? Answers 4–20.

From Klasse 5–6 on, the cards shown all have different values, so counting pairs of cards and
counting pairs of values give the same answer. They are the first cards of the deal (your hand,
then the draw pile) with a new value, as many even and odd ones as the exercise needs.

The answers spread on purpose: Grundschule's even and odd sums are balanced in every block of
ten exercise numbers (five each, in an order drawn from the block's own generator); from
Klasse 5–6 on, the wanted answer is drawn from all answers the level allows, then the number of
cards, the even and odd ones among them and the parity asked for that give it.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from random import Random

from ..core.rng import derive_rng
from ..tausch_rausch import new_game as new_tausch_rausch
from ..tausch_rausch.cards import DECK as TR_DECK
from ..tausch_rausch.cards import VALUES as TR_VALUES
from ..tausch_rausch.cards import Card as TRCard
from .base import Exercise, only_wrong
from .phrases import Phrase

EVEN, ODD = 0, 1
PARITY_WORDS = (Phrase("lessons.parity.even"), Phrase("lessons.parity.odd"))
GRUNDSCHULE_CARDS = (3, 4, 5)
BLOCK = 10  # Grundschule: five even and five odd sums in every ten exercise numbers
PAIR_CARDS = (4, 5, 6)  # Klasse 5–6
TRIPLE_CARDS = (5, 6, 7)  # Knobeln
PER_PARITY = len(TR_VALUES) // 2  # five even and five odd values


def tausch_rausch_hand(seed: int) -> list[int]:
    """The values of player 1's five cards in a freshly dealt Tausch-Rausch game."""
    state = new_tausch_rausch(3, seed=seed)
    return sorted(TR_DECK[card].value for card in state.hands[0])


def dealt_cards(seed: int) -> list[TRCard]:
    """Player 1's hand, then the draw pile from the top: the cards in the order they come."""
    state = new_tausch_rausch(3, seed=seed)
    return [TR_DECK[card] for card in (*state.hands[0], *reversed(state.draw))]


def make(level: str, number: int, seed: int) -> Exercise | None:
    rng = derive_rng(seed, "practice", "parity")
    if level == "grundschule":
        return _sum_parity(number, seed, rng)
    if level == "klasse56":
        return _count_ways(number, seed, rng, 2, PAIR_CARDS)
    return _count_ways(number, seed, rng, 3, TRIPLE_CARDS)


def wanted_parity(number: int) -> int:
    """Even or odd for Grundschule exercise `number`: five of each in every block of ten."""
    block = (number - 1) // BLOCK
    order = [EVEN] * (BLOCK // 2) + [ODD] * (BLOCK - BLOCK // 2)
    derive_rng("practice-2-grundschule-parity", block).shuffle(order)
    return order[(number - 1) % BLOCK]


def _sum_parity(number: int, seed: int, rng: Random) -> Exercise | None:
    """Is the sum of these cards even or odd? Three to five of the dealt hand's cards."""
    hand = dealt_cards(seed)[:5]
    wanted = wanted_parity(number)
    size = rng.choice(GRUNDSCHULE_CARDS)
    fitting = [group for group in combinations(hand, size) if sum(card.value for card in group) % 2 == wanted]
    if not fitting:
        return None
    cards = sorted(rng.choice(fitting), key=TRCard.sort_key)
    values = [card.value for card in cards]
    total = sum(values)
    odd = sum(1 for value in values if value % 2)
    return Exercise(
        2,
        "grundschule",
        number,
        "practice.q.sum_parity",
        {},
        tuple(str(card) for card in cards),
        total % 2,
        "practice.s.sum_parity",
        {
            "sum": " + ".join(map(str, values)),
            "total": total,
            "result": PARITY_WORDS[total % 2],
            "count": odd,
            "parity": PARITY_WORDS[odd % 2],
        },
        {1 - total % 2: "practice.m.said_even" if total % 2 else "practice.m.said_odd"},
        choices=PARITY_WORDS,
    )


def ways(size: int, even: int, odd: int, parity: int) -> int:
    """How many ways to take `size` of `even` even and `odd` odd cards (all different) with a
    sum of `parity`: the sum is odd exactly when an odd number of odd cards is taken."""
    return sum(comb(odd, k) * comb(even, size - k) for k in range(size + 1) if k % 2 == parity)


def _count_ways(number: int, seed: int, rng: Random, size: int, card_counts: tuple[int, ...]) -> Exercise | None:
    """Two (three) of these cards: how many ways give an even (odd) sum? The wanted answer is
    drawn from every answer ≥ 1 of the level, then a way of making it."""
    options: dict[int, list[tuple[int, int, int]]] = {}
    for count in card_counts:
        for even in range(max(0, count - PER_PARITY), min(count, PER_PARITY) + 1):
            for parity in (EVEN, ODD):
                answer = ways(size, even, count - even, parity)
                if answer:
                    options.setdefault(answer, []).append((even, count - even, parity))
    answer = rng.choice(sorted(options))
    even, odd, parity = rng.choice(options[answer])
    cards = _first_new_values(dealt_cards(seed), even, odd)
    if cards is None:
        return None
    values = [card.value for card in cards]
    total = comb(len(values), size)
    shown = tuple(str(card) for card in cards)
    if size == 2:
        return _pairs(number, shown, values, parity, answer, even, odd, total)
    return _triples(number, shown, parity, answer, even, odd, total)


def _pairs(
    number: int, shown: tuple[str, ...], values: list[int], parity: int, answer: int, even: int, odd: int, total: int
) -> Exercise:
    evens = [v for v in values if v % 2 == 0]
    odds = [v for v in values if v % 2]
    if parity == EVEN:
        listed = [*combinations(evens, 2), *combinations(odds, 2)]
        mistakes = {
            total - answer: "practice.m.counted_odd_sums",
            comb(even, 2): "practice.m.forgot_odd_odd",
            comb(odd, 2): "practice.m.forgot_even_even",
            2 * answer: "practice.m.pairs_twice",
        }
    else:
        listed = sorted((min(a, b), max(a, b)) for a in evens for b in odds)
        mistakes = {
            total - answer: "practice.m.counted_even_sums",
            even + odd: "practice.m.added",
            2 * answer: "practice.m.pairs_twice",
        }
    return Exercise(
        2,
        "klasse56",
        number,
        "practice.q.even_pairs" if parity == EVEN else "practice.q.odd_pairs",
        {},
        shown,
        answer,
        "practice.s.even_pairs" if parity == EVEN else "practice.s.odd_pairs",
        {"count": answer, "even": even, "odd": odd, "pairs": ", ".join(f"{a} + {b}" for a, b in listed)},
        only_wrong(mistakes, answer),
    )


def _triples(
    number: int, shown: tuple[str, ...], parity: int, answer: int, even: int, odd: int, total: int
) -> Exercise:
    if parity == ODD:  # one odd card and two even ones, or three odd ones
        mixed, same = odd * comb(even, 2), comb(odd, 3)
        params = {"odd": odd, "even": even, "even_pairs": comb(even, 2), "mixed": mixed, "same": same}
        mistakes = {
            same: "practice.m.only_three_odd",
            mixed: "practice.m.forgot_three_odd",
            total - answer: "practice.m.counted_even_sums",
        }
    else:  # three even cards, or one even card and two odd ones
        mixed, same = even * comb(odd, 2), comb(even, 3)
        params = {"odd": odd, "even": even, "odd_pairs": comb(odd, 2), "mixed": mixed, "same": same}
        mistakes = {
            same: "practice.m.only_three_even",
            mixed: "practice.m.forgot_three_even",
            total - answer: "practice.m.counted_odd_sums",
        }
    return Exercise(
        2,
        "knobeln",
        number,
        "practice.q.odd_triples" if parity == ODD else "practice.q.even_triples",
        {},
        shown,
        answer,
        "practice.s.odd_triples" if parity == ODD else "practice.s.even_triples",
        {"count": answer, **params},
        only_wrong(mistakes, answer),
    )


def _first_new_values(cards: list[TRCard], even: int, odd: int) -> list[TRCard] | None:
    """The first cards with a value not taken yet, `even` even and `odd` odd ones, sorted."""
    need = {EVEN: even, ODD: odd}
    taken: dict[int, TRCard] = {}
    for card in cards:
        parity = card.value % 2
        if card.value not in taken and need[parity]:
            taken[card.value] = card
            need[parity] -= 1
            if not any(need.values()):
                return sorted(taken.values(), key=TRCard.sort_key)
    return None
