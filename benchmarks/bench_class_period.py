"""A class period in rooms (issues 23 and 40): figures of the start page, rooms of three and
their moves, on a quiet machine and under a class's load; printed against goals, never asserted.

1. Quiet, one page at a time (a server with the default ready kernels for the two pages): time
   to interactive of the Quanto page against the one-button notebook (`common.BASELINE`) in
   the same run, cold browser contexts, rounds alternating (goal: at most 1.3x).
2. Quiet, one room alone (a class server, below): three Chromium tablets open the start page,
   open and join a Quanto room, "Spiel starten" until the table is on every seat, and play
   `--moves` moves: tap to its answer (goal: p95 <= 300 ms) and move visible on the other
   pages.
3. The class: `--pupils` pupils open the start page at the same moment (goal: p95 <= 5 s),
   form rooms of three, every room starts at once ("Spiel starten" to table on every seat,
   goal: p95 <= 4 s) and plays `--moves` moves (tap to its answer, goal: p95 <= 1 s; move
   visible on the other pages). `--browsers` of them are Chromium tablets (whole rooms); the
   others are protocol-level pages (`protocol_pupil.py`: what Chromium sends and receives,
   without drawing), so that the harness does not eat the server's two cores.
   Afterwards: every page is closed (Voila's beacon); page kernels left after 150 s (goal: 0).
   Memory: USS of each page's kernel after its moves; USS of the server and all its kernels.
   Every page's move log is compared with the store's (goal: no move lost or doubled).

Every tap waits for its answer: the table counts the taps it has answered (`.ks-answers`, the
last message of each answer), so a tap without an answer shows as one (goal: none, issue 40);
nothing taps again. A tap answered with a message (a refused tap: not this pupil's turn,
changed meanwhile) is counted apart; the pupil then looks at the turn again, as a child would.
A move on the other pages is timed from the mover's last tap (Python's clock) until the other
page's move log has one more entry (the page's `Date.now()` in a MutationObserver; one machine,
one clock). A Chromium room's start ends when its last page drew the table (the page's
`Date.now()`): under the load this one process, which also reads the protocol pupils' pages,
saw it up to 47 s later. A protocol pupil's tap is also timed to its kernel's answer (the
time in the answer's message), beside the time this harness took to read it. With `--load` the
harness and its Chromium run at a higher priority than the server, its kernels and the load
(`class_load.tablets_first`): they stand for tablets with CPUs of their own.

`--load` (issue 40) runs the class twice on one server instead of phases 1-3: quiet, then with a
CPU load beside it (`class_load.CpuLoad`: busy processes until the load average is ten times the
cores) and `--slow` protocol pupils on a slow network (they fetch the page's scripts for
`--slow-seconds`, longer than the old 90 s connect grace, before they connect). Each: start pages
usable, kernels shut down as "never connected" (goal: 0), unanswered taps (goal: 0), moves lost
or doubled (goal: 0), start page, room start and tap p95 with the ratio loaded/quiet. Then each
lesson page against the game page, quiet and loaded (goal: at most 1.5x).

The class server is `kartenspiele serve` with its defaults except: its own data folder and
`--preheat N` (N = the pupils: the ready kernels a class network gets by default, for every page
a class opens; on 127.0.0.1 the default is smaller). Every pupil here comes from 127.0.0.1, each
page with its own browser's device cookie, as a class behind one address. The machine's load
average is printed with each phase (other programs on it change every figure).

Alone in about 10 minutes with the defaults:
`.venv/bin/python benchmarks/bench_class_period.py [--pupils 30] [--browsers 3] [--moves 12] [--rounds 2]`;
with the load, about 13 minutes on 2 idle cores: `... --load [--load-procs 24] [--slow 3] [--slow-seconds 100]`
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import time
from dataclasses import dataclass, field

import common  # noqa: F401  (puts the repository on the import path)
import psutil
from bench_load import Sampler, kernel_uss, wait_quiet
from bench_page_load import ONE_BUTTON, close, load
from bench_serving import ROOT, figures, served_root, uss
from class_load import (
    CpuLoad,
    lesson_pages,
    lesson_report,
    load_target,
    log_numbers,
    log_size,
    log_verdict,
    never_connected,
    store_moves,
    tablets_first,
)
from common import median, percentile
from playwright.async_api import TimeoutError as PlaywrightTimeoutError
from protocol_play import quanto_turn as protocol_quanto_turn
from protocol_pupil import ProtocolPage, UnansweredTap

from kartenspiele.classroom.store.opening import store_url
from kartenspiele.serving.pools import pool_plan

MB = 1024 * 1024
START = "notebooks/start.ipynb"
GAME = "notebooks/quanto.ipynb"
STEP_S = 90.0
GONE_S = 150.0
TAKING = ", ".join(
    f".ks-actions button.ks-do-{kind}" for kind in ("capture", "form", "extend", "collect", "joker_quanto")
)
VIEWPORTS = ({"width": 1024, "height": 768}, {"width": 768, "height": 1024})
WATCH_LOG = """(() => {
  window.__ksLog = [];
  window.__ksTable = null;  // when the room's table was first on this page (its own clock)
  let last = 0;
  new MutationObserver(() => {
    if (window.__ksTable === null && document.querySelector('.ks-room .ks-main')) window.__ksTable = Date.now() / 1000;
    const count = document.querySelectorAll('.ks-room .ks-log li').length;
    if (count !== last) { last = count; window.__ksLog.push([count, Date.now() / 1000]); }
  }).observe(document, {childList: true, subtree: true, characterData: true});
})();"""
CODE = re.compile(r"ks-room-code'>([A-Z0-9]+)<")
YOUR_MOVE = (
    ".ks-room .ks-table.ks-your-turn:has(.ks-hand-cards button:not([disabled])), "
    ".ks-room .ks-table.ks-your-turn:not(:has(.ks-hand-cards button))"
)
"""This seat's turn, drawn: a hand card to tap, or none at all (then a refill)."""
MOVED = """(logged) => !document.querySelector('.ks-room .ks-table.ks-your-turn')
  || document.querySelectorAll('.ks-room .ks-log li').length > logged"""
