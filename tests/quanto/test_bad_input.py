"""Bad input of every kind raises a specific, documented error and changes nothing."""

import random

import pytest

from kartenspiele.core.errors import IllegalMoveError, NotationError, PlayerCountError, RuleOptionError, ScenarioError
from kartenspiele.quanto import Card, Move, from_scenario, new_game, parse_cards


@pytest.mark.parametrize("text", ["0", "13", "R3", "R1", "RJ", "X", "8R", "7.5", "", "R"])
def test_malformed_card_notation(text):
    with pytest.raises(NotationError) as error:
        Card.parse(text)
    assert error.value.message("de") != error.value.message("en")


def test_notation_round_trip():
    text = "1 2 3 4 R4 8 R8 12 R12 J"
    assert " ".join(c.notation for c in parse_cards(text)) == text
    assert [str(c) for c in parse_cards("r8, j;5")] == ["R8", "J", "5"]


@pytest.mark.parametrize("players", [0, 1, 7, 2.5, "3", True, None])
def test_wrong_player_count(players):
    with pytest.raises(PlayerCountError):
        new_game(players, seed=1)


def test_unknown_rule_option_and_bad_value():
    with pytest.raises(RuleOptionError):
        new_game(3, seed=1, refil="auto")
    with pytest.raises(RuleOptionError):
        new_game(3, seed=1, refill="sometimes")


@pytest.mark.parametrize(
    "scenario,key",
    [
        ({"players": 2, "table": "J J J"}, "scenario.too_many"),
        ({"players": 2, "table": "R8", "hands": ["R8", "5"]}, "scenario.too_many"),
        ({"players": 2, "table": "9 9 9 9 9", "hands": ["9 9 9 9", "5"]}, "scenario.too_many"),
        ({"players": 2, "quantos": {0: (9, "4 5"), 1: (9, "3 6")}}, "scenario.chip_twice"),
        ({"players": 2, "quantos": {0: (13, "6 7")}}, "scenario.chip_range"),
        ({"players": 2, "quantos": {0: 9}}, "scenario.quanto_form"),
        ({"players": 2, "hands": {2: "5"}}, "scenario.no_such_player"),
        ({"players": 2, "hands": ["5"]}, "scenario.per_player"),
        ({"players": 2, "to_move": 5}, "scenario.no_such_player"),
        ({"players": 2, "tabel": "5"}, "scenario.unknown_key"),
        ({"players": 2, "table": "5 Q"}, "scenario.bad_cards"),
        ({"players": 2, "hands": ["", ""], "draw": ""}, "scenario.already_over"),
    ],
)
def test_impossible_scenarios(scenario, key):
    with pytest.raises(ScenarioError) as error:
        from_scenario(scenario)
    assert error.value.key == key


def test_scenario_with_bad_player_count():
    with pytest.raises(PlayerCountError):
        from_scenario({"players": 9})


ILLEGAL = [
    (Move.capture("8", "4 4"), "quanto.illegal.not_in_hand"),
    (Move.capture("5", "4 4"), "quanto.illegal.not_groups"),
    (Move.capture("5", ""), "quanto.illegal.no_groups"),
    (Move.capture("5", "7 7 7"), "quanto.illegal.not_on_table"),
    (Move.capture("5", "5", declared=5), "quanto.illegal.declared_not_joker"),
    (Move.capture("J", "5"), "quanto.illegal.joker_value"),
    (Move.form("5", 9, "4"), "quanto.illegal.chip_taken"),
    (Move.form("5", 4, "4"), "quanto.illegal.chip_range"),
    (Move.form("5", 10, "4"), "quanto.illegal.form_partner"),
    (Move.extend("5", "4"), "quanto.illegal.no_quanto"),
    (Move.collect("5"), "quanto.illegal.no_quanto"),
    (Move.joker_quanto(0), "quanto.illegal.joker_target"),
    (Move.joker_quanto(5), "quanto.illegal.joker_target"),
    (Move("lay", Card(5), takes=(Card(5),)), "quanto.illegal.lay_takes"),
    (Move.refill_hand(), "quanto.illegal.hand_full"),
    (Move.pass_turn(), "quanto.illegal.cannot_pass"),
]


@pytest.mark.parametrize("move,key", ILLEGAL)
def test_illegal_moves_say_why_and_change_nothing(move, key):
    state = from_scenario({"players": 2, "table": "4 4 5 9", "hands": ["5 J 2 3", "6"], "quantos": {1: (9, "4 5")}})
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as error:
        state.apply(move)
    assert error.value.key == key
    assert error.value.message("de") and error.value.message("en")
    assert state.to_dict() == before


def test_random_garbage_moves_never_change_the_state():
    rng = random.Random(3)
    state = new_game(3, seed=3)
    faces = parse_cards("1 2 3 4 5 6 7 8 9 10 11 12 R4 R8 R12 J")
    kinds = ["capture", "form", "extend", "collect", "joker_quanto", "lay"]
    legal = set(state.legal_moves(limit=None))
    for _ in range(3000):
        move = Move(
            rng.choice(kinds),
            rng.choice(faces),
            tuple(rng.choice(faces) for _ in range(rng.randint(0, 4))),
            rng.choice([None, None, rng.randint(0, 13)]),
            rng.choice([None, rng.randint(4, 13)]),
            rng.choice([None, rng.randint(-1, 3)]),
        )
        twin = state.clone()
        if move in legal:
            twin.apply(move)
            continue
        try:
            twin.apply(move)
        except IllegalMoveError:
            assert twin == state
        else:
            assert state.is_legal(move)


def test_moves_from_json_reject_malformed_data():
    for data in [
        None,
        {},
        {"kind": 3},
        {"kind": "lay", "card": 8},
        {"kind": "lay", "extra": 1},
        {"kind": "capture", "card": "8", "takes": "4 Z"},
        {"kind": "form", "chip": "9"},
    ]:
        with pytest.raises((NotationError, IllegalMoveError)):
            Move.from_json(data)
