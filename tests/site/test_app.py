"""The in-browser site's app (`kartenspiele.site.App`) on CPython in the browser build's mode: the
browser's part (its address, its history, its storage) is played by setting what the browser
would send and reading what the kernel sends it.

One Python for a visit: a link opens the page in the same kernel and keeps the pages built
before, so "back" finds the start page and a running game as they were; the address names the
page, the language and the saved game, so a reload (a new App) comes back to the same game; one
language for every page; a lesson page is its notebook's cells.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kartenspiele import lite
from kartenspiele.i18n import text
from kartenspiele.lessons.language import LessonBar
from kartenspiele.site import App
from kartenspiele.site.lesson_page import LessonPage
from kartenspiele.site.notebook_pages import site_pages
from kartenspiele.widgets.room import RoomPage
from kartenspiele.widgets.saving import SavedGame
from kartenspiele.widgets.start import StartPage
from kartenspiele.widgets.tutorial import Tutorial
from tests.test_lite import browser_sends
from tests.widgets.helpers import press_quanto_move

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pages():
    return site_pages(ROOT)


@pytest.fixture
def lite_mode(monkeypatch):
    monkeypatch.setenv(lite.ENVIRONMENT, "1")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("KARTENSPIELE_STORE", raising=False)


class Browser:
    """One tab: what it keeps (games, saves), the app it shows and the messages the app sent it."""

    def __init__(self, pages, kept: dict | None = None) -> None:
        self.pages = pages
        self.kept = kept or {"games": [], "saves": {}}
        self.app: App | None = None
        self.sent: list[dict] = []

    def open(self, page: str, query: str = "", fragment: str = "") -> App:
        """A page load: a new kernel and app, the browser's storage and address sent to it."""
        self.app = App(self.pages)
        self.sent = []
        self.app.address.send = self.sent.append  # what the kernel sends the browser
        browser_sends(self.app.memory, self.kept)
        self.tell(page, query, fragment, "load")
        return self.app

    def tell(self, page: str, query: str = "", fragment: str = "", how: str = "link") -> None:
        assert self.app is not None
        self.app.address.asked = {
            "path": f"/kartenspiele/voici/render/{page}.html",
            "query": query,
            "fragment": fragment,
            "how": how,
            "count": time.monotonic_ns(),
        }

    def keep(self) -> None:
        """What the browser's storage holds now (kept for the next page load)."""
        assert self.app is not None
        self.kept = {"games": list(self.app.memory.games), "saves": self.app.memory.saves}

    def last(self, kind: str) -> dict:
        return [message for message in self.sent if message["kind"] == kind][-1]

    @property
    def shown(self):
        assert self.app is not None and self.app.shown is not None
        return self.app.shown.widget


def test_the_address_opens_its_page_in_its_language(lite_mode, pages):
    browser = Browser(pages)
    app = browser.open("notebooks/start", "?lang=en")
    assert isinstance(browser.shown, StartPage) and browser.shown.lang == "en"
    assert "ks-shown" in browser.shown._dom_classes
    assert browser.last("replace")["address"] == "../notebooks/start.html?lang=en"
    assert browser.last("shown")["title"] == text("widgets.start.title", "en")
    browser.tell("notebooks/no_such_page")
    assert browser.shown is app.views["notebooks/start"].widget  # an unknown page is the start page


def test_a_link_keeps_the_pages_built_and_back_finds_the_running_game(lite_mode, pages):
    browser = Browser(pages)
    app = browser.open("notebooks/start")
    start = browser.shown
    browser.tell("notebooks/quanto")
    box = browser.shown
    assert isinstance(box, SavedGame) and "ks-hidden" in start._dom_classes
    table = box.table
    table.start_game(table.setup.config())
    press_quanto_move(table, table.state.legal_moves()[0])
    code = app.memory.current
    assert code and browser.last("replace")["address"] == f"../notebooks/quanto.html?resume={code}"
    browser.tell("notebooks/start", how="back")
    assert browser.shown is start
    browser.tell("notebooks/quanto", how="back")
    assert browser.shown is box and box.table.state == table.state  # the same game, nothing built again
    assert len([child for child in app.children if isinstance(child, (StartPage, SavedGame))]) == 2


