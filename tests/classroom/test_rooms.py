"""Rooms on both store backends: codes, seats, the log as the only truth, the undo rule,
computer players, hand-over, expiry and races."""

from __future__ import annotations

import threading

import pytest

from kartenspiele.classroom.rooms.rooms import (
    CODE_LETTERS,
    HAND_OVER_SECONDS,
    LIFETIME_SECONDS,
    LetInNeededError,
    MoveRaceError,
    NameError_,
    NotAllowedError,
    RoomExpiredError,
    RoomFullError,
    RoomNotFoundError,
    Rooms,
)
from kartenspiele.core.errors import IllegalMoveError


def two_pupils(rooms, game="quanto"):
    room, _, ana = rooms.open(game, 2, ["open"], "Ana", seed=11)
    _, _, ben = rooms.join(room.code, "Ben")
    rooms.start(room, 0)
    return room, ana, ben


def test_codes_have_no_look_alike_letters_and_typing_is_forgiving(rooms):
    room, seat, token = rooms.open("quanto", 3, ["open", "greedy"], "Ana")
    assert len(room.code) == 4 and set(room.code) <= set(CODE_LETTERS) and not set("BGIOQSZ01258") & set(CODE_LETTERS)
    assert seat == 0 and token
    same, seat_again, _ = rooms.join(f" {room.code[:2].lower()}-{room.code[2:].lower()} ", "Ben")
    assert same.code == room.code and seat_again == 1


def test_the_state_is_the_replay_of_the_log(rooms, store):
    room, _, _ = two_pupils(rooms)
    for _ in range(6):
        rooms.move(room, room.state.to_move, room.state.legal_moves()[0])
    again = rooms.load(room.code)
    assert again.state == room.state and again.seq == room.seq
    assert [entry for _, entry in store.read(room.log)] == room.entries


def test_a_move_is_appended_only_if_the_engine_accepts_it(rooms):
    room, _, _ = two_pupils(rooms)
    seq = room.seq
    legal = room.state.legal_moves()[0]
    with pytest.raises(MoveRaceError):
        rooms.move(room, 1 - room.state.to_move, legal)  # not this seat's turn
    wrong = type(legal).from_json({**legal.to_json(), "kind": "capture", "card": "12", "takes": "1"})
    with pytest.raises(IllegalMoveError):
        rooms.move(room, room.state.to_move, wrong)
    assert rooms.load(room.code).seq == seq


