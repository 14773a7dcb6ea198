"""One test suite for every store backend (SQLite, Redis, and the JupyterHub store service over
Redis): documents with compare-and-set, append-only logs, notification, concurrent writers,
kills and faults."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kartenspiele.classroom.store.interface import (
    SequenceConflictError,
    StoreCorruptError,
    StoreUnavailableError,
    StoreUrlError,
    VersionConflictError,
)
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.classroom.store.opening import store_url as url_of_store
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from tests.classroom.conftest import backend_store
from tests.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "redis", "service"])
def store_url(request, tmp_path) -> str:
    """Here the store service is a backend too (the other classroom tests use the first two)."""
    if request.param == "service":
        return request.getfixturevalue("service_url")
    return backend_store(request, tmp_path)


def test_documents_round_trip_and_versions(store):
    assert store.get("room/ABCD") is None
    assert store.put("room/ABCD", {"name": "Ana <b>", "n": [1, 2]}) == 1
    assert store.put("room/ABCD", {"name": "Ben"}) == 2
    document = store.get("room/ABCD")
    assert document.value == {"name": "Ben"} and document.version == 2


def test_compare_and_set(store):
    assert store.put("k", "first", expected=0) == 1
    with pytest.raises(VersionConflictError):
        store.put("k", "again", expected=0)
    assert store.put("k", "second", expected=1) == 2
    with pytest.raises(VersionConflictError) as caught:
        store.put("k", "stale", expected=1)
    assert store.get("k").value == "second"
    assert "Version 2" in caught.value.message("de") and "version 2" in caught.value.message("en")


def test_keys_by_prefix_and_delete(store):
    for key in ("room/AB", "room/AC", "roomy", "class/7b/pupil/ana", "room/%_*["):
        store.put(key, 1)
    assert store.keys("room/") == sorted(["room/AB", "room/AC", "room/%_*["])
    assert store.keys("class/7b/") == ["class/7b/pupil/ana"]
    assert len(store.keys()) == 5
    assert store.delete("room/AB") is True
    assert store.delete("room/AB") is False
    assert store.get("room/AB") is None and "room/AB" not in store.keys("room/")


def test_log_appends_only_as_next_number(store):
    assert store.length("log/x") == 0 and store.read("log/x") == []
    store.append("log/x", 1, {"move": "a"})
    store.append("log/x", 2, {"move": "b"})
    for wrong in (2, 4, 0):
        with pytest.raises(SequenceConflictError):
            store.append("log/x", wrong, {"move": "late"})
    assert store.read("log/x") == [(1, {"move": "a"}), (2, {"move": "b"})]
    assert store.read("log/x", since=1) == [(2, {"move": "b"})]
    assert store.read("log/x", since=2) == []
    assert store.length("log/x") == 2


def test_logs_by_prefix_and_delete(store):
    store.append("room/AB/log", 1, "x")
    store.append("room/AC/log", 1, "y")
    store.append("save/1", 1, "z")
    assert store.logs("room/") == ["room/AB/log", "room/AC/log"]
    assert store.delete_log("room/AB/log") is True
    assert store.logs("room/") == ["room/AC/log"] and store.length("room/AB/log") == 0
    store.append("room/AB/log", 1, "again")
    assert store.read("room/AB/log") == [(1, "again")]


def test_values_json_cannot_hold_are_refused(store):
    with pytest.raises((TypeError, ValueError)):
        store.put("bad", {"x": object()})
    with pytest.raises((TypeError, ValueError)):
        store.append("log", 1, float("nan"))
    assert store.get("bad") is None and store.length("log") == 0


def test_wait_is_woken_by_an_append_from_elsewhere(store, store_url):
    other = open_store(store_url)
    threading.Timer(0.3, lambda: other.append("log/w", 1, "hi")).start()
    started = time.monotonic()
    assert store.wait("log/w", 0, timeout=5) == 1
    assert time.monotonic() - started < 2
    assert store.wait("log/w", 1, timeout=0.2) == 1  # nothing new: returns at the timeout
    other.close()


WRITER = """
import sys
from kartenspiele.classroom.store.interface import SequenceConflictError
from kartenspiele.classroom.store.opening import open_store
store = open_store(sys.argv[1])
name, wins = sys.argv[2], 0
while True:
    seq = store.length("room/race") + 1
    if seq > int(sys.argv[3]):
        break
    try:
        store.append("room/race", seq, {"writer": name, "seq": seq})
        wins += 1
    except SequenceConflictError:
        pass
