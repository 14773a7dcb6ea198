"""The load run of issue 15: a class of pupils opens the game pages of `kartenspiele serve` at
once and plays; figures are printed, never asserted.

Pupils are protocol-level clients (`protocol_pupil.py`: the page's HTTP request, the kernel
websocket with the Jupyter v1 protocol, the widget messages a click sends, the shutdown beacon
on close), Quanto and Tausch-Rausch alternating; a few of them are real Chromium pages, to check
that the protocol clients fare like browsers. The baseline is measured in the same run: one
pupil alone (protocol, then Chromium) on the same server before the class comes.

Figures: errors (exceptions, kernel errors, failed requests, tracebacks in the server log), time
to interactive p50/p95, click-to-update p50/p95, the USS of each game page's kernel after its
moves, the USS of the server and all its kernels (idle with the ready kernels, peak, settled
2 minutes after the last page closed) and the page kernels still running then (goal: none).

`python benchmarks/bench_load.py [--pupils 30] [--browsers 2] [--moves 20] [--preheat 15]`
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import threading
import time
from dataclasses import dataclass, field

import common  # noqa: F401  (puts the repository on the import path)
import psutil
from bench_serving import ROOT, figures, served_root, uss
from common import median, percentile
from protocol_play import play
from protocol_pupil import ProtocolPage

MB = 1024 * 1024
GAMES = ("quanto", "tausch_rausch")
STEP_S = 120.0
SETTLE_S = int(__import__("os").environ.get("BENCH_SETTLE_S", 120))
SAMPLE_S = 10.0  # reading the USS of ~60 processes costs CPU itself: not more often


@dataclass
class Pupil:
    """What one pupil's page did."""

    number: int
    game: str
    browser: bool
    tti: float | None = None
    clicks: list[float] = field(default_factory=list)
    moves: int = 0
    kernel: str = ""
    kernel_uss: float | None = None
    errors: list[str] = field(default_factory=list)
    finished: bool = False


# -- a protocol-level pupil --------------------------------------------------------------------
async def protocol_pupil(pupil: Pupil, url: str, moves: int, go: asyncio.Event, done: asyncio.Event, server) -> None:
    await go.wait()
    page = ProtocolPage(url)
    try:
        start = time.perf_counter()
        await page.open(STEP_S * 2)
        pupil.tti = time.perf_counter() - start
        pupil.kernel = page.kernel
        pupil.moves, pupil.clicks = await play(page, pupil.game, 700 + pupil.number, moves, STEP_S)
    except Exception as error:  # noqa: BLE001 - every failure is a figure here
        pupil.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    pupil.kernel_uss = kernel_uss(server, pupil.kernel)
    pupil.finished = True
    await done.wait()  # the lesson ends for everybody at once
    pupil.errors += page.problems()
    if page.kernel:
        status = await page.close()
        if status != 204:
            pupil.errors.append(f"shutdown beacon: HTTP {status}")


def kernel_uss(server, kernel_id: str) -> float | None:
    if not kernel_id:
        return None
    try:
        return server.kernel_of(kernel_id).memory_full_info().uss / MB
    except (LookupError, psutil.NoSuchProcess):
        return None


# -- a Chromium pupil --------------------------------------------------------------------------
async def browser_turn(page, game: str, clicks: list[float]) -> None:
    from bench_serving import click_and_wait, quanto_turn

    if game == "quanto":
        await quanto_turn(page, clicks)
        return
    await click_and_wait(page, page.locator(".ks-toolbar button:has(i.fa-lightbulb-o)"), clicks)
    await click_and_wait(page, page.locator(".ks-table button.ks-hinted").first, clicks)


