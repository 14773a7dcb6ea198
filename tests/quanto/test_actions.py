"""Quanto's integer actions: `legal_actions()` lists exactly `legal_moves()` as integers, the
encoding round-trips, `apply_action` does what `apply` does, and an integer that names no
legal move is refused with the project's error, the state unchanged."""

from __future__ import annotations

import random

import pytest

from kartenspiele.core.errors import GameOverError, IllegalMoveError
from kartenspiele.quanto import Card, Move, from_scenario, new_game
from kartenspiele.quanto.actions import TAKES_SHIFT, action_to_move, move_to_action
from kartenspiele.quanto.moves import KINDS

from .helpers import random_positions


def test_the_documented_example():
    move = Move.capture("8", "4 4")
    assert move_to_action(move) == 0 | 16 << 4 | 2 << (TAKES_SHIFT + 4 * 8)
    assert action_to_move(move_to_action(move)) == move
    joker = Move.joker_quanto(2)
    assert action_to_move(move_to_action(joker)) == joker


def test_actions_are_the_listed_moves_and_round_trip():
    checked = 0
    for state, _ in random_positions(40, seed=3, by_actions=True):
        moves = state.legal_moves()
        actions = state.legal_actions()
        assert len(actions) == len(moves)
        assert list(actions) == [move_to_action(move) for move in moves]
        assert len(set(actions)) == len(actions)  # one integer per move
        for move, action in zip(moves, actions):
            assert action_to_move(action) == move
            assert move_to_action(action_to_move(action)) == action
            assert action in actions
        checked += len(moves)
    assert checked > 20000


def test_apply_action_is_apply_of_its_move():
    compared = 0
    for state, rng in random_positions(25, seed=4, by_actions=True):
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        told, silent, by_move = state.clone(), state.clone(), state.clone()
        events = told.apply_action(action, narrate=True)
        assert events == by_move.apply(action_to_move(action))
        assert silent.apply_action(action) is None
        assert told.to_dict() == silent.to_dict() == by_move.to_dict()
        compared += 1
    assert compared > 2000


def test_an_action_read_in_another_position_is_checked_in_full():
    refused = accepted = 0
    for state, rng in random_positions(8, seed=5, by_actions=True):
        old = state.legal_actions()
        action = old[rng.randrange(len(old))]
        state.apply_action(rng.choice(state.legal_actions()))
        if state.over:
            continue
        before = state.to_dict()
        twin = state.clone()
        try:
            twin.apply(action_to_move(action))
        except IllegalMoveError:
            with pytest.raises(IllegalMoveError):
                state.apply_action(action)
            assert state.to_dict() == before
            refused += 1
        else:
            state.apply_action(action)
            assert state.to_dict() == twin.to_dict()
            accepted += 1
    assert refused > 40 and accepted > 5, (refused, accepted)


@pytest.mark.parametrize(
    "action",
    [
        -1,
        True,
        1.0,
        "0",
        None,
        len(KINDS),  # no such kind
        15,
        0 | 1 << 4,  # face code 1 is no card
        0 | 16 << 4 | 1 << (TAKES_SHIFT + 4 * 1),  # takes a card of face code 1
        0 | 16 << 4 | 1 << (TAKES_SHIFT + 4 * 27),  # beyond the last face code
        pytest.param(1 << 20000, id="huge"),
    ],
)
def test_an_integer_that_names_no_move_is_refused(action):
    state = new_game(3, seed=8)
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as raised:
        state.apply_action(action)
    assert state.to_dict() == before
    assert raised.value.message("de") != raised.value.message("en")
    with pytest.raises(IllegalMoveError):
        action_to_move(action)


def test_a_well_formed_illegal_action_is_refused_with_its_reason():
    state = new_game(3, seed=9)
    before = state.to_dict()
    hand = {move.card for move in state.legal_moves() if move.card is not None}
    absent = next(Move.lay(str(value)) for value in range(1, 13) if Move.lay(str(value)).card not in hand)
    with pytest.raises(IllegalMoveError) as raised:
        state.apply_action(move_to_action(absent))
    assert raised.value.key == "quanto.illegal.not_in_hand"
    extra = move_to_action(Move(KINDS[0], absent.card, (), declared=3))
    with pytest.raises(IllegalMoveError):
        state.apply_action(extra)
    assert state.to_dict() == before


def test_no_action_after_the_end():
    state = new_game(2, seed=1)
    rng = random.Random(1)
    while not state.over:
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.legal_actions()) == 0
    with pytest.raises(GameOverError):
        state.apply_action(move_to_action(Move.pass_turn()))


def test_a_legal_action_beyond_the_bounded_listing_is_accepted():
    table = " ".join(["1", "2", "3", "4", "5", "6", "7"] * 4)
    state = from_scenario({"players": 2, "table": table, "hands": ["12", "5"]})
    listed = set(state.legal_actions())
    unlisted = [move for move in state.legal_moves(limit=None) if move_to_action(move) not in listed]
    assert unlisted
    move = unlisted[len(unlisted) // 2]
    twin = state.clone()
    assert state.apply_action(move_to_action(move), narrate=True) == twin.apply(move)
    assert state.to_dict() == twin.to_dict()


@pytest.mark.parametrize(
    "move",
    [Move("lay", "8"), Move("capture", Card(8), declared=13), Move("joker_quanto", Card(None), target=7), "lay 8"],
)
def test_a_move_without_an_action_is_refused(move):
    with pytest.raises(IllegalMoveError):
        move_to_action(move)
