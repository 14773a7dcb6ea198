"""Rejoins and the room's log: 1,000 "Weiterspielen" (reloads) of one seat.

Before (the baseline, built in the same run): every rejoin appended an entry with a new
token, as `Rooms.join` did until the seats came back by token only; the entries are written
exactly as it wrote them. Now: the same 1,000 rejoins through `Rooms.join` with the seat's
token. Printed for each, per backend: the log's length, the median time a page takes to open
the room afterwards (`Rooms.load`: read the whole log and replay it; a 3-player Quanto room
with 30 moves played), and the mean time of one rejoin (opening the room included, as a
page rejoins).

Run: `python benchmarks/bench_rejoins.py [--rejoins 1000] [--backend sqlite|redis|both]`.
Redis needs `redis-server` (a private one is started on a free loopback port and stopped by
its PID).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time

from common import ROOT, median

from kartenspiele.classroom.rooms.rooms import Rooms, token_hash
from kartenspiele.classroom.store.opening import open_store

MOVES = 30
OPENS = 30


def played_room(rooms: Rooms) -> tuple[str, str]:
    """A 3-player Quanto room with `MOVES` moves; returns (code, Ben's token)."""
    room, _, _ = rooms.open("quanto", 3, ["open", "open"], "Ana", seed=3)
    _, _, ben = rooms.join(room.code, "Ben")
    rooms.join(room.code, "Cem")
    rooms.start(room, 0)
    for _ in range(MOVES):
        if room.over:
            break
        rooms.move(room, room.state.to_move, room.state.legal_moves()[0])
    return room.code, ben


def open_seconds(rooms: Rooms, code: str) -> float:
    """The median time of opening the room as a page does (read and replay the log)."""
    times = []
    for _ in range(OPENS):
        start = time.perf_counter()
        rooms.load(code)
        times.append(time.perf_counter() - start)
    return median(times)


def before(rooms: Rooms, rejoins: int) -> tuple[int, float, float]:
    """The old way: each rejoin loaded the room and appended {"type": "rejoin", …} with a new
    token's hash."""
    code, _ = played_room(rooms)
    start = time.perf_counter()
    for _ in range(rejoins):
        room = rooms.load(code)
        entry = {"type": "rejoin", "seat": 1, "token": token_hash(secrets.token_urlsafe(16)), "at": rooms.clock()}
        rooms.store.append(room.log, room.seq + 1, entry)
    per_rejoin = (time.perf_counter() - start) / rejoins
    return rooms.store.length(rooms.load(code).log), open_seconds(rooms, code), per_rejoin


def now(rooms: Rooms, rejoins: int) -> tuple[int, float, float]:
    """Today's way: `Rooms.join` with the seat's token, as "Weiterspielen" does."""
    code, ben = played_room(rooms)
    start = time.perf_counter()
    for _ in range(rejoins):
        rooms.join(code, "Ben", ben)
    per_rejoin = (time.perf_counter() - start) / rejoins
    return rooms.store.length(rooms.load(code).log), open_seconds(rooms, code), per_rejoin


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rejoins", type=int, default=1000)
    parser.add_argument("--backend", choices=["sqlite", "redis", "both"], default="both")
    args = parser.parse_args(argv)
    print(f"== {args.rejoins} rejoins of one seat ==")
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    urls = []
    server = None
    if args.backend in ("sqlite", "both"):
        urls.append(f"sqlite:///{tempfile.mkdtemp(prefix='kartenspiele-bench-')}/bench.db")
    if args.backend in ("redis", "both"):
        sys.path.insert(0, str(ROOT))
        from tests.redis_server import RedisServer

        server = RedisServer()
        server.start()
        urls.append(server.url(0))
    try:
        for url in urls:
            rooms = Rooms(open_store(url))
            kind = url.split(":", 1)[0]
            for label, measure in (("before", before), ("now", now)):
                length, opening, per_rejoin = measure(rooms, args.rejoins)
                print(
                    f"{kind:6} {label:6}: log {length:5d} entries, page opens the room in "
                    f"{opening * 1000:7.2f} ms (median of {OPENS}), {per_rejoin * 1000:.2f} ms per rejoin"
                )
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
