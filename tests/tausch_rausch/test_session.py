"""Tausch-Rausch in the shared Session: save, load, undo, replay, corrupt files."""

from __future__ import annotations

import json
import random

import pytest

from kartenspiele.core.errors import SaveFileError
from kartenspiele.core.session import Session
from kartenspiele.tausch_rausch import Move, TauschRauschState, new_game, task
from kartenspiele.tausch_rausch.players import kind_first_move
from kartenspiele.tausch_rausch.tasks import Colour, Sum


def played(seed=3, moves=25, **options):
    rng = random.Random(seed)
    session = Session(new_game(3, seed=seed, **options))
    for _ in range(moves):
        if session.state.is_terminal():
            break
        session.apply(kind_first_move(session.state, rng))
    return session


def test_save_load_replay_undo(tmp_path):
    session = played()
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.state == session.state and loaded.moves == session.moves
    assert session.replay() == session.state
    previous = session.moves[-1]
    before = session.state.clone()
    assert session.undo() == previous
    session.apply(previous)
    assert session.state == before


def test_a_custom_deck_survives_saving():
    mine = task("rote-20", 3, Colour("rot"), Sum(at_least=20), reward=2)
    deck = [
        "five-even",
        "run-of-5",
        "pair-one-colour",
        "three-of-a-kind",
        "four-sum-at-most-7",
        "two-adjacent-pairs",
        "full-house",
        "pair-red",
        "five-odd",
        mine,
    ]
    session = played(seed=9, tasks_to_win=3, deck=deck)
    data = json.loads(session.to_json())
    assert data["initial"]["options"]["deck"][-1]["id"] == "rote-20"
    assert data["initial"]["options"]["deck"][0] == "five-even"
    restored = Session.from_json(session.to_json())
    assert restored.state == session.state
    assert restored.state.task("rote-20") == mine


def test_corrupt_save_files_are_found():
    session = played()
    data = json.loads(session.to_json())
    data["moves"][3] = Move.fulfil("five-even", "ro1").to_json()
    with pytest.raises(SaveFileError):
        Session.from_json(json.dumps(data))
    data = json.loads(session.to_json())
    data["state"]["hands"][0].append(data["state"]["hands"][1].pop())
    with pytest.raises(SaveFileError):
        Session.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("stalls"),
        lambda d: d.__setitem__("game", "quanto"),
        lambda d: d["hands"][0].append(d["hands"][0][0]),
        lambda d: d["stalls"][0].append(d["draw"].pop()),
        lambda d: d["open_tasks"].append(d["task_pile"][0]),
        lambda d: d.__setitem__("open_tasks", "five-even"),
        lambda d: d.__setitem__("to_move", 3),
        lambda d: d.__setitem__("turn", -2),
        lambda d: d.__setitem__("over", "no"),
        lambda d: d.__setitem__("winner", 1),
        lambda d: d.__setitem__("players", 7),
        lambda d: d["options"].__setitem__("deck", ["nope"]),
        lambda d: d.__setitem__("fulfilled", [[], []]),
    ],
)
def test_corrupt_states_are_rejected(damage):
    data = json.loads(json.dumps(new_game(3, seed=1).to_dict()))
    damage(data)
    with pytest.raises(SaveFileError):
        TauschRauschState.from_dict(data)
