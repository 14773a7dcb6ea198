"""Figures of serving a class (issue 15): printed, never asserted.

1. Each page alone (start page, games, tutorials, lessons): time to interactive in Chromium and
   the unique memory (USS) of its kernel, beside a trivial one-button notebook measured in the
   same run (the baseline).
2. A class at once: N pupils (pages of one Chromium, all opening together) each open the Quanto
   page and play M moves: errors, time to interactive p50/p95, click-to-update p50/p95, peak and
   settled memory (USS of Voilà and its kernels), kernels left 2 minutes after every page closed.

`python benchmarks/bench_serving.py [--pupils 30] [--moves 20] [--preheat 30] [--alone-only]`
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import threading
import time
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)
import psutil
from common import BASELINE, median, percentile

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
LOAD_TIMEOUT_MS = 300_000
SETTLE_S = 120
READY = "document.querySelector('#loading') === null && document.querySelector('.jupyter-widgets, .jp-OutputArea-output') !== null"


def served_root() -> Path:
    root = Path(tempfile.mkdtemp(prefix="bench-serving-"))
    for folder in ("notebooks", "lessons"):
        shutil.copytree(ROOT / folder, root / folder)
    shutil.copy(ROOT / "voila.json", root / "voila.json")
    (root / "notebooks" / "baseline.ipynb").write_text(json.dumps(BASELINE))
    return root


def uss(processes) -> int:
    total = 0
    for process in processes:
        try:
            total += process.memory_full_info().uss
        except psutil.NoSuchProcess:
            continue
    return total


def kernel_id(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def open_page(page, url: str) -> float:
    """Seconds until the page is drawn (and an app's first button can be clicked)."""
    start = time.perf_counter()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT_MS)
    if "/notebooks/" in url:
        page.locator("button").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    return time.perf_counter() - start


# -- 1. each page alone ----------------------------------------------------------------------
def pages_alone(root: Path, preheat: int, show) -> list[tuple[str, float, float]]:
    pages = [
        "notebooks/baseline.ipynb",
        "notebooks/start.ipynb",
        "notebooks/quanto.ipynb",
        "notebooks/tausch_rausch.ipynb",
        "notebooks/quanto_tutorial.ipynb",
        "notebooks/tausch_rausch_tutorial.ipynb",
        *sorted(f"lessons/{p.name}" for p in (root / "lessons").glob("*.ipynb")),
    ]
    return pages_alone_of(root, pages, preheat, show)


