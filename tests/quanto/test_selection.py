"""The selection query: goals, ready moves, the running sum as groups, why a card cannot join;
the six reproductions of issue 10 as regression tests."""

import pytest

from kartenspiele.core.errors import IllegalMoveError
from kartenspiele.quanto import from_scenario
from kartenspiele.quanto.moves import CAPTURE, EXTEND, FORM

from .helpers import ids_of


def pick(scenario, hand, table=""):
    state = from_scenario(scenario)
    card = ids_of(state.playable(), hand)[0]
    return state, state.selection(card, ids_of(state.table, table))


def test_running_sum_and_what_it_can_become():
    state, selection = pick({"players": 2, "table": "2 4 4 8 7", "hands": ["8", "5"]}, "8", "4")
    assert selection.total == 4
    assert selection.kinds == {CAPTURE, FORM}  # 8 + 4 = 12 forms a Quanto too
    assert {(g.kind, g.target) for g in selection.goals} == {(CAPTURE, 8), (FORM, 12)}
    assert [str(m) for m in selection.ready] == ["form Quanto 12 with 8: 4"]
    assert selection.expression("de") == "Quanto 12 bilden: 8 + 4 = 12. Nehmen (8): 4, bis 8 fehlen noch 4."
    _, both = pick({"players": 2, "table": "2 4 4 8 7", "hands": ["8", "5"]}, "8", "4 4")
    assert both.expression("de") == "Nehmen (8): 4 + 4 = 8. Quanto 12 bilden: 8 + 4 = 12; 4, bis 12 fehlen noch 8."
    assert [str(m) for m in both.ready] == ["capture with 8: 4 4"]
    assert set(both.joinable) == set(ids_of(state.table, "8"))


def test_half_finished_selection_says_what_it_lacks_and_why_no_button():
    _, selection = pick({"players": 2, "table": "2 4 4 3 7 5", "hands": ["8", "5"]}, "8", "4 3")
    assert selection.ready == ()
    assert selection.expression("de") == (
        "Nehmen (8): 4, bis 8 fehlen noch 4; 3, bis 8 fehlen noch 5. "
        "Quanto 11 bilden: 8 + 3 = 11; 4, bis 11 fehlen noch 7. "
        "Dazu 1 weitere Möglichkeit. Noch ist kein Zug fertig, darum gibt es noch keinen Knopf."
    )
    _, capture = pick({"players": 2, "table": "3 4 1 2", "hands": ["8", "5"], "quantos": {1: (9, "5 4")}}, "8", "3 4")
    assert capture.expression("de") == (
        "Nehmen (8): 3 + 4 = 7, bis 8 fehlt noch 1. Noch ist kein Zug fertig, darum gibt es noch keinen Knopf."
    )
    assert capture.expression("en") == (
        "Capture (8): 3 + 4 = 7, 1 more to make 8. No move is complete yet, so there is no button yet."
    )


def test_rainbow_bonus_is_told_after_the_card_that_earns_it():
    _, selection = pick({"players": 2, "table": "3 5 7", "hands": ["R8", "5"]}, "R8", "3 5 7")
    assert selection.expression("de") == "Nehmen (Regenbogen-8): 3 + 5 = 8; dazu Regenbogen-Bonus: 7."
    assert selection.expression("en") == "Capture (rainbow 8): 3 + 5 = 8; plus rainbow bonus: 7."


def test_groups_as_the_move_forms_them_not_one_flat_sum():
    # 4 + 5 + 5 = 14 next to "Quanto 9 bilden" was wrong: the move forms 4 + 5 = 9 and a 9 of 4 + 5.
    _, selection = pick({"players": 2, "table": "5 5 4", "hands": ["4", "6"]}, "4", "5 4 5")
    assert [str(m) for m in selection.ready] == ["form Quanto 9 with 4: 4 5 5"]
    assert selection.expression("de") == "Quanto 9 bilden: 4 + 5 = 9; 4 + 5 = 9."


def test_why_a_card_cannot_join():
    state, empty = pick(
        {"players": 3, "table": "7 4 9 J 1", "hands": ["8", "5", "6"], "quantos": {1: (11, "5 6"), 2: (9, "4 5")}}, "8"
    )
    seven, four, nine = (ids_of(state.table, v)[0] for v in ("7", "4", "9"))
    assert nine not in empty.joinable
    assert empty.why_not(nine, "de") == "8 + 9 = 17: Quanto-Chips gibt es nur bis 12. 9 ist mehr als 8."
    assert empty.why_not(nine, "en") == "8 + 9 = 17: Quanto chips only go up to 12. 9 is more than 8."
    with_seven = state.selection(empty.card_id, [seven])
    assert with_seven.why_not(four, "de") == "7 + 4 = 11 ist mehr als 8."
    assert with_seven.why_not(four, "en") == "7 + 4 = 11 is more than 8."


