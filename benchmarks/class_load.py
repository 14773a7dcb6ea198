"""What `bench_class_period.py --load` adds around a class (issue 40): a CPU load beside it, the
checks that nothing was lost (kernels given up as "never connected", every page's move log
against the store's), and the lesson pages' opening time against a game page.

- `CpuLoad`: busy processes beside the class, as a teacher's laptop also drives the projector,
  a browser and the dashboard; it waits until the load average reaches its target (ten times
  the cores) and samples the load average while the class runs.
- `tablets_first`: the harness, which stands for the pupils' tablets, runs before the laptop's
  server, kernels and load, as tablets have CPUs of their own.
- `never_connected`: the kernels the server shut down as "its page never connected".
- `store_moves`: each room's moves as the store holds them (to compare each page's log with).
- `lesson_pages`: each lesson page and the Quanto page opened alone in Chromium, in turns.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
from common import median

SPIN = "while True: pass"
NEVER_CONNECTED = re.compile(r"Kernel ([0-9a-f-]{36}): its page never connected")
LESSON_PAGES = (
    "lessons/01_teilsummen.ipynb",
    "lessons/02_gerade_ungerade.ipynb",
    "lessons/03_folgen.ipynb",
    "lessons/04_zufall.ipynb",
)
GAME_PAGE = "notebooks/quanto.ipynb"
LOAD_TIMEOUT_MS = 300_000


TABLETS_NICE = -10
"""The priority of this harness and the browsers it starts, above the server's and the load's (0)."""


def laptop_priority() -> None:
    """In a child process: the laptop's own priority (0), whatever this harness runs at."""
    os.setpriority(os.PRIO_PROCESS, 0, 0)


def tablets_first() -> str:
    """Run this harness (the pupils' tablets, and the Chromium it starts from now on) before the
    server, its kernels and the load: real tablets read and draw their pages on their own CPUs,
    while here they share the laptop's two cores. Under the load this process, which reads 27
    protocol pupils' pages, used 211 core-seconds in 110 s and read answers seconds after their
    kernels had sent them. Call it after the server started (its kernels keep priority 0).
    Returns what was done, for the report."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, TABLETS_NICE)
    except PermissionError:
        return f"the tablets' harness could not be given priority {TABLETS_NICE} (no permission): it stays at 0"
    return f"the tablets' harness (and its Chromium) at priority {TABLETS_NICE}, the server, kernels and load at 0"


class CpuLoad:
    """Busy processes (Python loops) beside the class until `stop`, as many as keep the 1-minute
    load average at `target` (at most `most`): the class's own work and other programs on the
    machine count too. `ready` waits until the target is reached; the load average is sampled
    every `every` seconds for `figures`, and the number of busy processes adjusted."""

    def __init__(self, most: int, target: float, every: float = 5.0) -> None:
        self.most = most
        self.target = target
        self.every = every
        self.spinners: list[subprocess.Popen] = []
        self.samples: list[float] = []
        self.counts: list[int] = []
        self.running = most > 0
        self.sampling = False
        self.adjusted = 0.0
        if self.running:
            self._spin(max(1, min(most, round(target - os.getloadavg()[0]))))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _spin(self, count: int) -> None:
        for _ in range(count):  # at the laptop's priority, not the tablets' (`tablets_first`)
            self.spinners.append(subprocess.Popen([sys.executable, "-c", SPIN], preexec_fn=laptop_priority))

    def _adjust(self, load: float) -> None:
        """One more busy process below the target, one fewer above 1.2 times it; at most every
        20 s (the load average follows slowly)."""
        if not self.running or time.monotonic() - self.adjusted < 20:
            return
        self.adjusted = time.monotonic()
        if load < self.target and len(self.spinners) < self.most:
            self._spin(1)
        elif load > 1.2 * self.target and self.spinners:
            spinner = self.spinners.pop()
            spinner.kill()
            spinner.wait()

    def _run(self) -> None:
        while self.running or self.sampling:
            load = os.getloadavg()[0]
            if self.sampling:
                self.samples.append(load)
                self.counts.append(len(self.spinners))
            self._adjust(load)
            time.sleep(self.every)

    def ready(self, timeout: float = 600) -> float:
        """Wait until the load average is at the target; returns the seconds it took (the
        load average rises slowly: about 63 % of the way in a minute)."""
        start = time.monotonic()
        while os.getloadavg()[0] < self.target and time.monotonic() - start < timeout:
            time.sleep(2)
        return time.monotonic() - start

    def sample(self) -> None:
        """Begin noting the load average (for `figures`)."""
        self.samples, self.counts = [], []
        self.sampling = True
        if not self.thread.is_alive():
            self.thread = threading.Thread(target=self._run, daemon=True)
            self.thread.start()

    def figures(self) -> str:
        """The load average while it was sampled: lowest, median, highest; stops sampling."""
        self.sampling = False
        if not self.samples:
            return "no sample"
        busy = f"; busy processes {min(self.counts)}-{max(self.counts)}" if self.most else ""
        return (
            f"load average (1 min) while sampled: min {min(self.samples):.1f}, median {median(self.samples):.1f}, "
            f"max {max(self.samples):.1f} ({len(self.samples)} samples; target {self.target:.0f}{busy})"
        )

    def stop(self) -> None:
        self.running = self.sampling = False
        for spinner in self.spinners:
            spinner.kill()
        for spinner in self.spinners:
            spinner.wait()
        self.spinners = []


def load_target() -> float:
    """Ten times the cores: where the class gave way (issue 40)."""
    return 10.0 * (psutil.cpu_count() or 1)


def never_connected(log: Path, since: int = 0) -> list[str]:
    """The kernels the server shut down as "its page never connected", in its log from byte
    `since` on."""
    with log.open("rb") as file:
        file.seek(since)
        return NEVER_CONNECTED.findall(file.read().decode("utf-8", "replace"))


def log_size(log: Path) -> int:
    return log.stat().st_size if log.exists() else 0


def store_moves(url: str, codes: list[str]) -> dict[str, int]:
    """Each room's number of moves as the store holds them (the log replayed, undo included)."""
    from kartenspiele.classroom.rooms.rooms import Rooms
    from kartenspiele.classroom.store.opening import open_store

    store = open_store(url)
    try:
        rooms = Rooms(store)
        return {code: len(rooms.load(code).state_session.moves) for code in codes}
    finally:
        store.close()