def test_a_reload_comes_back_to_the_game_and_its_moves(lite_mode, pages):
    browser = Browser(pages)
    app = browser.open("notebooks/quanto")
    table = browser.shown.table
    table.start_game(table.setup.config())
    for _ in range(2):
        press_quanto_move(table, table.state.legal_moves()[0])
    code = app.memory.current
    browser.keep()
    browser.open("notebooks/quanto", f"?resume={code}")  # a reload of the game's address
    room = browser.shown.lobby.page
    assert isinstance(room, RoomPage), browser.shown.lobby.message.value
    assert room.controller.table.state == table.state
    assert browser.last("replace")["address"] == f"../notebooks/quanto.html?resume={code}"
    room.close()
    browser.open("notebooks/quanto", "?resume=ZZZZ")  # a game this browser does not keep: a new table
    assert isinstance(browser.shown, SavedGame) and browser.shown.table.session is None
    assert browser.last("replace")["address"] == "../notebooks/quanto.html"


def test_weiterspielen_on_the_start_page_gives_the_game_an_address(lite_mode, pages):
    browser = Browser(pages)
    app = browser.open("notebooks/tausch_rausch")
    table = browser.shown.table
    table.start_game(table.setup.config())
    code = app.memory.current
    browser.keep()
    app = browser.open("notebooks/start")
    start = browser.shown
    start.lobby.resume_box.children[0].click()
    assert isinstance(start.lobby.page, RoomPage) and "ks-in-room" in start._dom_classes
    assert browser.last("push")["address"] == f"../notebooks/start.html?resume={code}"
    browser.tell("notebooks/start", how="back")  # back: the start page without the game
    assert browser.shown is not start and browser.shown.lobby.page is None
    start.lobby.page.close() if start.lobby.page else None


def test_one_language_for_every_page_and_the_address(lite_mode, pages):
    browser = Browser(pages)
    app = browser.open("notebooks/start")
    browser.tell("lessons/01_teilsummen")
    lesson = browser.shown
    bar = next(child for child in lesson.children if isinstance(child, LessonBar))
    browser.tell("notebooks/quanto_tutorial")
    tutorial = browser.shown
    assert isinstance(tutorial, Tutorial)
    tutorial.language.value = "en"  # the tutorial's switch
    assert app.lang == "en" and bar.switch.value == "en" and app.views["notebooks/start"].widget.lang == "en"
    assert browser.last("replace")["address"] == "../notebooks/quanto_tutorial.html?lang=en"
    browser.tell("lessons/01_teilsummen", "?lang=en")
    bar.switch.value = "de"  # the lesson's switch
    assert app.lang == "de" and tutorial.lang == "de"
    assert browser.last("replace")["address"] == "../lessons/01_teilsummen.html"
    browser.tell("notebooks/start", "?lang=en")  # a link that names another language
    assert app.lang == "en" and bar.switch.value == "en"


def test_a_lesson_page_is_its_notebook_and_scrolls_to_the_asked_section(lite_mode, pages):
    browser = Browser(pages)
    section = "2.-Systematisch-suchen:-der-Suchbaum"
    browser.open("lessons/01_teilsummen", "?lang=en", "#" + section)
    lesson = browser.shown
    assert isinstance(lesson, LessonPage) and "ks-lesson-page" in lesson._dom_classes
    assert browser.last("shown") == {
        "kind": "shown",
        "title": pages["lessons/01_teilsummen"]["title_en"],
        "section": section,
    }
    html = " ".join(
        getattr(child, "value", "") for child in lesson.children if isinstance(getattr(child, "value", None), str)
    )
    assert f'id="{section}"' in html and "Klassenkurve" not in html


@pytest.mark.parametrize(
    "page",
    [
        "lessons/00_index",
        "lessons/01_teilsummen",
        "lessons/02_gerade_ungerade",
        "lessons/03_folgen",
        "lessons/04_zufall",
    ],
)
def test_every_lesson_page_builds_every_cell_and_promises_no_server(lite_mode, pages, page):
    lesson = LessonPage(page, pages)
    values = [child.value for child in lesson.children if isinstance(getattr(child, "value", None), str)]
    failed = text("site.cell_failed", "de")
    assert not [value for value in values if failed in value]
    shown = " ".join(values)
    for promise in ("Binder", "make serve", "Klassenkurve", "class curve", "Klasse beigetreten", "class has joined"):
        assert promise not in shown, promise


def test_the_browser_may_report_an_address_and_nothing_else(lite_mode, pages):
    from kartenspiele.kernel import update_guard

    update_guard.install()
    app = App(pages)
    for bad in (
        {"path": "/x", "query": "", "fragment": "", "how": "load"},
        {"path": "/x" * 1000, "query": "", "fragment": "", "how": "load", "count": 1},
        {"path": "/x", "query": "", "fragment": "", "how": "teleport", "count": 1},
        {"path": 5, "query": "", "fragment": "", "how": "link", "count": 1},
    ):
        app.address._handle_msg({"content": {"data": {"method": "update", "state": {"asked": bad}}}})
        assert app.address.asked == {} and app.shown is None
