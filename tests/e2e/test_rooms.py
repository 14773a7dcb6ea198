"""Rooms in headless Chromium through Voilà: classmates on their own pages play whole games
in one room; a kernel killed mid-game and "Weiterspielen"; what reaches the browser."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import struct
import time

import psutil
import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.widgets.room import RoomController

from .driver import (
    LOAD_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    Received,
    click_and_wait,
    open_app,
    play_quanto_turn,
    start_game,
    wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser
START = "notebooks/start.ipynb"
YOUR_TURN = ".ks-room .ks-table.ks-your-turn"
OVER = ".ks-room .ks-table.ks-over"


class Pupil:
    """One browser context (one device) with its page, and what its kernel sent it."""

    def __init__(self, browser, voila, name: str) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
        self.received = Received(self.context)
        self.page = self.context.new_page()
        self.kernels: list[str] = []
        self.page.on("websocket", self._socket)
        self.voila = voila

    def _socket(self, socket) -> None:
        if "/api/kernels/" in socket.url:
            self.kernels.append(socket.url.split("/api/kernels/")[1].split("/")[0])

    @property
    def frames(self) -> list[bytes | str]:
        """Every websocket message this pupil's page received so far."""
        return self.received.messages(self.page)

    def open_start(self) -> None:
        open_app(self.page, self.voila.url(START))

    def open_room(self, game: str, players: int) -> str:
        page = self.page
        page.locator(".ks-room-game button", has_text=game).click()
        page.locator(".ks-room-players button", has_text=str(players)).click()
        page.locator(".ks-name-input input").fill(self.name)
        page.locator(".ks-room-open").click()
        page.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
        return page.locator(".ks-room-code").inner_text().strip()

    def join(self, code: str) -> None:
        page = self.page
        page.locator(".ks-code-input input").fill(code)
        page.locator(".ks-name-input input").fill(self.name)
        page.locator(".ks-room-join").click()
        page.wait_for_selector(".ks-room", timeout=STEP_TIMEOUT_MS)

    def kernel_pid(self) -> int:
        kernel = self.kernels[-1]
        for process in psutil.Process(self.voila.pid).children(recursive=True):
            if any(kernel in part for part in process.cmdline()):
                return process.pid
        raise AssertionError(f"no process for kernel {kernel}")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def pupils(browser, voila):
    made: list[Pupil] = []

    def make(*names: str) -> list[Pupil]:
        for name in names:
            made.append(Pupil(browser, voila, name))
            made[-1].open_start()
        return made

    yield make
    for pupil in made:
        pupil.close()


def play_tausch_rausch_turn(page) -> None:
    """Take the hint (it picks the cards and marks the stall or task), then press the mark."""
    click_and_wait(page, page.locator(".ks-room .ks-toolbar button:has(i.fa-lightbulb-o)"))
    click_and_wait(page, page.locator(".ks-room button.ks-hinted").first)


def play_until_over(pupils: list[Pupil], turn, limit_seconds: float = 900, turns_wanted: int | None = None) -> int:
    """Whoever may act plays a turn, until every page shows the end (or `turns_wanted`
    turns were played); returns the turns played."""
    end = time.monotonic() + limit_seconds
    turns = 0
    while time.monotonic() < end:
        if all(pupil.page.locator(OVER).count() for pupil in pupils) or (
            turns_wanted is not None and turns >= turns_wanted
        ):
            return turns
        acted = False
        for pupil in pupils:
            if pupil.page.locator(YOUR_TURN).count() and not pupil.page.locator(OVER).count():
                turn(pupil.page)
                turns += 1
                acted = True
        if not acted:
            time.sleep(0.2)
    raise AssertionError("the game did not end in time")


def store_room(code: str):
    return Rooms(open_store(os.environ["KARTENSPIELE_STORE"])).load(code)


WHOLE = [pytest.param(True, marks=pytest.mark.slow, id="whole-game"), pytest.param(False, id="a-few-turns")]


