"""A whole class period on tablets, end to end (issue 23), through `kartenspiele serve` with its
defaults (a teacher code and a store of its own aside).

One teacher opens a class on the dashboard; six pupils on touch tablets (1024x768 and
768x1024, alternating) join it on the start page with the class code and a nickname, open two
Quanto rooms of three, start them and play at least 20 moves in each by tapping legal moves on
their turn. After every move every pupil's hand is inside the window (judged in a test of its
own after the moves). One pupil switches to English mid-game: no German word of the text
tables shows on the page. One pupil's tablet dies
(its browser process is killed: no unload, no goodbye): its kernel is gone within 150 s, and
the pupil, back on the start page of the same browser profile, is at the table again with one
tap and plays on. The pages closed at the end leave no kernel after 150 s, and 30 tablets from
one address each get a page.

The tests share one served class (module fixture) and run in order; a test whose step before
it failed is skipped saying which step, so a failure names the broken stage.

UI hooks relied on (classes the widgets set, roles and labels):
- dashboard: `.ks-open-class` (open a class), `.ks-dash span.ks-class-code`, `.ks-presence`
  (nicknames), `.ks-rooms` (room codes);
- start page: `.ks-start-page`; the language switch, a button named "English";
- lobby: one name field `.ks-name-input input` and one code box `.ks-code-input input` with
  `.ks-room-join` (a class code joins the class, shown in `.ks-class-status`; a room code joins
  the room), `.ks-room-game button` (game), `.ks-room-players button` (players),
  `.ks-room-open`, `.ks-waiting-room`, `.ks-room-code`,
  `.ks-room-start` ("Spiel starten"); going on: a button named "Spiel fortsetzen" or
  "Weiterspielen" (role button, accessible name);
- room table: `.ks-room .ks-main`, `.ks-room-head` ("Du spielst als …"), the turn and end marks
  `.ks-table.ks-your-turn` / `.ks-table.ks-over`, the hand `.ks-hand-cards` (its buttons), the
  log `.ks-log li`, and what `driver.play_quanto_turn` taps (`.ks-actions`, `.ks-table-cards`).
"""

from __future__ import annotations

import re
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.opening import open_store

from .driver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LOAD_TIMEOUT_MS,
    SCREENSHOTS,
    STEP_TIMEOUT_MS,
    VoilaServer,
    play_quanto_turn,
)
from .test_language import german_words_shown

pytestmark = pytest.mark.browser

TEACHER_CODE = "stunde2026"
START = "notebooks/start.ipynb"
ROOMS = (("Ada", "Bo", "Cleo"), ("Dex", "Eli", "Fay"))  # names that are no German word
GONE = "Cleo"  # whose tablet dies mid-game
ENGLISH = "Eli"  # who switches to English mid-game
MOVES = 20  # per room
GONE_WITHIN_S = 150
TABLETS = 30
VIEWPORTS = ({"width": 1024, "height": 768}, {"width": 768, "height": 1024})
YOUR_TURN = ".ks-room .ks-table.ks-your-turn"
OVER = ".ks-room .ks-table.ks-over"
RESUME = re.compile("Spiel fortsetzen|Weiterspielen|Continue|Play on", re.I)

HAND_OUTSIDE_JS = """() => {
  const w = window.innerWidth, h = window.innerHeight;
  const hand = document.querySelector('.ks-room .ks-hand-cards');
  if (!hand) return ['no hand'];
  const parts = [...hand.querySelectorAll('button')];
  const boxes = (parts.length ? parts : [hand]).map(e => e.getBoundingClientRect());
  return boxes.filter(r => r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
    .map(r => `${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} in ${w}x${h}`);
}"""


def tablet(index: int) -> dict:
    """Context options of a touch tablet, landscape or portrait by turns."""
    return {
        "viewport": VIEWPORTS[index % 2],
        "has_touch": True,
        "is_mobile": True,
        "locale": "de-DE",
    }


@dataclass
class Pupil:
    """One tablet: its browser context, its page and the kernels its pages connected to."""

    name: str
    context: object
    server: VoilaServer
    profile: Path | None = None  # a browser of its own with this profile (the one that dies)
    kernels: list[str] = field(default_factory=list)
    page: object = None

    def open_page(self) -> None:
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.on("websocket", self._socket)
        self.page.goto(self.server.url(START), timeout=LOAD_TIMEOUT_MS)
        self.page.wait_for_selector(".ks-start-page", timeout=LOAD_TIMEOUT_MS)

    def _socket(self, socket) -> None:
        if "/api/kernels/" in socket.url:
            self.kernels.append(socket.url.split("/api/kernels/")[1].split("/")[0].split("?")[0])

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()

    def hand_outside(self) -> list[str]:
        """The boxes of hand cards (or the empty hand) reaching outside the window."""
        return self.page.evaluate(HAND_OUTSIDE_JS)

    def logged(self) -> int:
        return self.page.locator(".ks-room .ks-log li").count()


