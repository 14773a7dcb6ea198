"""The start page's one name and one code box, without a browser: a class code joins the
class, a room code the room; the name is remembered by the browser; a room folds the start
page away."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.rooms.rooms import NAME_MAX
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.memory import BrowserMemory
from kartenspiele.widgets.room import RoomPage


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "rooms.db")
    pupil.set_current(None)
    yield opened
    pupil.set_current(None)
    opened.close()


def opened_room(store) -> str:
    opener = Lobby("de", store=store, poll=False)
    opener.name.value = "Ana"
    opener.open_button.click()
    assert isinstance(opener.page, RoomPage), opener.message.value
    return opener.page.room.code


def typed(store, code: str, name: str, classes: bool = True, **options) -> Lobby:
    lobby = Lobby("de", store=store, poll=False, classes=classes, **options)
    lobby.name.value = name
    lobby.code.value = code
    lobby.join_button.click()
    return lobby


def test_a_class_code_joins_the_class_and_a_room_code_then_the_room(store):
    class_code = Classes(store).open()
    room_code = opened_room(store)
    assert len(class_code) == 5 and len(room_code) == 4
    joined = []
    lobby = typed(store, f" {class_code[:2].lower()} {class_code[2:]}", "Mia", on_class=lambda: joined.append(1))
    session = pupil.current()
    assert session is not None and (session.pupil.code, session.pupil.nickname) == (class_code, "Mia")
    assert joined == [1] and lobby.page is None and lobby.message.value == ""
    assert f"Klasse {class_code} · Mia" in lobby.class_status.value
    assert lobby.code.value == "" and lobby.memory.name == "Mia"
    lobby.code.value = room_code.lower()  # the same box, now a room's code: into the room as Mia
    lobby.join_button.click()
    assert isinstance(lobby.page, RoomPage) and lobby.page.room.seats[1].name == "Mia"
    assert lobby.memory.games[0]["code"] == room_code


def test_a_four_letter_code_is_a_room_even_if_a_class_has_it(store):
    room_code = opened_room(store)
    Classes(store).open(room_code)  # a class with a 4-letter code (given by hand)
    lobby = typed(store, room_code, "Ben")
    assert isinstance(lobby.page, RoomPage) and pupil.current() is None


def test_the_class_this_page_is_in_is_not_joined_twice(store):
    class_code = Classes(store).open()
    typed(store, class_code, "Mia")
    again = typed(store, class_code, "Mia")  # typed again: looked for as a room, nothing joined
    assert "Einen Raum" in again.message.value and again.page is None
    assert pupil.current().pupil.nickname == "Mia"


def test_without_classes_a_class_code_is_looked_for_as_a_room(store):
    class_code = Classes(store).open()
    lobby = typed(store, class_code, "Mia", classes=False)
    assert f"Einen Raum „{class_code}“ gibt es nicht" in lobby.message.value
    assert pupil.current() is None and lobby.page is None and lobby.class_status.value == ""


@pytest.mark.parametrize("name, reason", [("Mia", "Spitznamen"), ("", "Spitznamen"), ("x" * 40, "")])
def test_a_refused_class_name_changes_nothing(store, name, reason):
    class_code = Classes(store).open()
    Classes(store).join(class_code, "Mia")
    lobby = typed(store, class_code, name)
    assert "ks-say-warn" in lobby.message.value and reason in lobby.message.value
    assert pupil.current() is None and lobby.memory.name == "" and lobby.code.value == class_code


def test_the_browser_remembers_the_name_and_fills_an_empty_field(store):
    code = opened_room(store)
    memory = BrowserMemory(name="Lea")
    lobby = Lobby("de", store=store, poll=False, memory=memory)
    assert lobby.name.value == ""  # the browser has not sent what it kept yet
    memory.loaded = True
    assert lobby.name.value == "Lea"
    lobby.code.value = code
    lobby.join_button.click()
    assert lobby.page.room.seats[1].name == "Lea" and memory.name == "Lea"
    typed_first = Lobby("de", store=store, poll=False, memory=BrowserMemory(name="Lea"))
    typed_first.name.value = "Tom"
    typed_first.memory.loaded = True
    assert typed_first.name.value == "Tom"  # what the child typed stays
    huge = Lobby("de", store=store, poll=False, memory=BrowserMemory(name="Z" * 10_000, loaded=True))
    assert huge.name.value == "Z" * NAME_MAX  # a browser's huge name is cut to what a room allows


def test_a_room_folds_the_start_page_away(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENSPIELE_STORE", str(tmp_path))
    from kartenspiele.widgets import StartPage

    start = StartPage(lessons=tmp_path / "none")
    assert start.bar in start.children and start.intro in start.children
    assert "Raum-Code" in start.lobby.code_hint.value
    start.lobby.name.value = "Ana"
    start.lobby.open_button.click()
    room = start.lobby.page
    assert isinstance(room, RoomPage)
    assert start.children == (start.style, start.lobby) and "ks-in-room" in start._dom_classes
    assert room.aside.children == (start.language,)  # the language switch moves into the room's header
    assert "Zur Startseite" in room.home.value  # the way back while waiting
    start.language.value = "en"
    assert "Quanto · You play as Ana" in room.header.value and "To the start page" in room.home.value
