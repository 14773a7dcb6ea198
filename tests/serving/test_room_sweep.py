"""The server's sweep of expired rooms: one bounded batch per call, in a worker thread, never
overlapping; a store out of reach is only logged."""

from __future__ import annotations

import asyncio
import concurrent.futures

from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.serving.room_sweep import RoomSweeper


def run_alone(coroutine):
    """`coroutine` run to its end on a thread of its own (an earlier test in this worker may
    have left an event loop running on this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_sweeper_deletes_expired_rooms(tmp_path):
    store = SQLiteStore(tmp_path / "store.db")
    store.put("room/ACDE", {"created": 0.0, "seats": []})  # untouched since 1970
    store.append("room/ACDE/log", 1, {"type": "join", "at": 0.0})
    store.put("room/ACDF/seen/0", {"at": 0.0})  # a heartbeat left without a room
    sweeper = RoomSweeper(store.url)
    run_alone(sweeper.sweep())
    assert sweeper.deleted == 1 and store.get("room/ACDE") is None and store.length("room/ACDE/log") == 0
    assert store.keys("room/") == []
    store.close()


def test_a_store_out_of_reach_is_tried_again_later(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    sweeper = RoomSweeper(f"sqlite:///{blocked}/store.db")
    assert sweeper.sweep_now() == [] and sweeper.rooms is None
