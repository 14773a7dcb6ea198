"""The lobby without a browser: a page clicking "Raum eröffnen" 140 times (the button hidden
behind its room page, the clicks sent as widget messages) opens only as many rooms as the
limit allows and gets a kind message for the rest; a page showing an expired room says so."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.rooms import open_limit
from kartenspiele.classroom.rooms.open_limit import (
    ADDRESS_ENVIRONMENT,
    ADDRESS_LIMIT,
    PAGE_LIMIT,
    PAGE_SECONDS,
)
from kartenspiele.classroom.rooms.room_codes import LIFETIME_SECONDS, is_room_key
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.room import RoomPage
from tests.clock import Clock


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "rooms.db")
    yield opened
    opened.close()


def room_count(store) -> int:
    return sum(is_room_key(key) for key in store.keys("room/"))


def flood(page: Lobby, clicks: int) -> tuple[int, int]:
    """Click the open button `clicks` times as widget messages would; (opened, refused)."""
    opened = refused = 0
    for _ in range(clicks):
        before = page.page
        page.message.value = ""
        page.open_button.click()
        if page.page is not before:
            opened += 1
        elif "viele Räume" in page.message.value:
            refused += 1
    return opened, refused


def test_a_page_opening_140_rooms_is_held_at_the_limit(store, monkeypatch):
    monkeypatch.delenv(ADDRESS_ENVIRONMENT, raising=False)
    clock = Clock()
    page = Lobby("de", store=store, poll=False)
    assert page.rooms is not None and page.rooms.limit is not None
    page.rooms.limit.clock = clock
    page.name.value = "Ana"
    opened, refused = flood(page, 140)
    assert opened == PAGE_LIMIT and refused == 140 - PAGE_LIMIT
    assert room_count(store) == PAGE_LIMIT
    assert isinstance(page.page, RoomPage)  # the last room still works
    page.page.sync()
    assert page.page.room.seats[0].name == "Ana"
    page.set_language("en")
    page.open_button.click()
    assert "You have just opened a lot of rooms. Wait a moment." in page.message.value
    clock.now += PAGE_SECONDS
    assert flood(page, 1) == (1, 0)  # a minute later it may open again
    other = Lobby("de", store=store, poll=False)  # another page is not held up
    other.name.value = "Ben"
    assert flood(other, 1) == (1, 0)
    joiner = Lobby("de", store=store, poll=False)  # joining is never limited
    joiner.code.value, joiner.name.value = page.page.room.code, "Cem"
    joiner.join_button.click()
    assert isinstance(joiner.page, RoomPage)


def test_pages_of_one_address_share_an_hourly_limit(store, monkeypatch):
    monkeypatch.setenv(ADDRESS_ENVIRONMENT, "10.0.0.9")
    opened = 0
    for _ in range(ADDRESS_LIMIT // PAGE_LIMIT + 3):  # a fresh page (reload) each time
        page = Lobby("de", store=store, poll=False)
        page.name.value = "Ana"
        opened += flood(page, PAGE_LIMIT)[0]
    assert opened == ADDRESS_LIMIT == room_count(store)
    monkeypatch.setenv(ADDRESS_ENVIRONMENT, "10.0.0.10")
    page = Lobby("de", store=store, poll=False)
    page.name.value = "Ben"
    assert flood(page, 1) == (1, 0)
    assert open_limit.counted_address("::1") == "::1" and open_limit.counted_address(" ") is None


def test_a_page_showing_an_expired_room_says_so(store, monkeypatch):
    monkeypatch.delenv(ADDRESS_ENVIRONMENT, raising=False)
    clock = Clock()
    page = Lobby("de", store=store, poll=False)
    page.name.value = "Ana"
    page.open_button.click()
    room_page = page.page
    assert isinstance(room_page, RoomPage)
    room_page.rooms.clock = clock
    clock.now = room_page.room.last_at + LIFETIME_SECONDS + 1
    assert room_page.rooms.sweep() == [room_page.room.code]
    room_page.sync()
    assert "ist abgelaufen" in room_page.note.value
