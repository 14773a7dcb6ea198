"""The worked examples of rules/tausch-rausch.md, one test each."""

from __future__ import annotations

from kartenspiele.tausch_rausch import Move, find_ways, from_scenario, parse_cards, task_by_id
from kartenspiele.tausch_rausch.cards import Card
from kartenspiele.tausch_rausch.reasons import failures


def values(way: tuple[Card, ...]) -> list[int]:
    return [card.value for card in way]


def test_1_five_even_leaves_the_three():
    hand = parse_cards("ge2 gr4 bl6 ro8 ge10 bl3")
    ways = find_ways(task_by_id("five-even"), hand)
    assert [values(way) for way in ways] == [[2, 4, 6, 8, 10]]
    assert all(card.value != 3 for card in ways[0])


def test_2_two_blue_cards_sum_nine():
    ways = find_ways(task_by_id("two-one-colour-sum-9"), parse_cards("bl4 bl5 ro9"))
    assert ways == [tuple(parse_cards("bl4 bl5"))]


def test_3_sum_at_most_seven():
    task = task_by_id("four-sum-at-most-7")
    ways = find_ways(task, parse_cards("ge1 gr1 bl2 ro3 ge9"))
    assert [values(way) for way in ways] == [[1, 1, 2, 3]]
    assert sum(values(ways[0])) == 7
    assert failures(task, parse_cards("ge1 bl2 ro3 ge9"))  # 1 + 2 + 3 + 9 = 15 > 7


def test_4_two_but_not_three_adjacent_pairs():
    hand = parse_cards("ge3 gr3 bl4 ro4 ge5")
    assert [values(w) for w in find_ways(task_by_id("two-adjacent-pairs"), hand)] == [[3, 3, 4, 4]]
    assert find_ways(task_by_id("three-adjacent-pairs"), hand) == []


def test_5_run_of_five_skips_the_second_six():
    ways = find_ways(task_by_id("run-of-5"), parse_cards("ge3 gr4 bl5 ro6 ge6 bl7"))
    assert {tuple(values(way)) for way in ways} == {(3, 4, 5, 6, 7)}
    assert len(ways) == 2  # the 6 may be red or yellow: two ways, distinct by colour


def test_6_four_sevens_are_no_full_house():
    hand = parse_cards("ge7 gr7 bl7 ro7 ge2")
    assert [values(w) for w in find_ways(task_by_id("four-of-a-kind"), hand)] == [[7, 7, 7, 7]]
    assert find_ways(task_by_id("three-of-a-kind"), hand)
    assert find_ways(task_by_id("full-house"), hand) == []
    assert failures(task_by_id("full-house"), hand)


def test_7_swap_at_the_three_stall():
    state = from_scenario(
        {"players": 2, "hands": {0: "ge1 ge2 ge3 ge4 ge5 ge6"}, "stalls": {4: "ro1 ro2 ro3"}, "draw": "bl9 bl8"}
    )
    events = state.apply(Move.swap(4, "ge1 ge2 ge3"))
    assert len(state.hands[0]) == 7
    assert {str(c) for c in state.hand_cards(0)} == {"ge4", "ge5", "ge6", "ro1", "ro2", "ro3", "bl9"}
    assert sorted(str(c) for c in state.market().stalls[4]) == ["ge1", "ge2", "ge3"]
    assert [event.kind for event in events] == ["swapped", "drew", "next_player"]
