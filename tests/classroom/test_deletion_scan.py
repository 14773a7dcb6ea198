"""After "Klasse löschen", a scan of the whole backend — every SQLite row, every Redis key with
its value, not only the store's listing by prefix — finds neither the class's code nor what its
pupils wrote; a room a pupil of the class played in keeps only an unreadable seat mark."""

from __future__ import annotations

import sqlite3

import redis

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.rooms.rooms import OPEN, Rooms
from kartenspiele.classroom.store.sqlite_store import SQLiteStore

REASON = "Mia Muster hat gesagt, die Sieben ist zu groß."


def everything(url: str) -> list[str]:
    """Every name and value the backend holds, as text."""
    if url.startswith("sqlite:///"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            return [repr(row) for table in tables for row in db.execute(f'SELECT * FROM "{table}"')]
    client = redis.Redis.from_url(url)
    read = {
        b"string": client.get,
        b"hash": client.hgetall,
        b"list": lambda key: client.lrange(key, 0, -1),
        b"zset": lambda key: client.zrange(key, 0, -1),
        b"set": client.smembers,
    }
    return [f"{key!r} {read[client.type(key)](key)!r}" for key in client.scan_iter("*")]


def test_a_scan_of_the_backend_finds_nothing_of_a_deleted_class(store, store_url):
    classes, rooms = Classes(store), Rooms(store)
    code, other = classes.open(), classes.open()
    ana, cem = classes.join(code, "Anabel"), classes.join(other, "Cem")
    classes.record(ana, {"kind": "reason", "lesson": "subsets", "exercise": "subsets.reason.cut#1", "text": REASON})
    classes.record(cem, {"kind": "seen", "lesson": "subsets"})
    room, _, _ = rooms.open("quanto", 2, [OPEN], "Anabel", member=ana.member)
    before = everything(store_url)
    assert any(code in item for item in before) and any("Mia Muster" in item for item in before)  # the scan sees data
    classes.delete(code)
    after = everything(store_url)
    assert not [item for item in after if code in item or "Mia Muster" in item]
    assert any(other in item for item in after)  # the other class is still there
    assert rooms.load(room.code).seats[0].member == ana.member  # the mark stays, naming no class


def test_a_deleted_class_leaves_no_bytes_in_the_sqlite_file(tmp_path):
    """Not only the rows: SQLite keeps deleted rows in free pages unless told to overwrite them.
    The class's data is in the database file (written through, as on a server after a day),
    then deleted while another page's connection is open; once written through again, the file
    holds no old copy."""
    path = tmp_path / "store.sqlite3"
    store = SQLiteStore(path)
    classes = Classes(store)
    code = classes.open()
    ana = classes.join(code, "Anabel")
    for number in range(40):
        entry = {
            "kind": "reason",
            "lesson": "subsets",
            "exercise": "subsets.reason.cut#1",
            "text": f"{REASON} {number}",
        }
        classes.record(ana, entry)
    store.close()  # the last connection writes the write-ahead file through
    assert b"Mia Muster" in path.read_bytes()
    store, other_kernel = SQLiteStore(path), SQLiteStore(path)
    assert other_kernel.logs(f"class/{code}/")
    Classes(store).delete(code)
    store.close()
    other_kernel.close()
    assert [file.name for file in tmp_path.iterdir()] == ["store.sqlite3"]  # written through
    on_disk = path.read_bytes()
    assert b"Mia Muster" not in on_disk and code.encode() not in on_disk
