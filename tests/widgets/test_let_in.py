"""Coming back to a seat through the pages, without a browser: a classmate who types the
code and a silent pupil's name waits for the opener; the opener's page shows the request
with one button; a forged let-in from another page does nothing; let in, the old page of
the seat says so and its moves are refused in the kernel. The teacher's dashboard lets a
pupil of the class in (a pupil's kernel cannot). Wrong codes typed into the lobby meet the
limit with a kind message."""

from __future__ import annotations

import time

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.rooms.code_limit import PAGE_LIMIT
from kartenspiele.classroom.rooms.rooms import ABSENT_SECONDS, NotAllowedError, Rooms
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.widgets.asking import AskingPage
from kartenspiele.widgets.dashboard import Dashboard
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.room import RoomPage
from tests.clock import Clock
from tests.widgets.test_rooms import html_values


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "rooms.db")
    yield opened
    opened.close()


def lobby(store, clock, lang="de") -> Lobby:
    page = Lobby(lang, store=store, poll=False)
    page.rooms.clock = clock
    return page


def join(store, clock, code, name, lang="de") -> Lobby:
    page = lobby(store, clock, lang)
    page.code.value, page.name.value = code, name
    page.join_button.click()
    return page


def beat(*pages: RoomPage) -> None:
    """A heartbeat round on each page (what its kernel does every few seconds)."""
    for page in pages:
        page._last_heartbeat = 0.0
        page.sync()


def test_asking_to_come_back_and_the_one_tap_let_in(store):
    clock = Clock(time.time())
    ana = lobby(store, clock)
    ana.players.value = 3
    ana.name.value = "Ana"
    ana.open_button.click()
    code = ana.page.room.code
    ben, cem = join(store, clock, code, "Ben"), join(store, clock, code, "Cem")
    ana.page.start()
    beat(ana.page, ben.page, cem.page)
    clock.now += ABSENT_SECONDS * 4  # Ben's tablet sleeps
    beat(ana.page, cem.page)
    seq = Rooms(store).load(code).seq
    # someone types the code and Ben's name: they wait, nothing moves
    eve = join(store, clock, code, "ben", lang="en")
    assert eve.page is None and isinstance(eve.asking, AskingPage)
    assert "Ask Ana whether you may play again" in eve.asking.note.value
    assert Rooms(store).load(code).seq == seq and ben.page.controller.holds_seat()
    # the opener's page shows the request; Cem's does not
    beat(ana.page, cem.page)
    buttons = ana.page.let_in_box.children
    assert len(buttons) == 1 and "Ben will wieder mitspielen." in html_values(ana.page.let_in_box)
    assert buttons[0].children[1].description == "Einlassen"
    assert cem.page.let_in_box.children == ()
    # a forged click: Cem's page sends the opener's let-in for the request it cannot see
    hashed = ana.page._requests[0][1]
    cem.page.let_in(1, hashed)
    assert "Das darf nur, wer den Raum eröffnet hat" in cem.page.note.value
    assert Rooms(store).load(code).seq == seq
    eve.asking.sync()
    assert eve.page is None  # still waiting
    # one tap on Ana's page: the seat is the waiting page's
    buttons[0].children[1].click()
    assert "Ben ist wieder dabei." in ana.page.note.value and ana.page.let_in_box.children == ()
    assert eve.asking.sync() is True
    assert isinstance(eve.page, RoomPage) and eve.page.seat == 1 and eve.asking is None
    new_token = eve.memory.token(code)
    assert new_token and Rooms.seat_by_token(Rooms(store).load(code), new_token) == 1
    # Ben's old page wakes up: it says so, and its moves are refused in the kernel
    table = ben.page.controller.table
    ben.page.sync()
    assert "Ben spielt jetzt auf einem anderen Gerät weiter" in ben.page.note.value
    assert ben.page.controller.table not in ben.page.children
    before = Rooms(store).load(code).seq
    refusal = ben.page.controller.submit(table.state.legal_moves()[0])  # a click sent to the old table
    assert refusal and "anderen Gerät" in refusal
    ben.page.controller.undo()
    assert "anderen Gerät" in table.message_html
    assert Rooms(store).load(code).seq == before
    # the old browser's "Weiterspielen" now asks too (its token holds nothing)
    clock.now += ABSENT_SECONDS * 4
    again = lobby(store, clock)
    again.memory.games = list(ben.memory.games)
    again.resume_box.children[0].click()
    assert again.page is None and again.asking is not None
    again.asking.back.click()
    assert again.asking is None and again.entry in again.children and again.open_box in again.children


def test_wrong_codes_in_the_lobby_meet_the_limit(store, monkeypatch):
    monkeypatch.delenv("HTTP_X_KARTENSPIELE_CLIENT", raising=False)
    clock = Clock(time.time())
    page = lobby(store, clock)
    page.rooms.guesses.clock = clock
    page.name.value = "Eve"
    said = []
    for code in ("AAAA", "AAAC", "AAAD", "AAAE", "AAAF", "AAAH", "AAAJ"):
        page.code.value = code
        page.join_button.click()  # a click sent as a widget message, as a script would
        said.append(page.message.value)
    assert all("gibt es nicht" in message for message in said[:PAGE_LIMIT])
    assert all("viele falsche Codes" in message and "Sekunden" in message for message in said[PAGE_LIMIT:])
    assert page.page is None


def test_the_teacher_lets_a_pupil_of_the_class_in_from_the_dashboard(store, monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("KARTENSPIELE_TEACHER_CODE", "lehrer123")
    monkeypatch.setenv("QUERY_STRING", "")  # pupils' pages
    clock = Clock(time.time())
    classes = Classes(store)
    class_code = classes.open()
    ana = lobby(store, clock)
    ana.players.value = 2
    ana.name.value = "Ana"
    ana.open_button.click()
    code = ana.page.room.code
    try:
        pupil.join(class_code, "Ben", classes)  # Ben sits down as the class's pupil
        ben = join(store, clock, code, "Ben")
    finally:
        pupil.set_current(None)
    ana.page.start()
    tablet = join(store, clock, code, "Ben")  # Ben's second tablet, outside the class
    assert "Frag Ana oder deine Lehrkraft" in tablet.asking.note.value
    hashed = tablet.asking.request.hashed
    seq = Rooms(store).load(code).seq
    with pytest.raises(NotAllowedError):  # a pupil's kernel calling the teacher's let-in
        Rooms(store).let_in(Rooms(store).load(code), None, 1, hashed)
    assert Rooms(store).load(code).seq == seq
    monkeypatch.setenv("QUERY_STRING", "lehrkraft=lehrer123")  # the teacher's page
    dashboard = Dashboard(store, live=False)
    rows = dashboard.let_in_box.children
    assert len(rows) == 1 and f"Raum {code}: Ben will wieder mitspielen." in rows[0].children[0].value
    rows[0].children[1].click()
    assert "Ben ist wieder dabei." in dashboard.status.value and dashboard.let_in_box.children == ()
    assert tablet.asking.sync() and tablet.page.seat == 1
    ben.page.sync()
    assert "anderen Gerät" in ben.page.note.value