"""After a move: the turn has passed (else a stale mark starts a move), or the move is in the
log and the turn is still this seat's (a Quanto refill: the same player goes on)."""
ANSWERS = ".ks-room .ks-answers"
"""The table's count of answered taps."""
ANSWERED = "([b]) => Number(document.querySelector('.ks-room .ks-answers').textContent || 0) > b"
SAID = "([n]) => document.querySelector(`.ks-room [data-tap='${n}']`) !== null"
LOG_NUMBERS = "() => [...document.querySelectorAll('.ks-room .ks-log li')].map((li) => Number(li.value))"


@dataclass
class Seat:
    """What one pupil's page did."""

    number: int
    room: int
    browser: bool
    tti: float | None = None
    table_at: float | None = None  # when the table was on this seat (time.time())
    table_drawn: float | None = None  # a Chromium seat: when its page drew the table (the page's clock)
    taps: list[float] = field(default_factory=list)
    kernel_taps: list[float] = field(default_factory=list)  # a protocol seat: tap to the kernel's answer (its stamp)
    last_taps: dict[int, float] = field(default_factory=dict)  # log length after a move: its last tap
    seen: list[tuple[int, float]] = field(default_factory=list)  # (log length, when shown)
    kernel: str = ""
    kernel_uss: float | None = None
    moves: int = 0
    refused: int = 0  # taps answered with a message (not the pupil's turn, changed meanwhile)
    unanswered: int = 0  # taps without an answer (the seat stops there)
    slow: float = 0.0  # seconds this page fetches its scripts before it connects (a slow network)
    log: list[int] = field(default_factory=list)  # the move numbers the page's log shows at the end
    errors: list[str] = field(default_factory=list)


@dataclass
class Room:
    """A room of three: its code once opened, when "Spiel starten" was tapped, its moves."""

    number: int
    seats: list[Seat]
    code: asyncio.Future | None = None
    formed: bool = False  # every seat taken, the opener sees every name
    started_at: float | None = None
    moves: int = 0


# -- Chromium tablets --------------------------------------------------------------------------
async def timed_tap(page, locator, seat: Seat) -> float:
    """Tap, then wait for the table's answer (its count of answered taps grows: everything of
    the answer has arrived then); returns when the tap began. No answer: `UnansweredTap`."""
    before = int(await page.locator(ANSWERS).first.text_content() or 0)
    began = time.time()
    await locator.tap(timeout=STEP_S * 1000)
    try:
        await page.wait_for_function(ANSWERED, arg=[before], timeout=STEP_S * 1000)
    except PlaywrightTimeoutError:
        raise UnansweredTap(f"no answer to a tap within {STEP_S:.0f} s") from None
    seat.taps.append(time.time() - began)
    if await page.evaluate(SAID, [before + 1]):
        seat.refused += 1
    return began


async def chromium_turn(page, seat: Seat) -> float:
    """One Quanto move as `tests/e2e/driver.play_quanto_turn` makes it, by touch; returns when
    its last tap began. A refused tap (it says why) ends the turn early: the caller looks again."""
    if await page.locator(".ks-hand-cards button").count() == 0:
        return await timed_tap(page, page.locator(".ks-actions button.ks-side").first, seat)
    began = await timed_tap(page, page.locator(".ks-hand-cards button:not([disabled])").first, seat)
    if await page.locator(".ks-hand-cards button.ks-selected").count() == 0:
        return began
    while True:
        if await page.locator(TAKING).count():
            return await timed_tap(page, page.locator(TAKING).first, seat)
        joinable = page.locator(".ks-table-cards button.ks-joinable")
        if await joinable.count() == 0:
            break
        await timed_tap(page, joinable.first, seat)
    while await page.locator(".ks-table-cards button.ks-selected").count():
        await timed_tap(page, page.locator(".ks-table-cards button.ks-selected").first, seat)
    lay = page.locator(".ks-actions button.ks-do-lay")
    if await lay.count() == 0:
        lay = page.locator(".ks-action-go")
    return await timed_tap(page, lay.first, seat)