print(wins)
"""


def test_concurrent_writer_processes_lose_nothing(store, store_url):
    total = 120
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, store_url, f"w{i}", str(total)], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        for i in range(4)
    ]
    wins = [int(writer.communicate(timeout=120)[0]) for writer in writers]
    entries = store.read("room/race")
    assert [seq for seq, _ in entries] == list(range(1, total + 1))
    assert all(entry["seq"] == seq for seq, entry in entries)
    assert sum(wins) == total  # every success is in the log, exactly once per number
    for i, count in enumerate(wins):
        assert sum(1 for _, entry in entries if entry["writer"] == f"w{i}") == count


KILLED = """
import sys
from kartenspiele.classroom.store.opening import open_store
store = open_store(sys.argv[1])
seq = 0
while True:
    seq += 1
    store.append("room/killed", seq, {"seq": seq, "pad": "x" * 200})
    store.put("room/killed/doc", {"seq": seq})
    if seq == 50:
        print("ready", flush=True)
"""


def test_reopen_after_a_writer_is_killed(store_url):
    writer = subprocess.Popen([sys.executable, "-c", KILLED, store_url], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline().strip() == "ready"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(10)
    reopened = open_store(store_url)
    entries = reopened.read("room/killed")
    assert len(entries) >= 50
    assert [seq for seq, _ in entries] == list(range(1, len(entries) + 1))
    assert reopened.get("room/killed/doc").value["seq"] in (len(entries), len(entries) - 1)
    reopened.append("room/killed", len(entries) + 1, {"after": "kill"})
    reopened.close()


def test_a_corrupt_database_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "kartenspiele.db"
    good = SQLiteStore(path)
    good.put("k", 1)
    good.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = os.urandom(4096 - 100)  # the first page: schema damaged
    path.write_bytes(bytes(data))
    with pytest.raises(StoreCorruptError) as caught:
        open_store(str(tmp_path))
    assert str(path) in caught.value.message("de") and "beschädigt" in caught.value.message("de")
    assert path.read_bytes() == bytes(data)
    garbage = tmp_path / "other.db"
    garbage.write_bytes(b"this is no database" * 100)
    with pytest.raises(StoreCorruptError):
        SQLiteStore(garbage)


def test_redis_outage_gives_a_clear_error_and_recovers():
    with RedisServer() as server:
        store = open_store(server.url(1))
        store.append("room/x", 1, "before")
        server.stop()
        with pytest.raises(StoreUnavailableError) as caught:
            store.append("room/x", 2, "during")
        assert "nicht erreichbar" in caught.value.message("de")
        with pytest.raises(StoreUnavailableError):
            store.get("room/x/doc")
        server.start()  # a fresh server without persistence: the store works again
        store.append("room/y", 1, "after")
        assert store.read("room/y") == [(1, "after")]
        store.close()


def test_urls(tmp_path):
    assert url_of_store(data=tmp_path) == f"sqlite:///{tmp_path.resolve()}/kartenspiele.db"
    assert url_of_store(store="redis://127.0.0.1:1/0") == "redis://127.0.0.1:1/0"
    opened = open_store(str(tmp_path))
    assert isinstance(opened, SQLiteStore) and opened.path == tmp_path / "kartenspiele.db"
    opened.close()
    with pytest.raises(StoreUrlError):
        open_store("ftp://example/x")
    with pytest.raises(StoreUnavailableError):
        open_store("redis://127.0.0.1:1/0").ping()
    service = open_store("service+http://127.0.0.1:1/services/kartenspiele-store/")
    with pytest.raises(StoreUnavailableError):
        service.ping()
