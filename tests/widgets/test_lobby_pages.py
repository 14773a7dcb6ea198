"""One lobby, many rooms: a page entering room after room (the lobby's hidden join button
clicked as widget messages would) keeps only one room page alive: the pages it left stop
polling and heartbeating and close their widgets. And the lobby's note about the store goes
once the store is back."""

from __future__ import annotations

import asyncio
import threading

import pytest
from ipywidgets.widgets.widget import _instances

from kartenspiele.classroom.rooms.open_limit import ADDRESS_ENVIRONMENT
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.widgets import lobby as lobby_module
from kartenspiele.widgets import room as room_module
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.memory import KEEP
from kartenspiele.widgets.room import RoomPage
from tests.switchable_store import Switchable

ROOMS = 12


class CountingStore(Switchable):
    """A store that remembers which rooms' heartbeats were written."""

    def __init__(self, store) -> None:
        super().__init__(store)
        self.beats: list[str] = []

    def put(self, key, value, expected=None):
        if "/seen/" in key:
            self.beats.append(key.split("/")[1])
        return self.store.put(key, value, expected)


def rooms_to_enter(store, count: int) -> list[str]:
    rooms = Rooms(store)
    return [rooms.open("quanto", 2, ["open"], f"Kind{number}")[0].code for number in range(count)]


def enter(lobby: Lobby, code: str) -> RoomPage:
    lobby.code.value, lobby.name.value = code, "Ben"
    lobby.join_button.click()
    assert isinstance(lobby.page, RoomPage), lobby.message.value
    return lobby.page


def test_only_the_last_room_page_lives(tmp_path):
    store = SQLiteStore(tmp_path / "rooms.db")
    codes = rooms_to_enter(store, ROOMS)
    lobby = Lobby("de", store=store, poll=False)
    pages = [enter(lobby, code) for code in codes[:KEEP]]
    one_page = len(_instances)  # with a full list of remembered games
    pages += [enter(lobby, code) for code in codes[KEEP:]]
    assert [page.closed for page in pages] == [True] * (ROOMS - 1) + [False]
    assert all(page.comm is None and page.header.comm is None for page in pages[:-1])
    assert len(_instances) == one_page  # every page before was closed with all its widgets
    assert lobby.memory.comm is not None and len(lobby.memory.games) == KEEP  # the lobby's own stay
    assert lobby.children == (lobby.memory, pages[-1])
    store.close()


def test_a_started_game_is_closed_with_its_table(tmp_path):
    store = SQLiteStore(tmp_path / "rooms.db")
    codes = rooms_to_enter(store, 2)
    lobby = Lobby("de", store=store, poll=False)
    page = enter(lobby, codes[0])
    rooms = Rooms(store)
    rooms.start(rooms.load(codes[0]), 0)  # the opener starts on her page
    page.sync()
    table = page.controller.table
    assert table.comm is not None and table._setup is None  # a room's table builds no new-game panel
    assert table.move_log.comm is not None and table.again_button.comm is not None
    enter(lobby, codes[1])
    assert table.comm is None and table.access.comm is None
    assert table.move_log.comm is None and table.again_button.comm is None
    store.close()


def test_pages_left_stop_polling_and_heartbeating(tmp_path, monkeypatch):
    """With the kernel's event loop running (on a thread of its own, as in a kernel)."""
    monkeypatch.setattr(room_module, "HEARTBEAT_SECONDS", 0.05)  # a heartbeat every round
    seen: dict[str, object] = {}

    async def visit() -> None:
        store = CountingStore(SQLiteStore(tmp_path / "rooms.db"))
        codes = rooms_to_enter(store.store, ROOMS)
        lobby = Lobby("de", store=store)
        for code in codes:
            enter(lobby, code)
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # the closed pages' last rounds end
        store.beats.clear()
        await asyncio.sleep(1.0)
        seen["beats"] = set(store.beats)
        seen["last"] = codes[-1]
        seen["polling"] = [
            repr(task.get_coro()) for task in asyncio.all_tasks() if "RoomPage._poll" in repr(task.get_coro())
        ]
        lobby.close_page()
        await asyncio.sleep(0.5)
        store.beats.clear()
        await asyncio.sleep(0.5)
        seen["after_close"] = list(store.beats)
        store.store.close()

    thread = threading.Thread(target=lambda: asyncio.run(visit()))
    thread.start()
    thread.join(60)
    assert seen["beats"] == {seen["last"]}, seen["beats"]
    assert len(seen["polling"]) == 1, seen["polling"]
    assert seen["after_close"] == []


