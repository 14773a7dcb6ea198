"""The fast path of `apply`: a move read from the position's own `legal_moves()` skips the
re-checks, with exactly the result of the full check; any other move (from another position,
an earlier one, or altered after listing) is checked in full and refused if illegal, the
state unchanged."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kartenspiele.core.errors import IllegalMoveError, KartenspieleError
from kartenspiele.quanto import Card, Move, new_game
from kartenspiele.quanto.moves import CAPTURE, LAY

from .helpers import random_positions


def fresh(move: Move) -> Move:
    """The same move built anew (never listed anywhere)."""
    return Move(move.kind, move.card, move.takes, move.declared, move.chip, move.target)


def test_a_listed_move_applies_exactly_as_the_same_move_checked_in_full():
    trusted = 0
    for state, rng in random_positions(30, seed=5):
        fast, slow = state.clone(), state.clone()
        listed = fast.legal_moves()
        move = listed[rng.randrange(len(listed))]
        other = fresh(move)
        assert move.listed_in(fast.epoch) and not other.listed_in(slow.epoch)
        assert fast.apply(move) == slow.apply(other)
        assert fast.to_dict() == slow.to_dict()
        trusted += 1
    assert trusted > 2000


def test_a_move_listed_elsewhere_is_checked_in_full():
    state = new_game(3, seed=11)
    clone = state.clone()
    move = state.legal_moves()[0]
    assert not move.listed_in(clone.epoch)  # a copy is a position of its own
    assert clone.apply(move) == state.clone().apply(fresh(move))
    # a move listed before the position changed is no longer trusted there
    refused = 0
    for state, rng in random_positions(12, seed=7):
        old = state.legal_moves()
        move = old[rng.randrange(len(old))]
        state.apply(rng.choice(state.legal_moves()))
        assert not move.listed_in(state.epoch)
        if not state.over and not state.is_legal(move):
            before = state.to_dict()
            with pytest.raises(KartenspieleError):
                state.apply(move)
            assert state.to_dict() == before
            refused += 1
    assert refused >= 50


def listed_capture(seed: int = 0) -> tuple[object, Move]:
    """A position with a listed capture that takes table cards."""
    for state, _ in random_positions(40, seed=seed):
        for move in state.legal_moves():
            if move.kind == CAPTURE and move.takes:
                return state, move
    raise AssertionError("no capture found")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("takes", (Card(12), Card(12), Card(12), Card(12), Card(12), Card(12), Card(12), Card(12), Card(12))),
        ("card", Card(None)),
        ("chip", 99),
        ("target", -7),
        ("kind", LAY),
        ("declared", 13),
        ("takes", ("8",)),
    ],
)
def test_a_listed_move_altered_afterwards_is_checked_in_full(field, value):
    state, move = listed_capture()
    before = state.to_dict()
    object.__setattr__(move, field, value)  # tampered with behind the frozen dataclass's back
    assert not move.listed_in(state.epoch)
    with pytest.raises(IllegalMoveError):
        state.apply(move)
    assert state.to_dict() == before


def test_a_changed_copy_of_a_listed_move_is_checked_in_full():
    state, move = listed_capture(1)
    before = state.to_dict()
    other = dataclasses.replace(move, takes=move.takes[:-1] + (Card(1),) * 9)
    with pytest.raises(IllegalMoveError):
        state.apply(other)
    assert state.to_dict() == before
    expected = state.clone().apply(fresh(move))
    assert state.apply(dataclasses.replace(move)) == expected


def test_something_else_than_a_move_is_refused_as_before():
    state = new_game(2, seed=3)
    before = state.to_dict()
    for thing in (None, 5, "lay 3", {"kind": "lay"}):
        with pytest.raises(IllegalMoveError):
            state.apply(thing)  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_the_listing_memos_are_emptied_in_a_served_kernel_and_listing_stays_the_same():
    from kartenspiele.kernel import memory as kernel_memory
    from kartenspiele.quanto import movegen

    state = new_game(3, seed=21)
    rng = random.Random(4)
    for _ in range(30):
        state.apply(rng.choice(state.legal_moves()))
    before = list(state.legal_moves())
    assert movegen.memo_size() > 0
    kernel_memory.trim(limit=0)
    assert movegen.memo_size() == 0
    assert list(state.legal_moves()) == before


def test_an_action_applies_exactly_as_its_move_checked_in_full():
    """`apply_action` plans a listed action from the listing's codes alone (no move made):
    the same cards move as when the move is built anew and checked in full, whether the
    action was the one read last or any other of the list."""
    applied = 0
    for state, rng in random_positions(30, seed=8):
        lean, full = state.clone(), state.clone()
        actions = lean.legal_actions()
        position = rng.randrange(len(actions))
        action = list(actions)[position] if rng.random() < 0.5 else actions[position]  # read last, or not
        move = full.legal_moves()[position]
        assert lean.apply_action(action) is None
        full.apply(fresh(move))
        assert lean.to_dict() == full.to_dict()
        applied += 1
    assert applied > 2000
