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
from common import median, percentile

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
BASELINE = {"cells": [{"cell_type": "code", "execution_count": None, "id": "baseline", "metadata": {}, "outputs": [],
                       "source": "import ipywidgets as widgets\n\nwidgets.Button(description='OK')"}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}
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
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import VoilaServer, launch_browser

    pages = ["notebooks/baseline.ipynb", "notebooks/start.ipynb", "notebooks/quanto.ipynb",
             "notebooks/tausch_rausch.ipynb", "notebooks/quanto_tutorial.ipynb",
             "notebooks/tausch_rausch_tutorial.ipynb", *sorted(f"lessons/{p.name}" for p in (root / "lessons").glob("*.ipynb"))]
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
                show(rows)
                page.close(run_before_unload=True)
                context.close()
            browser.close()
    finally:
        server.stop()
    return rows


# -- 2. a class at once ----------------------------------------------------------------------
PUPIL = threading.local()
"""Each pupil's thread keeps its own click timings here."""


def time_clicks() -> None:
    """Make the driver's click-and-wait-for-redraw record its seconds for the calling pupil."""
    from tests.e2e import driver

    original = driver.click_and_wait

    def timed(page, locator) -> None:
        start = time.perf_counter()
        original(page, locator)
        PUPIL.clicks.append(time.perf_counter() - start)

    driver.click_and_wait = timed


def one_pupil(endpoint: str, server, seed: int, moves: int, go: threading.Event, record: dict, errors: list) -> None:
    from playwright.sync_api import sync_playwright

    from tests.e2e import driver

    clicks: list[float] = []
    PUPIL.clicks = clicks
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.connect_over_cdp(endpoint)
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(f"pupil {seed}: page error {error}"))
            go.wait()
            try:
                tti = open_page(page, server.url("notebooks/quanto.ipynb"))
                driver.start_game(page, seed=seed)
                played = 0
                while played < moves and not driver.wait_for_turn_or_end(page):
                    driver.play_quanto_turn(page)
                    played += 1
                record[seed] = {"tti": tti, "clicks": list(clicks), "moves": played}
            except Exception as error:  # noqa: BLE001 - every failure is a figure here
                errors.append(f"pupil {seed}: {type(error).__name__}: {str(error).splitlines()[0]}")
            record.setdefault("done", []).append(seed)
            record["close"].wait()
            page.close(run_before_unload=True)
            context.close()
    except Exception as error:  # noqa: BLE001 - as above
        errors.append(f"pupil {seed}: {type(error).__name__}: {str(error).splitlines()[0]}")


def class_at_once(root: Path, pupils: int, moves: int, preheat: int) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import CHROMIUM, CHROMIUM_ARGS, VoilaServer, free_port

    server = VoilaServer(root, log=ROOT / "test-output" / "voila-bench-class.log", preheat=preheat,
                         extra=("--max-per-client", "0", "--max-kernels", "0", "--preheat-page", "notebooks/quanto.ipynb"))
    port = free_port()
    time_clicks()
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
        record: dict = {"close": threading.Event()}
        errors: list[str] = []
        go = threading.Event()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, f"--remote-debugging-port={port}"])
            endpoint = f"http://127.0.0.1:{port}"
            threads = [threading.Thread(target=one_pupil, args=(endpoint, server, 700 + i, moves, go, record, errors))
                       for i in range(pupils)]
            for thread in threads:
                thread.start()
            time.sleep(10)  # every pupil's page is made before the class opens the address
            started = time.perf_counter()
            go.set()
            while len(record.get("done", [])) < pupils and time.perf_counter() - started < 3600:
                time.sleep(1)
            elapsed = time.perf_counter() - started
            sampling[0] = False
            sampler.join()
            closed = time.perf_counter()
            record["close"].set()
            for thread in threads:
                thread.join(120)
            while len(server.kernels()) > pool and time.perf_counter() - closed < SETTLE_S:
                time.sleep(1)
            gone_after = time.perf_counter() - closed
            time.sleep(max(0.0, SETTLE_S - gone_after))
            left = len(server.kernels()) - pool
            settled = uss(server.processes())
            browser.close()
        log = server.log_path.read_text()
        errors += [line for line in log.splitlines() if "Traceback" in line or line.startswith("[E ")]
        results = [value for key, value in record.items() if isinstance(key, int)]
        return {"pupils": pupils, "finished": len(results), "errors": errors, "elapsed": elapsed,
                "tti": [r["tti"] for r in results], "clicks": [c for r in results for c in r["clicks"]],
                "moves": sum(r["moves"] for r in results), "idle": idle, "peak": peak[0], "settled": settled,
                "left": left, "gone_after": gone_after}
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
                print(f"{path:42s} {seconds:6.2f} s ({seconds / base_s:4.1f}× baseline)  {memory:6.1f} MB USS "
                      f"({memory - base_mb:+.1f} MB vs baseline)", flush=True)

            pages_alone(root, 1, show)
        if not args.alone_only:
            print(f"-- {args.pupils} pupils at once, {args.moves} moves each, preheat {preheat} --")
            result = class_at_once(root, args.pupils, args.moves, preheat)
            print(f"finished {result['finished']}/{result['pupils']}, moves {result['moves']}, "
                  f"errors {len(result['errors'])}, {result['elapsed']:.0f} s")
            for error in result["errors"][:5]:
                print("  error:", error)
            print(f"time to interactive: {figures(result['tti'])}")
            print(f"click to update:     {figures(result['clicks'])}")
            print(f"memory (USS, Voilà + kernels): idle with pool {result['idle'] / MB:.0f} MB, "
                  f"peak {result['peak'] / MB:.0f} MB, settled {result['settled'] / MB:.0f} MB")
            print(f"page kernels left {SETTLE_S} s after all pages closed: {result['left']} "
                  f"(all gone after {result['gone_after']:.0f} s)")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
