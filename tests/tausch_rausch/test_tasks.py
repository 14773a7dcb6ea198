"""Tasks as data: the fourteen of the rules, the default deck, teachers' tasks, impossible ones."""

from __future__ import annotations

import re

import pytest

from kartenspiele.core.errors import RuleOptionError
from kartenspiele.tausch_rausch import (
    DEFAULT_TASKS,
    AdjacentPairs,
    Colour,
    FullHouse,
    OfAKind,
    Parity,
    Run,
    Sum,
    Task,
    find_ways,
    new_game,
    parse_cards,
    task,
    task_by_id,
)
from kartenspiele.tausch_rausch.deck import COLOUR_TASKS, RULE_TASKS
from kartenspiele.tausch_rausch.difficulty import reward_for

from .reference import holds

RULE_IDS = {
    "five-even": 5,
    "five-odd": 5,
    "five-one-colour": 5,
    "two-one-colour-sum-9": 2,
    "four-sum-at-most-7": 4,
    "four-sum-at-least-37": 4,
    "run-of-5": 5,
    "run-of-4-one-colour": 4,
    "full-house": 5,
    "four-of-a-kind": 4,
    "three-of-a-kind": 3,
    "pair-one-colour": 2,
    "two-adjacent-pairs": 4,
    "three-adjacent-pairs": 6,
}


def test_the_fourteen_tasks_of_the_rules():
    assert {t.id: t.count for t in RULE_TASKS} == RULE_IDS
    assert all(t in DEFAULT_TASKS for t in RULE_TASKS)


def test_default_deck():
    assert len(DEFAULT_TASKS) == 24 and len({t.id for t in DEFAULT_TASKS}) == 24
    assert len(COLOUR_TASKS) == 10
    named = [t.colour.which for t in COLOUR_TASKS]
    assert set(named) == {"ge", "gr", "bl", "ro"}  # every colour appears
    assert all(t.reward in (1, 2) for t in DEFAULT_TASKS)
    assert {t.reward for t in DEFAULT_TASKS} == {1, 2}


@pytest.mark.parametrize(
    "cards, task_id, ok",
    [
        ("ge2 gr4 bl6 ro8 ge10", "five-even", True),
        ("ge2 gr4 bl6 ro8 ge9", "five-even", False),
        ("bl1 bl3 bl5 bl7 bl9", "five-one-colour", True),
        ("bl1 bl3 bl5 bl7 ro9", "five-one-colour", False),
        ("gr2 gr7", "two-green-sum-9", True),
        ("ge2 ge7", "two-green-sum-9", False),
        ("ge1 ge1 ge2 ge3", "four-yellow-sum-at-most-7", True),
        ("ge1 ge2 ge2 ge3", "four-yellow-sum-at-most-7", False),
        ("bl10 bl10 bl9 bl9 bl8", "five-blue-sum-at-least-23", True),
        ("bl1 bl2 bl3 bl4 bl9", "five-blue-sum-at-least-23", False),
        ("ro3 ro4 ro5", "three-red-run", True),
        ("ro3 ro4 ro6", "three-red-run", False),
        ("ge1 ge3 ge3", "three-yellow-odd", True),
        ("gr2 gr4 gr10", "three-green-even", True),
        ("bl8 bl9", "two-blue-sum-at-least-17", True),
        ("bl8 bl8", "two-blue-sum-at-least-17", False),
        ("ro1 ro4", "two-red-sum-at-most-5", True),
        ("ro2 ro4", "two-red-sum-at-most-5", False),
        ("ro6 ro6", "pair-red", True),
        ("ro6 bl6", "pair-red", False),
        ("bl4 bl5 bl6", "three-blue-sum-15", True),
        ("ge7 gr7 bl7 ge2 ro2", "full-house", True),
        ("ge7 gr7 bl7 ro7 ge2", "full-house", False),
        ("ge3 gr3 bl4 ro4", "two-adjacent-pairs", True),
        ("ge3 gr3 bl5 ro5", "two-adjacent-pairs", False),
        ("ge9 gr9 bl9 ro9", "four-sum-at-least-37", False),
        ("ge9 gr9 bl9 ro10", "four-sum-at-least-37", True),
    ],
)
def test_tasks_mean_what_their_ids_say(cards, task_id, ok):
    selection = parse_cards(cards)
    assert task_by_id(task_id).holds(selection) is ok
    assert holds(task_id, selection) is ok


