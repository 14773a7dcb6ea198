"""The store service's rules (`store_access.GuardedStore`) on a real store: what a pupil of one
class can do with another class's data and with the rooms, played as an attacker would."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes.classes import Classes, NicknameError
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.interface import StoreRefusedError
from kartenspiele.classroom.store.store_access import GuardedStore


@pytest.fixture
def school(store, clock):
    """Class A (pupils Ana and Ben), class B (pupil Cem, with answers); each pupil joined
    through the service as their own hub user."""
    teacher = GuardedStore(store, "frau-berg", teacher=True)
    a, b = Classes(teacher, clock).open("AAAAA"), Classes(teacher, clock).open("BBBBB")
    ana, ben, cem = (GuardedStore(store, name, teacher=False) for name in ("ana", "ben", "cem"))
    pupils = {
        "ana": Classes(ana, clock).join(a, "Ana"),
        "ben": Classes(ben, clock).join(a, "Ben"),
        "cem": Classes(cem, clock).join(b, "Cem"),
    }
    Classes(cem, clock).record(pupils["cem"], {"kind": "answer", "right": False})
    return {"store": store, "teacher": teacher, "ana": ana, "ben": ben, "cem": cem, "pupils": pupils, "clock": clock}


def test_a_pupil_joins_records_and_reads_their_own_record(school):
    ana, clock = school["ana"], school["clock"]
    classes = Classes(ana, clock)
    pupil = school["pupils"]["ana"]
    assert classes.resume("AAAAA", "Ana", pupil.token).nickname == "Ana"
    assert classes.record(pupil, {"kind": "seen"}) == 1
    assert [entry["kind"] for _, entry in classes.entries("AAAAA", "Ana")] == ["seen"]
    assert classes.released("AAAAA") is None  # the class's own document: which lessons are open


def test_a_pupil_cannot_read_list_forge_or_delete_another_pupils_data(school):
    ana, store = school["ana"], school["store"]
    cem_log = "class/BBBBB/pupil/cem/log"
    before = (store.get("class/BBBBB/pupil/cem"), store.read(cem_log))
    attacks = [
        lambda: ana.get("class/BBBBB/pupil/cem"),  # another class's pupil
        lambda: ana.get("class/AAAAA/pupil/ben"),  # a classmate
        lambda: ana.read(cem_log),
        lambda: ana.length(cem_log),
        lambda: ana.wait(cem_log, 0, 0.1),
        lambda: ana.append(cem_log, 2, {"kind": "answer", "right": True}),  # forged answer
        lambda: ana.put("class/BBBBB/pupil/cem", {"nickname": "Cem", "token": "x", "joined": 0}),
        lambda: ana.put("class/BBBBB/pupil/cem", {"nickname": "Cem", "token": "x", "joined": 0}, expected=1),
        lambda: ana.delete("class/BBBBB/pupil/cem"),
        lambda: ana.delete_log(cem_log),
        lambda: ana.delete("class/BBBBB"),
        lambda: ana.put("class/AAAAA", {"code": "AAAAA", "opened": 0, "released": 99}),  # unlock lessons
        lambda: ana.keys(),
        lambda: ana.keys("class/"),
        lambda: ana.keys("class/AAAAA/pupil/"),
        lambda: ana.logs(),
        lambda: ana.logs("class/"),
        lambda: ana.get("hub/owner/BBBBB/cem"),  # the service's own record of who joined
        lambda: ana.put("hub/owner/BBBBB/cem", {"user": "ana", "token": before[0].value["token"]}),
        lambda: ana.put("class/ZZZZZ/pupil/ana", {"nickname": "Ana", "token": "t", "joined": 0}, expected=0),
    ]
    for attack in attacks:
        with pytest.raises(StoreRefusedError):
            attack()
    assert (store.get("class/BBBBB/pupil/cem"), store.read(cem_log)) == before
    assert store.get("class/ZZZZZ/pupil/ana") is None and store.get("class/AAAAA").value["released"] is None
    with pytest.raises(NicknameError):  # taking over Cem's nickname: refused as taken, record kept
        Classes(ana, school["clock"]).join("BBBBB", "Cem")
    assert store.get("class/BBBBB/pupil/cem") == before[0]


def test_a_record_made_anew_is_not_its_former_owners(school):
    """The teacher deletes class B and opens it again; Ana joins it as "Cem": the new record
    is hers, and Cem, who owned the old one, cannot read it."""
    teacher, cem, ana, clock = school["teacher"], school["cem"], school["ana"], school["clock"]
    Classes(teacher, clock).delete("BBBBB")
    assert school["store"].keys("hub/owner/BBBBB/") == []  # the service's record of who joined went too
    Classes(teacher, clock).open("BBBBB")
    fresh = Classes(ana, clock).join("BBBBB", "Cem")
    with pytest.raises(StoreRefusedError):
        cem.get("class/BBBBB/pupil/cem")
    assert Classes(ana, clock).resume("BBBBB", "Cem", fresh.token).nickname == "Cem"


def test_the_teacher_sees_everything_but_the_services_own_records(school):
    teacher = school["teacher"]
    classes = Classes(teacher, school["clock"])
    assert classes.codes() == ["AAAAA", "BBBBB"] and classes.pupils("AAAAA") == ["Ana", "Ben"]
    assert [entry["kind"] for _, entry in classes.entries("BBBBB", "Cem")] == ["answer"]
    assert not any(key.startswith("hub/") for key in teacher.keys()) and school["store"].keys("hub/owner/")
    with pytest.raises(StoreRefusedError):
        teacher.get("hub/owner/AAAAA/ana")


def test_pupils_play_a_room_through_their_guarded_stores(school, clock):
    """The rooms are shared: Ana opens one, Ben joins it by its code, both see both; the sweep
    of expired rooms works with a pupil's rights too."""
    ana_rooms, ben_rooms = Rooms(school["ana"], clock), Rooms(school["ben"], clock)
    room, _, _ = ana_rooms.open("quanto", 2, ["open"], "Ana")
    ben_rooms.join(room.code, "Ben")
    assert [seat.name for seat in ana_rooms.load(room.code).seats] == ["Ana", "Ben"]
    clock.now += 400 * 24 * 3600
    assert ben_rooms.sweep() == [room.code]
