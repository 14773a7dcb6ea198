"""A browser that sends its kernel too much, through Voilà in headless Chromium: 20,000 games
planted in its localStorage (the browser's memory sends them on load) and a text of a megabyte
typed into a name box. The kernel refuses both and says so in the server's log; the page stays
usable and its kernel small."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from .driver import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, open_app

pytestmark = pytest.mark.browser
START = "notebooks/start.ipynb"


def kernel_rss_mb(voila, page_kernels: list[str]) -> float:
    return voila.kernel_of(page_kernels[-1]).memory_info().rss / 2**20


def wait_for_log(voila, text: str, timeout: float = 20) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        log = voila.log_path.read_text(errors="replace")
        if text in log:
            return log
        time.sleep(0.3)
    raise AssertionError(f"{text!r} not in the server's log")


def test_planted_games_and_a_huge_name_are_refused_by_the_kernel(browser, voila, shots):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    kernels: list[str] = []
    page.on(
        "websocket",
        lambda socket: (
            kernels.append(socket.url.split("/api/kernels/")[1].split("/")[0])
            if "/api/kernels/" in socket.url
            else None
        ),
    )
    try:
        open_app(page, voila.url(START))
        games = [{"code": f"R{n:05d}", "token": "t" * 16, "game": "quanto", "name": "Ana"} for n in range(20_000)]
        page.evaluate("(games) => window.localStorage.setItem('kartenspiele.games', JSON.stringify(games))", games)
        open_app(page, voila.url(START))  # the browser's memory sends the planted list to a new kernel
        wait_for_log(voila, "refused a message to BrowserMemory")
        expect(page.locator(".ks-lobby-open")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
        assert page.locator(".ks-room-resume").count() == 0
        assert kernel_rss_mb(voila, kernels) < 200

        name = page.locator(".ks-name-input input")
        name.fill("x" * 1_000_000)
        name.press("Tab")  # the box sends its value
        expect(name).to_have_value("", timeout=STEP_TIMEOUT_MS)  # the kernel sent its value back
        wait_for_log(voila, "refused a message to Text")
        name.fill("Ana")
        page.locator(".ks-room-open").click()
        page.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)  # the page still works
        kept = json.loads(page.evaluate("() => window.localStorage.getItem('kartenspiele.games')"))
        assert len(kept) == 1 and kept[0]["name"] == "Ana"  # the kernel's list replaced the planted one
        page.screenshot(path=str(shots / "bounds_room_after_refusals.png"))
    finally:
        context.close()
