"""The browser build's mode in a real browser (served by Voilà with `KARTENSPIELE_LITE=1`, as
the kernels on Pyodide see it): a game begun on the game page is kept in the browser's own
storage, and the start page, opened afresh in a new kernel, continues it with "Weiterspielen".
The start page offers no room or class, only the note with the served version's link."""

from __future__ import annotations

import json

import pytest

from kartenspiele.classroom.store.sqlite_store import SQLiteStore

from .driver import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, VoilaServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lite_voila(tmp_path_factory):
    store = tmp_path_factory.mktemp("unused-store")
    server = VoilaServer(
        env={"KARTENSPIELE_LITE": "1", "KARTENSPIELE_STORE": str(store)}, extra=("--max-per-client", "0")
    )
    try:
        server.wait_ready()
        yield server, store
    finally:
        server.stop()


def test_a_game_kept_in_the_browser_continues_from_the_start_page(lite_voila, browser, shots):
    server, store = lite_voila
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(server.url("notebooks/quanto.ipynb"), timeout=LOAD_TIMEOUT_MS)
        page.get_by_text("Spiel starten").click(timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(  # the kernel sends the saves and the list of games as two updates
            "() => (window.localStorage.getItem('kartenspiele.saves') || '').includes('room/')"
            " && (window.localStorage.getItem('kartenspiele.games') || '').includes('code')",
            timeout=STEP_TIMEOUT_MS,
        )
        games = json.loads(page.evaluate("() => window.localStorage.getItem('kartenspiele.games')"))
        code = games[0]["code"]
        page.goto(server.url("notebooks/start.ipynb"), timeout=LOAD_TIMEOUT_MS)
        page.wait_for_selector(".ks-lobby-lite", timeout=LOAD_TIMEOUT_MS)
        assert page.locator(".ks-room-open, .ks-code-input").count() == 0  # no room, no class code
        assert page.locator(".ks-lobby-lite a").first.get_attribute("href").startswith("https://")
        assert page.locator(".ks-tile-quanto").get_attribute("href") == "quanto.html"
        resume = page.locator(".ks-room-resume")
        resume.first.wait_for(timeout=STEP_TIMEOUT_MS)
        assert code in resume.first.inner_text()
        page.screenshot(path=str(shots / "lite-start-1024x768.png"))
        resume.first.click()
        page.wait_for_selector(".ks-in-room .ks-room .ks-table", timeout=STEP_TIMEOUT_MS)  # the game fills the page
        assert code in page.inner_text(".ks-in-room")
        page.locator(".ks-hand-cards button").first.wait_for(timeout=STEP_TIMEOUT_MS)
        for database in store.rglob("*.db"):  # the server made its store; the pages kept nothing in it
            assert SQLiteStore(database).keys("room/") == []
    finally:
        context.close()
