"""Counting and unranking the ways to fulfil a task: the finder's list, without listing it."""

import random

from kartenspiele.tausch_rausch import DECK, DEFAULT_TASKS
from kartenspiele.tausch_rausch.finder import can_fulfil, find_ways
from kartenspiele.tausch_rausch.tasks import AdjacentPairs, Colour, FullHouse, OfAKind, Parity, Run, Sum, task
from kartenspiele.tausch_rausch.ways import HandCounts, TaskWays, histogram, multisets, ready, small_multisets

from ..pathological import tausch_rausch_scenarios

CUSTOM = (
    task("even-pair", 2, Colour("same"), Parity("even"), OfAKind()),
    task("red-odd-20", 4, Colour("rot"), Parity("odd"), Sum(at_least=20)),
    task("two-of-a-kind", 2, OfAKind()),
    task("low-run", 3, Run(), Sum(at_most=9)),
    task("four-adjacent", 8, AdjacentPairs()),
    task("single-blue-low", 1, Colour("blau"), Sum(at_most=3)),
    # levels narrowed by a sum: only high values, or only low ones, take part
    task("high-three-of-a-kind", 3, OfAKind(), Sum(at_least=24)),
    task("low-full-house", 5, FullHouse(), Sum(at_most=20)),
    task("odd-fifteen", 3, Parity("odd"), Sum.exactly(15)),
    # any N cards the task allows, in one named colour or one of each colour
    task("blue-even-three", 3, Colour("blau"), Parity("even")),
    task("four-same-odd", 4, Colour("same"), Parity("odd")),
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


def test_lazy_ways_on_large_random_hands():
    rng = random.Random(61)
    for _ in range(6):
        _check((*DEFAULT_TASKS, *CUSTOM), rng.sample(range(len(DECK)), rng.choice((40, 45))), rng)


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


def test_small_multisets_are_the_multisets():
    rng = random.Random(7)
    for _ in range(300):
        available = [rng.randint(1, 4) for _ in range(rng.randint(0, 12))]
        held = (len(available), sum(n >= 2 for n in available), sum(n >= 3 for n in available))
        for size in range(4):
            assert small_multisets(size, *held) == multisets(histogram(available), size), (available, size)