@dataclass
class Period:
    """The class period everybody shares."""

    server: VoilaServer
    store_url: str
    browser: object
    teacher: object = None
    class_code: str = ""
    pupils: dict[str, Pupil] = field(default_factory=dict)
    room_codes: list[str] = field(default_factory=list)
    done: set[str] = field(default_factory=set)
    teacher_kernels: list[str] = field(default_factory=list)
    killed_kernels: list[str] = field(default_factory=list)  # left to the cull (its own test)
    hands_outside: list[str] = field(default_factory=list)  # judged in a test of their own

    def need(self, *steps: str) -> None:
        missing = [step for step in steps if step not in self.done]
        if missing:
            pytest.skip(f"needs the step(s) before: {', '.join(missing)}")

    def room(self, code: str):
        store = open_store(self.store_url)
        try:
            return Rooms(store).load(code)
        finally:
            store.close()

    def room_pupils(self, number: int) -> list[Pupil]:
        return [self.pupils[name] for name in ROOMS[number]]


def browser_processes(profile: Path) -> list[psutil.Process]:
    """The Chromium processes using `profile`: those naming it and their children."""
    found: dict[int, psutil.Process] = {}
    for process in psutil.process_iter(["cmdline"]):
        try:
            if any(str(profile) in part for part in process.info["cmdline"] or ()):
                for one in (process, *process.children(recursive=True)):
                    found[one.pid] = one
        except psutil.NoSuchProcess:
            continue
    return list(found.values())


def own_browser(browser, profile: Path, index: int):
    """A Chromium process of its own with a lasting profile (so a restart keeps its storage)."""
    return browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **tablet(index)
    )


@pytest.fixture(scope="module")
def period(browser, tmp_path_factory):
    folder = tmp_path_factory.mktemp("period")
    store_url = f"sqlite:///{folder / 'store.db'}"
    server = VoilaServer(teacher_code=TEACHER_CODE, env={"KARTENSPIELE_STORE": store_url}, preheat=None)
    shared = Period(server, store_url, browser)
    profile = Path(tempfile.mkdtemp(prefix="ks-tablet-"))
    try:
        server.wait_ready()
        yield shared, profile
    finally:
        for pupil in shared.pupils.values():
            try:
                pupil.context.close()
            except PlaywrightError:
                pass  # a browser that was killed
        if shared.teacher is not None:
            shared.teacher.context.close()
        for process in browser_processes(profile):
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)


# -- 1. the class -----------------------------------------------------------------------------
def test_teacher_opens_a_class_and_six_pupils_join_on_tablets(period):
    shared, profile = period
    context = shared.browser.new_context(**tablet(0))
    teacher = context.new_page()
    teacher.on(
        "websocket",
        lambda s: "/api/kernels/" in s.url and shared.teacher_kernels.append(s.url.split("/api/kernels/")[1][:36]),
    )
    shared.teacher = teacher
    teacher.goto(shared.server.teacher_url(), timeout=LOAD_TIMEOUT_MS)
    teacher.locator(".ks-open-class").tap(timeout=LOAD_TIMEOUT_MS)
    code_box = teacher.locator(".ks-dash span.ks-class-code")
    expect(code_box).to_have_count(1, timeout=30_000)
    shared.class_code = code_box.inner_text().strip()
    assert shared.class_code
    names = [name for room in ROOMS for name in room]
    for index, name in enumerate(names):
        if name == GONE:
            pupil = Pupil(name, own_browser(shared.browser, profile, index), shared.server, profile)
        else:
            pupil = Pupil(name, shared.browser.new_context(**tablet(index)), shared.server)
        shared.pupils[name] = pupil
        pupil.open_page()
    for pupil in shared.pupils.values():  # one name field, one code box: a class code joins the class
        page = pupil.page
        page.locator(".ks-name-input input").fill(pupil.name)
        page.locator(".ks-code-input input").fill(shared.class_code)
        pupil.tap(".ks-room-join")
    for pupil in shared.pupils.values():
        expect(pupil.page.locator(".ks-class-status")).to_contain_text(pupil.name, timeout=STEP_TIMEOUT_MS)
    presence = teacher.locator(".ks-presence")
    for name in names:  # the dashboard lists the whole class
        expect(presence).to_contain_text(name, timeout=STEP_TIMEOUT_MS)
    shared.done.add("class")


