"""The fast count of missing cards agrees with the engine's finder."""

import random

from kartenspiele.bots.tausch_rausch.distance import closeness
from kartenspiele.tausch_rausch import DEFAULT_TASKS, can_fulfil, missing, parse_cards, task_by_id
from kartenspiele.tausch_rausch.cards import DECK
from kartenspiele.tausch_rausch.tasks import Colour, OfAKind, Parity, Sum
from kartenspiele.tausch_rausch.tasks import task as make_task

from . import reference_distance


def test_never_more_than_the_finder_and_zero_exactly_when_possible():
    rng = random.Random(1)
    compared = equal = 0
    for _ in range(300):
        hand = [DECK[i] for i in rng.sample(range(len(DECK)), rng.randrange(2, 14))]
        for task in DEFAULT_TASKS:
            count, kept = closeness(task, hand)
            shortfall = missing(task, hand)
            exact = 0 if shortfall is None else shortfall.cards
            assert count <= exact, (task.id, hand)
            assert (count == 0) == can_fulfil(task, hand), (task.id, hand)
            assert len(kept) == task.count - count and all(kept.count(c) <= hand.count(c) for c in kept)
            compared += 1
            equal += count == exact
    assert equal >= 0.98 * compared


def test_examples():
    run = task_by_id("run-of-5")
    assert closeness(run, parse_cards("ge3 gr4 bl5 ro6 ge1"))[0] == 1
    assert closeness(task_by_id("three-blue-sum-15"), parse_cards("bl4 bl5 ro6"))[0] == 1
    assert closeness(task_by_id("five-one-colour"), parse_cards("ro1 ro2 ge3"))[0] == 3
    count, kept = closeness(task_by_id("pair-red"), parse_cards("ro5 ro5 ge1"))
    assert count == 0 and kept == tuple(parse_cards("ro5 ro5"))


def test_closeness_matches_the_first_version_exactly():
    """The memo keyed by the cards that can matter, the pattern search on positions and the
    sums search that skips surplus cards give the first version's answers, kept cards too."""
    rng = random.Random(16)
    for _ in range(300):
        hand = [DECK[i] for i in rng.sample(range(len(DECK)), rng.choice((0, 2, 5, 8, 12, 20, 35, 50, 70)))]
        for task in DEFAULT_TASKS:
            assert closeness(task, hand) == reference_distance.closeness(task, hand), (task.id, hand)


def test_closeness_matches_the_first_version_when_sums_leave_values_out():
    """Tasks whose sum or parity leaves values out of every fulfilling set (their cards are
    left out of the search): the first version's answers, kept cards too."""
    tasks = (
        make_task("odd-20", 3, Parity("odd"), Sum(at_least=20)),
        make_task("low-four", 4, Sum(at_most=9)),
        make_task("blue-high", 3, Colour("blau"), Sum(at_least=25)),
        make_task("same-12-13", 2, Colour("same"), Sum(at_least=12, at_most=13)),
        make_task("even-high-kind", 3, Parity("even"), OfAKind(), Sum(at_least=20)),
    )
    rng = random.Random(23)
    for _ in range(300):
        hand = [DECK[i] for i in rng.sample(range(len(DECK)), rng.choice((0, 2, 3, 5, 8, 12, 20, 35, 50, 70)))]
        rng.shuffle(hand)
        for one in (*DEFAULT_TASKS, *tasks):
            assert closeness(one, hand) == reference_distance.closeness(one, hand), (one.id, hand)
