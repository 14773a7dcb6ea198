"""Save files: origin and integrity, limits, old versions, and cheap undo via checkpoints."""

from __future__ import annotations

import json
import random

import pytest

from kartenspiele import quanto, tausch_rausch
from kartenspiele.core import session as session_module
from kartenspiele.core.errors import SaveFileError
from kartenspiele.core.session import CHECKPOINT_EVERY, Session

GAMES = {"quanto": quanto, "tausch_rausch": tausch_rausch}


def played(game: str, moves: int, seed: int = 3) -> Session:
    rng = random.Random(seed)
    session = Session(GAMES[game].new_game(2, seed=seed))
    for _ in range(moves):
        if session.state.is_terminal():
            break
        session.apply(rng.choice(session.legal_moves()))
    return session


def refused(data: dict, key: str) -> SaveFileError:
    with pytest.raises(SaveFileError) as error:
        Session.from_json(json.dumps(data))
    assert error.value.key == key, error.value.message("en")
    return error.value


@pytest.mark.parametrize("game", GAMES)
def test_undo_from_checkpoints_matches_replay(game):
    session = played(game, 3 * CHECKPOINT_EVERY + 5)
    made = len(session.moves)
    history = [session.replay()]
    while len(session.moves) > made - CHECKPOINT_EVERY - 7:
        session.undo()
        assert session.state == session.replay()
        history.append(session.state)
    assert len(session._checkpoints) == len(session.moves) // CHECKPOINT_EVERY + 1
    rng = random.Random(1)
    for _ in range(CHECKPOINT_EVERY + 3):
        if session.state.is_terminal():
            break
        session.apply(rng.choice(session.legal_moves()))
    assert session.state == session.replay()
    assert Session.from_json(session.to_json()).state == session.state


@pytest.mark.parametrize("game", GAMES)
def test_a_save_knows_its_origin(game):
    dealt = played(game, 5)
    assert json.loads(dealt.to_json())["origin"] == "deal"
    scenario = Session(GAMES[game].from_scenario({"players": 2}, seed=4))
    assert json.loads(scenario.to_json())["origin"] == "scenario"
    assert Session.from_json(scenario.to_json()).origin == "scenario"


def test_a_quanto_deal_that_starts_over_is_refused():
    data = json.loads(played("quanto", 4).to_json())
    initial = data["initial"]
    initial["win"][0] = sorted(
        initial["win"][0] + [i for zone in (*initial["hands"], initial["table"], initial["draw"]) for i in zone]
    )
    initial["hands"], initial["table"], initial["draw"] = [[], []], [], []
    initial["over"] = initial["end_begun"] = True
    data["moves"], data["state"] = [], initial
    refused(data, "save.not_the_deal")
    data["origin"] = "scenario"
    refused(data, "save.corrupt_state")


def test_a_tausch_rausch_deal_with_all_tens_in_one_hand_is_refused():
    session = Session(tausch_rausch.new_game(2, seed=8))
    data = json.loads(session.to_json())
    tens = [i for i, card in enumerate(tausch_rausch.DECK) if card.value == 10]
    zones = [
        data["initial"]["hands"][0],
        data["initial"]["hands"][1],
        *data["initial"]["stalls"],
        data["initial"]["draw"],
    ]
    others = [i for zone in zones for i in zone if i not in tens]
    data["initial"]["hands"][0] = tens
    data["initial"]["hands"][1] = others[:5]
    rest = others[5:]
    for stall, size in enumerate(tausch_rausch.STALL_SIZES):
        data["initial"]["stalls"][stall], rest = rest[:size], rest[size:]
    data["initial"]["draw"] = rest
    data["state"] = data["initial"]
    refused(data, "save.not_the_deal")
    data["origin"] = "scenario"  # said honestly, such a position is a scenario and loads
    assert len(Session.from_json(json.dumps(data)).state.hands[0]) == 8


@pytest.mark.parametrize("version", [0, 3, True, "2", 2.0, None, 10**20])
def test_versions_must_be_known_integers(version):
    data = json.loads(played("quanto", 2).to_json())
    data["version"] = version
    refused(data, "save.version")


@pytest.mark.parametrize("seed", [-1, 2**63, True, "1", 1.0, None])
def test_seeds_must_be_integers_in_range(seed):
    data = json.loads(played("tausch_rausch", 0).to_json())
    data["initial"]["seed"] = seed
    error = refused(data, "save.corrupt_state")
    assert "game number" in error.message("en")


@pytest.mark.parametrize("origin", [None, "dealt", 1, ["deal"]])
def test_the_origin_must_be_deal_or_scenario(origin):
    data = json.loads(played("quanto", 2).to_json())
    data["origin"] = origin
    refused(data, "save.origin")


def test_version_1_files_load_if_they_are_honest_deals():
    data = json.loads(played("quanto", 6).to_json())
    del data["origin"]
    data["version"] = 1
    loaded = Session.from_json(json.dumps(data))
    assert loaded.origin == "deal" and json.loads(loaded.to_json())["version"] == 2
    scenario = json.loads(Session(quanto.from_scenario({"players": 2, "table": "2 4 4 8"})).to_json())
    del scenario["origin"]
    scenario["version"] = 1
    error = refused(scenario, "save.old_scenario")
    assert "version 1" in error.message("en")


def test_limits_on_size_moves_and_nesting(monkeypatch):
    session = played("tausch_rausch", 40)
    text = session.to_json()
    monkeypatch.setattr(session_module, "MAX_MOVES", 39)
    refused(json.loads(text), "save.too_many_moves")
    monkeypatch.setattr(session_module, "MAX_BYTES", len(text.encode()) - 1)
    with pytest.raises(SaveFileError) as error:
        Session.from_json(text)
    assert error.value.key == "save.too_large"
    monkeypatch.undo()
    data = json.loads(text)
    nested: object = []
    for _ in range(25):
        nested = [nested]
    data["initial"]["options"]["deck"] = nested
    refused(data, "save.too_deep")


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    played("quanto", 3).save(path)
    monkeypatch.setattr(session_module, "MAX_BYTES", path.stat().st_size - 1)
    with pytest.raises(SaveFileError) as error:
        Session.load(path)
    assert error.value.key == "save.too_large"
