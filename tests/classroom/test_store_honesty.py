"""The store tells the truth: a full disk is "full", not "out of reach"; its note goes when the
store works again; a lost database file is refused at `serve` start; backup and restore."""

from __future__ import annotations

import sqlite3
import threading

import pytest
import redis

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.backup import NotAStoreError, StoreInUseError, backup, restore
from kartenspiele.classroom.store.data_folder import MARKER, StoreMissingError, prepare_store, serving
from kartenspiele.classroom.store.interface import DATABASE_NAME, StoreFullError, StoreUnavailableError
from kartenspiele.classroom.store.opening import open_store, store_url
from kartenspiele.classroom.store.redis_store import refuses_writes
from kartenspiele.classroom.store.sqlite_store import SCHEMA, SQLiteStore
from kartenspiele.cli import main as cli
from kartenspiele.widgets import QuantoTable
from kartenspiele.widgets.room import RoomPage
from kartenspiele.widgets.saving import saved
from tests.switchable_store import Switchable
from tests.widgets.helpers import press_quanto_move

WRITES = ("INSERT", "UPDATE", "DELETE")


class FullDisk:
    """A connection whose writes fail as SQLite's do on a full disk."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def execute(self, sql: str, params: tuple = ()):
        if sql.lstrip().upper().startswith(WRITES):
            raise sqlite3.OperationalError("database or disk is full")
        return self.connection.execute(sql, params)

    def close(self) -> None:
        self.connection.close()


def test_a_full_disk_is_reported_as_full_and_changes_nothing(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "store.db")
    store.put("room/ABCD", {"a": 1})
    store.append("room/ABCD/log", 1, {"move": 1})
    monkeypatch.setattr(store, "_db", FullDisk(store._db))
    with pytest.raises(StoreFullError) as caught:
        store.put("room/ABCD", {"a": 2})
    with pytest.raises(StoreFullError):
        store.append("room/ABCD/log", 2, {"move": 2})
    assert not isinstance(caught.value, StoreUnavailableError)
    german, english = caught.value.message("de"), caught.value.message("en")
    assert "voll" in german and "nicht gespeichert" in german and "nicht erreichbar" not in german
    assert "full" in english and "not saved" in english
    assert store.get("room/ABCD").value == {"a": 1} and store.get("room/ABCD").version == 1  # reading goes on
    monkeypatch.undo()
    assert store.read("room/ABCD/log") == [(1, {"move": 1})]
    store.put("room/ABCD", {"a": 2})  # room again: writing works
    store.close()


def test_sqlite_s_own_full_error_is_full(tmp_path):
    store = SQLiteStore(tmp_path / "store.db")
    store.put("a", "small")
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # a database that cannot grow: SQLITE_FULL
    with pytest.raises(StoreFullError):
        store.put("b", "x" * 100_000)
    assert store.keys() == ["a"]
    store.close()


def test_redis_out_of_memory_and_misconf_are_full():
    assert refuses_writes(redis.exceptions.OutOfMemoryError("OOM command not allowed when used memory > 'maxmemory'."))
    assert refuses_writes(redis.exceptions.ResponseError("MISCONF Redis is configured to save RDB snapshots"))
    assert not refuses_writes(redis.exceptions.ConnectionError("Connection refused"))


def test_the_room_page_shows_the_note_and_takes_it_away_when_the_store_is_back(tmp_path):
    store = SQLiteStore(tmp_path / "rooms.db")
    switch = Switchable(store)
    rooms = Rooms(store)
    room, _, _ = rooms.open("quanto", 2, ["open"], "Ana", seed=3)
    rooms.join(room.code, "Ben")
    page = RoomPage(Rooms(switch), Rooms(store).load(room.code), 0, "de", poll=False)
    switch.full = True
    page.start()
    assert "voll" in page.note.value and page.controller is None
    page.sync()  # reading works on a full disk: the note stays until a write works
    assert "voll" in page.note.value
    switch.full = False
    page._last_heartbeat = 0  # the next round writes its heartbeat
    page.sync()
    assert page.note.value == ""
    page.start()
    table = page.controller.table
    if table.state.to_move != 0:
        other = Rooms(store)
        ben_room = other.load(room.code)
        other.move(ben_room, 1, ben_room.state.legal_moves()[0])
        page.sync()
    assert table.state.to_move == 0
    switch.down = True
    page._last_heartbeat = 0
    page.sync()
    assert "nicht erreichbar" in page.note.value
    switch.down, switch.full = False, True
    page.sync()
    assert page.note.value == ""  # reachable again (the full store shows when a write fails)
    moves = len(table.session.moves)
    press_quanto_move(table, table.state.legal_moves()[0])
    assert len(table.session.moves) == moves and "voll" in table.message.value
    page.sync()
    assert "voll" in table.message.value  # no write yet
    switch.full = False
    page._last_heartbeat = 0
    page.sync()
    assert "voll" not in table.message.value and page.note.value == ""
    table.clear_selection()
    press_quanto_move(table, table.state.legal_moves()[0])
    assert len(table.session.moves) == moves + 1
    assert Rooms(store).load(room.code).state == table.state
    page.close()
    store.close()


def test_a_saved_game_says_when_it_cannot_be_saved_and_stops_saying_it(tmp_path):
    store = SQLiteStore(tmp_path / "saves.db")
    switch = Switchable(store)
    table = QuantoTable(players=2, seats=["person", "greedy"], seed=4, speed="instant", start=True)
    box = saved(table, switch)
    switch.full = True
    press_quanto_move(table, table.state.legal_moves()[0])
    assert "voll" in table.message.value and "voll" in box.recorder.error
    switch.full = False
    press_quanto_move(table, table.state.legal_moves()[0])
    assert box.recorder.error == "" and "voll" not in table.message.value
    code = box.children[0].games[0]["code"]  # the newest: saved afresh when the store was back
    assert Rooms(store).load(code).state == table.state
    store.close()


def test_a_lost_database_in_a_used_folder_is_refused_and_new_store_starts_afresh(tmp_path, capsys):
    folder = tmp_path / "data"
    url = store_url(folder)
    assert prepare_store(url) == folder.resolve() / DATABASE_NAME  # first start: a new store
    assert (folder / MARKER).is_file()
    assert prepare_store(url) is None  # the store is there
    (folder / DATABASE_NAME).unlink()
    with pytest.raises(StoreMissingError) as caught:
        prepare_store(url)
    assert "fehlt" in caught.value.message("de") and "--new-store" in caught.value.message("de")
    assert "missing" in caught.value.message("en") and not (folder / DATABASE_NAME).exists()
    (folder / DATABASE_NAME).write_bytes(b"")  # empty is as lost as missing
    assert cli(["serve", "--data", str(folder), "--lang", "en"]) == 2
    assert "missing or empty" in capsys.readouterr().err
    assert (folder / DATABASE_NAME).stat().st_size == 0
    assert prepare_store(url, new_store=True) is not None
    open_store(url).close()
    assert prepare_store(url) is None


def test_an_older_store_without_the_marker_gets_one(tmp_path):
    SQLiteStore(tmp_path / DATABASE_NAME).close()
    assert prepare_store(store_url(tmp_path)) is None and (tmp_path / MARKER).is_file()


def fill(store) -> tuple[str, str]:
    rooms = Rooms(store)
    room, _, _ = rooms.open("quanto", 2, ["greedy"], "Ana", seed=5)
    rooms.start(room, 0)
    return room.code, Classes(store).open("7b")


def test_backup_while_writing_then_restore_round_trips(tmp_path):
    url = store_url(tmp_path / "data")
    prepare_store(url)
    store = open_store(url)
    code, klass = fill(store)
    writing = threading.Event()
    done = threading.Event()

    def writer() -> None:
        other = open_store(url)
        number = 0
        while not done.is_set():
            number += 1
            other.append("noise", number, number)
            writing.set()
        other.close()

    thread = threading.Thread(target=writer)
    thread.start()
    writing.wait(5)
    try:
        copy = backup(url, tmp_path / "backup.db")
    finally:
        done.set()
        thread.join()
    copied = open_store(str(copy))
    saved_room = Rooms(copied).load(code)
    copied.close()
    # the day goes on and something goes wrong: the class is deleted, a room changes
    store.delete(f"class/{klass}")
    Rooms(store).move(Rooms(store).load(code), 0, Rooms(store).load(code).state.legal_moves()[0])
    store.close()
    with serving(url):
        with pytest.raises(StoreInUseError):
            restore(url, copy)
    path, kept = restore(url, copy)
    back = open_store(url)
    assert Rooms(back).load(code).state == saved_room.state
    assert Classes(back).codes() == [klass]
    assert kept is not None and kept.name.startswith(f"{DATABASE_NAME}.before-restore")
    before = open_store(str(kept))
    assert Classes(before).codes() == []  # what was replaced is kept
    before.close()
    back.close()


def filled_store(tmp_path) -> tuple[str, str, str, bytes]:
    """A data folder's store with a room and a class: (its URL, the room, the class, its bytes)."""
    url = store_url(tmp_path / "data")
    prepare_store(url)
    store = open_store(url)
    code, klass = fill(store)
    store.close()
    return url, code, klass, (tmp_path / "data" / DATABASE_NAME).read_bytes()


