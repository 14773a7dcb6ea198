"""The selection query: running sum, what the selection can become, why a card cannot join."""

from kartenspiele.quanto import from_scenario
from kartenspiele.quanto.moves import CAPTURE, EXTEND, FORM

from .helpers import ids_of


def test_running_sum_and_what_it_can_become():
    state = from_scenario({"players": 2, "table": "2 4 4 8 7", "hands": ["8", "5"]})
    card = state.hands[0][0]
    first_four = ids_of(state.table, "4")
    selection = state.selection(card, first_four)
    assert selection.total == 4
    assert selection.kinds == {CAPTURE, FORM}  # 8 + 4 = 12 forms a Quanto too
    assert {str(m) for m in selection.moves} == {"capture with 8: 4 4", "capture with 8: 4 4 8",
                                                 "form Quanto 12 with 8: 4", "form Quanto 12 with 8: 4 4 8"}
    assert [str(m) for m in selection.ready] == ["form Quanto 12 with 8: 4"]
    both = state.selection(card, ids_of(state.table, "4 4"))
    assert both.expression("de") == "4 + 4 = 8"
    assert [str(m) for m in both.ready] == ["capture with 8: 4 4"]
    assert set(both.joinable) == set(ids_of(state.table, "8"))


def test_why_a_card_cannot_join():
    state = from_scenario({"players": 2, "table": "7 4 9 J", "hands": ["8", "5"]})
    card = state.hands[0][0]
    seven, four, nine = (ids_of(state.table, v)[0] for v in ("7", "4", "9"))
    empty = state.selection(card, [])
    assert empty.why_not(nine, "de") == "9 ist mehr als 8."
    assert empty.why_not(nine, "en") == "9 is more than 8."
    assert "1" in empty.why_not(seven, "en")
    with_seven = state.selection(card, [seven])
    assert with_seven.why_not(four, "en") == "7 + 4 = 11 is more than 8."
    assert with_seven.why_not(four, "de") == "7 + 4 = 11 ist mehr als 8."


def test_selection_for_a_quanto():
    state = from_scenario({"players": 2, "table": "4 6 10 12", "hands": ["4", "5"]})
    card = state.hands[0][0]
    six = ids_of(state.table, "6")
    selection = state.selection(card, six)
    assert FORM in selection.kinds
    assert set(selection.joinable) == set(ids_of(state.table, "10"))
    extending = from_scenario({"players": 2, "table": "2 4 9", "hands": ["3", "5"], "quantos": {0: (9, "4 5")}})
    card = extending.hands[0][0]
    selection = extending.selection(card, ids_of(extending.table, "2 4"))
    assert [str(m) for m in selection.ready] == ["extend Quanto with 3: 2 4"]
    assert EXTEND in selection.kinds


def test_joker_selection_narrowed_to_a_value():
    state = from_scenario({"players": 2, "table": "1 2 3 6", "hands": ["J", "5"]})
    joker = state.hands[0][0]
    selection = state.selection(joker, ids_of(state.table, "1 2"), declared=6)
    assert {str(m) for m in selection.moves} == {"capture with J=6: 1 2 3", "capture with J=6: 1 2 3 6"}