async def browser_pupil(
    pupil: Pupil, browser, url: str, moves: int, go: asyncio.Event, done: asyncio.Event, server
) -> None:
    from kartenspiele.widgets.pacing import SPEEDS

    context = await browser.new_context(viewport={"width": 1024, "height": 768})
    page = await context.new_page()
    page.on("pageerror", lambda error: pupil.errors.append(f"page error: {error}"))
    await go.wait()
    timeout = STEP_S * 1000
    try:
        start = time.perf_counter()
        await page.goto(url, timeout=timeout * 2)
        await page.locator(".ks-setup .ks-start").wait_for(state="visible", timeout=timeout * 2)
        pupil.tti = time.perf_counter() - start
        pupil.kernel = await page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
        seed = 700 + pupil.number
        while pupil.moves < moves:
            field_ = page.locator(".ks-setup input[type=number]")
            await field_.fill(str(seed))
            await field_.press("Enter")
            await page.locator(".ks-toolbar select").select_option(index=list(SPEEDS).index("instant"))
            await page.locator(".ks-setup .ks-start").click()
            await page.wait_for_selector(".ks-main", timeout=timeout)
            while pupil.moves < moves:
                await page.wait_for_selector(".ks-table.ks-your-turn, .ks-table.ks-over", timeout=timeout)
                if await page.locator(".ks-table.ks-over").count():
                    await page.locator(".ks-toolbar button:has(i.fa-plus)").click()
                    seed += 1000
                    break
                await browser_turn(page, pupil.game, pupil.clicks)
                pupil.moves += 1
    except Exception as error:  # noqa: BLE001 - every failure is a figure here
        pupil.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    pupil.kernel_uss = kernel_uss(server, pupil.kernel)
    pupil.finished = True
    await done.wait()
    await page.close(run_before_unload=True)  # the tab is closed: Voilà's beacon
    await asyncio.sleep(3)  # the beacon leaves before the browser goes
    await context.close()


# -- one run of pupils -------------------------------------------------------------------------
async def lesson(server, pupils: list[Pupil], moves: int) -> float:
    """All pupils open their page at the same moment and play; then every page is closed.
    Returns the seconds until the last pupil was done."""
    from playwright.async_api import async_playwright

    from tests.e2e.driver import CHROMIUM, CHROMIUM_ARGS

    go, done = asyncio.Event(), asyncio.Event()
    async with async_playwright() as playwright:
        browser = None
        if any(p.browser for p in pupils):
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tasks = []
        for pupil in pupils:
            url = server.url(f"notebooks/{pupil.game}.ipynb")
            if pupil.browser:
                tasks.append(asyncio.ensure_future(browser_pupil(pupil, browser, url, moves, go, done, server)))
            else:
                tasks.append(asyncio.ensure_future(protocol_pupil(pupil, url, moves, go, done, server)))
        await asyncio.sleep(3)  # every browser tab is open before the class types the address
        start = time.perf_counter()
        go.set()
        while not all(p.finished for p in pupils):
            await asyncio.sleep(0.5)
        elapsed = time.perf_counter() - start
        done.set()
        await asyncio.gather(*tasks)
        if browser is not None:
            await browser.close()
    return elapsed


def wait_quiet(server, timeout: float = 900) -> float:
    """Wait until the server and its kernels use less than a tenth of a core (the ready
    kernels have started and imported what they can); returns the seconds it took."""
    start = time.perf_counter()

    def cpu() -> float:
        total = 0.0
        for process in server.processes():
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                continue
        return total

    while time.perf_counter() - start < timeout:
        before = cpu()
        time.sleep(5)
        if cpu() - before < 0.5:
            break
    return time.perf_counter() - start


class Sampler:
    """The peak USS of the server and its kernels, read every `SAMPLE_S` seconds."""

    def __init__(self, server) -> None:
        self.server = server
        self.peak = 0
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, uss(self.server.processes()))
            time.sleep(SAMPLE_S)

    def stop(self) -> int:
        self.running = False
        self.thread.join()
        return self.peak


def still_running(server, kernels: list[str]) -> list[str]:
    running = " ".join(" ".join(p.cmdline()) for p in server.kernels())
    return [k for k in kernels if k and k in running]


def settle(server, kernels: list[str]) -> tuple[int, float]:
    """Wait `SETTLE_S` seconds after the pages closed; (page kernels left, seconds until the
    last one was gone)."""
    closed = time.perf_counter()
    gone_after = float("nan")
    while time.perf_counter() - closed < SETTLE_S:
        if not still_running(server, kernels) and gone_after != gone_after:
            gone_after = time.perf_counter() - closed
        time.sleep(1)
    return len(still_running(server, kernels)), gone_after


