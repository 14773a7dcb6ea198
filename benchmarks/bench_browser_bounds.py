"""What a browser's messages cost a kernel, before and after the bounds of issue 26: a lobby
gets four `update`s of the browser's memory with 20,000 games each, and a lobby enters 12
rooms one after the other. "before" removes the update guard and keeps the pages the lobby
leaves open (as the lobby did); "after" is the package as it is. Each case runs in a fresh
process; RSS growth and live widgets are printed, never asserted.

`python benchmarks/bench_browser_bounds.py`
"""

from __future__ import annotations

import subprocess
import sys

import common

CASE = """
import gc, os, sys, tempfile
import psutil
from ipywidgets.widgets.widget import _instances
from kartenspiele.classroom.rooms import Rooms
from kartenspiele.classroom.store import SQLiteStore
from kartenspiele.widgets import lobby as lobby_module
from kartenspiele.widgets.lobby import Lobby
import ipywidgets

case = sys.argv[2]
if sys.argv[1] == "before":
    ipywidgets.Widget._handle_msg = ipywidgets.Widget._handle_msg.__wrapped__
    lobby_module.close_tree = lambda *args, **kwargs: 0  # nothing the lobby leaves is closed
store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "rooms.db"))
codes = [Rooms(store).open("quanto", 2, ["open"], f"Kind{n}")[0].code for n in range(12)]
lobby = Lobby("de", store=store, poll=False)
games = [  # four different lists, made before measuring
    [{"code": f"R{m}{n:05d}", "token": "t" * 16, "game": "quanto", "name": "Ana"} for n in range(20_000)]
    for m in range(4)
]
gc.collect()
process, widgets_before = psutil.Process(), len(_instances)
before = process.memory_info().rss
if case == "games":
    for listed in games:
        message = {"content": {"data": {"method": "update", "state": {"games": listed}}}, "buffers": []}
        lobby.memory._handle_msg(message)
else:
    for code in codes:
        lobby.code.value, lobby.name.value = code, "Ben"
        lobby.join_button.click()
gc.collect()
print((process.memory_info().rss - before) / 2**20, len(_instances) - widgets_before)
"""


def run(when: str, case: str) -> tuple[float, int]:
    out = subprocess.run(
        [sys.executable, "-c", CASE, when, case], cwd=common.ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), int(out[1])


def main(_argv: list[str] | None = None) -> int:
    print("== bench_browser_bounds: kernel growth from a browser's messages ==")
    for case, what in (("games", "4 updates of 20,000 remembered games"), ("rooms", "12 rooms entered from one lobby")):
        for when in ("before", "after"):
            grown, made = run(when, case)
            print(f"{what:38s} {when:6s} {grown:+7.1f} MB RSS {made:+8d} live widgets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