def test_restoring_a_file_that_is_no_store_is_refused_and_changes_nothing(tmp_path, capsys):
    url, code, _, before = filled_store(tmp_path)
    database = tmp_path / "data" / DATABASE_NAME
    text_file = tmp_path / "notes.db"
    text_file.write_text("this is no database " * 300)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE pupils (name TEXT)")
    for wrong in (text_file, other, tmp_path / "missing.db"):
        with pytest.raises(NotAStoreError):
            restore(url, wrong)
    assert cli(["restore", str(other), "--data", str(tmp_path / "data"), "--lang", "en"]) == 2
    assert "not a Kartenspiele store" in capsys.readouterr().err
    assert database.read_bytes() == before
    assert not list(database.parent.glob("*before-restore*"))
    store = open_store(url)
    assert Rooms(store).load(code).code == code
    store.close()
    assert cli(["backup", str(tmp_path / "b.db"), "--store", "redis://127.0.0.1:1/0"]) == 2
    assert "BGSAVE" in capsys.readouterr().err


TAMPERINGS = {
    "trigger": "CREATE TRIGGER wipe AFTER INSERT ON log_entries BEGIN DELETE FROM documents; END",
    "view": "CREATE VIEW everything AS SELECT * FROM documents",
    "virtual table": "CREATE VIRTUAL TABLE notes USING fts5(text)",
    "table": "CREATE TABLE extra (x)",
    "index": "CREATE INDEX by_value ON documents (value)",
}