async def chromium_seat(seat: Seat, room: Room, browser, url: str, moves: int, go, start, done, server) -> None:
    context = await browser.new_context(
        viewport=VIEWPORTS[seat.number % 2], has_touch=True, is_mobile=True, locale="de-DE"
    )
    await context.add_init_script(WATCH_LOG)
    page = await context.new_page()
    page.on("pageerror", lambda error: seat.errors.append(f"page error: {error}"))
    timeout = STEP_S * 1000
    name = f"P{seat.number}"
    await go.wait()
    try:
        began = time.time()
        await page.goto(url, timeout=timeout)
        await page.locator(".ks-room-open").wait_for(state="visible", timeout=timeout)
        seat.tti = time.time() - began
        seat.kernel = await page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
        if seat is room.seats[0]:
            await page.locator(".ks-room-game button", has_text="Quanto").first.tap()
            await page.locator(".ks-room-players button", has_text="3").first.tap()
            await page.locator(".ks-name-input input").fill(name)
            await page.locator(".ks-room-open").tap()
            await page.locator(".ks-waiting-room").wait_for(timeout=timeout)
            room.code.set_result((await page.locator(".ks-room-code").first.inner_text()).strip())
            for other in room.seats[1:]:
                await page.locator(".ks-waiting-room", has_text=f"P{other.number}").wait_for(timeout=timeout)
            room.formed = True
            await start.wait()
            room.started_at = time.time()
            await page.locator(".ks-room-start").tap()
        else:
            code = await room.code
            await page.locator(".ks-code-input input").fill(code)
            await page.locator(".ks-name-input input").fill(name)
            await page.locator(".ks-room-join").tap()
        await page.locator(".ks-room .ks-main").wait_for(timeout=timeout)
        seat.table_at = time.time()
        seat.table_drawn = await page.evaluate("window.__ksTable")
        while room.moves < moves and not broken(room):
            if await page.locator(".ks-room .ks-table.ks-over").count():
                break
            if await page.locator(YOUR_MOVE).count():
                logged = await page.locator(".ks-room .ks-log li").count()
                refused = seat.refused
                last_tap = await chromium_turn(page, seat)
                if seat.refused > refused:  # told why (not the pupil's turn, changed): look again
                    check_refusals(seat)
                    continue
                room.moves += 1
                seat.moves += 1
                await page.wait_for_function(MOVED, arg=logged, timeout=timeout)
                seat.last_taps[await page.locator(".ks-room .ks-log li").count()] = last_tap
            else:
                await asyncio.sleep(0.1)
        seat.seen = [tuple(item) for item in await page.evaluate("window.__ksLog")]
    except Exception as error:  # noqa: BLE001 - every failure is a figure here
        seat.unanswered += isinstance(error, UnansweredTap)
        lines = str(error).splitlines()
        waited = next((line.strip() for line in lines[1:] if "waiting for" in line), "")  # Playwright's locator
        seat.errors.append(f"{type(error).__name__}: {lines[0] if lines else ''} {waited}".rstrip())
        if room.code is not None and not room.code.done():
            room.code.set_exception(RuntimeError("the room was not opened"))
            room.code.exception()  # the joiners that wait for it say so; nobody else has to
    seat.kernel_uss = kernel_uss(server, seat.kernel)
    await done.wait()
    if seat.table_at is not None:
        seat.log = await page.evaluate(LOG_NUMBERS)
    await page.close(run_before_unload=True)  # the tab is closed: Voila's beacon
    await asyncio.sleep(2)
    await context.close()


REFUSED_MOST = 20
"""More refused taps than this on one page: something keeps refusing (the seat stops)."""


def check_refusals(seat: Seat) -> None:
    if seat.refused > REFUSED_MOST:
        raise RuntimeError(f"{seat.refused} taps refused")


# -- protocol-level pupils ---------------------------------------------------------------------
def lobby_field(page: ProtocolPage, own: str) -> str:
    found = page.find("ks-lobby", own=own, name="TextModel", enabled=False)
    if not found:
        raise RuntimeError(f"no field .{own}")
    return found[0]


async def press(page: ProtocolPage, model_id: str, until, timeout: float | None = None) -> None:
    """A button's click as the browser sends it, then wait until `until` holds (the start page
    has no redraw counter to wait for) for `timeout` s, else `STEP_S` (as it is then: `--load`
    sets it)."""
    page.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
    await page.wait_until(until, STEP_S if timeout is None else timeout)


def your_move(page: ProtocolPage) -> bool:
    """This seat's turn, drawn (`YOUR_MOVE`): the turn mark's message comes last, so after
    a move the mark may still stand while the hand is already disabled."""
    return page.marked("ks-your-turn") and (
        bool(page.find("ks-hand-cards")) or not page.find("ks-hand-cards", enabled=False)
    )