@pytest.mark.parametrize("whole", WHOLE)
def test_three_pupils_play_quanto_in_one_room(pupils, shots, whole):
    ana, ben, cem = pupils("Ana", "Ben", "Cem")
    code = ana.open_room("Quanto", 3)
    ben.join(code)
    cem.join(code)
    expect(ana.page.locator(".ks-waiting-room")).to_contain_text("Cem", timeout=STEP_TIMEOUT_MS)
    ana.page.screenshot(path=str(shots / "room_waiting.png"))
    ana.page.locator(".ks-room-start").click()
    for pupil in (ana, ben, cem):
        pupil.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    expect(ben.page.locator(".ks-room-head")).to_contain_text("Du spielst als Ben")
    ben.page.screenshot(path=str(shots / "room_quanto_ben.png"))
    turns = play_until_over([ana, ben, cem], play_quanto_turn, turns_wanted=None if whole else 4)
    room = store_room(code)
    # the moves of every seat were chosen on their own pages, and every page shows them all
    assert {mover for mover, decision in room.movers if decision} >= ({0, 1, 2} if whole else {0, 1})
    if not whole:
        assert turns >= 4
        for pupil in (ana, ben, cem):  # every move is in every page's log, without a click
            expect(pupil.page.locator(".ks-log li")).to_have_count(len(room.movers), timeout=5_000)
        assert_nothing_hidden_reached(ben, code, seat=1)
        return
    assert room.over
    for pupil in (ana, ben, cem):
        expect(pupil.page.locator(".ks-result")).to_be_visible()
    ana.page.screenshot(path=str(shots / "room_quanto_over.png"), full_page=True)


def kernel_messages(frames: list[bytes | str]) -> list[dict]:
    """The Jupyter messages in websocket frames (the binary v1 protocol: a count and offsets
    of the parts channel, header, parent header, metadata, content; or plain JSON)."""
    messages = []
    for frame in frames:
        if isinstance(frame, str):
            messages.append(json.loads(frame))
            continue
        count = struct.unpack_from("<Q", frame, 0)[0]
        offsets = [*struct.unpack_from(f"<{count}Q", frame, 8), len(frame)]
        parts = [frame[offsets[i] : offsets[i + 1]] for i in range(min(count, 5))]
        messages.append({"channel": parts[0].decode(), "header": json.loads(parts[1]), "content": json.loads(parts[4])})
    return messages


def received_states(message: dict) -> list[tuple[str, dict]]:
    """(model id, state) pairs a kernel message carries: a comm_open or update of one model, or
    the answer to the page's request for all states (`update_states`, sent when it connects)."""
    content = message.get("content", {})
    data = content.get("data", {})
    if not isinstance(data, dict):
        return []
    if isinstance(data.get("state"), dict) and "comm_id" in content:
        return [(content["comm_id"], data["state"])]
    if data.get("method") == "update_states" and isinstance(data.get("states"), dict):
        return [(model, entry.get("state", {})) for model, entry in data["states"].items()]
    return []


def widget_states(frames: list[bytes | str]) -> list[dict]:
    """Every widget state a page received."""
    return [state for message in kernel_messages(frames) for _, state in received_states(message)]


def model_states(frames: list[bytes | str]) -> dict[str, dict]:
    """The widget models of a page as its browser holds them: every model it received, with
    every later update merged in."""
    models: dict[str, dict] = {}
    for message in kernel_messages(frames):
        for model, state in received_states(message):
            models.setdefault(model, {}).update(state)
    return models


def strings(value) -> list[str]:
    """Every string inside a model state (HTML values, descriptions, tooltips, options …)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for part in value.values() for text in strings(part)]
    if isinstance(value, (list, tuple)):
        return [text for part in value for text in strings(part)]
    return []


ACCESS_TOKEN = re.compile(r"ks-a-\d+")


def normalised(text: str) -> str:
    """`text` with the access widget's control tokens (a per-kernel counter, no card) made equal."""
    return ACCESS_TOKEN.sub("ks-a-N", text)


def table_strings(table) -> list[str]:
    """The strings of a table's widget tree as the kernel would send them (redraw counter and
    focus requests aside, access tokens normalised; of the access widget's attributes only those
    of controls in the tree: it keeps the last attributes of controls no longer shown)."""
    widgets, stack = [], [table]
    while stack:
        widget = stack.pop()
        if widget is not table.tick:
            widgets.append(widget)
            stack.extend(getattr(widget, "children", ()))
    shown = {cls for widget in widgets for cls in getattr(widget, "_dom_classes", ()) if ACCESS_TOKEN.fullmatch(cls)}
    found = []
    for widget in widgets:
        state = {
            name: getattr(widget, name)
            for name in widget.keys
            if name not in ("children", "layout", "style", "_view_count")
            and not (widget is table.access and name in ("focus", "focus_serial"))  # where focus goes
        }
        if widget is table.access:
            state["attrs"] = {token: value for token, value in state["attrs"].items() if token in shown}
        found += strings(state)
    return sorted(normalised(text) for text in found)


def table_places(table) -> list[tuple[str, str, str]]:
    """(widget class, trait, string) for every string of a table's widget tree (for messages)."""
    found, stack = [], [table]
    while stack:
        widget = stack.pop()
        for name in widget.keys:
            if name not in ("children", "layout", "style"):
                found += [(type(widget).__name__, name, text) for text in strings(getattr(widget, name))]
        stack.extend(getattr(widget, "children", ()))
    return found


