"""Serving a class: kernels freed on close, the lost-connection banner, the password page,
no outside requests, "Server voll", culling that spares open pages, closed routes."""

import http.cookiejar
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from urllib.parse import urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from .driver import ROOT, VoilaServer, click_and_wait, open_app, play_quanto_turn

pytestmark = pytest.mark.browser
KERNEL_GONE_S = 120  # the goal: a closed page's kernel is gone within 2 minutes
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def status(url: str, headers: dict | None = None, data: bytes | None = None, opener=None) -> int:
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with (opener or urllib.request.build_opener(NoRedirect)).open(request, timeout=60) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the project's pages with a picture and a private file beside them."""
    root = tmp_path_factory.mktemp("project")
    for folder in ("notebooks", "lessons"):
        shutil.copytree(ROOT / folder, root / folder)
    shutil.copy(ROOT / "voila.json", root / "voila.json")
    (root / "notebooks" / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (root / "klassenliste.csv").write_text("Name;Note\n")
    return root


@pytest.fixture(scope="module")
def server(project):
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-serving.log")
    try:
        voila.wait_ready()
        yield voila
    finally:
        voila.stop()


def test_no_file_list_and_no_files_for_pupils(server):
    for path in ("/voila/api/contents", "/voila/api/contents/notebooks", "/api/contents"):
        assert status(server.base + path) == 404, path
    for path in (
        "/voila/files/notebooks/picture.png",
        "/voila/files/klassenliste.csv",
        "/voila/files/notebooks/start.ipynb",
        "/voila/files/voila.json",
    ):
        assert status(server.base + path) == 403, path
    assert status(server.base + "/voila/tree") == 302 and status(server.base + "/") == 302  # to the start page
    assert len(server.kernels()) == 0


def test_foreign_host_header_is_refused(server):
    url = server.url("notebooks/quanto.ipynb")
    assert status(url, {"Host": f"rebind.example:{server.port}"}) == 403
    assert status(server.base + "/kartenspiele/alive/x", {"Host": f"localhost:{server.port}"}) == 404
    assert len(server.kernels()) == 0  # the refused request started nothing


def test_closed_and_reloaded_pages_free_their_kernels(server, browser):
    """Opened from the printed address in a fresh browser (no cookie set before)."""
    context = browser.new_context()
    page = context.new_page()
    open_app(page, server.printed_url().replace("start.ipynb", "quanto.ipynb"))
    assert len(server.kernels()) == 1
    page.reload()
    page.wait_for_selector(".ks-table", timeout=120_000)
    reload_s = server.wait_kernels(1, KERNEL_GONE_S)  # the old page's kernel went, the new one runs
    page.close(run_before_unload=True)
    close_s = server.wait_kernels(0, KERNEL_GONE_S)
    context.close()
    print(f"kernel gone {close_s:.1f} s after close; reload left one kernel after {reload_s:.1f} s")


def test_lost_kernel_shows_the_banner_and_reloads(server, browser, shots):
    """A connected page without a game (no game begun yet) offers to load the page again; with
    a game it offers "Spiel fortsetzen" (`test_browsers.py`)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    url = server.url("notebooks/quanto.ipynb")
    open_app(page, url)
    banner = page.locator("#ks-lost")
    expect(banner).to_be_hidden()
    kernel_id = page.evaluate(KERNEL_ID)
    server.kernel_of(kernel_id).kill()  # a crash, or the culler
    expect(banner).to_be_visible(timeout=30_000)
    expect(banner).to_contain_text("Verbindung verloren")
    expect(banner).not_to_contain_text("Spiel fortsetzen")  # no game was begun there
    page.screenshot(path=str(shots / "connection-lost-1024.png"))
    page.get_by_role("button", name="Seite neu laden").click()
    page.wait_for_selector(".ks-table", timeout=120_000)
    assert page.url == url and page.evaluate(KERNEL_ID) != kernel_id
    page.close(run_before_unload=True)
    context.close()
    server.wait_kernels(0, KERNEL_GONE_S)


def test_pages_load_nothing_from_outside(server, browser):
    context = browser.new_context()
    blocked, loaded = [], []

    def only_loopback(route):
        host = urlparse(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            loaded.append(route.request.url)
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    for name in ("start.ipynb", "quanto.ipynb", "tausch_rausch.ipynb"):
        open_app(page, server.url(f"notebooks/{name}"))
        expect(page.locator(".ks-table").first).to_be_visible()
        assert page.locator("#loading").count() == 0  # Voilà's spinner is gone: the page is complete
    page.close(run_before_unload=True)
    context.close()
    assert blocked == [] and len(loaded) > 10


def test_voilas_scripts_load_while_a_lessons_cells_run(server, browser):
    """Voilà's script is asked for once, right after the page's settings and before the first
    cell: the browser fetches and runs Voilà's scripts while the lesson's cells still run (the
    HTML is still coming), and the lesson works as before."""
    context = browser.new_context()
    page = context.new_page()
    html = page.goto(server.url("lessons/02_gerade_ungerade.ipynb"), timeout=120_000).text()
    expect(page.locator(".ks-lesson-bar")).to_be_visible(timeout=120_000)
    html_end, script_starts = page.evaluate(
        r"""() => [performance.getEntriesByType('navigation')[0].responseEnd,
                   performance.getEntriesByType('resource').filter(e => /\/voila\.js$/.test(e.name))
                       .map(e => e.startTime)]"""
    )
    page.close(run_before_unload=True)
    context.close()
    (script,) = [start for start in range(len(html)) if html.startswith('/voila.js"></script>', start)]
    assert html.index("jupyter-config-data") < script < html.index("voila_process(1,")
    assert len(script_starts) == 1 and script_starts[0] < html_end


def test_a_page_opened_again_comes_from_the_browser_cache(server, browser):
    """Scripts, styles and extensions are kept by the browser: opened again, the page asks the
    server only for itself and its kernel; no unused extension is loaded."""
    context = browser.new_context()
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    fetched, kernels = [], []
    for _ in range(2):
        page = context.new_page()
        open_app(page, server.url("notebooks/quanto.ipynb"))
        expect(page.locator(".ks-setup .ks-start")).to_be_visible(timeout=60_000)
        fetched.append(
            page.evaluate("performance.getEntriesByType('resource').filter(e => e.transferSize > 0).map(e => e.name)")
        )
        kernels.append(page.evaluate(KERNEL_ID))
        page.close(run_before_unload=True)
    context.close()
    assert len(fetched[0]) > 50  # the first time: Voilà's scripts, styles and extensions
    assert [url for url in fetched[1] if "/api/kernels/" not in url] == []
    assert not [url for url in requested if "jupyterlab_pygments" in url]
    for kernel in kernels:  # an earlier test's page may still be closing
        server.wait_kernel_gone(kernel, KERNEL_GONE_S)


def test_password_page_then_the_games(project, browser, shots):
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-password.log", extra=("--password", "Dachs7373"))
    try:
        voila.wait_ready()
        start = voila.url("notebooks/start.ipynb")
        assert status(start) == 302 and len(voila.kernels()) == 0
        assert status(voila.base + "/kartenspiele/alive/x") == 403
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
        status(voila.base + "/kartenspiele/login", opener=opener)
        xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
        form = urllib.parse.urlencode({"_xsrf": xsrf, "password": "falsch", "next": "/"}).encode()
        assert status(voila.base + "/kartenspiele/login", data=form, opener=opener) == 401

        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        page.goto(start)
        expect(page.get_by_role("heading", name="Kartenspiele – Passwort")).to_be_visible()
        page.screenshot(path=str(shots / "password-1024.png"))
        page.get_by_label("Klassen-Passwort").fill("Dachs7373")
        page.keyboard.press("Enter")
        page.wait_for_selector(".ks-start-page", timeout=120_000)
        assert page.url == start
        page.close(run_before_unload=True)
        context.close()
    finally:
        voila.stop()


RETRIES = 3
"""Taps on 'Noch einmal versuchen', 5 s apart, after the open page was closed."""


@pytest.mark.slow  # about 30 s
def test_server_full_page_instead_of_a_hang(project, browser, shots):
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-full.log", extra=("--max-per-client", "1"))
    try:
        voila.wait_ready()
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        first = context.new_page()
        open_app(first, voila.url("notebooks/quanto.ipynb"))
        second = context.new_page()
        second.goto(voila.url("notebooks/tausch_rausch.ipynb"))
        expect(second.get_by_role("heading", name="Server voll")).to_be_visible()
        expect(second.locator("main")).to_contain_text("Auf diesem Gerät ist schon 1 Seite offen.")
        second.screenshot(path=str(shots / "server-full-1024.png"))
        assert len(voila.kernels()) == 1
        first.close(run_before_unload=True)
        voila.wait_kernels(0, KERNEL_GONE_S)
        # under load the closed page's request may still be finishing: a child taps again
        for _ in range(RETRIES):
            second.get_by_role("link", name="Noch einmal versuchen").click()
            second.wait_for_selector(".ks-table, :text('Server voll')", timeout=120_000)
            if second.locator(".ks-table").count() or not second.get_by_role("heading", name="Server voll").count():
                break
            second.wait_for_timeout(5_000)
        try:
            second.wait_for_selector(".ks-table", timeout=120_000)
        except PlaywrightTimeoutError:
            raise AssertionError(
                f"no table after 'Noch einmal versuchen': {second.url} shows {second.inner_text('body')[:300]!r}; "
                f"kernels {voila.kernels()}; server log: {voila.log_path.read_text()[-3000:]}"
            ) from None
        second.close(run_before_unload=True)
        context.close()
    finally:
        voila.stop()


@pytest.mark.slow  # about 45 s of waiting for the culler
def test_culling_spares_an_open_page(project, browser):
    """Kernels without a page are culled after the idle time; an open, idle page keeps its
    kernel (with `voila.json`'s culling: 600 s without a page, never while a page is open)."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-cull.log", cull_idle=4)
    try:
        voila.wait_ready()
        context = browser.new_context()
        page = context.new_page()
        open_app(page, voila.url("notebooks/quanto.ipynb"))
        assert status(voila.url("notebooks/tausch_rausch.ipynb")) == 200  # a page without a browser
        assert len(voila.kernels()) == 2
        voila.wait_kernels(1, 60)  # the orphan is culled …
        time.sleep(10)  # … while the open page idles through several culling rounds
        assert len(voila.kernels()) == 1
        expect(page.locator("#ks-lost")).to_be_hidden()
        assert page.locator(".ks-main").count() == 0
        page.locator(".ks-setup .ks-start").click()
        page.wait_for_selector(".ks-main", timeout=20_000)  # the idle page still answers clicks
        page.close(run_before_unload=True)
        context.close()
    finally:
        voila.stop()


def test_preheated_pages_know_their_language(project, browser):
    """Kernels started ahead of time wait for the page's address before they draw the table."""
    pages = ("notebooks/start.ipynb", "notebooks/quanto.ipynb", "notebooks/tausch_rausch.ipynb")
    extra = tuple(option for page in pages for option in ("--preheat-page", page))
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-preheat.log", preheat=1, extra=extra)
    try:
        voila.wait_ready()
        voila.wait_kernels(3, 180)  # one each for the start page and the two games
        for kernel in voila.kernels():  # ready kernels that die are replaced (the pools stay whole)
            kernel.kill()
        voila.wait_kernels(0, 30)
        voila.wait_kernels(3, 180)
        assert "failed or died; starting new ones" in voila.log_path.read_text()
        context = browser.new_context()
        page = context.new_page()
        open_app(page, voila.url("notebooks/quanto.ipynb?lang=en"))
        expect(page.locator(".ks-setup .ks-start")).to_have_text("Start the game")
        assert "Using pre-heated kernel" in voila.log_path.read_text()
        page.goto(voila.url("notebooks/tausch_rausch.ipynb"))
        page.wait_for_selector(".ks-table", timeout=120_000)
        expect(page.locator(".ks-setup .ks-start")).to_have_text("Spiel starten")
        page.close(run_before_unload=True)
        context.close()
    finally:
        voila.stop()


SLOW_CLICK = """import time
from kartenspiele.widgets import QuantoTable

table = QuantoTable(seed=11, speed="instant", start=True)
slow = [True]


def think(move):
    # the first move of the pupil computes for a minute (as a huge table's question would)
    if slow[0]:
        slow[0] = False
        end = time.monotonic() + 60
        while time.monotonic() < end:
            pass
    return None


table.move_guard = think
table
"""


def test_a_click_that_computes_too_long_is_stopped_with_a_message(project, browser, shots):
    """`--click-limit 3`: the click is stopped after about 3 s (not 60), the table says so and
    the next move is made as usual."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SLOW_CLICK)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, project / "notebooks" / "slow_click.ipynb")
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-click-limit.log", extra=("--click-limit", "3"))
    try:
        voila.wait_ready()
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        open_app(page, voila.url("notebooks/slow_click.ipynb"))
        page.wait_for_selector(".ks-table.ks-your-turn", timeout=60_000)
        hand = page.locator(".ks-hand-cards button").count()
        start = time.monotonic()
        play_quanto_turn(page)  # its last click makes the move: stopped, then drawn again
        message = page.locator(".ks-message")
        expect(message).to_contain_text("Das hat zu lange gedauert", timeout=40_000)
        assert time.monotonic() - start < 40  # stopped, not computed for the whole minute
        page.screenshot(path=str(shots / "click-limit-1024.png"))
        expect(page.locator(".ks-table.ks-your-turn")).to_be_visible()  # still the pupil's move …
        assert page.locator(".ks-hand-cards button").count() == hand  # … and nothing was played
        click_and_wait(page, page.locator(".ks-actions button.ks-main-action").first)  # again: now it is made
        expect(message).not_to_contain_text("Das hat zu lange gedauert", timeout=30_000)
        page.wait_for_selector(".ks-table.ks-your-turn", timeout=60_000)
        assert page.locator(".ks-hand-cards button").count() == hand - 1
        expect(page.locator("#ks-lost")).to_be_hidden()
        page.close(run_before_unload=True)
        context.close()
    finally:
        voila.stop()


@pytest.mark.slow  # about 40 s of waiting for the culler
def test_a_page_closed_while_loading_frees_its_kernel(project, browser):
    """A page that never connects to its kernel (closed before its scripts loaded, so Voilà's
    shutdown request is never sent) loses the kernel after `--connect-grace`; an open page
    keeps its own."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-unconnected.log", extra=("--connect-grace", "8"))
    try:
        voila.wait_ready()
        context = browser.new_context()
        page = context.new_page()
        open_app(page, voila.url("notebooks/quanto.ipynb"))
        assert status(voila.url("notebooks/tausch_rausch.ipynb")) == 200  # the page arrives, nothing connects
        assert len(voila.kernels()) == 2
        assert voila.wait_kernels(1, 60) < 60
        assert "its page never connected" in voila.log_path.read_text()
        page.wait_for_timeout(12_000)  # longer than the grace: the open page keeps its kernel
        assert len(voila.kernels()) == 1
        page.locator(".ks-setup .ks-start").click()
        page.wait_for_selector(".ks-main", timeout=30_000)
        expect(page.locator("#ks-lost")).to_be_hidden()
        page.close(run_before_unload=True)
        voila.wait_kernels(0, KERNEL_GONE_S)
        context.close()
    finally:
        voila.stop()


def test_protocol_pupils_of_the_load_run_play_like_a_browser(server):
    """The load run's protocol-level pupil (`benchmarks/protocol_pupil.py`): it opens a game page,
    plays moves with widget messages, closes the page with Voilà's shutdown request — and the
    kernel is gone, as after a browser's tab."""
    import asyncio
    import concurrent.futures
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from protocol_play import play
    from protocol_pupil import ProtocolPage

    async def pupil(game: str) -> tuple[int, list[float], str, int, list[str]]:
        page = ProtocolPage(server.url(f"notebooks/{game}.ipynb"))
        await page.open(120)
        moves, clicks = await play(page, game, 5, 3, 60)
        kernel = page.kernel
        return moves, clicks, kernel, await page.close(), page.problems()

    def run(game: str) -> tuple[int, list[float], str, int, list[str]]:
        # its own thread: Playwright's sync API keeps an event loop running in this one
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, pupil(game)).result()

    for game in ("quanto", "tausch_rausch"):
        moves, clicks, kernel, closed, errors = run(game)
        # ipykernel's "No such comm" counts only for a comm the kernel never answered on
        assert errors == []
        assert moves == 3 and len(clicks) >= 3
        assert closed == 204
        server.wait_kernel_gone(kernel, KERNEL_GONE_S)  # another test's page may still be closing
