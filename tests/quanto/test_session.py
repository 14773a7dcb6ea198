"""History, undo, replay and save files; corrupt and foreign files give clear errors."""

import json
import random

import pytest

from kartenspiele.core.errors import KartenspieleError, SaveFileError
from kartenspiele.core.session import Session
from kartenspiele.quanto import Move, from_scenario, new_game


def played_session(moves=30, seed=4):
    rng = random.Random(seed)
    session = Session(new_game(3, seed=seed))
    for _ in range(moves):
        session.apply(rng.choice(session.legal_moves()))
    return session


def test_undo_steps_back_and_nothing_left_to_undo_is_an_error():
    session = Session(new_game(2, seed=1))
    start = session.state.to_dict()
    session.apply(session.legal_moves()[0])
    session.undo()
    assert session.state.to_dict() == start
    with pytest.raises(KartenspieleError) as error:
        session.undo()
    assert error.value.key == "session.nothing_to_undo"


def test_scenario_games_save_too():
    session = Session(from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8", "5"]}))
    session.apply(Move.capture("8", "8 4 4"))
    assert Session.from_json(session.to_json()).state == session.state


@pytest.mark.parametrize(
    "text,key",
    [
        ("{not json", "save.not_json"),
        ("[1, 2]", "save.foreign"),
        ('{"format": "something-else"}', "save.foreign"),
        ('{"format": "kartenspiele-save", "version": 99}', "save.version"),
        ('{"format": "kartenspiele-save", "version": 1, "game": "skat"}', "save.unknown_game"),
    ],
)
def test_foreign_files_are_rejected(text, key):
    with pytest.raises(SaveFileError) as error:
        Session.from_json(text)
    assert error.value.key == key
    assert error.value.message("de") and error.value.message("en")


def test_tampered_moves_and_states_are_found_out():
    data = json.loads(played_session().to_json())
    bad_move = json.loads(json.dumps(data))
    bad_move["moves"][3] = {"kind": "capture", "card": "12", "takes": "12 12 12"}
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(bad_move))
    assert error.value.key == "save.corrupt_moves"
    bad_state = json.loads(json.dumps(data))
    bad_state["state"]["to_move"] = (bad_state["state"]["to_move"] + 1) % 3
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(bad_state))
    assert error.value.key == "save.mismatch"
    lost_card = json.loads(json.dumps(data))
    lost_card["initial"]["table"].pop()
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(lost_card))
    assert error.value.key == "save.corrupt_state"
    bad_kind = json.loads(json.dumps(data))
    bad_kind["moves"][0] = {"kind": "cheat"}
    with pytest.raises(SaveFileError):
        Session.from_json(json.dumps(bad_kind))


def test_replay_rebuilds_the_state():
    session = played_session(60, seed=9)
    assert session.replay() == session.state
