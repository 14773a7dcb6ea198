"""Whole games as children play them, looked at after every move at 1024 × 768 and 768 × 1024
(tablets) and 1366 × 768 (a laptop): every control the child can press is at least 44 px, inside
the window and the topmost element at its centre and near its edges (`on_top.seen`, which asks
`document.elementFromPoint`), nothing scrolls, no line of text is cut and the newest line of the
last move is in view; cards are at least 64 × 90 px at 1024 × 768, and no empty band is taller
than a card.

One server for the module. `make test` plays the Tausch-Rausch room of one child and two computers
(whose open tasks the pinned hand covered before issue 35) and shows the Tipp beside the longest
task verdict of a seeded four-player deal; the other games are marked slow: the Tausch-Rausch
tutorial, Quanto alone, both games in a room of three children and in a room of one child and two
computers, Tausch-Rausch alone, a hot-seat game and the Quanto tutorial."""

from __future__ import annotations

import time

import pytest

from .driver import STEP_TIMEOUT_MS, TAKING, VoilaServer, click_and_wait, open_app, start_game, wait_for_turn_or_end
from .on_top import seen

pytestmark = pytest.mark.browser

SIZES = {"tablet": (1024, 768), "portrait": (768, 1024), "laptop": (1366, 768)}
START = "notebooks/start.ipynb"
YOUR_TURN = ".ks-table.ks-your-turn"
OVER = ".ks-table.ks-over"
SETTLE_JS = """() => new Promise((resolve) => {
  let timer = null;
  const flying = () => document.querySelector('.ks-flights .ks-ghost, .ks-flights .ks-star');
  const done = (last) => {
    if (flying() && !last) { timer = setTimeout(done, 100); return; }  // a card lands when its copy is there
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(resolve));
  };
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 250); });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setTimeout(done, 250);
  setTimeout(() => done(true), 4000);
})"""
"""Waits until the page has been still for 250 ms and no copy of a card is in flight."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    voila = VoilaServer(
        extra=("--max-per-client", "0"),
        env={"KARTENSPIELE_STORE": f"sqlite:///{tmp_path_factory.mktemp('store') / 'store.db'}"},
    )
    try:
        voila.wait_ready()
        yield voila
    finally:
        voila.stop()


class Looker:
    """Looks at pages after every move, at every size, and keeps what it found wrong."""

    def __init__(self, shots, name: str) -> None:
        self.shots = shots
        self.name = name
        self.problems: list[str] = []
        self.looks = 0
        self.cards: dict[str, float] = {}
        self.shot: set[str] = set()  # the sizes with a screenshot of their first problem

    def look(self, page, where: str) -> None:
        self.looks += 1
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(SETTLE_JS)
            found = seen(page)
            problems = list(found["problems"])
            card, band = found["card"], found["band"]
            if card is not None:
                self.cards[size] = max(self.cards.get(size, 0), card)
                if band is not None and band > card + 1:
                    problems.append(f"an empty band of {band:.0f} px, taller than a card ({card:.0f} px)")
                if size == "tablet":
                    box = page.locator(".ks-hand-cards button.ks-card").first.bounding_box()
                    if box and (box["width"] < 64 - 0.5 or box["height"] < 90 - 0.5):
                        problems.append(f"cards of {box['width']:.0f} x {box['height']:.0f} px")
            if problems and len(self.problems) < 400:
                if size not in self.shot:
                    self.shot.add(size)
                    page.screenshot(path=str(self.shots / f"whole_{self.name}_first_problem_{size}.png"))
                self.problems += [f"{where}, {size}: {problem}" for problem in problems]
        page.set_viewport_size({"width": SIZES["tablet"][0], "height": SIZES["tablet"][1]})

    def verdict(self) -> None:
        assert self.looks > 0
        assert not self.problems, f"{len(self.problems)} problems in {self.looks} looks:\n" + "\n".join(
            self.problems[:25]
        )


def new_page(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE", has_touch=True)
    return context, context.new_page()


def quanto_move(page, looker: Looker, where: str) -> None:
    """A child's Quanto move: a hand card (looked at), then table cards until a move that takes is
    offered, else lay the card; refill when the hand is empty."""
    cards = page.locator(".ks-table .ks-hand-cards button:not([disabled])")
    if cards.count() == 0:
        refill = page.locator(".ks-table .ks-actions button.ks-side:not(.ks-do-pass)")
        if refill.count():
            click_and_wait(page, refill.first)
        else:  # nothing to play or refill: the room passes for the child ("Aussetzen" shows until
            page.wait_for_timeout(300)  # then: a click on it could find it gone and wait 30 s)
        return
    click_and_wait(page, cards.first)
    looker.look(page, where + " (a card picked)")
    while True:
        taking = page.locator(TAKING)
        if taking.count():
            click_and_wait(page, taking.first)
            return
        joinable = page.locator(".ks-table .ks-table-cards button.ks-joinable")
        if joinable.count() == 0:
            break
        click_and_wait(page, joinable.first)
    while page.locator(".ks-table .ks-table-cards button.ks-selected").count():
        click_and_wait(page, page.locator(".ks-table .ks-table-cards button.ks-selected").first)
    lay = page.locator(".ks-table .ks-actions button.ks-do-lay")
    if lay.count() == 0 and page.locator(".ks-action-go").is_visible():
        lay = page.locator(".ks-action-go")
    click_and_wait(page, lay.first)


def tausch_rausch_move(page, looker: Looker, where: str) -> None:
    """A child's Tausch-Rausch move: the Tipp picks the cards and marks a stall or task (looked
    at), then the marked button."""
    click_and_wait(page, page.locator(".ks-table .ks-toolbar button:has(i.fa-lightbulb-o)"))
    looker.look(page, where + " (the Tipp shown)")
    click_and_wait(page, page.locator(".ks-table button.ks-hinted").first)


MOVES = {"quanto": quanto_move, "tausch_rausch": tausch_rausch_move}


def play(pages: list, game: str, looker: Looker, limit_seconds: float = 1500) -> int:
    """Whoever may act makes a move and every page is looked at after it, until every page shows
    the end; returns the moves made."""
    end = time.monotonic() + limit_seconds
    moves = 0
    while time.monotonic() < end:
        if all(page.locator(OVER).count() for page in pages):
            for index, page in enumerate(pages):
                looker.look(page, f"the end, page {index + 1}")
            return moves
        mover = next((page for page in pages if page.locator(YOUR_TURN).count()), None)
        if mover is None:
            pages[0].wait_for_timeout(200)
            continue
        MOVES[game](mover, looker, f"move {moves + 1}")
        moves += 1
        for index, page in enumerate(pages):
            looker.look(page, f"after move {moves}, page {index + 1}")
    raise AssertionError(f"the game did not end within {limit_seconds} s")


def open_room(browser, server, game: str, names: list[str], computers: int) -> list:
    """A room opened by the first child, the others join by its code; the computer takes
    `computers` seats. Returns (context, page) pairs, the opener first."""
    opened = [new_page(browser) for _ in names]
    for (_, page), name in zip(opened, names):
        open_app(page, server.url(START))
        page.wait_for_selector(".ks-name-input input", timeout=STEP_TIMEOUT_MS)
        page.locator(".ks-name-input input").fill(name)
    opener = opened[0][1]
    opener.locator(".ks-room-game button", has_text="Quanto" if game == "quanto" else "Tausch-Rausch").click()
    opener.locator(".ks-room-players button", has_text=str(len(names) + computers)).click()
    for seat in range(len(names) + 1, len(names) + computers + 1):
        opener.locator(f".ks-room-seat-{seat} select").select_option(index=1)  # the easiest computer
    opener.locator(".ks-room-open").click()
    opener.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
    code = opener.locator(".ks-room-code").first.inner_text().strip()
    for _, page in opened[1:]:
        page.locator(".ks-code-input input").fill(code)
        page.locator(".ks-room-join").click()
        page.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
    opener.locator(".ks-room-start").click()
    for _, page in opened:
        page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
    return opened


def room_game(browser, server, shots, game: str, names: list[str], computers: int) -> Looker:
    looker = Looker(shots, f"room_{game}_{len(names)}_{computers}")
    opened = open_room(browser, server, game, names, computers)
    try:
        pages = [page for _, page in opened]
        for index, page in enumerate(pages):
            looker.look(page, f"the start, page {index + 1}")
        moves = play(pages, game, looker)
        print(
            f"{game}, room of {names} and {computers} computers: {moves} moves, {looker.looks} looks, cards {looker.cards}"
        )
        pages[0].screenshot(path=str(shots / f"whole_{looker.name}_end.png"))
    finally:
        for context, _ in opened:
            context.close()
    return looker


def alone_game(browser, server, shots, game: str, players: int = 2, people: int = 1) -> Looker:
    """A game at one screen: `people` children (hot seat from two) against the computer."""
    looker = Looker(shots, f"alone_{game}_{players}_{people}")
    context, page = new_page(browser)
    try:
        open_app(page, server.url(f"notebooks/{game}.ipynb"))
        page.locator(".ks-setup .ks-players button", has_text=str(players)).click()
        for seat in range(1, people):
            page.locator(".ks-setup select").nth(seat).select_option(index=0)  # a person
        start_game(page, 7)
        hot_seat = people > 1
        end = time.monotonic() + 1500
        moves = 0
        while True:
            page.wait_for_selector(f"{YOUR_TURN}, {OVER}, .ks-curtain button", timeout=STEP_TIMEOUT_MS * 3)
            if page.locator(OVER).count():
                break
            if time.monotonic() > end:
                raise AssertionError("the game did not end in time")
            if hot_seat and page.locator(".ks-curtain button").is_visible():
                looker.look(page, f"the curtain before move {moves + 1}")
                click_and_wait(page, page.locator(".ks-curtain button"))
                continue
            looker.look(page, f"before move {moves + 1}")
            MOVES[game](page, looker, f"move {moves + 1}")
            moves += 1
        looker.look(page, "the end")
        print(f"{game} at one screen, {people} of {players} people: {moves} moves, cards {looker.cards}")
    finally:
        context.close()
    return looker


def tutorial(browser, server, shots, game: str) -> Looker:
    """Every lesson of a tutorial, done with its "Tipp", looked at before and after each move."""
    looker = Looker(shots, f"tutorial_{game}")
    context, page = new_page(browser)
    try:
        open_app(page, server.url(f"notebooks/{game}_tutorial.ipynb"))
        lessons = page.locator(".ks-lesson-chooser select option").count()
        for lesson in range(lessons):
            wait_for_turn_or_end(page)
            looker.look(page, f"lesson {lesson + 1}")
            while page.locator(".ks-tutor-buttons button:has(i.fa-lightbulb-o):not([disabled])").count():
                click_and_wait(page, page.locator(".ks-tutor-buttons button:has(i.fa-lightbulb-o)"))
                looker.look(page, f"lesson {lesson + 1}, the Tipp shown")
                hinted = page.locator(".ks-table button.ks-hinted:visible")
                click_and_wait(page, hinted.first if hinted.count() else page.locator(".ks-action-go"))
                looker.look(page, f"lesson {lesson + 1}, after the move")
            if lesson + 1 < lessons:
                page.locator(".ks-tutor-buttons button:has(i.fa-arrow-right)").click()
                page.wait_for_timeout(300)
    finally:
        context.close()
    return looker


LONG_VERDICT_SEED = 253
"""A four-player Tausch-Rausch deal whose first Tipp picks three cards while a task with a
four-line title is open whose verdict takes ten lines in a task's 130 px at 1024 × 768."""
LONG_VERDICT_JS = """() => Math.max(0, ...[...document.querySelectorAll('.ks-task .ks-ok, .ks-task .ks-no')]
  .map(e => e.scrollHeight / parseFloat(getComputedStyle(e).lineHeight)))"""
