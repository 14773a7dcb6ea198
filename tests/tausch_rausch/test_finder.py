"""The task finder against a brute-force reference, and what it says is missing."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from kartenspiele.tausch_rausch import DECK, DEFAULT_TASKS, can_fulfil, find, find_ways, missing, parse_cards
from kartenspiele.tausch_rausch.cards import COPIES, FACES, Card
from kartenspiele.tausch_rausch.explain import explain_missing
from kartenspiele.tausch_rausch.finder import example_cards

from .reference import REFERENCE, as_faces, brute_force, holds

FACE_LIST = sorted(FACES.values(), key=Card.sort_key)
HANDS = 2000


def random_hands(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield rng.sample(DECK, rng.randint(5, 15))


def test_the_reference_covers_the_default_deck():
    assert set(REFERENCE) == {task.id for task in DEFAULT_TASKS}
    assert all(REFERENCE[task.id][0] == task.count for task in DEFAULT_TASKS)


def test_finder_matches_brute_force_on_thousands_of_hands():
    found_some = 0
    ids = [task.id for task in DEFAULT_TASKS]
    for hand in random_hands(HANDS, seed=11):
        reference = brute_force(hand, ids)
        for task in DEFAULT_TASKS:
            ways = find_ways(task, hand)
            assert len(ways) == len(set(ways)), (task.id, hand)
            assert {as_faces(way) for way in ways} == reference[task.id], (task.id, hand)
            assert can_fulfil(task, hand) == bool(ways)
            found_some += bool(ways)
    assert found_some > HANDS  # the hands are not all hopeless


def test_ways_are_sorted_and_in_the_hand():
    hand = parse_cards("ge2 ge2 gr2 bl4 ro4 bl6 ro8 ge10 gr10 bl3")
    for task in DEFAULT_TASKS:
        for way in find_ways(task, hand):
            assert list(way) == sorted(way, key=Card.sort_key)
            assert all(way.count(card) <= hand.count(card) for card in way)


def _completes(task, hand, cards) -> bool:
    return can_fulfil(task, [*hand, *cards])


def _available(hand, extra=()):
    return [face for face in FACE_LIST if hand.count(face) + list(extra).count(face) < COPIES]


def test_missing_is_right_and_fewest():
    checked = {1: 0, 2: 0, 3: 0}
    for number, hand in enumerate(random_hands(400, seed=12)):
        for task in DEFAULT_TASKS:
            shortfall = missing(task, hand)
            if find_ways(task, hand):
                assert shortfall is None
                continue
            assert shortfall is not None and shortfall.options and shortfall.cards >= 1
            for option in shortfall.options:
                assert option.missing == shortfall.cards
                assert all(option.keep.count(card) <= hand.count(card) for card in option.keep)
                extra = example_cards(option, hand)
                assert extra is not None and len(extra) == shortfall.cards
                selection = [*option.keep, *extra]
                assert holds(task.id, selection), (task.id, hand, option)
            k = shortfall.cards
            if k == 2:  # no single card would do
                assert not any(_completes(task, hand, [face]) for face in _available(hand))
                checked[2] += 1
            elif k == 3 and number % 10 == 0:  # no two cards would do
                pairs = combinations_with_replacement(_available(hand), 2)
                assert not any(
                    _completes(task, hand, pair)
                    for pair in pairs
                    if all(hand.count(f) + pair.count(f) <= COPIES for f in pair)
                )
                checked[3] += 1
            else:
                checked[1] += k == 1
    assert all(checked.values()), checked


@pytest.mark.parametrize(
    "task_id, hand, de, en",
    [
        ("five-odd", "ge1 gr3 bl5 ro7 ge2", "Es fehlt noch: eine ungerade Karte.", "Still missing: an odd card."),
        ("run-of-4-one-colour", "bl3 bl4 bl6 ro1", "Es fehlt noch: eine blaue 5.", "Still missing: a blue 5."),
        ("three-of-a-kind", "ge8 gr8 bl1", "Es fehlt noch: eine 8.", "Still missing: an 8."),
        (
            "four-sum-at-least-37",
            "ge10 gr9 bl2 ro1",
            "Es fehlt noch: 2 Karten ab 8 mit der Summe mindestens 18.",
            "Still missing: 2 cards of at least 8 with a sum of at least 18.",
        ),
        ("five-one-colour", "ge1 ge2 ge3 bl4 ro5", "Es fehlt noch: 2 gelbe Karten.", "Still missing: 2 yellow cards."),
        ("three-green-even", "gr2 ro4", "Es fehlt noch: 2 gerade grüne Karten.", "Still missing: 2 even green cards."),
        ("two-red-sum-at-most-5", "ro4 ge1", "Es fehlt noch: eine rote 1.", "Still missing: a red 1."),
        (
            "four-sum-at-most-7",
            "ge1 ge2 ro9 ro9",
            "Es fehlt noch: 2 Karten bis 3 mit der Summe höchstens 4.",
            "Still missing: 2 cards of at most 3 with a sum of at most 4.",
        ),
    ],
)
def test_missing_in_words(task_id, hand, de, en):
    from kartenspiele.tausch_rausch import task_by_id

    shortfall = missing(task_by_id(task_id), parse_cards(hand))
    assert explain_missing(shortfall, "de") == de
    assert explain_missing(shortfall, "en") == en


def test_missing_lists_alternatives():
    from kartenspiele.tausch_rausch import task_by_id

    shortfall = missing(task_by_id("run-of-5"), parse_cards("ge4 gr5 bl6 ro7 ro1"))
    assert shortfall.cards == 1
    assert {option.needs[0].values for option in shortfall.options} == {(3,), (8,)}
    assert explain_missing(shortfall, "en") == "Still missing: a 3 or an 8."


def test_find_gives_ways_or_missing():
    from kartenspiele.tausch_rausch import task_by_id

    finding = find(task_by_id("pair-one-colour"), parse_cards("ro3 ro3 bl3"))
    assert finding.possible and finding.ways == [tuple(parse_cards("ro3 ro3"))] and finding.missing is None
    finding = find(task_by_id("pair-one-colour"), parse_cards("ro3 bl3"))
    assert not finding.possible and finding.missing.cards == 1
    assert {option.needs[0].colour for option in finding.missing.options} == {"ro", "bl"}


def test_an_empty_hand_misses_everything():
    for task in DEFAULT_TASKS:
        shortfall = missing(task, [])
        assert shortfall.cards == task.count


def test_what_a_partial_selection_can_still_become():
    from kartenspiele.tausch_rausch import task_by_id, ways_including

    hand = parse_cards("ge3 gr4 bl5 ro6 ge6 bl7 ro9")
    run = task_by_id("run-of-5")
    assert ways_including(run, hand, parse_cards("ge6")) == [tuple(parse_cards("ge3 gr4 bl5 ge6 bl7"))]
    assert len(ways_including(run, hand, [])) == 2
    assert ways_including(run, hand, parse_cards("ro9")) == []
    assert ways_including(run, hand, parse_cards("ge6 ro6")) == []