def permuted_room(code: str, seat: int, rng: random.Random):
    """The room replayed from its log with every card `seat` cannot see (the other hands and
    the draw pile, at their places in the first deal) exchanged among themselves."""
    room = store_room(code)
    hidden = room.state.view(seat).unseen()
    shuffled = list(hidden)
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled))
    first = room.initial_state()
    first.hands = [
        hand if player == seat else [swap.get(card, card) for card in hand] for player, hand in enumerate(first.hands)
    ]
    first.draw = [swap.get(card, card) for card in first.draw]
    room.initial_state = lambda: first.clone()  # this copy of the room only
    return room


def assert_nothing_hidden_reached(pupil: Pupil, code: str, seat: int) -> None:
    """The leak check: rebuild `seat`'s page from the store's log, once as it is and three
    times with the hidden cards exchanged; the rendered model state must stay the same, and
    it must be what the browser holds (its models: every comm_open with its updates). Nor is
    the seed in anything the browser received."""
    rooms = Rooms(open_store(os.environ["KARTENSPIELE_STORE"]))
    real = RoomController(rooms, store_room(code), seat, "de", lambda *_: None)
    expected = table_strings(real.table)
    for attempt in range(3):
        room = permuted_room(code, seat, random.Random(attempt))
        other = RoomController(rooms, room, seat, "de", lambda *_: None)  # drawn from the exchanged deal
        hands, real_hands = other.table.state.hands, real.table.state.hands
        assert hands[seat] == real_hands[seat] and hands != real_hands  # the hidden cards really moved
        assert table_strings(other.table) == expected  # the page does not depend on the hidden cards
    end = time.monotonic() + 20
    while True:  # the browser's models hold every one of these strings (once the last update arrived)
        held = {normalised(text) for state in model_states(pupil.frames).values() for text in strings(state)}
        missing = [text for text in set(expected) if text not in held]
        if not missing or time.monotonic() > end:
            break
        pupil.page.wait_for_timeout(500)
    assert not missing, (missing[:5], [where for where in table_places(real.table) if where[2] in missing][:5])
    received = json.dumps(widget_states(pupil.frames), ensure_ascii=False)
    assert str(real.room.seed) not in received


@pytest.mark.parametrize("whole", WHOLE)
def test_two_pupils_play_tausch_rausch_a_kernel_dies_and_weiterspielen(pupils, shots, whole):
    ana, ben = pupils("Ana", "Ben")
    code = ana.open_room("Tausch-Rausch", 2)
    ben.join(code)
    expect(ana.page.locator(".ks-waiting-room")).to_contain_text("Ben", timeout=STEP_TIMEOUT_MS)
    ana.page.locator(".ks-room-start").click()
    for pupil in (ana, ben):
        pupil.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    # a few turns, then Ben's kernel dies
    end = time.monotonic() + 300
    while store_room(code).seq < 3 + (6 if whole else 2) and time.monotonic() < end:
        for pupil in (ana, ben):
            if pupil.page.locator(YOUR_TURN).count():
                play_tausch_rausch_turn(pupil.page)
    before = store_room(code)
    # what reached Ben's browser: widget models hold no seed, no card of Ana's hand as a
    # hand button, only Ben's own hand
    states = widget_states(ben.frames)
    assert any("ks-hand-cards" in state.get("_dom_classes", ()) for state in states)
    received = json.dumps(states)
    assert str(before.seed) not in received
    tokens = [
        item["token"]
        for item in json.loads(ana.page.evaluate("() => window.localStorage.getItem('kartenspiele.games')"))
    ]
    assert tokens and not any(token in received for token in tokens)  # Ana's seat stays hers
    hand = ben.page.locator(".ks-room .ks-hand-cards button")
    assert hand.count() == len(before.state.hands[1])
    os.kill(ben.kernel_pid(), signal.SIGKILL)
    ben.page.reload()
    open_app(ben.page, ben.voila.url(START))
    resume = ben.page.locator(".ks-room-resume", has_text=code)
    expect(resume).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    ben.page.screenshot(path=str(shots / "room_weiterspielen.png"))
    resume.click()
    ben.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    expect(ben.page.locator(".ks-room-head")).to_contain_text("Ben")
    assert store_room(code).seq >= before.seq  # nothing was lost
    moved = store_room(code).seq
    play_until_over([ana, ben], play_tausch_rausch_turn, turns_wanted=None if whole else 2)
    room = store_room(code)
    assert room.seq >= moved + 2
    if not whole:
        return
    assert room.over
    ben.page.screenshot(path=str(shots / "room_tausch_rausch_over.png"), full_page=True)


