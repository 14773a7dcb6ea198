"""Rooms and the store: how fast a move reaches the other pages, and store throughput.

1. Store throughput, for SQLite and Redis: appends/s of move entries (each checked to be
   the next number) against a baseline of plain inserts into the same backend without the
   check (SQLite INSERT / Redis RPUSH), and replays/s of a finished 3-player Quanto room
   (`Rooms.load`: read the log, replay it through the engine) against replaying the same
   moves on the engine alone.
2. Move → visible: `--rooms` rooms of `--players` pupils play at once, each pupil's page
   in its own process (as each Voilà page has its own kernel), every page keeping up as the
   room page does (`RoomPage.wait` — Redis pub/sub, or a check every `POLL_SECONDS` for
   SQLite — then `RoomPage.sync`). A pupil moves through the
   table after a short think; the time from the mover's append to the moment another
   page's table has drawn the move is recorded. The browser's last leg (websocket and
   rendering) is not included. Printed: median and 95th percentile over all moves seen.

Run: `python benchmarks/bench_rooms.py [--rooms 10] [--players 3] [--moves 24]
[--backend sqlite|redis|both] [--appends 3000]`. Redis needs `redis-server` (a private one is
started on a free loopback port and stopped by its PID).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, median, percentile

from kartenspiele.bots import make_bot
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.interface import Store
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.core.session import Session

ENTRY = {
    "type": "move",
    "seat": 1,
    "move": {"kind": "capture", "card": "7", "takes": "3 4"},
    "decision": True,
    "at": 0.0,
}


# -- throughput ---------------------------------------------------------------------------------
def baseline_appends(store: Store, count: int) -> float:
    """Plain inserts without the next-number check, in the same backend (entries per second)."""
    text = json.dumps(ENTRY)
    start = time.perf_counter()
    if hasattr(store, "_db"):
        for seq in range(1, count + 1):
            store._run("INSERT INTO log_entries (log, seq, entry) VALUES (?, ?, ?)", ("bench/plain", seq, text))
    else:
        client = store._client
        for _ in range(count):
            client.rpush(store.namespace + "plain", text)
    return count / (time.perf_counter() - start)


def checked_appends(store: Store, count: int) -> float:
    start = time.perf_counter()
    for seq in range(1, count + 1):
        store.append("bench/checked", seq, ENTRY)
    return count / (time.perf_counter() - start)


def finished_room(rooms: Rooms) -> str:
    """A 3-player Quanto room played to the end (the opener's moves chosen by a computer
    player too); returns its code."""
    room, _, _ = rooms.open("quanto", 3, ["greedy", "greedy"], "Ana", seed=7)
    rooms.start(room, 0)
    bot, rng = make_bot("quanto", "greedy"), random.Random(1)
    while not room.over:
        if room.state.to_move == 0:
            rooms.move(room, 0, bot.choose(room.state.view(0), rng))
        else:
            rooms.automatic_move(room, delay=0)
    return room.code


def replays(rooms: Rooms, code: str, seconds: float) -> tuple[float, float, int]:
    """(room replays per second, engine-only replays per second, moves per game)."""
    room = rooms.load(code)
    moves = list(room.state_session.moves)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        rooms.load(code)
        count += 1
    with_store = count / (time.perf_counter() - start)
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        session = Session(room.initial_state())
        for move in moves:
            session.apply(move)
        count += 1
    return with_store, count / (time.perf_counter() - start), len(moves)


def throughput(url: str, appends: int) -> None:
    store = open_store(url)
    base = baseline_appends(store, appends)
    checked = checked_appends(store, appends)
    rooms = Rooms(store)
    code = finished_room(rooms)
    replay, engine, moves = replays(rooms, code, 3.0)
    kind = url.split(":")[0]
    print(f"{kind:6} appends/s: {checked:8.0f} (plain inserts {base:8.0f}, ratio {checked / base:.2f})")
    print(
        f"{kind:6} replays/s of a {moves}-move Quanto room: {replay:6.1f} "
        f"(engine alone {engine:6.1f}, ratio {replay / engine:.2f})"
    )
    store.close()


# -- move → visible -----------------------------------------------------------------------------
def worker(url: str, code: str, seat: int, token: str, moves: int, out: str) -> None:
    """One pupil's page: the periodic check, and a move after a short think when it is their turn."""
    from kartenspiele.widgets.room import RoomPage

    rooms = Rooms(open_store(url))
    room, seat, _ = rooms.join(code, f"P{seat}", token)
    page = RoomPage(rooms, room, seat, "de", poll=False)
    rng = random.Random(seat)
    latencies: list[float] = []
    turn_since: float | None = None
    end = time.monotonic() + 600
    while time.monotonic() < end:
        controller = page.controller
        before = controller.shown if controller else 0
        page.sync()
        now = time.time()
        controller = page.controller
        if controller is None:
            page.wait()
            continue
        for entry in room.entries[before : controller.shown]:
            if entry["type"] == "move" and entry["seat"] != seat and before > 0:
                latencies.append(now - entry["at"])
        played = sum(entry["type"] == "move" for entry in room.entries)
        if room.over or played >= moves:
            break
        table = controller.table
        if table.person_acts():
            turn_since = turn_since or time.monotonic()
            if time.monotonic() - turn_since > rng.uniform(0.3, 0.8):
                table.play(rng.choice(table.state.legal_moves()))
                turn_since = None
                continue
        page.wait()
    Path(out).write_text(json.dumps(latencies))


def latency(url: str, room_count: int, players: int, moves: int) -> None:
    rooms = Rooms(open_store(url))
    folder = Path(tempfile.mkdtemp(prefix="kartenspiele-bench-"))
    processes = []
    for number in range(room_count):
        room, _, token0 = rooms.open("quanto", players, ["open"] * (players - 1), "P0", seed=number)
        tokens = [token0] + [rooms.join(room.code, f"P{seat}")[2] for seat in range(1, players)]
        rooms.start(room, 0)
        for seat, token in enumerate(tokens):
            out = folder / f"{room.code}-{seat}.json"
            processes.append(
                (
                    out,
                    subprocess.Popen(
                        [sys.executable, __file__, "--worker", url, room.code, str(seat), token, str(moves), str(out)],
                        cwd=ROOT,
                    ),
                )
            )
    for _, process in processes:
        process.wait(900)
    values = []
    for out, _ in processes:
        if out.exists():
            values += json.loads(out.read_text())
    kind = url.split(":")[0]
    if not values:
        print(f"{kind:6} move → visible: no moves seen")
        return
    print(
        f"{kind:6} move → visible, {room_count} rooms × {players} pages ({len(processes)} processes), "
        f"{len(values)} sightings: median {median(values) * 1000:.0f} ms, "
        f"p95 {percentile(values, 0.95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--moves", type=int, default=24, help="moves per room before the pages stop")
    parser.add_argument("--appends", type=int, default=3000)
    parser.add_argument("--backend", choices=["sqlite", "redis", "both"], default="both")
    parser.add_argument("--worker", nargs=6, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        url, code, seat, token, moves, out = args.worker
        worker(url, code, int(seat), token, int(moves), out)
        return 0
    print("== rooms and store ==")
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
            throughput(url, args.appends)
        for url in urls:
            latency(url, args.rooms, args.players, args.moves)
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