# -- 2. two rooms -----------------------------------------------------------------------------
def test_two_rooms_of_three_open_and_start_on_every_seat(period):
    shared, _ = period
    shared.need("class")
    for number in range(len(ROOMS)):
        opener, *others = shared.room_pupils(number)
        page = opener.page
        page.locator(".ks-room-game button", has_text="Quanto").first.tap()
        page.locator(".ks-room-players button", has_text="3").first.tap()
        expect(page.locator(".ks-name-input input")).to_have_value(opener.name)  # the name typed once
        opener.tap(".ks-room-open")
        page.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
        code = page.locator(".ks-room-code").first.inner_text().strip()
        shared.room_codes.append(code)
        for other in others:
            other.page.locator(".ks-code-input input").fill(code)
            expect(other.page.locator(".ks-name-input input")).to_have_value(other.name)
            other.tap(".ks-room-join")
            other.page.wait_for_selector(".ks-room", timeout=STEP_TIMEOUT_MS)
        expect(page.locator(".ks-waiting-room")).to_contain_text(others[-1].name, timeout=STEP_TIMEOUT_MS)
        opener.tap(".ks-room-start")  # "Spiel starten"
        for pupil in shared.room_pupils(number):
            pupil.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
            expect(pupil.page.locator(".ks-room-head")).to_contain_text(pupil.name)
    rooms = shared.teacher.locator(".ks-rooms")
    for code in shared.room_codes:  # the teacher sees both rooms
        expect(rooms).to_contain_text(code, timeout=STEP_TIMEOUT_MS)
    shared.done.add("rooms")


def play(shared: Period, pupils: list[Pupil], room_numbers: list[int], moves: int, limit_s: float = 600) -> None:
    """Whoever may act taps a legal move, until every room in `room_numbers` has `moves`
    moves in its log. After every move, each page of that room shows it in its log, and where a
    page's hand reaches outside the window is noted (`Period.hands_outside`; the first time for
    a pupil also in a screenshot)."""
    end = time.monotonic() + limit_s
    codes = [shared.room_codes[number] for number in room_numbers]
    while any(len(shared.room(code).movers) < moves for code in codes):
        assert time.monotonic() < end, f"the rooms did not reach {moves} moves in {limit_s} s"
        acted = False
        for pupil in pupils:
            page = pupil.page
            if not page.locator(YOUR_TURN).count() or page.locator(OVER).count():
                continue
            number = next(n for n in room_numbers if pupil.name in ROOMS[n])
            play_quanto_turn(page, tap=True)
            acted = True
            logged = len(shared.room(shared.room_codes[number]).movers)
            for mate in (p for p in pupils if p.name in ROOMS[number]):
                expect(mate.page.locator(".ks-room .ks-log li")).to_have_count(logged, timeout=STEP_TIMEOUT_MS)
                outside = mate.hand_outside()
                if outside and not any(note.startswith(f"{mate.name}:") for note in shared.hands_outside):
                    mate.page.screenshot(path=str(SCREENSHOTS / f"class_period_hand_{mate.name}.png"))
                if outside:
                    shared.hands_outside.append(f"{mate.name}: after move {logged} of room {number + 1}: {outside}")
        if not acted:
            time.sleep(0.2)
    for code in codes:
        assert not shared.room(code).over, "the game ended before the moves wanted"