LOG_NUMBERS = re.compile(r"<li[^>]*\bvalue='(\d+)'")


def log_numbers(html: str) -> list[int]:
    """The move numbers a page's move log shows (`<li value='N'>`), newest first."""
    return [int(number) for number in LOG_NUMBERS.findall(html)]


def log_verdict(shown: list[int], moves: int) -> str:
    """ "" if a page's log shows exactly the store's moves 1..`moves` once each, else what differs."""
    if sorted(shown) == list(range(1, moves + 1)):
        return ""
    doubled = len(shown) - len(set(shown))
    lost = moves - len(set(shown) & set(range(1, moves + 1)))
    return f"log {len(shown)} entries against {moves} moves in the store: {lost} lost, {doubled} doubled"


def lesson_pages(server, rounds: int, label: str) -> dict[str, list[float]]:
    """Each lesson page and the game page opened alone in Chromium (a new context each: a cold
    cache), in turns, `rounds` times; seconds until the page can be used (the game: its first
    button; a lesson: its bar and every cell shown)."""
    from bench_serving import READY
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import launch_browser

    found: dict[str, list[float]] = {path: [] for path in (GAME_PAGE, *LESSON_PAGES)}
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        for number in range(rounds):
            for path in found:
                time.sleep(3)
                context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
                page = context.new_page()
                began = time.perf_counter()
                page.goto(server.url(path), timeout=LOAD_TIMEOUT_MS)
                page.wait_for_function(READY, timeout=LOAD_TIMEOUT_MS)
                usable = ".ks-table button" if path == GAME_PAGE else ".ks-lesson-bar"
                page.locator(usable).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
                found[path].append(time.perf_counter() - began)
                page.close(run_before_unload=True)
                context.close()
            print(
                f"  {label}, round {number + 1}: "
                + ", ".join(f"{Path(path).stem} {times[-1]:.1f} s" for path, times in found.items())
                + f" (load average {os.getloadavg()[0]:.1f})",
                flush=True,
            )
        browser.close()
    return found


def lesson_report(label: str, found: dict[str, list[float]]) -> dict[str, float]:
    """Each lesson's median against the game page's (goal: at most 1.5x); returns the ratios."""
    game = median(found[GAME_PAGE])
    ratios = {}
    for path in LESSON_PAGES:
        ratios[path] = median(found[path]) / game
        print(
            f"  {label}: {Path(path).stem} {median(found[path]):.2f} s against the game page {game:.2f} s: "
            f"{ratios[path]:.2f}x (goal <= 1.5x) {'met' if ratios[path] <= 1.5 else 'NOT met'}"
        )
    return ratios
