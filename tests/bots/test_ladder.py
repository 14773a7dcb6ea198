"""The computer's level for a child's next game (`bots.ladder`) and the Tipp-follower it is
simulated against (`bots.follower`)."""

import random

import pytest

from kartenspiele.bots import LEVELS
from kartenspiele.bots.follower import TippFollower
from kartenspiele.bots.hint import hint
from kartenspiele.bots.ladder import DRAW, LOST, WON, Ladder
from kartenspiele.quanto import new_game


@pytest.mark.parametrize("game", sorted(LEVELS))
def test_the_first_game_is_at_the_easiest_level(game):
    assert Ladder.first(game).level == list(LEVELS[game])[0] == "random"


def test_up_after_a_win_down_after_two_losses_never_beyond_the_ladder():
    first = Ladder.first("quanto")
    assert first.after(LOST).level == "random" and first.after(LOST).after(LOST).level == "random"
    up = first.after(WON)
    assert up.level == "greedy" and up.losses == 0
    assert up.after(WON).after(WON).level == "planner"
    once = up.after(LOST)
    assert once.level == "greedy" and once.losses == 1
    assert once.after(LOST) == Ladder("quanto", "random")
    assert once.after(WON) == Ladder("quanto", "planner")  # a win goes up and forgets the loss
    assert once.after(DRAW) == once


def test_a_level_the_child_picked_stays():
    picked = Ladder.first("tausch_rausch").pick("planner")
    assert picked.chosen and picked.after(LOST).after(LOST).after(WON) == picked
    with pytest.raises(ValueError):
        picked.pick("hardest")
    with pytest.raises(ValueError):
        picked.after("lost twice")


@pytest.mark.parametrize(
    "kept",
    [
        None,
        "greedy",
        [],
        {"level": "hardest"},
        {"level": 3},
        {"losses": 1},
    ],
)
def test_what_a_browser_kept_is_taken_only_if_known(kept):
    assert Ladder.from_json("quanto", kept) == Ladder.first("quanto")


def test_a_kept_ladder_comes_back():
    ladder = Ladder.first("quanto").after(WON).after(LOST)
    assert Ladder.from_json("quanto", ladder.to_json()) == ladder
    assert Ladder.from_json("quanto", {"level": "greedy", "losses": 7, "chosen": "yes"}) == Ladder("quanto", "greedy")
    assert Ladder.from_json("quanto", {"level": "planner", "losses": True, "chosen": True}).chosen


def test_the_tipp_follower_takes_the_tipp_every_third_move():
    state = new_game(2, seed=3)
    follower, rng = TippFollower(), random.Random(1)
    for number in range(1, 7):
        view = state.view(state.to_move)
        move = follower.choose(view, rng)
        assert move in view.legal_moves()
        if number % 3 == 0:
            assert move == hint(view, "de").move
        state.apply(move)
        while not state.is_terminal() and state.to_move != 0:
            state.apply(state.legal_moves()[0])
    with pytest.raises(ValueError):
        TippFollower(every=0)
