"""Issue 23 in a real server: a class behind one address gets a page for every browser, a
client that drops its cookies is still capped, `X-Forwarded-For` counts only from a trusted
proxy; after a lost kernel one tap on "Spiel fortsetzen" brings the same seat back."""

from __future__ import annotations

import http.cookiejar
import re
import shutil
import time
import urllib.error
import urllib.request

import nbformat
import pytest
from playwright.sync_api import expect

from kartenspiele.serving.clients import DEVICE_COOKIE

from .driver import LOAD_TIMEOUT_MS, ROOT, STEP_TIMEOUT_MS, VoilaServer, open_app, start_game

pytestmark = pytest.mark.browser
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
WHO = (
    "import os\nprint('client=' + os.environ.get('HTTP_X_KARTENSPIELE_CLIENT', 'none'))\n"
    "print('device=' + os.environ.get('HTTP_X_KARTENSPIELE_DEVICE', 'none') + ';')"
)
"""The tiny page of these tests: it prints the address and the device the server gave its kernel."""
DEVICE = re.compile(r"device=([^;]*);")
CLASS_SIZE = 30


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """A project with one page that starts a kernel and prints its client's address."""
    root = tmp_path_factory.mktemp("tiny")
    (root / "notebooks").mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(WHO)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, root / "notebooks" / "who.ipynb")
    shutil.copy(ROOT / "voila.json", root / "voila.json")
    return root


def fetch(url: str, forwarded: str | None = None, jar: http.cookiejar.CookieJar | None = None) -> tuple[int, str]:
    """A page fetched without a browser: its status and text (cookies kept in `jar` if given)."""
    handlers = [urllib.request.HTTPCookieProcessor(jar)] if jar is not None else []
    request = urllib.request.Request(url, headers={"X-Forwarded-For": forwarded} if forwarded else {})
    try:
        with urllib.request.build_opener(*handlers).open(request, timeout=120) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_forged_forwarded_for_and_dropped_cookies_do_not_escape_the_caps(tiny):
    """No trusted proxy: the socket address counts, whatever `X-Forwarded-For` says; pages
    without a device cookie share the address's budget (2 here), a browser with its cookie
    back is counted on its own."""
    voila = VoilaServer(tiny, log=ROOT / "test-output" / "voila-untrusted.log", extra=("--max-per-address", "2"))
    try:
        voila.wait_ready()
        page = voila.url("notebooks/who.ipynb")
        jar = http.cookiejar.CookieJar()
        code, body = fetch(page, "198.51.100.1", jar)
        assert code == 200 and "client=127.0.0.1" in body and "client=198.51.100.1" not in body
        assert [cookie.name for cookie in jar if cookie.name == DEVICE_COOKIE] == [DEVICE_COOKIE]
        device = DEVICE.findall(body)
        code, body = fetch(page, "198.51.100.2")  # cookies dropped: the address's second page
        assert code == 200 and DEVICE.findall(body) != device  # a new device id for the rooms' limit
        code, body = fetch(page, "198.51.100.3")  # a third address made up: still the same budget
        assert code == 503 and "keine Cookies" in body and "2 solche Seiten" in body
        assert fetch(page)[0] == 503
        code, body = fetch(page, jar=jar)  # the first browser, with its device cookie
        assert code == 200 and "client=127.0.0.1" in body
        assert DEVICE.findall(body) == device and len(device) == 1 and len(device[0]) >= 16
        assert len(voila.kernels()) == 3
        other = http.cookiejar.CookieJar()  # no device id without a page: none to collect for free
        assert fetch(voila.url("notebooks/voila.json"), jar=other)[0] != 200
        assert DEVICE_COOKIE not in [cookie.name for cookie in other]
    finally:
        voila.stop()


def test_a_trusted_proxy_names_the_client(tiny):
    """`--trusted-proxy 127.0.0.1` (a reverse proxy on this machine): its `X-Forwarded-For`
    names the client, for the limits and for the kernel (the rooms' open limit)."""
    voila = VoilaServer(
        tiny,
        log=ROOT / "test-output" / "voila-trusted.log",
        extra=("--trusted-proxy", "127.0.0.1", "--max-per-address", "1"),
    )
    try:
        voila.wait_ready()
        page = voila.url("notebooks/who.ipynb")
        code, body = fetch(page, "1.2.3.4, 198.51.100.1")  # the left one is the browser's own claim
        assert code == 200 and "client=198.51.100.1" in body
        assert fetch(page, "198.51.100.1")[0] == 503  # that client dropped its cookie: its budget is used
        code, body = fetch(page, "198.51.100.2")  # another pupil behind the proxy
        assert code == 200 and "client=198.51.100.2" in body
    finally:
        voila.stop()


