"""The lazy move list: a read-only sequence equal to the plain list of its moves, and the
bounded listing on crowded tables, which keeps the largest capture, Quanto and extension
(checked against the complete listing where that can run)."""

from __future__ import annotations

import random

import pytest

from kartenspiele.quanto import from_scenario, new_game
from kartenspiele.quanto.moves import CAPTURE, EXTEND, FORM
from tests.pathological import quanto_scenarios


def test_move_list_reads_like_the_list_of_its_moves():
    rng = random.Random(3)
    state = new_game(3, seed=8)
    for _ in range(60):
        moves = state.legal_moves()
        plain = list(moves)
        assert len(moves) == len(plain) == len(set(plain))
        assert moves == plain and plain == moves
        assert [moves[i] for i in range(-len(moves), 0)] == plain
        assert moves[1:3] == plain[1:3]
        with pytest.raises(IndexError):
            moves[len(moves)]
        assert all(move in moves for move in plain[:5])
        state.apply(rng.choice(moves))
        if state.over:
            break


def crowded_state(hand: str, quantos: dict | None = None):
    table = " ".join(["1", "2", "3", "4", "5", "6", "7"] * 2)
    return from_scenario({"players": 2, "table": table, "hands": [hand, "8"], "quantos": quantos or {}}, seed=1)


@pytest.mark.parametrize(
    ("hand", "quantos", "kind"),
    [("12", None, CAPTURE), ("5", None, FORM), ("3", {0: (12, "6")}, EXTEND)],
)
def test_bounded_listing_keeps_the_largest_move_of_each_kind(hand, quantos, kind):
    state = crowded_state(hand, quantos)
    full = [move for move in state.legal_moves(limit=None) if move.kind == kind]
    bounded = [move for move in state.legal_moves(limit=12) if move.kind == kind]
    assert len(bounded) < len(full)
    assert set(bounded) <= set(full)
    assert max(len(move.takes) for move in bounded) == max(len(move.takes) for move in full)


def test_listing_on_the_longest_tables_holds_only_legal_moves():
    for name, state in list(quanto_scenarios())[::5]:
        moves = state.legal_moves()
        assert len(moves) > 0, name
        for move in moves[:: max(1, len(moves) // 40)]:
            assert state.is_legal(move), (name, move)