def test_selection_for_a_quanto():
    state, selection = pick({"players": 2, "table": "4 6 10 12", "hands": ["4", "5"]}, "4", "6")
    assert FORM in selection.kinds
    assert set(selection.joinable) == set(ids_of(state.table, "10"))
    _, selection = pick({"players": 2, "table": "2 4 9", "hands": ["3", "5"], "quantos": {0: (9, "4 5")}}, "3", "2 4")
    assert [str(m) for m in selection.ready] == ["extend Quanto with 3: 2 4"]
    assert EXTEND in selection.kinds
    assert selection.expression("de") == "Quanto 9 erweitern: 3 + 2 + 4 = 9."


def test_joker_selection_narrowed_to_a_value():
    state = from_scenario({"players": 2, "table": "1 2 3 6", "hands": ["J", "5"]})
    joker = state.hands[0][0]
    selection = state.selection(joker, ids_of(state.table, "1 2"), declared=6)
    assert {(g.kind, g.target) for g in selection.goals} == {(CAPTURE, 6)}
    assert set(selection.joinable) == set(ids_of(state.table, "3 6"))
    assert selection.expression("de") == (
        "Nehmen (Joker als 6): 1 + 2 = 3, bis 6 fehlen noch 3. "
        "Noch ist kein Zug fertig, darum gibt es noch keinen Knopf."
    )
    with pytest.raises(IllegalMoveError):
        state.selection(joker, [], declared=13)


# -- the six reproductions of issue 10 ------------------------------------------------------
def test_issue10_lesson7_one_and_three_is_too_small_for_a_chip():
    state, selection = pick(
        {"players": 3, "table": "3 6 10 11", "hands": ["1 12", None, None], "win": {1: "7 9", 2: "5"}}, "1"
    )
    three = ids_of(state.table, "3")[0]
    assert selection.why_not(three, "de") == (
        "1 + 3 = 4: Quanto-Chips gibt es erst ab 5. Nehmen kannst du mit der 1 hier auch nichts."
    )
    assert "fehl" not in selection.why_not(three, "de") and "7" not in selection.why_not(three, "de")


def test_issue10_lesson8_two_and_twelve_is_more_than_any_chip():
    state, selection = pick({"players": 2, "table": "5 6 12", "hands": ["2 11 4", None]}, "2")
    twelve = ids_of(state.table, "12")[0]
    assert selection.why_not(twelve, "de") == (
        "2 + 12 = 14: Quanto-Chips gibt es nur bis 12. Nehmen kannst du mit der 2 hier auch nichts."
    )


def test_issue10_eight_and_six_can_be_no_quanto():
    scenario = {"players": 2, "table": "11 6 1", "hands": ["8", "5"]}
    state, selection = pick(scenario, "8")
    six = ids_of(state.table, "6")[0]
    assert six not in selection.joinable
    assert selection.why_not(six, "de").startswith("8 + 6 = 14: Quanto-Chips gibt es nur bis 12.")
    _, dead = pick(scenario, "8", "6")  # only the API can pick it: no move holds it
    one = ids_of(state.table, "1")[0]
    assert dead.goals == () and "fehl" not in dead.why_not(one, "de")
    assert dead.expression("de") == "Die gewählten Karten passen zu keinem Zug."


def test_issue10_with_the_one_the_six_cannot_be_completed_to_nine():
    state, selection = pick({"players": 2, "table": "11 6 1", "hands": ["8", "5"]}, "8", "1")
    six = ids_of(state.table, "6")[0]
    assert selection.why_not(six, "de") == "Die übrigen Karten ergänzen 6 nicht zu 9."
    assert selection.why_not(six, "en") == "The other cards cannot make 6 up to 9."


def test_issue10_a_chip_held_by_another_player_is_named():
    state, selection = pick({"players": 2, "table": "10 4", "hands": ["1", "5"], "quantos": {1: (11, "5 6")}}, "1")
    ten = ids_of(state.table, "10")[0]
    assert selection.why_not(ten, "de", ["Anna", "Computer 1"]) == (
        "1 + 10 = 11: Chip 11 hat Computer 1. Nehmen kannst du mit der 1 hier auch nichts."
    )
    assert selection.why_not(ten, "en", ["Anna", "Computer 1"]).startswith("1 + 10 = 11: Computer 1 has chip 11.")