"""How many lines the longest task verdict has (its box may show fewer and scroll)."""


TIPP_BOX_JS = """() => { const say = document.querySelector('.ks-table .ks-message .ks-say-tip');
  if (!say) return null;
  const line = parseFloat(getComputedStyle(say).lineHeight);
  return {hidden: say.scrollHeight - say.clientHeight, lines: say.querySelector('.ks-say-text').offsetHeight / line}; }"""


def test_the_tipp_beside_the_longest_verdict_at_the_card_floor(browser, server, shots):
    """The Tipp with three computers' rows, the piles and a ten-line verdict on the board: before
    the verdict had a box of six lines, the board was too tall for 90 px cards at 1024 × 768 and
    the column scrolled (25 px; the CI room walk saw 3–5 px at move 9, in a deal of chance). The
    Tipp (5 lines and more in the side column) is read whole: before it scrolled in 4 lines."""
    looker = Looker(shots, "tausch_rausch_long_verdict")
    context, page = new_page(browser)
    try:
        open_app(page, server.url("notebooks/tausch_rausch.ipynb"))
        page.locator(".ks-setup .ks-players button", has_text="4").click()
        start_game(page, LONG_VERDICT_SEED)
        page.wait_for_selector(YOUR_TURN, timeout=STEP_TIMEOUT_MS)
        click_and_wait(page, page.locator(".ks-table .ks-toolbar button:has(i.fa-lightbulb-o)"))
        page.evaluate(SETTLE_JS)
        lines = page.evaluate(LONG_VERDICT_JS)
        assert lines > 9.5, f"the deal no longer shows a long verdict (its longest has {lines:.1f} lines)"
        looker.look(page, "the Tipp")
        page.screenshot(path=str(shots / "whole_tausch_rausch_long_verdict_tablet.png"))
        tip = page.evaluate(TIPP_BOX_JS)
        assert tip is not None and tip["lines"] > 4.5, f"the deal's Tipp no longer needs more than 4 lines: {tip}"
        assert tip["hidden"] <= 1, f"the Tipp scrolls in its box, {tip['hidden']} px of it hidden: {tip}"
    finally:
        context.close()
    looker.verdict()