def log_length(page: ProtocolPage) -> int:
    """The entries of the page's move logs (as `MOVED` counts them in Chromium)."""
    return sum(
        str(model.state.get("value", "")).count("<li")
        for model in page.models.values()
        if "ks-log" in model.state.get("_dom_classes", [])
    )


def room_code(page: ProtocolPage) -> str:
    for model in page.models.values():
        found = CODE.search(str(model.state.get("value", "")))
        if found:
            return found.group(1)
    return ""


async def protocol_seat(seat: Seat, room: Room, url: str, moves: int, go, start, done, server) -> None:
    page = ProtocolPage(url)
    name = f"P{seat.number}"
    await go.wait()
    step = "opening the start page" + (f" (slowly, for {seat.slow:.0f} s)" if seat.slow else "")
    try:
        began = time.time()
        await page.open(STEP_S, slow_for=seat.slow)
        seat.tti = time.time() - began
        seat.kernel = page.kernel
        at_table = lambda: bool(page.find("ks-hand-cards", enabled=False))  # noqa: E731
        step = "opening or joining the room"
        if seat is room.seats[0]:
            await page.update(lobby_field(page, "ks-name-input"), {"value": name})
            await press(page, page.first("ks-lobby", own="ks-room-open"), lambda: bool(room_code(page)))
            room.code.set_result(room_code(page))
            others = [f"P{s.number}" for s in room.seats[1:]]
            await page.wait_until(
                lambda: all(any(o in str(m.state.get("value", "")) for m in page.models.values()) for o in others),
                STEP_S,
            )
            room.formed = True
            await start.wait()
            room.started_at = time.time()
            await press(page, page.first("ks-room", own="ks-room-start"), at_table)
        else:
            code = await room.code
            await page.update(lobby_field(page, "ks-code-input"), {"value": code})
            await page.update(lobby_field(page, "ks-name-input"), {"value": name})
            await press(page, page.first("ks-lobby", own="ks-room-join"), lambda: bool(room_code(page)))
        step = "waiting for the table"
        await page.wait_until(at_table, STEP_S)
        seat.table_at = time.time()
        while room.moves < moves and not broken(room):
            if page.marked("ks-over"):
                break
            if your_move(page):
                logged = log_length(page)
                step = f"move {seat.moves + 1}"
                refused = await protocol_quanto_turn(page, seat.taps, STEP_S)
                if refused:  # told why (not the pupil's turn, changed): look again, as a child would
                    seat.refused += refused
                    check_refusals(seat)
                    continue
                step = f"after move {seat.moves + 1}: the turn passing or the log growing"
                await page.wait_until(lambda: not page.marked("ks-your-turn") or log_length(page) > logged, STEP_S)
                room.moves += 1
                seat.moves += 1
            else:
                page.changed.clear()
                try:
                    await asyncio.wait_for(page.changed.wait(), 1)
                except asyncio.TimeoutError:
                    pass
    except Exception as error:  # noqa: BLE001 - every failure is a figure here
        seat.unanswered += isinstance(error, UnansweredTap)
        seen = (
            f"; the page then: your turn {page.marked('ks-your-turn')}, over {page.marked('ks-over')}, "
            f"hand {len(page.find('ks-hand-cards', enabled=False))} cards ({len(page.find('ks-hand-cards'))} enabled), "
            f"actions {len(page.find('ks-actions'))} enabled, log {log_length(page)}"
            if page.models
            else ""
        )
        seat.errors.append(f"{type(error).__name__} ({step}): {str(error).splitlines()[0] if str(error) else ''}{seen}")
        if room.code is not None and not room.code.done():
            room.code.set_exception(RuntimeError("the room was not opened"))
            room.code.exception()  # the joiners that wait for it say so; nobody else has to
    seat.kernel_uss = kernel_uss(server, seat.kernel)
    seat.kernel_taps = page.kernel_answers
    await done.wait()
    if seat.table_at is not None:
        seat.log = log_numbers(
            " ".join(
                str(m.state.get("value", ""))
                for m in page.models.values()
                if "ks-log" in m.state.get("_dom_classes", [])
            )
        )
    seat.errors += page.problems()
    if page.kernel:
        await page.close()


# -- where the start's time goes ---------------------------------------------------------------
def cpu_seconds(server) -> dict[str, float]:
    """CPU seconds used so far by the server's processes, its kernels, and this harness with its
    Chromium (user + system; processes that ended meanwhile are not counted)."""
    used = {"server": 0.0, "kernels": 0.0, "harness": 0.0}
    me = psutil.Process()
    for group, processes in (("server", server.processes()), ("harness", [me, *me.children(recursive=True)])):
        for process in processes:
            try:
                times = process.cpu_times()
                kind = "kernels" if group == "server" and "ipykernel" in " ".join(process.cmdline()) else group
            except psutil.NoSuchProcess:
                continue
            used[kind] += times.user + times.system
    return used


