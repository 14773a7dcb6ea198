"""What every computer player of both games must do: choose legal moves, the same move for the
same generator, and a move blind to what its player cannot see."""

import random

import pytest

from kartenspiele.bots import make_bot

from .helpers import hidden, hidden_twin, positions

LEVELS = ["random", "greedy", "planner"]
POSITIONS = {
    "quanto": positions("quanto", 24, seed=11),
    "tausch_rausch": positions("tausch_rausch", 16, seed=13, moves=30),  # random play grows hands fast
}
SAME_HIDDEN = {"quanto": 3, "tausch_rausch": 0}
"""How many positions may have nothing hidden to deal anew (a Quanto draw pile can be empty)."""
CASES = [pytest.param(game, level, id=f"{game}-{level}") for game in POSITIONS for level in LEVELS]


@pytest.mark.parametrize("game,level", CASES)
def test_every_choice_is_legal(game, level):
    bot = make_bot(game, level)
    for number, state in enumerate(POSITIONS[game]):
        move = bot.choose(state.view(state.to_move), random.Random(number))
        assert state.is_legal(move), (state, move)


@pytest.mark.parametrize("game,level", CASES)
def test_same_generator_same_choice(game, level):
    chosen = POSITIONS[game][: len(POSITIONS[game]) // 2]
    for number, state in enumerate(chosen):
        view = state.view(state.to_move)
        first = make_bot(game, level).choose(view, random.Random(number))
        assert make_bot(game, level).choose(view, random.Random(number)) == first


@pytest.mark.parametrize("game,level", CASES)
def test_hidden_cards_do_not_change_the_choice(game, level):
    """Two states that differ only in what the player cannot see get the same move."""
    rng = random.Random(4 if game == "quanto" else 6)
    differed = 0
    for number, state in enumerate(POSITIONS[game]):
        player = state.to_move
        twin = hidden_twin(state, rng)
        assert twin.view(player) == state.view(player)
        differed += hidden(twin, player) != hidden(state, player)
        bot = make_bot(game, level)
        assert bot.choose(state.view(player), random.Random(number)) == bot.choose(
            twin.view(player), random.Random(number)
        )
    assert differed >= len(POSITIONS[game]) - SAME_HIDDEN[game]
