"""Seats come back by their token only, on both store backends: a name typed while the seat's
page is silent moves nothing; a pupil without the token asks and the opener lets them in
(the old token stops working); a let-in from any other page is refused; racing let-ins
append one entry; 1,000 "Weiterspielen" append nothing."""

from __future__ import annotations

import threading

import pytest

from kartenspiele.classroom.rooms.let_in import REQUEST_SECONDS, LetInNeededError
from kartenspiele.classroom.rooms.rooms import (
    ABSENT_SECONDS,
    HAND_OVER_SECONDS,
    MoveRaceError,
    NotAllowedError,
    Rooms,
)


def three_pupils(rooms, clock):
    """Ana opened, Ben and Cem joined, the game started, everybody's page beat once."""
    room, _, ana = rooms.open("quanto", 3, ["open", "open"], "Ana", seed=7)
    _, _, ben = rooms.join(room.code, "Ben")
    _, _, cem = rooms.join(room.code, "Cem")
    rooms.start(room, 0)
    for seat in range(3):
        rooms.heartbeat(room, seat)
    return room, ana, ben, cem


def log_of(store, room) -> list:
    return [entry for _, entry in store.read(room.log)]


def test_a_name_does_not_take_a_seat_silent_or_not(rooms, store, clock):
    room, ana, ben, _ = three_pupils(rooms, clock)
    clock.now += ABSENT_SECONDS * 4  # Ben's tablet sleeps; Ana's and Cem's pages go on
    rooms.heartbeat(room, 0)
    rooms.heartbeat(room, 2)
    before = log_of(store, room)
    for typed in ("Ben", "BEN", " ben ", "\u0412en"):  # also a Cyrillic look-alike of the B
        with pytest.raises(LetInNeededError) as caught:
            rooms.join(room.code, typed)
        assert caught.value.seat == 1 and "Ben" in caught.value.message("de")
    for forged in ("", "x" * 22, ana[:-1] + ("B" if ana.endswith("A") else "A")):  # made-up tokens find no seat
        with pytest.raises(LetInNeededError):
            rooms.join(room.code, "Ben", forged or None)
    assert log_of(store, room) == before  # nothing was appended
    again = rooms.load(room.code)
    assert Rooms.seat_by_token(again, ben) == 1  # Ben's token still holds his seat
    _, seat, token = rooms.join(room.code, "Ben", ben)
    assert seat == 1 and token == ben and log_of(store, room) == before
    with pytest.raises(LetInNeededError):  # nor while his page is open
        rooms.join(room.code, "Ben")
    assert log_of(store, room) == before


def test_the_opener_lets_the_asking_page_in_and_the_old_token_stops(rooms, store, clock):
    room, ana, ben, cem = three_pupils(rooms, clock)
    clock.now += ABSENT_SECONDS + 1
    rooms.heartbeat(room, 0)
    rooms.heartbeat(room, 2)
    with pytest.raises(LetInNeededError) as caught:
        rooms.join(room.code, "Ben")  # Ben on another tablet
    request = rooms.ask(caught.value.room, caught.value.seat)
    assert request.token != ben and not rooms.admitted(room, request)
    assert rooms.pending(room, 0) == [(1, request.hashed)]
    assert rooms.pending(room, 2) == []  # Cem does not lead: his page shows nothing
    seq = room.seq
    with pytest.raises(NotAllowedError):
        rooms.let_in(room, 2, 1, request.hashed)  # a forged click on Cem's page
    with pytest.raises(NotAllowedError):
        rooms.let_in(room, 0, 1, "0" * 64)  # a request nobody made
    with pytest.raises(NotAllowedError):
        rooms.let_in(room, 0, 0, request.hashed)  # not her own seat
    assert rooms.load(room.code).seq == seq
    rooms.let_in(room, 0, 1, request.hashed)
    assert rooms.admitted(rooms.load(room.code), request)
    replayed = rooms.load(room.code)
    assert replayed.seq == seq + 1 and replayed.entries[-1] == {
        "type": "rejoin",
        "seat": 1,
        "token": request.hashed,
        "by": 0,
        "at": clock.now,
    }
    assert rooms.pending(room, 0) == []  # the request is answered
    assert Rooms.seat_by_token(replayed, ben) is None  # the old token holds nothing
    with pytest.raises(LetInNeededError):  # and does not come back: it has to ask too
        rooms.join(room.code, "Ben", ben)
    _, seat, token = rooms.join(room.code, "Ben", request.token)
    assert seat == 1 and token == request.token
    rooms.let_in(room, 0, 1, request.hashed)  # a second tap changes nothing
    assert rooms.load(room.code).seq == seq + 1


