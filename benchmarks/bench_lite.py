"""The in-browser site (`make lite`): its size, the time to the first table with a cold and a
warm browser cache, click-to-update times and the memory of the browser tab, beside the same
Quanto page served by Voilà (`kartenspiele serve`) measured in the same run as the baseline.

A load is timed from the page's request until the new-game panel's start button is visible.
"Cold" is the first load in a new browser context, "warm" a reload in the same context. A click
is timed from the tap on a hand card until the table has been redrawn (`.ks-tick` counts
redraws); the card is selected and put back in turn. The tab's memory is the JavaScript heap of
the page (CDP `Performance.getMetrics`) and the resident memory of Chromium's renderer and
worker processes that this run started (psutil): Pyodide's Python runs in a web worker.

`python benchmarks/bench_lite.py [--rounds 2] [--clicks 40] [--screenshots DIR]`
"""

from __future__ import annotations

import argparse
import io
import tarfile
import time
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)
import psutil
from common import median, percentile

from tests.e2e.driver import CHROMIUM_ARGS, STEP_TIMEOUT_MS, VoilaServer, click_and_wait, start_game
from tests.e2e.test_lite import SITE, StaticSite, page_url

READY = ".ks-setup .ks-start"
LOAD_TIMEOUT_MS = 300_000
PAGE = "notebooks/quanto.ipynb"


def site_size(folder: Path) -> tuple[int, int, int]:
    """Bytes, files and bytes as `tar.gz` of the folder."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w:gz") as archive:
        archive.add(folder, arcname="lite")
    return sum(path.stat().st_size for path in files), len(files), packed.tell()


def load(page, url: str) -> float:
    started = time.perf_counter()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    return time.perf_counter() - started


def clicks(page, count: int) -> list[float]:
    """Seconds from a tap on the first hand card to the redrawn table, `count` times."""
    start_game(page, seed=7)
    page.wait_for_selector(".ks-table.ks-your-turn", timeout=STEP_TIMEOUT_MS * 3)
    card = page.locator(".ks-hand-cards button:not([disabled])").first
    times = []
    for _ in range(count):
        started = time.perf_counter()
        click_and_wait(page, card)
        times.append(time.perf_counter() - started)
    return times


def renderer_memory() -> int:
    """Resident bytes of the Chromium renderers and workers started by this process."""
    total = 0
    for child in psutil.Process().children(recursive=True):
        try:
            if "--type=renderer" in " ".join(child.cmdline()):
                total += child.memory_info().rss
        except psutil.Error:
            continue
    return total


def measure(browser, url: str, rounds: int, count: int, shot: Path | None) -> dict[str, float]:
    cold, warm = [], []
    for _ in range(rounds):
        context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
        page = context.new_page()
        cold.append(load(page, url))
        warm.append(load(page, url))
        context.close()
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    load(page, url)
    times = clicks(page, count)
    if shot is not None:
        page.screenshot(path=str(shot))
    session = context.new_cdp_session(page)
    session.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    heap = metrics.get("JSHeapUsedSize", 0.0)
    resident = renderer_memory()
    context.close()
    return {
        "cold": median(cold),
        "warm": median(warm),
        "p50": percentile(times, 0.5),
        "p95": percentile(times, 0.95),
        "heap": heap,
        "rss": resident,
    }


def report(name: str, figures: dict[str, float]) -> None:
    print(
        f"{name:<14} first table cold {figures['cold']:6.1f} s, warm {figures['warm']:6.1f} s; "
        f"click p50 {figures['p50'] * 1000:5.0f} ms, p95 {figures['p95'] * 1000:5.0f} ms; "
        f"page heap {figures['heap'] / 1e6:5.1f} MB, renderers {figures['rss'] / 1e6:6.0f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--screenshots", type=Path, default=None)
    args = parser.parse_args()
    if not (SITE / ".built").exists():
        raise SystemExit("build the site first: make lite")
    size, files, packed = site_size(SITE)
    print(f"site {SITE}: {size / 1e6:.1f} MB in {files} files, {packed / 1e6:.1f} MB as tar.gz")
    shots = args.screenshots
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    site = StaticSite(SITE)
    served = VoilaServer(extra=("--max-per-client", "0"))
    try:
        served.wait_ready()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            lite = measure(
                browser,
                page_url(site, PAGE),
                args.rounds,
                args.clicks,
                shots / "lite_quanto_game_1024.png" if shots else None,
            )
            voila = measure(browser, served.url(PAGE), args.rounds, args.clicks, None)
            if shots is not None:
                context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
                page = context.new_page()
                page.goto(site.url(""), timeout=LOAD_TIMEOUT_MS)
                page.wait_for_selector(".ks-start-page", timeout=LOAD_TIMEOUT_MS)
                page.screenshot(path=str(shots / "lite_start_1024.png"))
                context.close()
            browser.close()
    finally:
        served.stop()
        site.stop()
    report("in-browser", lite)
    report("Voilà (base)", voila)
    print(f"in-browser / Voilà: cold {lite['cold'] / voila['cold']:.1f}x, click p50 {lite['p50'] / voila['p50']:.1f}x")


if __name__ == "__main__":
    main()