def test_a_hot_seat_game_is_saved_and_comes_back_with_weiterspielen(browser, voila, shots):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    try:
        open_app(page, voila.url("notebooks/quanto.ipynb"))
        page.locator(".ks-setup select").nth(1).select_option(index=0)  # seat 2: a person too
        start_game(page, seed=5)
        page.locator(".ks-curtain button").click()  # Spieler 1 shows the hand
        wait_for_turn_or_end(page)
        play_quanto_turn(page)
        expect(page.locator(".ks-curtain button")).to_be_visible(timeout=STEP_TIMEOUT_MS)  # Spieler 2's turn
        games = json.loads(page.evaluate("() => window.localStorage.getItem('kartenspiele.games')"))
        code = games[0]["code"]
        room = store_room(code)
        assert room.hot_seat and len(room.movers) >= 1
        open_app(page, voila.url(START))  # the kernel of the game page is gone
        resume = page.locator(".ks-room-resume", has_text=code)
        expect(resume).to_be_visible(timeout=LOAD_TIMEOUT_MS)
        resume.click()
        expect(page.locator(".ks-curtain button")).to_be_visible(timeout=STEP_TIMEOUT_MS)  # hands stay hidden
        page.screenshot(path=str(shots / "hot_seat_weiterspielen.png"))
        page.locator(".ks-curtain button").click()
        wait_for_turn_or_end(page)
        play_quanto_turn(page)
        expect(page.locator(".ks-log li")).to_have_count(len(store_room(code).movers), timeout=STEP_TIMEOUT_MS)
        assert len(store_room(code).movers) > len(room.movers)
    finally:
        context.close()


def test_a_pupil_on_another_tablet_asks_and_the_opener_lets_them_in(pupils, shots):
    """Ben's first tablet stays open; on a second one he types the code and his name and
    waits; Ana's page shows "Ben will wieder mitspielen" with one button, Cem's does not;
    one tap and the second tablet plays at Ben's seat, the first one says so."""
    ana, ben, cem = pupils("Ana", "Ben", "Cem")
    code = ana.open_room("Quanto", 3)
    ben.join(code)
    cem.join(code)
    expect(ana.page.locator(".ks-waiting-room")).to_contain_text("Cem", timeout=STEP_TIMEOUT_MS)
    ana.page.locator(".ks-room-start").click()
    for pupil in (ana, ben, cem):
        pupil.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    old_token = store_room(code).seats[1].token
    tablet = pupils("Ben")[-1]  # a second tablet, without the first one's token, held upright
    tablet.page.set_viewport_size({"width": 768, "height": 1024})
    page = tablet.page
    page.locator(".ks-code-input input").fill(code.lower())
    page.locator(".ks-name-input input").fill("ben")
    page.locator(".ks-room-join").click()
    expect(page.locator(".ks-asking")).to_contain_text(
        "Frag Ana, ob du wieder mitspielen darfst", timeout=STEP_TIMEOUT_MS
    )
    page.screenshot(path=str(shots / "room_asking.png"))
    let_in = ana.page.locator(".ks-room-let-in")
    expect(let_in).to_contain_text("Ben will wieder mitspielen.", timeout=STEP_TIMEOUT_MS)
    ana.page.screenshot(path=str(shots / "room_let_in.png"))
    cem.page.wait_for_timeout(4_000)  # a heartbeat round later, Cem's page still shows no request
    assert cem.page.locator(".ks-let-in").count() == 0
    assert store_room(code).seats[1].token == old_token  # nothing has moved yet
    let_in.locator("button.ks-let-in").click()
    expect(ana.page.locator(".ks-room-note")).to_contain_text("Ben ist wieder dabei.", timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".ks-room-head")).to_contain_text("Du spielst als Ben")
    expect(ben.page.locator(".ks-room-note")).to_contain_text(
        "Ben spielt jetzt auf einem anderen Gerät weiter", timeout=STEP_TIMEOUT_MS
    )
    assert ben.page.locator(".ks-room .ks-main").count() == 0
    ben.page.screenshot(path=str(shots / "room_seat_moved.png"))
    room = store_room(code)
    assert room.seats[1].token != old_token and room.entries[-1]["type"] == "rejoin"
    # the new tablet plays Ben's turns
    end = time.monotonic() + 180
    while (1, True) not in store_room(code).movers and time.monotonic() < end:
        for pupil in (ana, tablet, cem):
            if pupil.page.locator(YOUR_TURN).count():
                play_quanto_turn(pupil.page)
    assert (1, True) in store_room(code).movers
