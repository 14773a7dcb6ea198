"""The tests that both games share, run for each (helpers in `tests/twins.py`)."""

from __future__ import annotations

import json

import pytest

from kartenspiele.core.errors import KartenspieleError, SaveFileError
from kartenspiele.core.session import Session

from .twins import GAME_CASES, check_views_do_not_leak, played_session


@pytest.mark.parametrize("case", GAME_CASES)
def test_views_do_not_leak_hidden_things(case):
    players = (2, 6) if case.name == "quanto" else (2, 4)
    assert check_views_do_not_leak(case, players) > 2000


@pytest.mark.parametrize("case", GAME_CASES)
def test_save_load_round_trip(case, tmp_path):
    session = played_session(case)
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.state == session.state and loaded.moves == session.moves
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "kartenspiele-save"


@pytest.mark.parametrize("case", GAME_CASES)
def test_replay_and_undo(case):
    session = played_session(case, 60, seed=9)
    assert session.replay() == session.state
    before = session.state.clone()
    last = session.undo()
    assert session.state == session.replay() != before
    session.apply(last)
    assert session.state == before
    fresh = Session(case.new_game(2, 1))
    with pytest.raises(KartenspieleError) as error:
        fresh.undo()
    assert error.value.key == "session.nothing_to_undo"


@pytest.mark.parametrize("case", GAME_CASES)
def test_tampered_moves_and_states_are_found_out(case):
    data = json.loads(played_session(case).to_json())
    bad_state = json.loads(json.dumps(data))
    bad_state["state"]["to_move"] = (bad_state["state"]["to_move"] + 1) % 3
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(bad_state))
    assert error.value.key == "save.mismatch"
    bad_kind = json.loads(json.dumps(data))
    bad_kind["moves"][0] = {"kind": "cheat"}
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(bad_kind))
    assert error.value.key == "save.corrupt_moves"
    lost_card = json.loads(json.dumps(data))
    lost_card["initial"]["hands"][0].pop()
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(lost_card))
    assert error.value.key == "save.corrupt_state"