def test_two_pages_tapping_at_once_cannot_both_move(store, clock):
    first = Rooms(store, clock)
    room, _, _ = two_pupils(first)
    pages = [first.load(room.code) for _ in range(6)]
    outcomes: list[str] = []

    def tap(page_room):
        try:
            first.move(page_room, page_room.state.to_move, page_room.state.legal_moves()[0])
            outcomes.append("moved")
        except MoveRaceError:
            outcomes.append("lost")

    threads = [threading.Thread(target=tap, args=(page,)) for page in pages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("moved") == 1 and outcomes.count("lost") == 5
    assert len(first.load(room.code).state_session.moves) == 1
    assert all(page.seq == room.seq + 1 for page in pages)  # the losers were brought up to date


def test_undo_only_by_the_mover_before_the_next_move(rooms):
    room, _, _ = two_pupils(rooms)
    start = room.state.clone()
    mover = room.state.to_move
    rooms.move(room, mover, room.state.legal_moves()[0])
    other = 1 - mover
    if room.state.to_move == mover:
        pytest.skip("the deal gives a second move")
    with pytest.raises(NotAllowedError):
        rooms.undo(room, other)
    rooms.undo(room, mover)
    assert room.state == start and rooms.load(room.code).state == start
    with pytest.raises(NotAllowedError):
        rooms.undo(room, mover)  # nothing of hers left to take back
    rooms.move(room, mover, room.state.legal_moves()[0])
    if room.state.to_move == other:
        rooms.move(room, other, room.state.legal_moves()[0])
        with pytest.raises(NotAllowedError):
            rooms.undo(room, mover)  # the next player has moved


def test_computer_players_move_the_same_on_every_page(store, clock):
    a, b = Rooms(store, clock), Rooms(store, clock)
    room, _, _ = a.open("tausch_rausch", 3, ["greedy", "random"], "Ana", seed=5)
    a.start(room, 0)
    other = b.load(room.code)
    for _ in range(10):
        if room.state.to_move == 0:
            a.move(room, 0, room.state.legal_moves()[0])
            b.refresh(other)
            continue
        clock.now += 2
        results = [a.automatic_move(room), b.automatic_move(other)]
        assert results.count(True) == 1  # one page made it, the other lost the race quietly
        a.refresh(room)
        b.refresh(other)
        assert room.state == other.state


def test_names_rejoin_and_hand_over(rooms, clock):
    room, _, ben = two_pupils(rooms)
    with pytest.raises(NameError_):
        rooms.join(room.code, "<b>x</b>" * 5)
    rooms.heartbeat(room, 1)
    with pytest.raises(LetInNeededError):
        rooms.join(room.code, "BEN")  # Ben is here: his name gives no seat, one may only ask
    with pytest.raises(RoomFullError):
        rooms.join(room.code, "Cem")
    seq = room.seq
    _, seat, same_token = rooms.join(room.code, "whatever", ben)  # the browser's token
    assert seat == 1 and same_token == ben and rooms.load(room.code).seq == seq  # nothing appended
    with pytest.raises(NotAllowedError):
        rooms.hand_over(room, 0, 1)  # Ben has not been away long enough
    clock.now += HAND_OVER_SECONDS + 1
    rooms.heartbeat(room, 0)
    with pytest.raises(NotAllowedError):
        rooms.hand_over(room, 1, 0)  # only the opener (who is here)
    rooms.hand_over(room, 0, 1)
    assert room.seats[1].is_computer and room.seats[1].name == "Ben"
    with pytest.raises(LetInNeededError):
        rooms.join(room.code, "ben")  # absent, but a name alone does not give the seat back
    _, seat, token = rooms.join(room.code, "ben", ben)  # his token does, from the computer
    assert seat == 1 and token == ben and rooms.load(room.code).seats[1].is_person
    assert rooms.load(room.code).entries[-1]["type"] == "rejoin"


def test_unknown_and_expired_codes(rooms, clock):
    with pytest.raises(RoomNotFoundError) as caught:
        rooms.join("QQQQ", "Ana")
    assert "QQQQ" in caught.value.message("de")
    room, _, _ = rooms.open("quanto", 2, ["open"], "Ana")
    clock.now += LIFETIME_SECONDS + 1
    with pytest.raises(RoomExpiredError):
        rooms.join(room.code, "Ben")


def test_bad_setups_are_refused(rooms, store):
    for args in (
        ("quanto", 1, [], "Ana"),
        ("quanto", 3, ["open"], "Ana"),
        ("chess", 2, ["open"], "Ana"),
        ("quanto", 2, ["wizard"], "Ana"),
        ("quanto", 2, ["open"], ""),
    ):
        with pytest.raises(Exception) as caught:
            rooms.open(*args)
        assert hasattr(caught.value, "message")
    assert store.keys("room/") == []


def test_a_room_whose_opener_left_before_the_start_is_not_stuck(rooms, clock):
    room, _, _ = rooms.open("quanto", 3, ["open", "open"], "Ana", seed=5)
    rooms.join(room.code, "Ben")
    rooms.heartbeat(room, 0)
    rooms.heartbeat(room, 1)
    with pytest.raises(NotAllowedError):
        rooms.start(room, 1)  # Ana is here: only she starts
    clock.now += HAND_OVER_SECONDS - 1
    rooms.heartbeat(room, 1)
    with pytest.raises(NotAllowedError):
        rooms.start(room, 1)  # not away long enough yet
    clock.now += 2
    assert rooms.leads(room, 1) and not rooms.leads(room, 2)  # seat 2 is still open
    rooms.start(room, 1)
    assert room.started and room.seats[2].is_computer
    assert rooms.load(room.code).started
