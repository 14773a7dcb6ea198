"""A store written before the classroom's modules moved into concept folders opens as before.

`data/store_before_folders/` was written by the code of `main` at d19f057 (issue 39's start):
a SQLite data folder as `kartenspiele serve` leaves it (`data/`, with its marker file) and the
same kind of store in Redis, dumped key by key (`redis_dump.json`). Each holds a class of four
pupils with evidence, released lessons and a revealed section, a Quanto room of two pupils and
a computer 43 log entries into its game, and a saved Tausch-Rausch game against the computer;
`expected_*.json` is what that code read back then (tokens, states, keys). The keys, the log
entries and the files are the store's format: the move must not have changed any of them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import redis

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.classes.evidence import Evidence
from kartenspiele.classroom.classes.export import pupils_csv
from kartenspiele.classroom.rooms.rooms import Room, Rooms
from kartenspiele.classroom.store.data_folder import prepare_store
from kartenspiele.classroom.store.interface import Store
from kartenspiele.classroom.store.opening import open_store
from tests.clock import Clock

BEFORE = Path(__file__).parent / "data" / "store_before_folders"


def load_redis_dump(url: str) -> None:
    """Write `redis_dump.json` into the (empty) Redis database at `url`, type by type."""
    client = redis.Redis.from_url(url)
    client.flushdb()
    for key, item in json.loads((BEFORE / "redis_dump.json").read_text(encoding="utf-8")).items():
        kind, value = item["type"], item["value"]
        if kind == "hash":
            client.hset(key, mapping=value)
        elif kind == "list":
            client.rpush(key, *value)
        elif kind == "zset":
            client.zadd(key, {member: score for member, score in value})
        else:
            raise AssertionError(f"{key}: a Redis type the store did not write before: {kind}")


def one_more_move(rooms: Rooms, room: Room, own_seat: int | None = None) -> int:
    """Play on by one move (the computer's, a forced pass or the first legal one); returns the
    room's length as a page that loads it now finds it."""
    rooms.refresh(room)
    if not rooms.automatic_move(room, own_seat, delay=0):
        rooms.move(room, room.state.to_move, room.state.legal_moves()[0])
    return rooms.load(room.code).seq


@pytest.fixture(params=["sqlite", "redis"])
def before(request, tmp_path) -> tuple[Store, dict]:
    """The store as the code before the move left it, opened by today's code, and what that
    code read back from it."""
    if request.param == "sqlite":
        folder = tmp_path / "data"
        shutil.copytree(BEFORE / "data", folder)
        url = f"sqlite:///{folder / 'kartenspiele.db'}"
        assert prepare_store(url) is None  # taken as the store it is: not refused, not made anew
    else:
        url = request.getfixturevalue("redis_server").url(0)
        load_redis_dump(url)
    store = open_store(url)
    yield store, json.loads((BEFORE / f"expected_{request.param}.json").read_text(encoding="utf-8"))
    store.close()


def test_the_same_keys_and_logs_are_found(before):
    store, expected = before
    assert store.keys() == expected["keys"]
    assert store.logs() == expected["logs"]


def loaded_as_before(before: tuple[Store, dict], name: str) -> tuple[Rooms, Room, dict]:
    """The room `name` ("room" or "saved") loaded by today's code, checked to be where it was."""
    store, expected = before
    rooms = Rooms(store, Clock(expected["now"]))
    room = rooms.load(expected[name])
    assert (room.seq, room.state.to_dict()) == (expected[f"{name}_seq"], expected[f"{name}_state"])
    return rooms, room, expected


def test_the_room_resumes_and_goes_on(before):
    rooms, room, expected = loaded_as_before(before, "room")
    for seat, token in enumerate(expected["room_tokens"]):  # each pupil's page takes its seat back
        _, again, kept = rooms.join(room.code, room.seats[seat].name, token=token)
        assert (again, kept) == (seat, token)
    assert not room.over
    assert one_more_move(rooms, room) == expected["room_seq"] + 1


def test_the_saved_game_resumes_and_goes_on(before):
    rooms, saved, expected = loaded_as_before(before, "saved")
    seat = rooms.seat_by_token(saved, expected["saved_token"])
    assert seat is not None and saved.seats[seat].name == "Cem"
    assert rooms.summary(saved.code)["names"][seat] == "Cem"
    assert one_more_move(rooms, saved, seat) == expected["saved_seq"] + 1


def test_the_class_resumes_with_its_pupils_and_evidence(before):
    store, expected = before
    classes = Classes(store, Clock(expected["now"]))
    code = expected["class"]
    assert classes.released(code) == expected["released"]
    assert sorted(classes.revealed(code)) == expected["revealed"]
    assert sorted(classes.pupils(code)) == sorted(nickname for nickname, _ in expected["pupils"])
    for nickname, token in expected["pupils"]:  # each pupil's page is still theirs
        assert classes.resume(code, nickname, token).nickname == nickname
        assert len(classes.entries(code, nickname)) == expected["entries"][nickname]
    evidence = Evidence().add_all(classes.all_entries(code))
    table = pupils_csv(evidence, classes.pupils(code), code, "de")
    assert all(nickname in table for nickname, _ in expected["pupils"])
