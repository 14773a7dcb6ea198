"""Quanto's computer players play sensibly (legal, deterministic and blind: tests/bots/test_bot_twins.py)."""

import random

import pytest

from kartenspiele.bots import make_bot
from kartenspiele.quanto import Move, from_scenario
from kartenspiele.quanto.moves import COLLECT

from .helpers import positions

POSITIONS = positions("quanto", 24, seed=11)


@pytest.mark.parametrize("level", ["greedy", "planner"])
def test_takes_the_largest_capture(level):
    state = from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8 11 11 5", "5"], "draw": "9 9 9 9"})
    move = make_bot("quanto", level).choose(state.view(0), random.Random(1))
    assert move == Move.capture("8", "8 4 4")


@pytest.mark.parametrize("level", ["greedy", "planner"])
def test_collects_a_big_quanto(level):
    state = from_scenario(
        {
            "players": 2,
            "table": "2 7",
            "hands": ["9 5 6 11", "5"],
            "quantos": {0: (9, "4 5 6 3")},
            "draw": "10 10 10 10",
        }
    )
    move = make_bot("quanto", level).choose(state.view(0), random.Random(1))
    assert move.kind == COLLECT and move.takes == Move.collect("9", "2 7").takes


@pytest.mark.parametrize("level", ["greedy", "planner"])
def test_joker_takes_a_big_foreign_quanto(level):
    state = from_scenario(
        {
            "players": 2,
            "table": "11",
            "hands": ["J 5 6 7", "1"],
            "quantos": {1: (12, "4 8 5 7 3 9")},
            "draw": "10 10 10 10",
        }
    )
    move = make_bot("quanto", level).choose(state.view(0), random.Random(1))
    assert move == Move.joker_quanto(1)


def test_greedy_keeps_the_joker_when_a_plain_card_takes_as_much():
    state = from_scenario({"players": 2, "table": "6 1", "hands": ["J 6 10 11", "1"], "draw": "10 10 10 10"})
    move = make_bot("quanto", "greedy").choose(state.view(0), random.Random(1))
    assert move == Move.capture("6", "6")


def test_planner_reports_its_candidates():
    state = POSITIONS[3]
    decision = make_bot("quanto", "planner").decide(state.view(state.to_move), random.Random(2))
    assert decision.move in [move for move, _ in decision.values]
    assert decision.samples >= 2 or len(decision.values) == 1