# -- 3. playing, a switch to English, playing on ----------------------------------------------
def test_both_rooms_play_by_touch(period):
    shared, _ = period
    shared.need("rooms")
    play(shared, list(shared.pupils.values()), list(range(len(ROOMS))), MOVES // 2)
    shared.done.add("half")


def test_a_pupil_switches_to_english_mid_game_and_sees_no_german(period):
    shared, _ = period
    shared.need("half")
    page = shared.pupils[ENGLISH].page
    assert german_words_shown(page, "body")  # German before: the check can fail
    page.get_by_role("button", name="English").first.tap()
    expect(page.locator(".ks-room-head")).to_contain_text(ENGLISH)
    end = time.monotonic() + 10
    while (words := german_words_shown(page, "body")) and time.monotonic() < end:
        page.wait_for_timeout(250)
    assert not words, f"German on {ENGLISH}'s page after the switch: {sorted(words)}"
    shared.done.add("english")


def test_both_rooms_play_on_to_twenty_moves(period):
    shared, _ = period
    shared.need("half")
    play(shared, list(shared.pupils.values()), list(range(len(ROOMS))), MOVES)
    for code in shared.room_codes:
        room = shared.room(code)
        assert {seat for seat, decision in room.movers if decision} == {0, 1, 2}  # every seat tapped moves
    shared.done.add("played")


def test_every_hand_stays_in_the_window_after_every_move(period):
    shared, _ = period
    shared.need("played")
    assert not shared.hands_outside, (
        f"{len(shared.hands_outside)} times a hand left the window (screenshots: "
        f"{SCREENSHOTS}/class_period_hand_*.png), first: {shared.hands_outside[:3]}"
    )


def test_the_english_page_stays_english_after_the_moves(period):
    shared, _ = period
    shared.need("english", "played")
    words = german_words_shown(shared.pupils[ENGLISH].page, "body")
    assert not words, f"German on {ENGLISH}'s page after the others' moves: {sorted(words)}"


# -- 4. a tablet dies, its kernel goes, the pupil comes back ----------------------------------
@pytest.mark.slow  # about 2 minutes of waiting for the culler; test_lifecycle frees a vanished page's kernel
def test_a_dead_tablets_kernel_is_culled_within_150_s(period):
    shared, profile = period
    shared.need("played")
    gone = shared.pupils[GONE]
    kernel = gone.kernels[-1]
    assert shared.server.kernel_of(kernel)  # it runs before
    time.sleep(3)  # the browser has written its storage (the remembered seat) to disk
    processes = browser_processes(profile)
    assert processes, "the pupil's browser was not found"
    for process in processes:  # the whole browser at once, as when a tablet's battery dies
        try:
            process.send_signal(signal.SIGKILL)
        except psutil.NoSuchProcess:
            pass
    shared.done.add("killed")
    shared.killed_kernels += gone.kernels
    killed = time.monotonic()
    shared.server.wait_kernel_gone(kernel, GONE_WITHIN_S)
    print(f"the dead tablet's kernel was gone after {time.monotonic() - killed:.0f} s")


@pytest.mark.slow  # needs the dead tablet above; test_browsers brings a seat back with one tap
def test_the_pupil_is_back_at_the_table_with_one_tap_and_plays_on(period):
    shared, profile = period
    shared.need("killed")
    gone = shared.pupils[GONE]
    try:
        gone.context.close()
    except PlaywrightError:
        pass  # the killed browser
    index = [name for room in ROOMS for name in room].index(GONE)
    gone.context = own_browser(shared.browser, profile, index)
    gone.open_page()
    resume = gone.page.get_by_role("button", name=RESUME)
    expect(resume.first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    resume.first.tap()  # the one tap
    gone.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    expect(gone.page.locator(".ks-room-head")).to_contain_text(f"Du spielst als {GONE}")
    number = next(n for n, names in enumerate(ROOMS) if GONE in names)
    code = shared.room_codes[number]
    before = shared.room(code)
    mates = shared.room_pupils(number)
    play(shared, mates, [number], len(before.movers) + 3)  # a whole round: the pupil moved too
    after = shared.room(code)
    seat = ROOMS[number].index(GONE)
    assert seat in {mover for mover, decision in after.movers[len(before.movers) :] if decision}


# -- 5. the end of the period -----------------------------------------------------------------
def test_kernels_of_closed_pages_are_gone_within_150_s(period):
    shared, _ = period
    shared.need("class")
    kernels = [kernel for pupil in shared.pupils.values() for kernel in pupil.kernels] + shared.teacher_kernels
    kernels = [kernel for kernel in kernels if kernel not in shared.killed_kernels]
    for pupil in shared.pupils.values():
        for page in list(pupil.context.pages):
            try:
                page.close(run_before_unload=True)  # the tab is closed
            except PlaywrightError:
                pass
    if shared.teacher is not None:
        shared.teacher.close(run_before_unload=True)
    closed = time.monotonic()
    for kernel in kernels:
        left = GONE_WITHIN_S - (time.monotonic() - closed)
        shared.server.wait_kernel_gone(kernel, max(left, 0.1))


@pytest.mark.slow  # about 8 minutes on 2 cores (30 pages drawn at once); `make test` runs the
# same limit with 6 browsers in tests/e2e/test_browsers.py, `pytest -m slow` runs this one
def test_thirty_tablets_from_one_address_each_get_a_page(period):
    """30 tablets behind one address (a class behind a NAT or a proxy) each get a start page."""
    shared, _ = period
    contexts = [shared.browser.new_context(**tablet(index)) for index in range(TABLETS)]
    try:
        pages = [context.new_page() for context in contexts]
        answers = [page.goto(shared.server.url(START), wait_until="commit", timeout=LOAD_TIMEOUT_MS) for page in pages]
        statuses = [answer.status if answer is not None else None for answer in answers]
        refused = [status for status in statuses if status != 200]
        assert not refused, f"{len(refused)} of {TABLETS} tablets got no page: HTTP {refused[0]} (503: 'Server voll')"
        for page in pages:
            page.wait_for_selector(".ks-start-page", timeout=LOAD_TIMEOUT_MS)
    finally:
        for context in contexts:
            for page in context.pages:
                page.close(run_before_unload=True)
            context.close()
