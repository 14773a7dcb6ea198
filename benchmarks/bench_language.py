"""Switching the language: seconds in the kernel and widget messages sent, for a room page
mid-game (in the lobby, as on the start page) and a solo Quanto table mid-game.

Each switch (German to English and back) is measured against a baseline in the same run: one
plain redraw of the same table (`GameTable.redraw`, what every move costs). Messages are
counted and serialised to JSON as a kernel would send them.

Run: `python benchmarks/bench_language.py [--repeats 10]`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, median

sys.path.insert(0, str(ROOT))


class Counter:
    messages = 0
    sent_bytes = 0


def counting_comms() -> None:
    """Every widget sends through a comm that counts its messages and their JSON size."""
    import comm
    from comm.base_comm import BaseComm

    class JsonComm(BaseComm):
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            Counter.messages += 1
            Counter.sent_bytes += len(json.dumps({"type": msg_type, "data": data, "metadata": metadata}))

    comm.create_comm = JsonComm


def solo_table():
    """A 3-player Quanto table after 30 moves (the log long, a card picked)."""
    from kartenspiele.widgets import QuantoTable
    from tests.widgets.helpers import Recorder

    table = QuantoTable(start=True, players=3, seats=["person", "greedy", "greedy"], seed=11, scheduler=Recorder())
    rng = random.Random(3)
    for _ in range(30):
        if table.state.is_terminal():
            break
        table._apply(rng.choice(table.state.legal_moves()), decision=table.state.to_move == 0)
    table.redraw()
    return table, table.set_language, table.redraw


def room_page(folder: Path):
    """A pupil's start page holding a 3-seat Quanto room after 30 moves."""
    from kartenspiele.classroom.store.sqlite_store import SQLiteStore
    from kartenspiele.widgets.lobby import Lobby

    store = SQLiteStore(folder / "rooms.db")
    lobby = Lobby("de", store=store, poll=False)
    lobby.players.value = 3
    lobby.seat_kinds[0].value, lobby.seat_kinds[1].value = "greedy", "greedy"
    lobby.name.value = "Kind1"
    lobby.open_button.click()
    page = lobby.page
    page.start()
    rooms, room = page.rooms, page.room
    rng = random.Random(3)
    for _ in range(30):
        if room.over:
            break
        seat = room.state.to_move
        if seat == 0:
            rooms.move(room, 0, rng.choice(room.state.legal_moves()))
        else:
            rooms.automatic_move(room, own_seat=0)
    page.sync()
    table = page.controller.table
    return page, lobby.set_language, table.redraw


def measure(name: str, switch, redraw, repeats: int) -> None:
    switches, sent, redraws = [], [], []
    for _ in range(repeats):
        for lang in ("en", "de"):
            before = Counter.messages
            start = time.perf_counter()
            switch(lang)
            switches.append(time.perf_counter() - start)
            sent.append(Counter.messages - before)
        start = time.perf_counter()
        redraw()
        redraws.append(time.perf_counter() - start)
    print(
        f"{name}: switch {median(switches) * 1000:.1f} ms, {median(sent):.0f} widget messages "
        f"(baseline: one redraw {median(redraws) * 1000:.1f} ms)"
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    args = parser.parse_args(argv)
    counting_comms()
    print("== language switch ==")
    table, switch, redraw = solo_table()
    measure("solo Quanto table, 30 moves", switch, redraw, args.repeats)
    with tempfile.TemporaryDirectory() as folder:
        page, switch, redraw = room_page(Path(folder))
        measure("room page in the lobby, 30 moves", switch, redraw, args.repeats)
        page.rooms.store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