def pages_alone_of(root: Path, pages: list[str], preheat: int = 0, show=None) -> list[tuple[str, float, float]]:
    """(page, seconds to interactive, kernel USS in MB) for each page opened alone."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import VoilaServer, launch_browser

    server = VoilaServer(root, log=ROOT / "test-output" / "voila-bench-alone.log", preheat=preheat)
    rows = []
    try:
        server.wait_ready()
        pool = 3 * preheat
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for path in pages:
                server.wait_kernels(pool, 300)  # the preheated kernels are ready again
                time.sleep(2)
                context = browser.new_context(viewport={"width": 1024, "height": 768})
                page = context.new_page()
                seconds = open_page(page, server.url(path))
                time.sleep(3)  # let the kernel settle after drawing
                memory = uss([server.kernel_of(kernel_id(page))])
                rows.append((path, seconds, memory / MB))
                if show is not None:
                    show(rows)
                page.close(run_before_unload=True)
                context.close()
            browser.close()
    finally:
        server.stop()
    return rows


# -- 2. a class at once ----------------------------------------------------------------------
# The pupils are pages of one Chromium driven from one asyncio loop (a Playwright driver per
# pupil would measure the harness, not the server).
TAKING = ", ".join(
    f".ks-actions button.ks-do-{kind}" for kind in ("capture", "form", "extend", "collect", "joker_quanto")
)
STEP_MS = 120_000


async def click_and_wait(page, locator, clicks: list[float]) -> None:
    """Click, then wait until the table has been redrawn; the seconds go to `clicks`."""
    before = int(await page.locator(".ks-table .ks-tick").first.text_content() or 0)
    start = time.perf_counter()
    await locator.click(timeout=STEP_MS)
    await page.wait_for_function(
        "(before) => Number(document.querySelector('.ks-table .ks-tick').textContent || 0) > before",
        arg=before,
        timeout=STEP_MS,
    )
    clicks.append(time.perf_counter() - start)


async def quanto_turn(page, clicks: list[float]) -> None:
    """One move, as `tests/e2e/driver.play_quanto_turn` makes it."""
    if await page.locator(".ks-hand-cards button").count() == 0:
        await click_and_wait(page, page.locator(".ks-actions button.ks-side").first, clicks)
        return
    await click_and_wait(page, page.locator(".ks-hand-cards button:not([disabled])").first, clicks)
    while True:
        taking = page.locator(TAKING)
        if await taking.count():
            await click_and_wait(page, taking.first, clicks)
            return
        joinable = page.locator(".ks-table-cards button.ks-joinable")
        if await joinable.count() == 0:
            break
        await click_and_wait(page, joinable.first, clicks)
    while await page.locator(".ks-table-cards button.ks-selected").count():
        await click_and_wait(page, page.locator(".ks-table-cards button.ks-selected").first, clicks)
    await click_and_wait(page, page.locator(".ks-actions button.ks-do-lay").first, clicks)


async def one_pupil(browser, url: str, seed: int, moves: int, go, results: dict, errors: list) -> None:
    from kartenspiele.widgets.pacing import SPEEDS

    context = await browser.new_context(viewport={"width": 1024, "height": 768})
    page = await context.new_page()
    page.on("pageerror", lambda error: errors.append(f"pupil {seed}: page error {error}"))
    await go.wait()
    clicks: list[float] = []
    try:
        start = time.perf_counter()
        await page.goto(url, timeout=LOAD_TIMEOUT_MS)
        await page.locator(".ks-setup .ks-start").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
        tti = time.perf_counter() - start
        field = page.locator(".ks-setup input[type=number]")
        await field.fill(str(seed))
        await field.press("Enter")
        await page.locator(".ks-toolbar select").select_option(index=list(SPEEDS).index("instant"))
        await page.locator(".ks-setup .ks-start").click()
        await page.wait_for_selector(".ks-main", timeout=STEP_MS)
        played = 0
        while played < moves:
            await page.wait_for_selector(".ks-table.ks-your-turn, .ks-table.ks-over", timeout=STEP_MS)
            if await page.locator(".ks-table.ks-over").count():
                break
            await quanto_turn(page, clicks)
            played += 1
        results[seed] = {"tti": tti, "clicks": clicks, "moves": played}
    except Exception as error:  # noqa: BLE001 - every failure is a figure here
        errors.append(f"pupil {seed}: {type(error).__name__}: {str(error).splitlines()[0]}")
    return context, page


async def pupils_play(endpoint_args: list[str], url: str, pupils: int, moves: int) -> tuple[dict, list, float, list]:
    import asyncio

    from playwright.async_api import async_playwright

    from tests.e2e.driver import CHROMIUM

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=endpoint_args)
        go = asyncio.Event()
        results: dict = {}
        errors: list[str] = []
        tasks = [
            asyncio.ensure_future(one_pupil(browser, url, 700 + i, moves, go, results, errors)) for i in range(pupils)
        ]
        await asyncio.sleep(5)  # every pupil's tab is open before the class opens the address
        started = time.perf_counter()
        go.set()
        opened = await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - started
        for context, page in opened:  # the lesson ends: every page is closed
            await page.close(run_before_unload=True)
            await context.close()
        await browser.close()
    return results, errors, elapsed, []


def class_at_once(root: Path, pupils: int, moves: int, preheat: int) -> dict:
    import asyncio

    from tests.e2e.driver import CHROMIUM_ARGS, VoilaServer

    server = VoilaServer(
        root,
        log=ROOT / "test-output" / "voila-bench-class.log",
        preheat=preheat,
        extra=(
            "--max-per-client",
            "0",
            "--max-per-address",
            "0",
            "--max-kernels",
            "0",
            "--preheat-page",
            "notebooks/quanto.ipynb",
        ),
    )
    try:
        server.wait_ready()
        pool = preheat  # kernels kept ready for the Quanto page only
        server.wait_kernels(pool, 1800)
        time.sleep(5)
        idle = uss(server.processes())
        peak = [idle]
        sampling = [True]

        def sample() -> None:
            while sampling[0]:
                peak[0] = max(peak[0], uss(server.processes()))
                time.sleep(1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        results, errors, elapsed, _ = asyncio.run(
            pupils_play(CHROMIUM_ARGS, server.url("notebooks/quanto.ipynb"), pupils, moves)
        )
        sampling[0] = False
        sampler.join()
        closed = time.perf_counter()
        expected = pool  # the pool is refilled to its size; every page kernel should go
        while len(server.kernels()) > expected and time.perf_counter() - closed < SETTLE_S:
            time.sleep(1)
        gone_after = time.perf_counter() - closed
        time.sleep(max(0.0, SETTLE_S - gone_after))
        left = len(server.kernels()) - expected
        settled = uss(server.processes())
        log = server.log_path.read_text()
        errors += [line for line in log.splitlines() if "Traceback" in line or line.startswith("[E ")]
        done = list(results.values())
        return {
            "pupils": pupils,
            "finished": len(done),
            "errors": errors,
            "elapsed": elapsed,
            "tti": [r["tti"] for r in done],
            "clicks": [c for r in done for c in r["clicks"]],
            "moves": sum(r["moves"] for r in done),
            "idle": idle,
            "peak": peak[0],
            "settled": settled,
            "left": left,
            "gone_after": gone_after,
        }
    finally:
        server.stop()


def figures(values: list[float]) -> str:
    if not values:
        return "none"
    return f"p50 {median(values):.2f} s, p95 {percentile(values, 0.95):.2f} s (n={len(values)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--preheat", type=int, default=None, help="kernels ahead per page (default: the pupils)")
    parser.add_argument("--alone-only", action="store_true")
    parser.add_argument("--class-only", action="store_true")
    args = parser.parse_args(argv or [])
    preheat = args.pupils if args.preheat is None else args.preheat
    print("== bench_serving: serving a class ==")
    print(f"machine: {psutil.cpu_count()} cores, load average {psutil.getloadavg()[0]:.1f}")
    root = served_root()
    try:
        if not args.class_only:
            print("-- each page alone (preheat 1): time to interactive, kernel USS --")

            def show(rows: list[tuple[str, float, float]]) -> None:
                base_s, base_mb = rows[0][1], rows[0][2]
                path, seconds, memory = rows[-1]
                print(
                    f"{path:42s} {seconds:6.2f} s ({seconds / base_s:4.1f}× baseline)  {memory:6.1f} MB USS "
                    f"({memory - base_mb:+.1f} MB vs baseline)",
                    flush=True,
                )

            pages_alone(root, 1, show)
        if not args.alone_only:
            print(f"-- {args.pupils} pupils at once, {args.moves} moves each, preheat {preheat} --")
            result = class_at_once(root, args.pupils, args.moves, preheat)
            print(
                f"finished {result['finished']}/{result['pupils']}, moves {result['moves']}, "
                f"errors {len(result['errors'])}, {result['elapsed']:.0f} s"
            )
            for error in result["errors"][:5]:
                print("  error:", error)
            print(f"time to interactive: {figures(result['tti'])}")
            print(f"click to update:     {figures(result['clicks'])}")
            print(
                f"memory (USS, Voilà + kernels): idle with pool {result['idle'] / MB:.0f} MB, "
                f"peak {result['peak'] / MB:.0f} MB, settled {result['settled'] / MB:.0f} MB"
            )
            print(
                f"page kernels left {SETTLE_S} s after all pages closed: {result['left']} "
                f"(all gone after {result['gone_after']:.0f} s)"
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