def test_the_store_note_goes_when_the_store_is_back(tmp_path):
    store = Switchable(SQLiteStore(tmp_path / "rooms.db"))
    store.down = True
    lobby = Lobby("de", store=store, poll=False)
    lobby.name.value = "Ana"
    lobby.open_button.click()
    assert "nicht erreichbar" in lobby.message.value and lobby.page is None
    lobby.reach_store()  # what the lobby does every few seconds
    assert "nicht erreichbar" in lobby.message.value
    lobby.set_language("en")
    assert "reach" in lobby.message.value
    store.down = False
    lobby.reach_store()
    assert lobby.message.value == ""
    lobby.set_language("de")
    assert lobby.message.value == ""  # the language switch does not bring it back
    lobby.open_button.click()
    assert isinstance(lobby.page, RoomPage)


def test_a_store_that_could_not_be_opened_is_opened_when_it_is_back(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.write_text("a file where the data folder should be")  # a share not mounted yet, say
    monkeypatch.setenv("KARTENSPIELE_STORE", str(folder / "kartenspiele.db"))
    lobby = Lobby("de", poll=False)
    assert lobby.rooms is None and lobby.message.value
    lobby.name.value = "Ana"
    lobby.open_button.click()
    assert lobby.page is None and lobby.message.value
    folder.unlink()
    lobby.reach_store()
    assert lobby.rooms is not None and lobby.message.value == ""
    lobby.open_button.click()
    assert isinstance(lobby.page, RoomPage)


def test_a_full_store_note_goes_only_after_a_write(tmp_path):
    store = Switchable(SQLiteStore(tmp_path / "rooms.db"))
    lobby = Lobby("de", store=store, poll=False)
    store.full = True
    lobby.name.value = "Ana"
    lobby.open_button.click()
    note = lobby.message.value
    assert "voll" in note
    lobby.reach_store()  # reading works on a full disk: that says nothing
    assert lobby.message.value == note
    store.full = False
    lobby.open_button.click()
    assert isinstance(lobby.page, RoomPage) and lobby.message.value == ""


def test_a_lobby_asks_the_store_again_on_its_own(tmp_path, monkeypatch):
    monkeypatch.setattr(lobby_module, "STORE_CHECK_SECONDS", 0.05)
    store = Switchable(SQLiteStore(tmp_path / "rooms.db"))
    store.down = True
    notes: list[str] = []

    async def wait_for_the_store() -> None:
        lobby = Lobby("de", store=store)
        lobby.name.value = "Ana"
        lobby.open_button.click()
        notes.append(lobby.message.value)
        store.down = False
        for _ in range(100):
            await asyncio.sleep(0.05)
            if not lobby.message.value:
                break
        notes.append(lobby.message.value)

    thread = threading.Thread(target=lambda: asyncio.run(wait_for_the_store()))
    thread.start()
    thread.join(30)
    assert len(notes) == 2 and "nicht erreichbar" in notes[0] and notes[1] == ""


@pytest.fixture(autouse=True)
def _no_address_limit(monkeypatch):
    """Rooms opened here count per page only (no address of a served page)."""
    monkeypatch.delenv(ADDRESS_ENVIRONMENT, raising=False)