@pytest.mark.slow  # 2-4 min, a random deal: `make test` keeps under 20 min (CI 20 min 12 s with it);
# the seeded long-verdict test above holds its known failure in `make test`
def test_a_tausch_rausch_room_of_one_child_and_two_computers(browser, server, shots):
    room_game(browser, server, shots, "tausch_rausch", ["Mia"], 2).verdict()


@pytest.mark.slow  # about a minute
def test_the_tausch_rausch_tutorial(browser, server, shots):
    tutorial(browser, server, shots, "tausch_rausch").verdict()


@pytest.mark.slow
def test_a_quanto_room_of_one_child_and_two_computers(browser, server, shots):
    room_game(browser, server, shots, "quanto", ["Mia"], 2).verdict()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quanto", "tausch_rausch"])
def test_a_room_of_three_children(browser, server, shots, game):
    room_game(browser, server, shots, game, ["Ana", "Ben", "Cem"], 0).verdict()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["quanto", "tausch_rausch"])
def test_alone_against_the_computer(browser, server, shots, game):
    alone_game(browser, server, shots, game).verdict()


@pytest.mark.slow
def test_hot_seat_quanto_with_the_computer(browser, server, shots):
    alone_game(browser, server, shots, "quanto", players=3, people=2).verdict()


@pytest.mark.slow
def test_the_quanto_tutorial(browser, server, shots):
    tutorial(browser, server, shots, "quanto").verdict()