def test_a_request_not_renewed_goes_and_a_newer_one_replaces_it(rooms, store, clock):
    room, _, _, _ = three_pupils(rooms, clock)
    clock.now += ABSENT_SECONDS + 1
    first = rooms.ask(room, 1)
    second = rooms.ask(room, 1)  # another page asks for the same seat
    assert rooms.pending(room, 0) == [(1, second.hashed)]
    with pytest.raises(NotAllowedError):
        rooms.let_in(room, 0, 1, first.hashed)  # the opener's page showed the older request
    clock.now += REQUEST_SECONDS / 2
    rooms.ask(room, 1, second.token)  # the waiting page renews it
    clock.now += REQUEST_SECONDS / 2 + 1
    assert rooms.pending(room, 0) == [(1, second.hashed)]
    clock.now += REQUEST_SECONDS
    assert rooms.pending(room, 0) == []  # the waiting page was closed
    with pytest.raises(NotAllowedError) as caught:
        rooms.let_in(room, 0, 1, second.hashed)
    assert "Ben" in caught.value.message("de")


def test_the_opener_comes_back_through_a_stand_in(rooms, clock):
    room, _, _, _ = three_pupils(rooms, clock)
    clock.now += HAND_OVER_SECONDS + 1  # Ana's tablet is gone
    rooms.heartbeat(room, 1)
    rooms.heartbeat(room, 2)
    with pytest.raises(LetInNeededError):
        rooms.join(room.code, "Ana")
    request = rooms.ask(room, 0)
    assert rooms.pending(room, 1) == [(0, request.hashed)]  # Ben stands in for her
    rooms.let_in(room, 1, 0, request.hashed)
    assert rooms.admitted(room, request) and not rooms.leads(room, 1)  # Ana is back and leads


def test_let_ins_racing_append_one_entry(store, clock):
    rooms = Rooms(store, clock)
    room, _, _, _ = three_pupils(rooms, clock)
    clock.now += ABSENT_SECONDS + 1
    request = rooms.ask(room, 2)
    pages = [Rooms(store, clock).load(room.code) for _ in range(6)]  # six pages of the opener
    outcomes: list[str] = []

    def tap(page_room):
        try:
            rooms.let_in(page_room, 0, 2, request.hashed)
            outcomes.append("in")
        except (MoveRaceError, NotAllowedError):
            outcomes.append("refused")

    threads = [threading.Thread(target=tap, args=(page,)) for page in pages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    replayed = rooms.load(room.code)
    assert [entry["type"] for entry in replayed.entries].count("rejoin") == 1
    assert outcomes.count("in") >= 1 and rooms.admitted(replayed, request)


def test_a_thousand_reloads_append_nothing(rooms, store, clock):
    room, _, ben, _ = three_pupils(rooms, clock)
    length = store.length(room.log)
    for _ in range(1000):
        clock.now += 1
        assert rooms.join(room.code, "Ben", ben)[1:] == (1, ben)
    assert store.length(room.log) == length
    clock.now += HAND_OVER_SECONDS + 1
    rooms.heartbeat(room, 0)
    rooms.hand_over(room, 0, 1)  # a computer plays for Ben; his next reload takes the seat back
    for _ in range(1000):
        rooms.join(room.code, "Ben", ben)
    assert store.length(room.log) == length + 2  # the hand-over and one rejoin
    assert rooms.load(room.code).seats[1].is_person
