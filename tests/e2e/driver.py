"""Serving the apps with Voilà and playing them in headless Chromium, as a person would.

Used by the browser tests and by `benchmarks/bench_widgets.py`. Voilà runs as a subprocess
(`kartenspiele serve`) on a free port of 127.0.0.1 and is stopped by its process id; the
kernels it started are stopped the same way if they outlive it.
"""

from __future__ import annotations

import base64
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from kartenspiele.widgets.pacing import SPEEDS

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
LOAD_TIMEOUT_MS = 120_000
STEP_TIMEOUT_MS = 20_000
TEACHER_CODE = "kreide7171"
"""The teacher code of the `class_server` fixture."""


def command_line(process: psutil.Process) -> str:
    """A process's command line ("" once it has ended: gone, or a zombie not yet reaped)."""
    try:
        return " ".join(process.cmdline())
    except psutil.NoSuchProcess:  # ZombieProcess too
        return ""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class VoilaServer:
    """`kartenspiele serve` in a subprocess; `url(path)` addresses a notebook."""

    def __init__(
        self,
        root: Path = ROOT,
        cull_idle: int | None = None,
        log: Path | None = None,
        teacher_code: str | None = None,
        env: dict[str, str] | None = None,
        extra: tuple[str, ...] = (),
        preheat: int | None = 0,
    ) -> None:
        self.root = root
        self.port = free_port()
        self.log_path = log or (ROOT / "test-output" / f"voila-e2e-{self.port}.log")  # one per server
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "kartenspiele.cli", "serve", "--port", str(self.port), "--root", str(root)]
        if cull_idle is not None:
            command += ["--cull-idle", str(cull_idle)]
        if teacher_code is not None:
            command += ["--teacher-code", teacher_code]
        if preheat is not None:  # tests count kernels: none started ahead unless asked (None: the default)
            command += ["--preheat", str(preheat)]
        if "--log-file" not in extra:  # the server's log and its kernels' output in this server's log too
            command += ["--log-file", "-"]
        command += list(extra)
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(
            command,
            cwd=root,
            env={**os.environ, **(env or {})},
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.pid = self.process.pid

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return f"{self.base}/voila/render/{path}"

    def wait_ready(self, timeout: float = 90) -> None:
        """Wait until Voilà answers (any HTTP answer to an address that starts no kernel)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voilà stopped: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/kartenspiele/alive/ready", timeout=5):
                    return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"Voilà did not start within {timeout} s")

    def printed_url(self) -> str:
        """The address `kartenspiele serve` printed."""
        match = re.search(r"Kartenspiele: (\S+)", self.log_path.read_text())
        return match.group(1) if match else ""

    def teacher_url(self) -> str:
        """The teacher's address `kartenspiele serve` printed (the dashboard with the code)."""
        match = re.search(r"Lehrkraft / teacher: (\S+)", self.log_path.read_text())
        return match.group(1) if match else ""

    def processes(self) -> list[psutil.Process]:
        """Voilà and its kernels."""
        try:
            main = psutil.Process(self.pid)
            return [main, *main.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kernels(self) -> list[psutil.Process]:
        """The kernel processes of this server: its own children that run ipykernel. Not their
        children: a kernel starting up runs `uname -p` (debugpy asks `platform.platform()`), and
        between fork and exec that child has the kernel's command line (a CI run counted 4 of 3)."""
        try:
            children = psutil.Process(self.pid).children()
        except psutil.NoSuchProcess:
            return []
        return [process for process in children if "ipykernel" in command_line(process)]

    def kernel_of(self, kernel_id: str) -> psutil.Process:
        """The process of one kernel (its connection file is named after its id)."""
        for process in self.kernels():
            if kernel_id in command_line(process):
                return process
        raise LookupError(kernel_id)

    def wait_kernel_gone(self, kernel_id: str, timeout: float) -> None:
        """Wait until the kernel `kernel_id` no longer runs (other pages' kernels may)."""
        end = time.monotonic() + timeout
        while any(kernel_id in command_line(process) for process in self.kernels()):
            if time.monotonic() > end:
                raise TimeoutError(f"kernel {kernel_id} still runs after {timeout} s")
            time.sleep(0.5)

    def wait_kernels(self, count: int, timeout: float) -> float:
        """Wait until exactly `count` kernels run; returns the seconds it took."""
        start = time.monotonic()
        while len(self.kernels()) != count:
            if time.monotonic() - start > timeout:
                raise TimeoutError(f"{len(self.kernels())} kernels still run after {timeout} s, not {count}")
            time.sleep(0.5)
        return time.monotonic() - start

    def memory(self) -> tuple[int, int]:
        """(resident bytes of Voilà and its kernels together, number of kernels)."""
        total = 0
        for process in self.processes():
            try:
                total += process.memory_info().rss
            except psutil.NoSuchProcess:
                continue
        return total, len(self.kernels())

    def stop(self) -> None:
        """Stop Voilà by its process id; then any kernel of it that is still running."""
        children = self.processes()[1:]
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        for child in children:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass
        self._log.close()


def launch_browser(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def open_app(page, url: str, timeout_ms: int = LOAD_TIMEOUT_MS) -> float:
    """Load an app and wait until its widgets are shown; returns the seconds it took."""
    start = time.perf_counter()
    page.goto(url, timeout=timeout_ms)
    page.wait_for_selector(".ks-table", timeout=timeout_ms)
    return time.perf_counter() - start


def start_game(page, seed: int | None = None, speed: str = "instant") -> None:
    """Start a game from the new-game panel (optionally with a seed; computer at `speed`).
    Every helper here acts on the table shown: the in-browser site keeps hidden pages too."""
    if seed is not None:
        field = page.locator(".ks-setup input[type=number]:visible")
        field.fill(str(seed))
        field.press("Enter")
    page.locator(".ks-toolbar select:visible").select_option(index=list(SPEEDS).index(speed))
    page.locator(".ks-setup .ks-start:visible").click()
    page.wait_for_selector(".ks-main:visible", timeout=STEP_TIMEOUT_MS)


def wait_for_turn_or_end(page) -> bool:
    """Wait until the person may act or the game is over (the table marks both with a class,
    set after the board is drawn); returns whether the game is over."""
    page.wait_for_selector(".ks-table.ks-your-turn:visible, .ks-table.ks-over:visible", timeout=STEP_TIMEOUT_MS * 3)
    return page.locator(".ks-table.ks-over:visible").count() > 0


SHOWN_TICK = """() => {
  const ticks = [...document.querySelectorAll('.ks-table .ks-tick')];
  const shown = ticks.find((tick) => tick.closest('.ks-table').checkVisibility()) || ticks[0];
  return Number((shown && shown.textContent) || 0);
}"""
"""How often the table shown has been redrawn (the table counts its redraws)."""


def ticks(page) -> int:
    """How often the visible table has been redrawn (the table counts its redraws)."""
    return int(page.evaluate(SHOWN_TICK))


def click_and_wait(page, locator, tap: bool = False) -> None:
    """Click (or `tap` by touch), then wait until the table has been redrawn after it."""
    before = ticks(page)
    locator.tap() if tap else locator.click()
    page.wait_for_function(f"(before) => ({SHOWN_TICK})() > before", arg=before, timeout=STEP_TIMEOUT_MS)


TAKING = ", ".join(
    f".ks-actions button.ks-do-{kind}:visible" for kind in ("capture", "form", "extend", "collect", "joker_quanto")
)


def play_quanto_turn(page, tap: bool = False) -> None:
    """One move of the person: a hand card, table cards that fit until a move that takes is
    offered (else lay the card); refill when the hand is empty. `tap`: by touch."""
    if page.locator(".ks-hand-cards button:visible").count() == 0:
        click_and_wait(page, page.locator(".ks-actions button.ks-side:visible").first, tap)
        return
    click_and_wait(page, page.locator(".ks-hand-cards button:not([disabled]):visible").first, tap)
    while True:
        taking = page.locator(TAKING)
        if taking.count():
            click_and_wait(page, taking.first, tap)
            return
        joinable = page.locator(".ks-table-cards button.ks-joinable:visible")
        if joinable.count() == 0:
            break
        click_and_wait(page, joinable.first, tap)
    while page.locator(".ks-table-cards button.ks-selected:visible").count():
        click_and_wait(page, page.locator(".ks-table-cards button.ks-selected:visible").first, tap)
    lay = page.locator(".ks-actions button.ks-do-lay:visible")
    if lay.count() == 0 and page.locator(".ks-action-go:visible").count():
        lay = page.locator(".ks-action-go:visible")  # more moves than buttons: they are listed; play the first
    click_and_wait(page, lay.first, tap)


def play_whole_quanto_game(page, limit: int = 300) -> int:
    """Play the person's moves until the game is over; returns the number of moves."""
    moves = 0
    while not wait_for_turn_or_end(page):
        play_quanto_turn(page)
        moves += 1
        if moves > limit:
            raise AssertionError("the game did not end")
    return moves


RECORD_SOCKETS = """(() => {
  const Native = window.WebSocket;
  const received = (window.__ksReceived = []);
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => received.push(event.data));
    }
  };
})();"""
"""Kept by the page itself: every message its websockets receive (DevTools' frame events, which
Playwright's `framereceived` relies on, were seen to stop mid-game under load)."""

READ_SOCKETS = """async (start) => Promise.all(window.__ksReceived.slice(start).map(async (data) => {
  if (typeof data === "string") return { text: data };
  const bytes = new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary) };
}))"""


class Received:
    """What the pages of one browser context received over their websockets, as the page's own
    scripts saw it (install before the page loads; read per page, as often as needed)."""

    def __init__(self, context) -> None:
        context.add_init_script(RECORD_SOCKETS)
        self._read: dict[object, list[bytes | str]] = {}

    def messages(self, page) -> list[bytes | str]:
        """Every websocket message `page` received so far (text or bytes), oldest first."""
        known = self._read.setdefault(page, [])
        for item in page.evaluate(READ_SOCKETS, len(known)):
            known.append(item["text"] if "text" in item else base64.b64decode(item["base64"]))
        return known
