"""The in-browser site (`make lite`, docs/lite.md) served as plain files on loopback, with every
request to another host blocked and counted: the start page, a whole Quanto game against the
computer by tapping, ten Tausch-Rausch moves, an exercise of lesson 1, and after a reload the
game goes on with "Weiterspielen" from the browser's own storage.

Each page boots Pyodide (half a minute or more) and a whole game by taps takes minutes, so the
story takes 4–10 minutes on 2 cores: it is marked slow, `make test` builds the site, checks the
folder (no teacher material, no other host) and says that it skipped the story, and
`make test-lite` runs it. Both are skipped, saying why, where the site could not be built for
want of npm or PyPI.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from kartenspiele.i18n import text
from kartenspiele.practice import exercise

from .driver import ROOT, click_and_wait, free_port, play_quanto_turn, start_game, wait_for_turn_or_end
from .test_lesson_practice import answer

SITE = ROOT / "build" / "lite"
BOOT_MS = 240_000  # Pyodide's start on a loaded machine
STEP_MS = 60_000
TR_MOVES = 10


class StaticSite:
    """`python -m http.server` on a free loopback port for `folder`, stopped by its PID."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url(""), timeout=2).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise
                time.sleep(0.2)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def page_url(site: StaticSite, notebook: str) -> str:
    """A notebook's page in the site: Voici renders `notebooks/x.ipynb` as `voici/render/notebooks/x.html`."""
    return site.url("voici/render/" + notebook.removesuffix(".ipynb") + ".html")


@pytest.fixture(scope="module")
def site():
    if not (SITE / ".built").exists():
        pytest.skip("the in-browser site is not built (`make lite` needs npm and PyPI; `make test` tries it first)")
    served = StaticSite(SITE)
    yield served
    served.stop()


@pytest.fixture
def offline(browser):
    """A tablet-sized page that may reach loopback only; `blocked` lists every other request."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE", has_touch=True)
    blocked: list[str] = []

    def only_loopback(route) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    yield page, blocked
    context.close()


def open_page(page, url: str, selector: str) -> None:
    page.goto(url, timeout=BOOT_MS)
    page.wait_for_selector(selector, timeout=BOOT_MS)


def test_the_site_holds_no_teacher_material_and_names_no_other_host():
    """Checked on the built folder (fast, so `make test` runs it): no teacher's notebook or notes,
    and every page's kernel loads Pyodide from the site itself."""
    if not (SITE / ".built").exists():
        pytest.skip("the in-browser site is not built (`make lite` needs npm and PyPI; `make test` tries it first)")
    names = {path.name for path in SITE.rglob("*")}
    assert not {"lehrkraft.ipynb", "handreichung.ipynb", "lehrkraft.html", "handreichung.html"} & names
    (wheel,) = (SITE / "pyodide").glob("kartenspiele-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if "teacher_notes" in name]
    pupil = {
        f"{path.parent.name}/{path.stem}.html"
        for folder in ("notebooks", "lessons")
        for path in (ROOT / folder).glob("*.ipynb")
        if path.name not in ("lehrkraft.ipynb", "handreichung.ipynb")
    }
    pages = list((SITE / "voici" / "render").rglob("*.html"))
    assert {f"{page.parent.name}/{page.name}" for page in pages} == pupil
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert '"pyodideUrl": "../../../pyodide/pyodide.js"' in html, page
        assert '<link rel="stylesheet" href="https://' not in html, page


@pytest.mark.browser
@pytest.mark.slow
def test_games_and_a_lesson_run_in_the_browser_alone(site, offline, shots):
    page, blocked = offline

    # the start page, its games linked inside the site, rooms replaced by a note
    open_page(page, site.url(""), ".ks-start-page")
    expect(page.locator("a.ks-tile").first).to_have_attribute("href", "quanto.html")
    expect(page.locator(".ks-lite-note")).to_be_visible()
    page.screenshot(path=str(shots / "lite_start_1024.png"))
    assert page.locator("text=Traceback").count() == 0

    # a whole Quanto game against the computer, by tapping
    page.locator("a.ks-tile").first.click()
    page.wait_for_selector(".ks-setup", timeout=BOOT_MS)
    start_game(page, seed=7)
    page.screenshot(path=str(shots / "lite_quanto_1024.png"))
    moves = 0
    while not wait_for_turn_or_end(page):
        play_quanto_turn(page, tap=True)
        moves += 1
        assert moves < 300, "the game did not end"
    expect(page.locator(".ks-result")).to_contain_text("Spielende")

    # ten moves of Tausch-Rausch, each the hint's move
    open_page(page, page_url(site, "notebooks/tausch_rausch.ipynb"), ".ks-setup")
    start_game(page, seed=7)
    for _ in range(TR_MOVES):
        assert not wait_for_turn_or_end(page)
        click_and_wait(page, page.locator(".ks-table .ks-toolbar button:has(i.fa-lightbulb-o)"), tap=True)
        click_and_wait(page, page.locator(".ks-table button.ks-hinted").first, tap=True)
    wait_for_turn_or_end(page)
    hand = page.locator(".ks-hand-cards").inner_text()
    page.screenshot(path=str(shots / "lite_tausch_rausch_1024.png"))

    # an exercise of lesson 1, answered rightly
    open_page(page, page_url(site, "lessons/01_teilsummen.ipynb"), ".ks-practice")
    practice = page.locator(".ks-practice").first
    practice.scroll_into_view_if_needed()
    level = "klasse56"  # a number to type (Grundschule picks cards)
    practice.get_by_role("button", name=text(f"practice.level.{level}", "de"), exact=True).click()
    made = exercise(1, level, 1)
    expect(practice.locator(".ks-prompt")).to_contain_text(made.question_text("de")[:40])
    answer(practice, made, right=True)
    expect(practice.locator(".ks-say-good")).to_contain_text(text("practice.f.right", "de"))

    # a reload of the start page: the Tausch-Rausch game goes on from the browser's storage
    open_page(page, site.url(""), ".ks-start-page")
    page.locator(".ks-room-resume", has_text="Tausch-Rausch").first.click(timeout=STEP_MS)
    page.wait_for_selector(".ks-room .ks-table", timeout=STEP_MS)
    wait_for_turn_or_end(page)
    assert page.locator(".ks-hand-cards").inner_text() == hand
    assert page.locator("text=Traceback").count() == 0
    assert blocked == [], f"{len(blocked)} requests left the machine: {blocked[:5]}"