def cpu_report(before: dict[str, float], after: dict[str, float], wall: float) -> str:
    parts = ", ".join(f"{kind} {after[kind] - before[kind]:.1f} s" for kind in before)
    return f"CPU {parts} in {wall:.1f} s wall ({2 * wall:.1f} core seconds on 2 cores)"


# -- a lesson ----------------------------------------------------------------------------------
async def lesson(server, rooms: list[Room], moves: int) -> None:
    """Every pupil opens the start page at the same moment; each room forms, then all rooms
    start at once and play; then every page is closed."""
    from playwright.async_api import async_playwright

    from tests.e2e.driver import CHROMIUM, CHROMIUM_ARGS

    go, start, done = asyncio.Event(), asyncio.Event(), asyncio.Event()
    url = server.url(START)
    async with async_playwright() as playwright:
        browser = None
        if any(seat.browser for room in rooms for seat in room.seats):
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tasks = []
        for room in rooms:
            room.code = asyncio.get_running_loop().create_future()
            for seat in room.seats:
                if seat.browser:
                    job = chromium_seat(seat, room, browser, url, moves, go, start, done, server)
                else:
                    job = protocol_seat(seat, room, url, moves, go, start, done, server)
                tasks.append(asyncio.ensure_future(job))
        await asyncio.sleep(3)  # every tab is open before the class types the address
        cpu_before, opened = cpu_seconds(server), time.monotonic()
        go.set()
        while not all(seat.tti or seat.errors for room in rooms for seat in room.seats):
            await asyncio.sleep(0.2)
        print(
            f"  from the address to every start page: {cpu_report(cpu_before, cpu_seconds(server), time.monotonic() - opened)}"
        )
        end = time.monotonic() + 3 * STEP_S
        while time.monotonic() < end and not all(room.formed or broken(room) for room in rooms):
            await asyncio.sleep(0.5)
        cpu_before, started = cpu_seconds(server), time.monotonic()
        start.set()  # every room's opener taps "Spiel starten" at once
        while not all(all(seat.table_at for seat in room.seats) or broken(room) for room in rooms):
            await asyncio.sleep(0.2)
        print(
            f"  from 'Spiel starten' to every table: {cpu_report(cpu_before, cpu_seconds(server), time.monotonic() - started)}"
        )
        while not all(room.moves >= moves or broken(room) for room in rooms):
            await asyncio.sleep(0.5)
        await asyncio.sleep(3)  # the other pages draw the last moves
        done.set()
        await asyncio.gather(*tasks)
        if browser is not None:
            await browser.close()


def broken(room: Room) -> bool:
    """A seat of the room failed (its figures stop there)."""
    return any(seat.errors for seat in room.seats)


def visible_delays(room: Room) -> list[float]:
    """Seconds from a move's last tap until another Chromium page of the room showed it."""
    delays = []
    for mover in room.seats:
        for length, tapped in mover.last_taps.items():
            for other in room.seats:
                if other is mover:
                    continue
                shown = [at for count, at in other.seen if count >= length]
                if shown:
                    delays.append(shown[0] - tapped)
    return delays


def table_on_every_seat(room: Room) -> bool:
    """Whether `room` was started and its table came on every seat."""
    return room.started_at is not None and all(s.table_at for s in room.seats)


def report(title: str, rooms: list[Room]) -> dict[str, list[float]]:
    seats = [seat for room in rooms for seat in room.seats]
    errors = [f"P{s.number}{' (Chromium)' if s.browser else ''}: {e}" for s in seats for e in s.errors]
    print(
        f"{title}: {len(seats)} pages in {len(rooms)} rooms, moves {sum(r.moves for r in rooms)}, errors {len(errors)}"
    )
    for error in errors[:8]:
        print("   ", error)
    taps = [t for s in seats for t in s.taps]
    usable = sum(s.tti is not None for s in seats)
    print(
        f"  start pages usable {usable}/{len(seats)}; taps {len(taps)}: unanswered {sum(s.unanswered for s in seats)}, "
        f"answered with a message (refused) {sum(s.refused for s in seats)}, answered within 1 s "
        f"{sum(t <= 1 for t in taps)}, within 3 s {sum(t <= 3 for t in taps)}, slowest {max(taps, default=0):.2f} s"
    )
    slow = [s for s in seats if s.slow]
    if slow:
        shown = ", ".join(f"{s.tti:.0f} s" if s.tti is not None else "never" for s in slow)
        print(f"  pages on a slow network ({slow[0].slow:.0f} s of scripts before connecting) usable after: {shown}")
    found: dict[str, list[float]] = {"taps": taps, "usable": [usable], "pages": [len(seats)]}
    for label, kind in (("Chromium", True), ("protocol", False)):
        group = [s for s in seats if s.browser == kind]
        if not group:
            continue
        found[f"{label} tti"] = [s.tti for s in group if s.tti is not None and not s.slow]
        found[f"{label} taps"] = [t for s in group for t in s.taps]
        started = [room for room in rooms if room.seats[0].browser == kind and table_on_every_seat(room)]
        starts = [  # a Chromium page's own time of drawing the table (this harness may see it much later)
            max(s.table_drawn or s.table_at for s in room.seats) - room.started_at for room in started
        ]
        found[f"{label} start"] = starts
        found[f"{label} kernel taps"] = [t for s in group for t in s.kernel_taps]
        memory = [s.kernel_uss for s in group if s.kernel_uss is not None]
        print(f"  {label:8s} start page to interactive: {figures(found[f'{label} tti'])}")
        print(f"  {label:8s} 'Spiel starten' to table on every seat: {figures(starts)}")
        if kind:  # where a slow start went: the page drawing the table, or the harness seeing it
            for room in started:
                drawn = ", ".join(
                    f"{s.table_drawn - room.started_at if s.table_drawn else float('nan'):.1f}/"
                    f"{s.table_at - room.started_at:.1f} s"
                    for s in room.seats
                )
                print(f"  {label:8s} room {room.number}: table drawn on the page / seen by the harness: {drawn}")
        print(f"  {label:8s} tap to its answer: {figures(found[f'{label} taps'])}")
        if not kind:  # this harness reads 27 pages in one process: how much of a tap's time is its own
            print(
                f"  {label:8s} tap to the kernel's answer (the time in its message): {figures(found[f'{label} kernel taps'])}"
            )
        if kind:
            found["visible"] = [d for room in rooms if room.seats[0].browser for d in visible_delays(room)]
            print(f"  {label:8s} move visible on the other pages: {figures(found['visible'])}")
        if memory:
            print(
                f"  {label:8s} page kernel USS after the moves: median {median(memory):.1f} MB, max {max(memory):.1f} MB"
            )
    return found


