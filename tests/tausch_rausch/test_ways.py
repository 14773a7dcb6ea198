"""Counting and unranking the ways to fulfil a task: the finder's list, without listing it."""

import random

from kartenspiele.tausch_rausch import DECK, DEFAULT_TASKS
from kartenspiele.tausch_rausch.finder import can_fulfil, find_ways
from kartenspiele.tausch_rausch.tasks import AdjacentPairs, Colour, OfAKind, Parity, Run, Sum, task
from kartenspiele.tausch_rausch.ways import HandCounts, TaskWays, histogram, multisets, ready

from ..pathological import tausch_rausch_scenarios

CUSTOM = (
    task("even-pair", 2, Colour("same"), Parity("even"), OfAKind()),
    task("red-odd-20", 4, Colour("rot"), Parity("odd"), Sum(at_least=20)),
    task("two-of-a-kind", 2, OfAKind()),
    task("low-run", 3, Run(), Sum(at_most=9)),
    task("four-adjacent", 8, AdjacentPairs()),
    task("single-blue-low", 1, Colour("blau"), Sum(at_most=3)),
)


def _check(tasks, ids, rng):
    hand = HandCounts(ids)
    cards = [DECK[i] for i in ids]
    for one in tasks:
        listed = find_ways(one, cards)
        lazy = TaskWays(one, hand)
        assert ready(one, hand) == can_fulfil(one, cards) == bool(listed), one.id
        assert len(lazy) == len(listed), one.id
        if listed:
            for rank in {0, len(listed) - 1, rng.randrange(len(listed))}:
                assert lazy[rank] == listed[rank], (one.id, rank)
                assert lazy[rank - len(listed)] == listed[rank]
            if len(listed) < 2000:
                assert list(lazy) == listed, one.id


def test_lazy_ways_are_the_finders_ways_on_random_hands():
    rng = random.Random(16)
    for _ in range(150):
        ids = rng.sample(range(len(DECK)), rng.choice((0, 1, 3, 5, 8, 12, 20, 30)))
        _check((*DEFAULT_TASKS, *CUSTOM), ids, rng)


def test_lazy_ways_on_the_pathological_hands():
    rng = random.Random(4)
    for _, state in tausch_rausch_scenarios():
        _check(DEFAULT_TASKS, state.hands[state.to_move], rng)


def test_counting_multisets():
    # faces held 2, 2, 1 times: {aa, ab, ac, bb, bc} and 2 of 3 distinct of size 2 → 5
    assert multisets(histogram([2, 2, 1]), 2) == 5
    assert multisets(histogram([2, 2, 1]), 3) == 5  # aab, aac, abb, abc, bbc
    assert multisets(histogram([0, 1, 0]), 1) == 1
    assert multisets(histogram([]), 2) == 0
