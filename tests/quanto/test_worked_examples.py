"""The worked examples of rules/quanto.md, one test each."""

import pytest

from kartenspiele.quanto import Move, from_scenario
from kartenspiele.quanto.moves import CAPTURE, COLLECT, FORM, JOKER_QUANTO

from .helpers import notation


def test_example_1_largest_capture_leaves_the_2():
    state = from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8", "5"]})
    captures = {str(m) for m in state.legal_moves() if m.kind == CAPTURE}
    assert captures == {"capture with 8: 8", "capture with 8: 4 4", "capture with 8: 4 4 8"}
    events = state.apply(Move.capture("8", "8 4 4"))
    assert notation(state.win[0]) == "4 4 8 8"
    assert notation(state.table) == "2"
    captured = next(e for e in events if e.kind == "captured")
    assert sorted(len(g) for g in captured.groups) == [1, 2]


@pytest.mark.parametrize("takes", ["8", "4 4"])
def test_example_1_smaller_captures_are_legal(takes):
    state = from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8", "5"]})
    state.apply(Move.capture("8", takes))
    assert len(state.win[0]) == len(takes.split()) + 1


def test_example_2_form_quanto_ten_and_add_the_ten():
    state = from_scenario({"players": 2, "table": "4 6 10 12", "hands": ["4", "5"]})
    forms = {m for m in state.legal_moves() if m.kind == FORM and m.chip == 10}
    assert forms == {Move.form("4", 10, "6"), Move.form("4", 10, "6 10")}
    state.apply(Move.form("4", 10, "6 10"))
    assert state.chip_of[0] == 10
    assert notation(state.stacks[0]) == "4 6 10"
    assert notation(state.table) == "4 12"
    assert 10 not in state.supply()


def test_example_3_rainbow_eight_takes_three_five_and_the_seven():
    state = from_scenario({"players": 2, "table": "3 5 7", "hands": ["R8", "5"]})
    move = Move.capture("R8", "3 5 7")
    assert move in state.legal_moves()
    events = state.apply(move)
    assert [e.card.notation for e in events if e.kind == "rainbow_bonus"] == ["7"]
    assert notation(state.win[0]) == "3 5 7 R8"
    assert state.table == []


def test_example_4_joker_as_six_takes_six_and_one_two_three():
    state = from_scenario({"players": 2, "table": "1 2 3 6", "hands": ["J", "5"]})
    move = Move.capture("J", "1 2 3 6", declared=6)
    assert move in state.legal_moves()
    events = state.apply(move)
    captured = next(e for e in events if e.kind == "captured")
    assert sorted(sorted(c.value for c in g) for g in captured.groups) == [[1, 2, 3], [6]]
    assert len(state.win[0]) == 5


def test_example_5_add_two_seven_then_collect_five_cards():
    state = from_scenario({"players": 2, "table": "2 7", "hands": ["9", "5"], "quantos": {0: (9, "4 5")}})
    move = Move.collect("9", "2 7")
    assert move in state.legal_moves()
    events = state.apply(move)
    assert notation(state.win[0]) == "2 4 5 7 9"
    assert state.chip_of[0] is None and 9 in state.supply()
    assert [e.kind for e in events][:3] == ["quanto_groups_added", "quanto_collected", "chip_returned"]


def test_example_6_joker_takes_a_six_card_quanto():
    state = from_scenario({"players": 2, "table": "1", "hands": ["J", "5"], "quantos": {1: (12, "6 6 4 8 5 7")}})
    move = Move.joker_quanto(1)
    assert move in [m for m in state.legal_moves() if m.kind == JOKER_QUANTO]
    state.apply(move)
    assert len(state.win[0]) == 7
    assert state.stacks[1] == [] and state.chip_of[1] is None and 12 in state.supply()


def test_example_7_three_draws_three_and_the_others_leave():
    state = from_scenario({"players": 2, "table": "11 6", "hands": ["3 4", "5"], "draw": "3 11 5 9 9"})
    events = state.apply(Move.lay("3"))
    drew = next(e for e in events if e.kind == "three_drew")
    assert [c.notation for c in drew.cards] == ["3", "11", "5"]
    assert state.phase == "after_three" and state.to_move == 0
    moves = state.legal_moves()
    assert all(m.card.notation in {"3", "11", "5"} for m in moves)
    state.apply(Move.capture("11", "11"))
    assert notation(state.out[-2:]) == "3 5"
    assert notation(state.win[0]) == "11 11"
    assert state.to_move == 1 and state.phase == "turn"


def test_collect_is_not_offered_without_a_card_of_the_chip_value():
    state = from_scenario({"players": 2, "table": "2 7", "hands": ["8", "5"], "quantos": {0: (9, "4 5")}})
    assert not [m for m in state.legal_moves() if m.kind == COLLECT]