def check_logs(rooms: list[Room], url: str) -> int:
    """Compare every page's move log with its room's log in the store; returns the pages
    whose log differs (a move lost or doubled)."""
    codes = [
        room.code.result() for room in rooms if room.code is not None and room.code.done() and not room.code.exception()
    ]
    held = store_moves(url, codes)
    differing = 0
    for room in rooms:
        if room.code is None or not room.code.done() or room.code.exception():
            continue
        for seat in room.seats:
            if seat.table_at is None:
                continue
            verdict = log_verdict(seat.log, held[room.code.result()])
            if verdict:
                differing += 1
                print(f"    P{seat.number}, room {room.code.result()}: {verdict}")
    print(
        f"  moves in the store {sum(held.values())} in {len(held)} rooms; pages whose log differs from the store's: "
        f"{differing} (goal: 0)"
    )
    return differing


def wait_pool(server, count: int, timeout: float) -> float:
    """Wait until at least `count` kernels run (the ready kernels are there; under load Voila
    may start a replacement before an old one is gone); returns the seconds it took."""
    start = time.monotonic()
    while len(server.kernels()) < count:
        if time.monotonic() - start > timeout:
            raise TimeoutError(f"only {len(server.kernels())} of {count} kernels after {timeout} s")
        time.sleep(0.5)
    return time.monotonic() - start


def still_running(server, kernels: list[str]) -> list[str]:
    """The kernels of `kernels` that still run (a zombie not yet reaped has ended)."""
    from tests.e2e.driver import command_line

    running = " ".join(command_line(process) for process in server.kernels())
    return [kernel for kernel in kernels if kernel and kernel in running]


def verdict(name: str, value: float | None, goal: float, unit: str = "s") -> None:
    if value is None:
        print(f"  {name}: no figure")
        return
    print(f"  {name}: {value:.2f} {unit} (goal <= {goal:g} {unit}) {'met' if value <= goal else 'NOT met'}")


def p95(values: list[float]) -> float | None:
    return percentile(values, 0.95) if values else None


