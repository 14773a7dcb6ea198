"""The dashboard finds a class's rooms by the pupils at their seats, not by their names: a pupil
of another class with the same nickname, or a guest who types a class pupil's name, does not
bring a room into this class's list (both stores)."""

from __future__ import annotations

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes, member_id, token_hash
from kartenspiele.classroom.rooms.rooms import OPEN, Rooms
from kartenspiele.widgets.dashboard import ClassView
from kartenspiele.widgets.lobby import Lobby


def codes_seen(classes: Classes, code: str, rooms: Rooms) -> set[str]:
    view = ClassView(classes, code)
    view.update()
    return {summary["code"] for summary in view.room_summaries(rooms)}


def test_rooms_belong_to_the_class_whose_pupil_sits_there(store):
    classes, rooms = Classes(store), Rooms(store)
    first, second = classes.open(), classes.open()
    ben_first, ben_second = classes.join(first, "Ben"), classes.join(second, "Ben")
    assert ben_first.member != ben_second.member
    room_first, _, _ = rooms.open("quanto", 2, [OPEN], "Ben", member=ben_first.member)
    room_second, _, _ = rooms.open("quanto", 2, [OPEN], "Ben", member=ben_second.member)
    guest_room, _, _ = rooms.open("quanto", 2, [OPEN], "Ben")  # a "Ben" outside every class
    mixed, _, _ = rooms.open("quanto", 2, [OPEN], "Ana")
    rooms.join(mixed.code, "Ben", member=ben_second.member)  # the second class's Ben as a guest
    assert codes_seen(classes, first, rooms) == {room_first.code}
    assert codes_seen(classes, second, rooms) == {room_second.code, mixed.code}
    assert rooms.load(mixed.code).seats[1].member == ben_second.member


def test_the_seat_mark_names_neither_class_nor_nickname(store):
    classes = Classes(store)
    code = classes.open()
    ana = classes.join(code, "Ana")
    assert code not in ana.member and "ana" not in ana.member.lower()
    assert ana.member == member_id(code, "Ana", token_hash(ana.token))
    assert classes.roster(code) == [("Ana", ana.member)]
    classes.delete(code)
    reopened = classes.open(code)  # the same code anew: its "Ana" is another pupil
    assert classes.join(reopened, "Ana").member != ana.member


def test_the_start_page_marks_the_seat_a_class_pupil_opens(sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    lobby = Lobby("de", store=sqlite_store, poll=False, classes=True)
    try:
        lobby.name.value, lobby.code.value = "Ben", code
        lobby.join_button.click()  # the class code: Ben joins the class
        session = pupil.current()
        assert session is not None and session.pupil.code == code
        lobby.players.value = 2
        lobby.open_button.click()
        assert lobby.page.room.seats[0].member == session.pupil.member
        assert codes_seen(classes, code, Rooms(sqlite_store)) == {lobby.page.room.code}
    finally:
        pupil.set_current(None)
        lobby.close_page()