@pytest.mark.parametrize("kind", TAMPERINGS)
def test_restore_takes_only_a_store_and_a_refused_file_changes_nothing(tmp_path, kind, capsys):
    url, code, klass, before = filled_store(tmp_path)
    database = tmp_path / "data" / DATABASE_NAME
    tampered = backup(url, tmp_path / "backup.db")  # a real backup ...
    with sqlite3.connect(tampered) as connection:  # ... with something added
        connection.execute(TAMPERINGS[kind])
    with pytest.raises(NotAStoreError) as refused:
        restore(url, tampered)
    assert kind.split()[-1] in refused.value.message("en")
    assert cli(["restore", str(tampered), "--data", str(tmp_path / "data"), "--lang", "en"]) == 2
    assert "holds more than a Kartenspiele store" in capsys.readouterr().err
    assert database.read_bytes() == before
    assert sorted(path.name for path in database.parent.iterdir()) == sorted([DATABASE_NAME, "kartenspiele-store.json"])
    store = open_store(url)
    assert Rooms(store).load(code).code == code and Classes(store).codes() == [klass]
    store.append("log/after", 1, {"still": "here"})  # a trigger would have wiped the documents now
    assert Classes(store).codes() == [klass]
    store.close()


def test_restore_refuses_a_damaged_store(tmp_path, capsys):
    url = store_url(tmp_path / "data")
    prepare_store(url)
    damaged = tmp_path / "damaged.db"
    with sqlite3.connect(damaged) as connection:
        connection.executescript(SCHEMA)
        connection.executemany(
            "INSERT INTO documents VALUES (?, ?, 1)", [(f"key/{n:05}", "x" * 50) for n in range(500)]
        )
    data = damaged.read_bytes()
    assert data.count(b"key/00100") == 2  # in the table and in its key's index
    damaged.write_bytes(data.replace(b"key/00100", b"key/zzzzz", 1))  # now they disagree
    before = (tmp_path / "data" / DATABASE_NAME).read_bytes()
    with pytest.raises(NotAStoreError):
        restore(url, damaged)
    assert cli(["restore", str(damaged), "--data", str(tmp_path / "data"), "--lang", "en"]) == 2
    assert "is damaged" in capsys.readouterr().err
    assert (tmp_path / "data" / DATABASE_NAME).read_bytes() == before