# -- 1. time to interactive against one button ---------------------------------------------------
def page_against_button(root, rounds: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import VoilaServer, launch_browser

    server = VoilaServer(
        root,
        log=ROOT / "test-output" / "voila-bench-period-pages.log",
        preheat=None,  # the default ready kernels, for the two pages measured
        extra=("--preheat-page", GAME, "--preheat-page", ONE_BUTTON, "--data", str(root / "data-pages")),
    )
    found: dict[str, list[float]] = {GAME: [], ONE_BUTTON: []}
    try:
        server.wait_ready()
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for number in range(rounds):
                for path in (GAME, ONE_BUTTON) if number % 2 == 0 else (ONE_BUTTON, GAME):
                    wait_pool(server, 4, 600)  # both pools are full again
                    time.sleep(3)
                    context = browser.new_context(viewport=VIEWPORTS[0], has_touch=True, is_mobile=True)
                    page = context.new_page()
                    found[path].append(load(page, server.url(path))[0])
                    close(server, page)
                    context.close()
                print(f"round {number + 1}: game {found[GAME][-1]:.2f} s, one button {found[ONE_BUTTON][-1]:.2f} s")
            browser.close()
    finally:
        server.stop()
    return found


def class_server(root, pupils: int):
    from tests.e2e.driver import VoilaServer

    extra = ("--data", str(root / "data"))
    return VoilaServer(root, log=ROOT / "test-output" / "voila-bench-period.log", preheat=pupils, extra=extra)


def load_average() -> str:
    return " / ".join(f"{x:.1f}" for x in psutil.getloadavg())


def idle_kernels(server) -> str:
    """USS of each ready kernel no page holds (all kernels, before the pages come)."""
    sizes = sorted(uss([process]) / MB for process in server.kernels())
    if not sizes:
        return "none"
    return (
        f"{len(sizes)} kernels, USS median {median(sizes):.1f} MB, max {sizes[-1]:.1f} MB, together {sum(sizes):.0f} MB"
    )


def rooms_of(first: int, pupils: int, browsers: int, slow: int = 0, slow_seconds: float = 0.0) -> list[Room]:
    """Rooms of three, the first `browsers` seats Chromium tablets; the last seat of the last
    `slow` rooms is a protocol pupil on a slow network (`slow_seconds` of scripts)."""
    rooms = []
    for number in range(pupils // 3):
        seats = [Seat(first + 3 * number + i, number, 3 * number + i < browsers) for i in range(3)]
        if number >= pupils // 3 - slow and not seats[2].browser:
            seats[2].slow = slow_seconds
        rooms.append(Room(number, seats))
    return rooms


def under_load(args: argparse.Namespace, pupils: int, browsers: int) -> int:
    """`--load`: the class on one server, quiet and then beside a CPU load with pages on a slow
    network; each time the lesson pages against the game page (see the module text)."""
    began = time.monotonic()
    target = args.load_target
    print(f"== bench_class_period --load: {pupils} pupils ({browsers} Chromium), quiet and under a load ==")
    print(f"machine: {psutil.cpu_count()} cores, load average {load_average()}; the load's target: {target:.0f}")
    root = served_root()
    results: dict[str, dict[str, list[float]]] = {}
    load = CpuLoad(0, 0)
    try:
        server = class_server(root, pupils)
        print(tablets_first())
        ready = sum(pool_plan(pupils).values())
        try:
            server.wait_ready()
            for label in ("quiet", "loaded"):
                waited = wait_pool(server, ready, 1800) + wait_quiet(server, 300)
                if label == "loaded":
                    global STEP_S  # a loaded machine takes longer for every step; its figures say how much
                    STEP_S = args.loaded_step
                    load = CpuLoad(args.load_procs, target)
                    waited += load.ready()
                slow = args.slow if label == "loaded" else 0
                print(
                    f"-- the class, {label}: {len(load.spinners)} busy processes beside it (kept at the target), "
                    f"{slow} pages on a slow network; ready after {waited:.0f} s, load average {load_average()} --",
                    flush=True,
                )
                load.sample()
                rooms = rooms_of(100 if label == "quiet" else 200, pupils, browsers, slow, args.slow_seconds)
                logged = log_size(server.log_path)
                asyncio.run(lesson(server, rooms, args.moves))
                found = report(f"the class, {label}", rooms)
                print("  " + load.figures())
                found["differing"] = [check_logs(rooms, store_url(root / "data"))]
                kernels = [seat.kernel for room in rooms for seat in room.seats]
                closed = time.monotonic()
                while still_running(server, kernels) and time.monotonic() - closed < GONE_S:
                    time.sleep(1)
                gone = never_connected(server.log_path, logged)
                found["never connected"] = [len(gone)]
                print(
                    f"  kernels shut down as 'never connected': {len(gone)} (goal: 0); page kernels left "
                    f"{time.monotonic() - closed:.0f} s after the pages closed: {len(still_running(server, kernels))}"
                )
                if label == "quiet":
                    wait_pool(server, ready, 1800)
                    wait_quiet(server, 300)
                load.sample()
                found.update(
                    {f"lesson {path}": times for path, times in lesson_pages(server, args.rounds, label).items()}
                )
                print("  " + load.figures())
                results[label] = found
        finally:
            server.stop()
    finally:
        load.stop()
        shutil.rmtree(root, ignore_errors=True)
    print(
        f"-- against the goals (one run, {(time.monotonic() - began) / 60:.1f} min; load average now {load_average()}) --"
    )
    for label, found in results.items():
        pages, usable = found["pages"][0], found["usable"][0]
        print(f"  {label}: start pages usable {usable}/{pages} (goal: all) {'met' if usable == pages else 'NOT met'}")
        for name in ("never connected", "differing"):
            print(f"  {label}: {name} {found[name][0]:.0f} (goal: 0) {'met' if not found[name][0] else 'NOT met'}")
        bound = 1 if label == "quiet" else 3
        late = sum(t > bound for t in found["taps"])
        print(f"  {label}: taps answered later than {bound} s: {late} of {len(found['taps'])} (goal: 0)")
        stamped = found.get("protocol kernel taps", [])
        late = sum(t > bound for t in stamped)
        print(f"  {label}: protocol taps the kernel answered later than {bound} s: {late} of {len(stamped)}")
        lesson_report(
            label, {path[len("lesson ") :]: times for path, times in found.items() if path.startswith("lesson ")}
        )
    for name, keys in (
        ("start page p95", ("Chromium tti", "protocol tti")),
        ("room start p95", ("Chromium start", "protocol start")),
        ("tap p95", ("Chromium taps", "protocol taps")),
    ):
        quiet, loaded = (p95([t for key in keys for t in results[label].get(key, [])]) for label in ("quiet", "loaded"))
        if quiet and loaded:
            print(f"  {name}: quiet {quiet:.2f} s, loaded {loaded:.2f} s, loaded / quiet {loaded / quiet:.2f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30, help="the class (rooms of three)")
    parser.add_argument("--browsers", type=int, default=3, help="how many of them are Chromium tablets")
    parser.add_argument("--moves", type=int, default=12, help="moves per room")
    parser.add_argument("--rounds", type=int, default=2, help="loads of each page for the comparison")
    parser.add_argument("--load", action="store_true", help="the class quiet, then beside a CPU load (issue 40)")
    parser.add_argument(
        "--load-procs", type=int, default=12 * (psutil.cpu_count() or 1), help="at most this many busy processes"
    )
    parser.add_argument("--load-target", type=float, default=load_target(), help="the load average the class waits for")
    parser.add_argument(
        "--loaded-step", type=float, default=300.0, help="seconds a loaded page may take for one step (else STEP_S)"
    )
    parser.add_argument("--slow", type=int, default=3, help="pages on a slow network in the loaded class")
    parser.add_argument("--slow-seconds", type=float, default=100.0, help="their scripts' time before connecting")
    args = parser.parse_args(argv or [])
    pupils = max(3, args.pupils - args.pupils % 3)
    browsers = min(pupils, 3 * ((args.browsers + 2) // 3))
    if args.load:
        return under_load(args, pupils, browsers)
    print("== bench_class_period: a class period in rooms, on tablets ==")
    began = time.monotonic()
    print(f"machine: {psutil.cpu_count()} cores, load average {load_average()}")
    root = served_root()
    try:
        print("-- 1. quiet: time to interactive, game page against one button --", flush=True)
        pages = page_against_button(root, args.rounds)
        server = class_server(root, pupils)
        ready = sum(pool_plan(pupils).values())
        try:
            server.wait_ready()
            waited = wait_pool(server, ready, 1800) + wait_quiet(server, 300)
            print(
                f"-- class server: --preheat {pupils}, {ready} ready kernels for {len(pool_plan(pupils))} pages, "
                f"quiet after {waited:.0f} s; load average {load_average()} --",
                flush=True,
            )
            print(f"  idle ready kernels: {idle_kernels(server)}")
            idle = uss(server.processes())
            alone = rooms_of(0, 3, 3)
            asyncio.run(lesson(server, alone, args.moves))
            quiet = report(f"2. one room of three Chromium tablets alone (load average {load_average()})", alone)
            wait_pool(server, ready, 900)
            wait_quiet(server, 300)
            rooms = rooms_of(100, pupils, browsers)
            load_at = psutil.getloadavg()[0]
            sampler = Sampler(server)
            asyncio.run(lesson(server, rooms, args.moves))
            peak = sampler.stop()
            loaded = report(
                f"3. the class: {pupils} pupils ({browsers} Chromium), load average {load_at:.1f} at the start", rooms
            )
            kernels = [seat.kernel for room in rooms for seat in room.seats]
            closed = time.monotonic()
            while still_running(server, kernels) and time.monotonic() - closed < GONE_S:
                time.sleep(1)
            left = len(still_running(server, kernels))
            print(f"  page kernels left {time.monotonic() - closed:.0f} s after the pages closed: {left} (goal: 0)")
            print(f"  memory (USS, server + kernels): idle {idle / MB:.0f} MB, peak {peak / MB:.0f} MB")
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    game, button = median(pages[GAME]), median(pages[ONE_BUTTON])
    print(
        f"-- against the goals (one run, {(time.monotonic() - began) / 60:.1f} min; load average now {load_average()}) --"
    )
    print(f"  game page {game:.2f} s, one button {button:.2f} s (medians of {args.rounds})")
    verdict("game page / one button", game / button, 1.3, "x")
    verdict(
        "start page p95, the class at once", p95(loaded.get("Chromium tti", []) + loaded.get("protocol tti", [])), 5
    )
    verdict(
        "'Spiel starten' to every seat p95, the class",
        p95(loaded.get("Chromium start", []) + loaded.get("protocol start", [])),
        4,
    )
    verdict("tap to its answer p95, Chromium alone", p95(quiet.get("Chromium taps", [])), 0.3)
    verdict("tap to its answer p95, Chromium in the class", p95(loaded.get("Chromium taps", [])), 1)
    print(f"  unanswered taps: {sum(s.unanswered for room in rooms for s in room.seats)} (goal: 0)")
    for label, found in (("alone", quiet), ("in the class", loaded)):  # no goal set in issue 23
        print(f"  move on the other pages, {label}: {figures(found.get('visible', []))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