def report(title: str, pupils: list[Pupil]) -> None:
    errors = [f"pupil {p.number} ({p.game}{', Chromium' if p.browser else ''}): {e}" for p in pupils for e in p.errors]
    print(f"{title}: {len(pupils)} pages, moves {sum(p.moves for p in pupils)}, errors {len(errors)}")
    for error in errors[:8]:
        print("   ", error)
    for label, group in (
        ("protocol", [p for p in pupils if not p.browser]),
        ("Chromium", [p for p in pupils if p.browser]),
    ):
        if not group:
            continue
        memory = [p.kernel_uss for p in group if p.kernel_uss is not None]
        print(f"  {label:8s} time to interactive: {figures([p.tti for p in group if p.tti is not None])}")
        print(f"  {label:8s} click to update:     {figures([c for p in group for c in p.clicks])}")
        if memory:
            print(
                f"  {label:8s} page kernel USS after the moves: median {median(memory):.1f} MB, max {max(memory):.1f} MB"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=2, help="how many of the pupils are Chromium pages")
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument(
        "--preheat", type=int, default=None, help="ready kernels per game page (default: half the class)"
    )
    args = parser.parse_args(argv or [])
    preheat = (args.pupils + 1) // 2 if args.preheat is None else args.preheat
    print("== bench_load: a class plays the game pages at once ==")
    print(
        f"machine: {psutil.cpu_count()} cores, load average {' / '.join(f'{x:.1f}' for x in psutil.getloadavg())} (1/5/15 min)"
    )
    from tests.e2e.driver import VoilaServer

    root = served_root()
    extra = ["--max-per-client", "0", "--max-per-address", "0"]  # pupils without a browser keep no cookie
    extra += ["--data", str(root / "data")]  # its own store, not the user's
    for game in GAMES:
        extra += ["--preheat-page", f"notebooks/{game}.ipynb"]
    server = VoilaServer(root, log=ROOT / "test-output" / "voila-bench-load.log", preheat=preheat, extra=tuple(extra))
    try:
        server.wait_ready()
        pool = preheat * len(GAMES)
        started = server.wait_kernels(pool, 1800) + wait_quiet(server)
        print(
            f"server: kartenspiele serve --preheat {preheat} (both game pages), {pool} ready kernels, quiet after {started:.0f} s"
        )
        time.sleep(5)
        idle = uss(server.processes())
        # -- the baseline: one pupil alone, protocol then Chromium
        alone = [Pupil(0, "quanto", False), Pupil(1, "tausch_rausch", False), Pupil(2, "quanto", True)]
        for pupil in alone:
            asyncio.run(lesson(server, [pupil], args.moves))
        report("baseline, one page alone", alone)
        server.wait_kernels(pool, 600)  # the ready kernels are refilled …
        wait_quiet(server)  # … and have drawn as far as they can without a page
        # -- the class
        pupils = [Pupil(10 + i, GAMES[i % 2], i >= args.pupils - args.browsers) for i in range(args.pupils)]
        load = psutil.getloadavg()[0]
        sampler = Sampler(server)
        elapsed = asyncio.run(lesson(server, pupils, args.moves))
        peak = sampler.stop()
        left, gone_after = settle(server, [p.kernel for p in pupils])
        settled = uss(server.processes())
        print(
            f"-- {args.pupils} pupils at once ({args.browsers} in Chromium), {args.moves} moves each, load average {load:.1f} at the start --"
        )
        report(f"class, {elapsed:.0f} s until the last pupil was done", pupils)
        log_errors = [
            line
            for line in server.log_path.read_text().splitlines()
            if "Traceback" in line or " ERROR " in line or "Timeout waiting" in line
        ]
        print(f"  server log: {len(log_errors)} errors" + (f" (first: {log_errors[0][:160]})" if log_errors else ""))
        ttis = [p.tti for p in pupils if p.tti is not None]
        base = [p.tti for p in alone if p.tti is not None and not p.browser]
        if ttis and base:
            print(f"  time to interactive p95 / alone (protocol): {percentile(ttis, 0.95) / median(base):.1f}×")
        print(
            f"  memory (USS, server + kernels): idle with {pool} ready kernels {idle / MB:.0f} MB, "
            f"peak {peak / MB:.0f} MB, settled {SETTLE_S} s after closing {settled / MB:.0f} MB"
        )
        print(f"  page kernels left {SETTLE_S} s after all pages closed: {left} (last gone after {gone_after:.0f} s)")
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
