"""A page that is still loading is never given up; a page that never connects is, once it has
shown no sign of life for the connect grace, and then offers "Seite neu laden" (issue 40).

The server here has a connect grace of a few seconds (`--connect-grace`), not 90.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from .driver import ROOT, VoilaServer

pytestmark = pytest.mark.browser
GRACE = 4.0
PAGE = "notebooks/quanto.ipynb"
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)
SCRIPTS = re.compile(r'(?:src|href)="(/voila/[^"]+\.(?:js|css)[^"]*)"')


@pytest.fixture(scope="module")
def server():
    voila = VoilaServer(log=ROOT / "test-output" / "voila-connect-grace.log", extra=("--connect-grace", str(GRACE)))
    try:
        voila.wait_ready()
        yield voila
    finally:
        voila.stop()


class Browser:
    """A browser at the HTTP level: it keeps its cookies (the device cookie among them)."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, url: str) -> tuple[int, str]:
        try:
            with self.opener.open(url, timeout=120) as answer:
                return answer.status, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, ""


def alive(server, kernel: str) -> bool:
    """The banner's question (no sign of life itself)."""
    status, _ = Browser().get(f"{server.base}/kartenspiele/alive/{kernel}")
    return status == 200


def wait_gone(server, kernel: str, within: float) -> float:
    start = time.monotonic()
    while alive(server, kernel):
        assert time.monotonic() - start < within, "the kernel of a page that never connected is still there"
        time.sleep(0.5)
    return time.monotonic() - start


def test_a_page_fetching_its_scripts_keeps_its_kernel_then_goes(server):
    """The page is sent; its browser fetches the page's scripts slowly, for three times the grace,
    then stops (the tab was closed): the kernel stays while scripts come, and goes after."""
    browser = Browser()
    status, page = browser.get(server.url(PAGE))
    assert status == 200
    kernel = json.loads(CONFIG.search(page).group(1))["kernelId"]
    scripts = SCRIPTS.findall(page)
    assert scripts, "the page names no script of Voilà"
    end = time.monotonic() + 3 * GRACE
    fetched = 0
    while time.monotonic() < end:
        assert browser.get(server.base + scripts[fetched % len(scripts)])[0] == 200
        fetched += 1
        time.sleep(GRACE / 3)
        assert alive(server, kernel), f"given up while loading, after {fetched} scripts"
    gone = wait_gone(server, kernel, GRACE + 15)
    assert gone >= GRACE - 1.5  # counted from the last script, not from when the page was sent
    assert f"Kernel {kernel}: its page never connected" in server.log_path.read_text()


def test_a_page_that_never_connects_says_so_and_offers_a_reload(server, browser, shots):
    """Chromium loads the page, but its websocket never reaches the server: after the grace the
    kernel is shut down and the page says that it did not finish loading, with "Seite neu
    laden" (not "Verbindung verloren", not "Spiel fortsetzen": there was no connection, no game)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    context.route_web_socket(re.compile(r"/api/kernels/.*/channels"), lambda socket: socket.close())
    page = context.new_page()
    url = server.url(PAGE)
    page.goto(url, timeout=120_000)
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    wait_gone(server, kernel, GRACE + 60)
    banner = page.locator("#ks-lost")
    expect(banner).to_be_visible(timeout=30_000)
    expect(banner).to_contain_text("Die Seite ist nicht fertig geladen")
    expect(banner).not_to_contain_text("Verbindung verloren")
    reload = page.get_by_role("button", name="Seite neu laden")
    expect(reload).to_be_visible()
    assert reload.evaluate("button => button.href") == url
    page.screenshot(path=str(shots / "page-never-connected-1024.png"))
    context.close()
