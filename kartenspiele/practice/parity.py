"""Lesson 2's practice (Tausch-Rausch): even and odd cards and sums in a dealt hand."""

from __future__ import annotations

from math import comb

from ..tausch_rausch import new_game as new_tausch_rausch
from ..tausch_rausch.cards import DECK as TR_DECK
from .base import Exercise, only_wrong


def tausch_rausch_hand(seed: int) -> list[int]:
    """The values of player 1's five cards in a freshly dealt Tausch-Rausch game."""
    state = new_tausch_rausch(3, seed=seed)
    return sorted(TR_DECK[card].value for card in state.hands[0])


def make(level: str, number: int, seed: int) -> Exercise | None:
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
