"""The in-browser site (`make lite`, docs/lite.md) served as plain files on loopback, with every
request to another host blocked and counted.

- The built folder (fast, in `make test`): no teacher material, nothing of the server in the
  project's archive, every page's kernel started from the site's own `boot.js` and every file
  it names there, the site's loading screen and service worker, no other host.
- A warm visit with the network off (in `make test`): after one visit, the site's server is
  stopped; the start page and a game's table still open, from the browser's own cache.
- The story of one visit (slow: `make test-lite`): the start page, a whole Quanto game, back,
  Tausch-Rausch, a reload back into the running game, hot seat, both tutorials, lessons 1–4
  with practice, English kept across pages and a reload, back and forward, and a damaged save
  that is reported while the other games go on. Python starts once (no link loads a page).

Both browser tests are skipped, saying why, where the site could not be built for want of npm
or PyPI.
"""

from __future__ import annotations

import json
import re
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
TR_MOVES = 6
SHOWN = ".ks-site > .ks-shown"
NOT_BUILT = "the in-browser site is not built (`make lite` needs npm and PyPI; `make test` tries it first)"


class StaticSite:
    """`python -m http.server` on a free loopback port for `folder`, stopped by its PID."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
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


def built() -> None:
    if not (SITE / ".built").exists():
        pytest.skip(NOT_BUILT)


@pytest.fixture(scope="module")
def site():
    built()
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


def open_start(page, url: str) -> None:
    """Load a page of the site and wait until the app shows the start page (and mark the
    document: a link that loaded a new page would lose the mark)."""
    page.goto(url, timeout=BOOT_MS)
    page.wait_for_selector(f"{SHOWN}.ks-start-page a.ks-tile-quanto", timeout=BOOT_MS)
    page.evaluate("() => { window.__ksVisit = true; }")


def shown(page):
    return page.locator(SHOWN)


def follow(page, link) -> None:
    """Tap a link of the site: the app shows its page in the same document."""
    link.click()
    expect(
        page.locator(f"{SHOWN} .ks-setup, {SHOWN}.ks-tutorial, {SHOWN}.ks-lesson-page, {SHOWN}.ks-start-page").first
    ).to_be_visible(timeout=STEP_MS)
    assert page.evaluate("() => window.__ksVisit === true"), "the link loaded a new page (Python started again)"


def test_the_site_holds_no_teacher_material_and_names_no_other_host():
    """Checked on the built folder (fast, so `make test` runs it)."""
    built()
    names = {path.name for path in SITE.rglob("*")}
    assert not {"lehrkraft.ipynb", "handreichung.ipynb", "lehrkraft.html", "handreichung.html"} & names
    assert not (SITE / "service-worker.js").exists() and (SITE / "kartenspiele-sw.js").is_file()  # its own worker only
    boot = (SITE / "pyodide" / "boot.js").read_text(encoding="utf-8")
    settings = json.loads(re.search(r"const SITE = (\{.*?\});", boot).group(1))
    named = [settings["stdlib"], *settings["archives"], settings["snapshot"]]
    assert all((SITE / "pyodide" / name).is_file() for name in named), named
    assert (SITE / "pyodide" / settings["runtime"] / "pyodide.asm.wasm").is_file()
    (project,) = (name for name in settings["archives"] if name.startswith("kartenspiele-"))
    with zipfile.ZipFile(SITE / "pyodide" / project) as archive:
        members = archive.namelist()
    assert "kartenspiele/site/pages.json" in members and "kartenspiele/site/app.pyc" in members
    assert not [name for name in members if "teacher_notes" in name or name.startswith("kartenspiele/serving/")]
    assert not [name for name in members if name.endswith(".py")]  # bytecode only
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
        assert '"pyodideUrl": "../../../pyodide/boot.js"' in html, page
        assert 'id="ks-loading"' in html and "kartenspiele.App" not in html, page
        assert not re.search(r'<(link|script)[^>]+(href|src)="https?://', html), page


KEPT = """async () => {
  const cache = await caches.open((await caches.keys()).find((name) => name.startsWith("kartenspiele-")) || "none");
  const kept = (await cache.keys()).map((request) => request.url);
  return ["notebooks/start.html", "lessons/04_zufall.html", "/boot.js", "/snapshot-"].every(
    (part) => kept.some((url) => url.includes(part))) && kept.some((url) => /[/]snapshot-[0-9a-f]+$/.test(url));
}"""
"""Whether the site's worker keeps the start page, another page and the kernel's files, the
snapshot also unzipped (which a warm start reads instead of unzipping it)."""


@pytest.mark.browser
def test_a_warm_visit_works_with_the_network_off(browser, shots):
    """One visit with the network, then the site's server stops: a reload and a page change
    come from the browser's own cache (the site's service worker)."""
    built()
    served = StaticSite(SITE)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    try:
        open_start(page, served.url(""))
        deadline = time.monotonic() + STEP_MS / 1000
        while not page.evaluate(KEPT):  # the page hands its worker the visit's files once it shows
            assert time.monotonic() < deadline, "the site's worker did not keep the visit's files"
            time.sleep(0.5)
    finally:
        served.stop()
    try:
        open_start(page, served.url("voici/render/notebooks/start.html?lang=en"))
        expect(shown(page).locator("h1")).to_have_text(text("widgets.start.title", "en"))
        follow(page, shown(page).locator("a.ks-tile-tausch_rausch"))
        expect(shown(page).locator(".ks-setup .ks-start")).to_be_visible()
        page.screenshot(path=str(shots / "lite_offline_table_1024.png"))
        assert page.locator("text=Traceback").count() == 0
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_one_visit_walks_every_pupil_page_in_one_python(site, offline, shots):
    page, blocked = offline
    said = {"de": text("lobby.resume.damaged", "de")}

    # the site's root: the loading screen, then the start page; rooms replaced by a note
    page.goto(site.url(""), timeout=BOOT_MS)
    expect(page.locator("#ks-loading h1")).to_have_text(text("loading.title", "de"), timeout=BOOT_MS)
    open_start(page, page.url)
    expect(page.locator("#ks-loading")).to_have_count(0)
    expect(shown(page).locator(".ks-lite-note")).to_be_visible()
    page.screenshot(path=str(shots / "lite_start_1024.png"))

    # a whole Quanto game against the computer, by tapping
    follow(page, shown(page).locator("a.ks-tile-quanto"))
    assert page.url.endswith("notebooks/quanto.html")
    start_game(page, seed=7)
    moves = 0
    while not wait_for_turn_or_end(page):
        play_quanto_turn(page, tap=True)
        moves += 1
        assert moves < 300, "the game did not end"
    expect(shown(page).locator(".ks-result")).to_contain_text("Spielende")
    assert re.search(r"quanto\.html\?resume=[A-Z]{4,5}$", page.url)
    page.screenshot(path=str(shots / "lite_quanto_end_1024.png"))

    # back to the start page as it was, then Tausch-Rausch: moves by the hint
    page.go_back()
    expect(shown(page).locator("a.ks-tile-tausch_rausch")).to_be_visible()
    follow(page, shown(page).locator("a.ks-tile-tausch_rausch"))
    start_game(page, seed=7)
    for _ in range(TR_MOVES):
        assert not wait_for_turn_or_end(page)
        click_and_wait(page, shown(page).locator(".ks-toolbar button:has(i.fa-lightbulb-o)"), tap=True)
        click_and_wait(page, shown(page).locator("button.ks-hinted").first, tap=True)
    wait_for_turn_or_end(page)
    hand = shown(page).locator(".ks-hand-cards").inner_text()
    code = re.search(r"resume=([A-Z]+)", page.url).group(1)

    # a reload comes back to the running game (Python starts again, once)
    page.reload(timeout=BOOT_MS)
    page.wait_for_selector(f"{SHOWN} .ks-room .ks-table", timeout=BOOT_MS)
    page.evaluate("() => { window.__ksVisit = true; }")
    wait_for_turn_or_end(page)
    assert shown(page).locator(".ks-hand-cards").inner_text() == hand
    assert code in shown(page).inner_text()
    page.screenshot(path=str(shots / "lite_tausch_rausch_reload_1024.png"))

    # hot seat: two people at one screen, the curtain before the next hand
    follow(page, shown(page).locator("a.ks-home").first)
    follow(page, shown(page).locator("a.ks-tile-quanto"))
    seat = shown(page).locator(".ks-setup select").nth(1)
    seat.select_option(index=0)  # the second seat: a person
    start_game(page, seed=11)
    expect(shown(page).locator(".ks-curtain button")).to_be_visible()
    shown(page).locator(".ks-curtain button").click()
    expect(shown(page).locator(".ks-hand-cards button").first).to_be_visible()
    play_quanto_turn(page, tap=True)
    expect(shown(page).locator(".ks-curtain button")).to_be_visible()
    page.screenshot(path=str(shots / "lite_hot_seat_1024.png"))

    # both tutorials: a hint marks the move, the move is checked
    page.go_back()
    follow(page, shown(page).locator("a.ks-tile-quanto_tutorial"))
    expect(shown(page).locator(".ks-lesson")).to_contain_text("Lektion 1 von")
    shown(page).get_by_role("button", name="Tipp").click()
    shown(page).locator(".ks-actions button.ks-do-capture").click()
    expect(shown(page).locator(".ks-lesson")).to_contain_text("✔ Richtig: Die 8 passt genau")
    follow(page, shown(page).locator("a.ks-home").first)
    follow(page, shown(page).locator("a.ks-tile-tausch_rausch_tutorial"))
    shown(page).get_by_role("button", name="Tipp").click()
    expect(shown(page).locator(".ks-hand-cards button.ks-selected")).to_have_count(3)

    # lessons 1-4, each with an exercise of its practice answered rightly
    for number, name in enumerate(("01_teilsummen", "02_gerade_ungerade", "03_folgen", "04_zufall"), start=1):
        follow(page, shown(page).locator("a.ks-home").first)
        follow(page, shown(page).locator(f"a[href*='{name}']"))
        assert page.url.endswith(f"lessons/{name}.html")
        practice = shown(page).locator(".ks-practice").first
        practice.scroll_into_view_if_needed()
        practice.get_by_role("button", name=text("practice.level.klasse56", "de"), exact=True).click()
        made = exercise(number, "klasse56", 1)
        expect(practice.locator(".ks-prompt")).to_contain_text(made.question_text("de")[:40])
        answer(practice, made, right=True)
        expect(practice.locator(".ks-say-good")).to_contain_text(text("practice.f.right", "de"))
        page.screenshot(path=str(shots / f"lite_lesson{number}_practice_1024.png"))
    assert "Klassenkurve" not in shown(page).inner_text()  # lesson 4 promises no class curve here

    # English from a lesson's switch, kept on the start page and after a reload
    shown(page).locator(".ks-lesson-bar").get_by_role("button", name="English").click()
    expect(page).to_have_url(re.compile(r"04_zufall\.html\?lang=en"))
    follow(page, shown(page).locator("a.ks-home").first)
    expect(shown(page).locator("h1")).to_have_text(text("widgets.start.title", "en"))
    assert page.url.endswith("start.html?lang=en")
    page.reload(timeout=BOOT_MS)
    open_start(page, page.url)
    expect(shown(page).locator("h1")).to_have_text(text("widgets.start.title", "en"))
    page.go_back()  # back to the lesson, in English, without a new start
    expect(shown(page).locator(".ks-lesson-bar")).to_be_visible(timeout=BOOT_MS)

    # a damaged save: the start page says so, the other game goes on
    page.evaluate(
        """(code) => {
          const saves = JSON.parse(localStorage.getItem('kartenspiele.saves'));
          const log = Object.keys(saves.logs).find((name) => name.startsWith('room/' + code + '/'));
          saves.logs[log][saves.logs[log].length - 1] = '{"broken';
          localStorage.setItem('kartenspiele.saves', JSON.stringify(saves));
        }""",
        code,
    )
    open_start(page, site.url("voici/render/notebooks/start.html"))
    expect(shown(page).locator(".ks-lobby-message")).to_contain_text(said["de"])
    resume = shown(page).locator(".ks-room-resume")
    assert resume.count() >= 1 and code not in " ".join(resume.all_inner_texts())
    resume.first.click()  # the hot-seat game, at its table again
    page.wait_for_selector(f"{SHOWN}.ks-in-room .ks-table .ks-curtain button", timeout=STEP_MS)
    page.screenshot(path=str(shots / "lite_damaged_save_1024.png"))

    assert page.locator("text=Traceback").count() == 0
    assert blocked == [], f"{len(blocked)} requests left the machine: {blocked[:5]}"