def test_a_teacher_defines_a_task_in_one_line_and_plays_with_it():
    mine = task("rote-20", 3, Colour("rot"), Sum(at_least=20))
    assert mine.reward == reward_for(mine) == 1
    assert mine.title("de") == "3 Karten, alle rot, Summe mindestens 20"
    assert mine.title("en") == "3 cards, all red, sum at least 20"
    assert find_ways(mine, parse_cards("ro10 ro9 ro1 bl10")) == [tuple(parse_cards("ro1 ro9 ro10"))]
    deck = [mine, *DEFAULT_TASKS[:9]]
    state = new_game(2, seed=1, deck=deck, tasks_to_win=3)
    assert state.task("rote-20") == mine and len(state.open_tasks) == 5


def test_blocks_in_any_order_make_the_same_task():
    a = Task("x", 3, (Sum(at_most=9), Colour("blue")))
    b = Task("x", 3, (Colour("bl"), Sum(at_most=9)))
    assert a == b and a.conditions == (Colour("bl"), Sum(None, 9))
    assert Task("x", 3, (Colour("any"),)) == Task("x", 3)
    assert Colour("Gelb") == Colour("ge") == Colour("yellow")


def test_tasks_round_trip_as_data():
    for t in DEFAULT_TASKS:
        assert Task.from_dict(t.to_dict()) == t
    custom = task("paare", 6, AdjacentPairs(), Sum(at_least=40), reward=2)
    assert Task.from_dict(custom.to_dict()) == custom


@pytest.mark.parametrize(
    "make, key",
    [
        (lambda: Task("x", 3, (Colour("rot"), OfAKind())), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 5, (Colour("same"), FullHouse())), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 3, (Run(), Parity("even"))), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 4, (AdjacentPairs(), Parity("odd"))), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 3, (Sum(at_least=31),)), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 2, (Parity("even"), Sum.exactly(9))), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 9, (OfAKind(),)), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 3, (Colour("ge"), Sum(at_most=3))), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 4, (Run(), Sum(at_most=9))), "tausch_rausch.task.impossible"),
        (lambda: Task("x", 11, (Run(),)), "tausch_rausch.task.run_count"),
        (lambda: Task("x", 1, (OfAKind(),)), "tausch_rausch.task.kind_count"),
        (lambda: Task("x", 4, (FullHouse(),)), "tausch_rausch.task.full_house_count"),
        (lambda: Task("x", 5, (AdjacentPairs(),)), "tausch_rausch.task.pairs_count"),
        (lambda: Task("x", 3, (Colour("rot"), Colour("blau"))), "tausch_rausch.task.two_blocks"),
        (lambda: Task("x", 3, (Run(), OfAKind())), "tausch_rausch.task.two_blocks"),
        (lambda: Task("x", 3, ("run",)), "tausch_rausch.task.bad_block"),
        (lambda: Colour("lila"), "tausch_rausch.task.bad_colour"),
        (lambda: Parity("prime"), "tausch_rausch.task.bad_parity"),
        (lambda: Sum(), "tausch_rausch.task.bad_sum"),
        (lambda: Sum(10, 5), "tausch_rausch.task.bad_sum"),
        (lambda: Sum(at_least=-1), "tausch_rausch.task.bad_sum"),
        (lambda: Task("two words", 3), "tausch_rausch.task.bad_id"),
        (lambda: Task("x", 0), "tausch_rausch.task.bad_count"),
        (lambda: Task("x", 3, (), 3), "tausch_rausch.task.bad_reward"),
        (lambda: Task.from_dict({"id": "x"}), "tausch_rausch.task.malformed"),
        (
            lambda: Task.from_dict({"id": "x", "count": 2, "reward": 1, "conditions": [{"block": "magic"}]}),
            "tausch_rausch.task.malformed",
        ),
        (
            lambda: Task.from_dict({"id": "x", "count": 2, "reward": 1, "conditions": [{"block": "sum", "most": 3}]}),
            "tausch_rausch.task.malformed",
        ),
        (lambda: task_by_id("nope"), "tausch_rausch.task.unknown"),
    ],
)
def test_bad_and_impossible_tasks_are_rejected_with_a_reason(make, key):
    with pytest.raises(RuleOptionError) as error:
        make()
    assert error.value.key == key
    de, en = error.value.message("de"), error.value.message("en")
    assert de and en and de != en and not re.search(r"\{[a-z_]+(:[a-z]+)?\}", de + en)


def test_the_reason_of_an_impossible_task():
    with pytest.raises(RuleOptionError) as error:
        Task("drei-rote-gleiche", 3, (Colour("rot"), OfAKind()))
    assert error.value.message("de") == (
        "Die Aufgabe „drei-rote-gleiche“ kann niemand erfüllen: von jeder Zahl "
        "gibt es in den erlaubten Farben nur 2 Karten."
    )
    with pytest.raises(RuleOptionError) as error:
        Task("gerade-reihe", 3, (Run(), Parity("even")))
    assert error.value.message("en").endswith("this pattern always mixes even and odd values.")
