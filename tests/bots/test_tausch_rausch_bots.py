"""Tausch-Rausch's computer players play sensibly (legal, deterministic and blind: tests/bots/test_bot_twins.py)."""

import random

import pytest

from kartenspiele.bots import make_bot
from kartenspiele.tausch_rausch import Move, from_scenario

OPEN = ["five-even", "run-of-5", "pair-red", "four-sum-at-least-37", "three-of-a-kind"]


def scenario(hand, stalls=None, open_tasks=OPEN, fulfilled=None):
    return from_scenario(
        {
            "players": 2,
            "hands": [hand, "ge9 gr9 bl9 ro9 ge8"],
            "stalls": stalls or {},
            "open_tasks": open_tasks,
            "fulfilled": fulfilled or {},
        },
        seed=3,
    )


@pytest.mark.parametrize("level", ["greedy", "planner"])
def test_fulfils_a_task_when_it_can(level):
    state = scenario("ge2 gr4 bl6 ro8 ge10 bl3")
    move = make_bot("tausch_rausch", level).choose(state.view(0), random.Random(1))
    assert move == Move.fulfil("five-even", "ge2 gr4 bl6 ro8 ge10")


@pytest.mark.parametrize("seed", range(4))
def test_greedy_swaps_for_the_missing_card_of_a_run(seed):
    """The beginner's rule: one card completes the run, so take it. (Not a rule for the
    planner: from this position, taking red 1-2-3 for three cards instead wins more games,
    measured in docs/bots.md.)"""
    state = scenario(
        "ge3 gr4 bl5 ro6 ge1", stalls={0: "ro7", 1: "ge2 ge1", 2: "gr1 gr2", 3: "bl1 bl2", 4: "ro1 ro2 ro3"}
    )
    move = make_bot("tausch_rausch", "greedy").choose(state.view(0), random.Random(seed))
    assert move == Move.swap(0, "ge1")


def test_valued_swaps_are_worth_what_move_value_says():
    """The play-outs value each swap counting again only the tasks whose closest part it gives
    away; the values are exactly those of `move_value` (the same floats), in random positions of
    hands from 1 to 40 cards."""
    from kartenspiele.bots.tausch_rausch.heuristics import move_value, swaps, valued_swaps
    from kartenspiele.tausch_rausch import DECK, DEFAULT_TASKS

    rng = random.Random(12)
    recounted = 0
    for _ in range(400):
        cards = rng.sample(DECK, 50)
        hand = cards[: rng.randint(1, 40)]
        stalls = [cards[40:41], cards[41:43], cards[43:45], cards[45:47], cards[47:50]]
        tasks = rng.sample(DEFAULT_TASKS, 5)
        valued = valued_swaps(hand, stalls, tasks)
        assert [move for move, _ in valued] == swaps(hand, stalls, tasks)
        for move, worth in valued:
            assert worth == move_value(hand, stalls, tasks, move)
        recounted += len(valued)
    assert recounted > 1000