@pytest.mark.parametrize("class_size", [6, pytest.param(CLASS_SIZE, marks=pytest.mark.slow)])
def test_a_class_behind_one_address_gets_every_page(tiny, browser, class_size):
    """A class on one address (loopback here, as behind a NAT) with serve's default limits:
    each browser opens two pages (the first without a device cookie yet); all are served.
    Before issue 23 the 9th page from the address said "Server voll" (6 browsers open 12). The whole class of 30
    (60 kernel starts, minutes on 2 busy cores) runs with `-m slow`.

    Each browser keeps its own cookies, as a pupil's tablet does; it loads the server's answer
    but not Voila's scripts (60 front ends at once would take this machine minutes), so no page
    connects to its kernel: `--connect-grace 0` keeps the kernels until the end."""
    voila = VoilaServer(tiny, log=ROOT / "test-output" / "voila-class.log", extra=("--connect-grace", "0"))
    contexts, refused, served = [], [], 0
    started = time.monotonic()
    try:
        voila.wait_ready()
        for pupil in range(class_size):
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            context.route("**/*", only_the_page)
            contexts.append(context)
            for _ in range(2):
                page = context.new_page()
                answer = page.goto(voila.url("notebooks/who.ipynb"), wait_until="domcontentloaded", timeout=120_000)
                assert answer is not None
                if answer.status == 200 and "client=127.0.0.1" in page.content():
                    served += 1
                else:
                    refused.append((pupil, answer.status, page.inner_text("body")[:120]))
        seconds = time.monotonic() - started
        print(f"{served} of {2 * class_size} pages served to {class_size} browsers on one address in {seconds:.0f} s")
        assert not refused, refused[:3]
        assert len(voila.kernels()) == 2 * class_size
    finally:
        for context in contexts:
            context.close()
        voila.stop()


def only_the_page(route) -> None:
    """Let the page itself through, not its scripts, styles and websockets."""
    if "/voila/render/" in route.request.url:
        route.continue_()
    else:
        route.abort()


@pytest.fixture(scope="module")
def preheated():
    """`kartenspiele serve` as a class runs it: kernels ready for the start page and Quanto."""
    voila = VoilaServer(
        log=ROOT / "test-output" / "voila-resume.log",
        preheat=2,
        extra=("--preheat-page", "notebooks/start.ipynb", "--preheat-page", "notebooks/quanto.ipynb"),
    )
    try:
        voila.wait_ready()
        yield voila
    finally:
        voila.stop()


def lose_kernel(voila, page) -> None:
    """Kill the page's kernel (a crash, or the culler) and wait for the banner."""
    voila.kernel_of(page.evaluate(KERNEL_ID)).kill()
    expect(page.locator("#ks-lost")).to_be_visible(timeout=30_000)


def tap_resume(page) -> float:
    """Tap "Spiel fortsetzen" once; the seconds until a room's table is back."""
    started = time.perf_counter()
    page.get_by_role("button", name="Spiel fortsetzen").click()
    page.wait_for_selector(
        ".ks-start-page .ks-room", timeout=LOAD_TIMEOUT_MS
    )  # a room waiting, or its game filling the page
    return time.perf_counter() - started


def test_one_tap_brings_a_saved_solo_game_back(preheated, browser, shots):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    try:
        open_app(page, preheated.url("notebooks/quanto.ipynb"))
        start_game(page, seed=7)
        # the saved game this page shows, marked once its first save reached the browser
        code = page.wait_for_function("document.documentElement.dataset.ksGame", timeout=STEP_TIMEOUT_MS).json_value()
        assert len(code) >= 4
        # the way before: the start page, then "Weiterspielen" (a baseline in the same run)
        lose_kernel(preheated, page)
        started = time.perf_counter()
        page.goto(preheated.url("notebooks/start.ipynb"))
        page.locator(".ks-room-resume", has_text=code).click(timeout=LOAD_TIMEOUT_MS)
        page.wait_for_selector(".ks-start-page .ks-room .ks-table", timeout=STEP_TIMEOUT_MS)
        two_taps = time.perf_counter() - started
        lose_kernel(preheated, page)
        one_tap = tap_resume(page)
        assert f"resume={code}" in page.url
        expect(page.locator(".ks-room-code").first).to_have_text(code)  # in the room's head and the game's bar
        expect(page.locator(".ks-room .ks-table")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        assert page.locator(".ks-lobby-entry").count() == 0  # the table, not the lobby
        page.screenshot(path=str(shots / "resume-solo-1024.png"))
        print(f"solo game back: one tap {one_tap:.1f} s; start page and 'Weiterspielen' {two_taps:.1f} s")
    finally:
        context.close()


def test_one_tap_brings_a_room_seat_back(preheated, browser, shots):
    """Ana's seat in a room of three, still waiting for classmates: after a lost kernel one tap
    gives her the same room and seat; Ben's browser, which never sat there, gets no seat from a
    made-up link."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    other = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    try:
        open_app(page, preheated.url("notebooks/start.ipynb"))
        page.locator(".ks-room-game button", has_text="Quanto").click()
        page.locator(".ks-room-players button", has_text="3").click()
        page.locator(".ks-name-input input").fill("Ana")
        page.locator(".ks-room-open").click()
        page.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
        code = page.locator(".ks-room-code").inner_text().strip()
        lose_kernel(preheated, page)
        one_tap = tap_resume(page)
        expect(page.locator(".ks-room-code").first).to_have_text(code)  # in the room's head and the game's bar
        expect(page.locator(".ks-room-head")).to_contain_text("Ana")
        expect(page.locator(".ks-waiting-room")).to_be_visible()
        page.screenshot(path=str(shots / "resume-room-1024.png"))
        print(f"room seat back: one tap {one_tap:.1f} s")
        stranger = other.new_page()
        open_app(stranger, preheated.url(f"notebooks/start.ipynb?resume={code}"))
        stranger.wait_for_timeout(2000)  # time to send its (empty) memory
        assert stranger.locator(".ks-room-head").count() == 0
        expect(stranger.locator(".ks-lobby-entry")).to_be_visible()
    finally:
        context.close()
        other.close()
