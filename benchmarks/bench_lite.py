"""The in-browser site (`make lite`) beside the served app (Voilà, `kartenspiele serve`), measured
in the same run, interleaved round by round, in Chromium at 1024×768:

- **cold**: the start page usable (its Quanto tile shown) in a new browser profile;
- **to table**: from a tap on the Quanto tile to the new-game panel's start button (the site
  opens it in the running kernel; Voilà loads a new page);
- **warm**: the start page again in the same profile a few seconds later (browser cache, and the
  site's service worker), and the tap to the table once more;
- **offline** (the site only): the warm visit with the site's server stopped.

Each figure is the median over the rounds, with the load average (1 min) beside it; the ratios
compare each site with Voilà. For the site, the boot's steps (when `boot.js` reported them on
the "kartenspiele-loading" channel, from the page's navigation start) and the bytes the server
sent (cold visit, page change, warm visit) are shown too. `--site NAME=FOLDER` (repeatable)
measures other builds of the site beside the default `build/lite`, e.g. the steps of the work
on issue 38 (see benchmarks/results/lite.txt). `--clicks N` times N taps on a hand card (tap to
redrawn table) on each target once.

`python benchmarks/bench_lite.py [--rounds 3] [--site NAME=FOLDER ...] [--clicks 20] [--no-voila]`
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)
from common import percentile

from tests.e2e.driver import CHROMIUM_ARGS, STEP_TIMEOUT_MS, VoilaServer, click_and_wait, start_game
from tests.e2e.test_lite import SITE

TIMEOUT_MS = 300_000
READY = ".ks-start-page a.ks-tile-quanto"
TABLE = ".ks-setup .ks-start"
STEPS_SCRIPT = """
window.__ksSteps = {};
if (typeof BroadcastChannel === "function") {
  new BroadcastChannel("kartenspiele-loading").onmessage = (event) => {
    const step = event.data && event.data.step;
    if (step && !(step in window.__ksSteps)) { window.__ksSteps[step] = performance.now() / 1000; }
  };
}
"""
STEP_NAMES = ("runtime", "packages", "kernel", "ready")


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder and counts the bytes of every file it sends."""

    def log_message(self, *_args) -> None:
        pass

    def copyfile(self, source, output) -> None:
        start = source.tell()
        super().copyfile(source, output)
        self.server.sent += source.tell() - start  # type: ignore[attr-defined]


class CountingSite:
    """A static server on loopback for a site folder, in a thread of this process; `stop` and
    `start` again keep its port (the browser's cache and worker know the address)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.start()

    def start(self) -> None:
        handler = functools.partial(CountingHandler, directory=str(self.folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.server.sent = 0  # type: ignore[attr-defined]
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def sent(self) -> int:
        return self.server.sent  # type: ignore[attr-defined]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Target:
    name: str
    start_url: str
    in_app: bool  # the site: pages open inside the running app
    site: CountingSite | None = None
    figures: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        self.figures.setdefault(name, []).append(value)


def shown(selector: str, in_app: bool) -> str:
    """`selector` inside the page the app shows (the page's own root may match its first part)."""
    if not in_app:
        return selector
    # the app's root is `.ks-site` (`.ks-app` in builds before issue 38's warm start)
    return ", ".join(f"{root} > .ks-shown {selector}, {root} > .ks-shown{selector}" for root in (".ks-site", ".ks-app"))


def timed_visit(page, target: Target, label: str) -> None:
    """Open the start page, then the Quanto table from its tile; adds `<label>`, `<label> to table`."""
    before = target.site.sent if target.site else 0
    started = time.perf_counter()
    page.goto(target.start_url, timeout=TIMEOUT_MS)
    page.wait_for_selector(shown(READY, target.in_app), timeout=TIMEOUT_MS, state="visible")
    target.add(label, time.perf_counter() - started)
    target.add(f"{label} load", os.getloadavg()[0])
    if target.site:
        target.add(f"{label} MB", (target.site.sent - before) / 1e6)
        steps = page.evaluate("() => window.__ksSteps || {}")
        for step in STEP_NAMES:
            if step in steps:
                target.add(f"{label} step {step}", steps[step])
    before = target.site.sent if target.site else 0
    started = time.perf_counter()
    page.locator(shown("a.ks-tile-quanto", target.in_app)).click()
    page.wait_for_selector(shown(TABLE, target.in_app), timeout=TIMEOUT_MS, state="visible")
    target.add(f"{label} to table", time.perf_counter() - started)
    if target.site:
        target.add(f"{label} to table MB", (target.site.sent - before) / 1e6)


def offline_visit(page, target: Target) -> None:
    """The start page once more with the site's server stopped (a warm cache only)."""
    assert target.site is not None
    target.site.stop()
    try:
        started = time.perf_counter()
        page.goto(target.start_url, timeout=TIMEOUT_MS)
        page.wait_for_selector(shown(READY, target.in_app), timeout=60_000, state="visible")
        target.add("offline", time.perf_counter() - started)
    except Exception as error:  # noqa: BLE001  (reported, not raised: the other figures stand)
        target.add("offline failed", 1.0)
        print(f"{target.name}: the offline visit failed: {type(error).__name__}")
    finally:
        target.site.start()


def clicks(page, target: Target, count: int) -> None:
    """`count` taps on the first hand card, each timed to the redrawn table."""
    start_game(page, seed=7)
    page.wait_for_selector(shown(".ks-table.ks-your-turn", target.in_app), timeout=STEP_TIMEOUT_MS * 3)
    card = page.locator(shown(".ks-hand-cards button:not([disabled])", target.in_app)).first
    for _ in range(count):
        started = time.perf_counter()
        click_and_wait(page, card)
        target.add("click", time.perf_counter() - started)


def measure(browser, target: Target, warm_wait: float, clicks_count: int, offline: bool) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    context.add_init_script(STEPS_SCRIPT)
    page = context.new_page()
    try:
        timed_visit(page, target, "cold")
        time.sleep(warm_wait)  # the site hands its worker the files of the visit meanwhile
        timed_visit(page, target, "warm")
        if offline and target.site and target.in_app:  # older builds keep nothing for an offline visit
            offline_visit(page, target)
        if clicks_count:
            page.goto(target.start_url, timeout=TIMEOUT_MS)
            page.wait_for_selector(shown(READY, target.in_app), timeout=TIMEOUT_MS, state="visible")
            page.locator(shown("a.ks-tile-quanto", target.in_app)).click()
            page.wait_for_selector(shown(TABLE, target.in_app), timeout=TIMEOUT_MS, state="visible")
            clicks(page, target, clicks_count)
    finally:
        context.close()


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(targets: list[Target], baseline: Target | None) -> list[str]:
    lines = []
    for target in targets:
        f = target.figures
        line = (
            f"{target.name:<16} cold {median(f.get('cold', [])):6.2f} s (load {median(f.get('cold load', [])):4.1f}), "
            f"to table {median(f.get('cold to table', [])):5.2f} s; warm {median(f.get('warm', [])):6.2f} s "
            f"(load {median(f.get('warm load', [])):4.1f}), to table {median(f.get('warm to table', [])):5.2f} s"
        )
        if "offline" in f or "offline failed" in f:
            line += f"; offline {median(f.get('offline', [])):5.2f} s ({len(f.get('offline', []))} of {len(f.get('cold', []))} ok)"
        lines.append(line)
        if target.site:
            steps = ", ".join(
                f"{step} {median(f.get(f'{label} step {step}', [])):.2f}"
                for label in ("cold", "warm")
                for step in STEP_NAMES
                if f.get(f"{label} step {step}")
            )
            lines.append(f"{'':<16} boot steps (s after navigation start, cold then warm): {steps}")
            lines.append(
                f"{'':<16} bytes sent: cold {median(f.get('cold MB', [])):.1f} MB, page change "
                f"{median(f.get('cold to table MB', [])):.2f} MB, warm {median(f.get('warm MB', [])):.2f} MB"
            )
        if f.get("click"):
            lines.append(
                f"{'':<16} tap to redrawn table p50 {percentile(f['click'], 0.5) * 1000:.0f} ms, "
                f"p95 {percentile(f['click'], 0.95) * 1000:.0f} ms"
            )
        if baseline is not None and target is not baseline:
            b = baseline.figures
            ratios = ", ".join(
                f"{name} {median(f.get(name, [])) / median(b.get(name, [])):.1f}x"
                for name in ("cold", "warm", "cold to table", "warm to table")
            )
            lines.append(f"{'':<16} / Voilà: {ratios}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--site", action="append", default=[], help="NAME=FOLDER of another build of the site")
    parser.add_argument("--clicks", type=int, default=0)
    parser.add_argument("--warm-wait", type=float, default=5.0)
    parser.add_argument("--no-voila", action="store_true")
    parser.add_argument("--no-offline", action="store_true")
    args = parser.parse_args()
    sites = [("site", SITE)] + [(name, Path(folder)) for name, _, folder in (s.partition("=") for s in args.site)]
    for name, folder in sites:
        if not (folder / "voici").is_dir():
            raise SystemExit(f"{name}: no site in {folder} (make lite)")
    from playwright.sync_api import sync_playwright

    targets: list[Target] = []
    served = None if args.no_voila else VoilaServer(extra=("--max-per-client", "0"))
    try:
        for name, folder in sites:
            site = CountingSite(folder)
            in_app = (folder / "kartenspiele-sw.js").exists()  # a build of the one-app site
            targets.append(Target(name, site.url("voici/render/notebooks/start.html"), in_app, site))
        baseline = None
        if served is not None:
            served.wait_ready()
            baseline = Target("Voilà", served.url("notebooks/start.ipynb"), False)
            targets.append(baseline)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for round_ in range(args.rounds):
                order = targets if round_ % 2 == 0 else targets[::-1]
                for target in order:
                    last = round_ == args.rounds - 1
                    measure(browser, target, args.warm_wait, args.clicks if last else 0, not args.no_offline)
                print(f"round {round_ + 1} of {args.rounds} done, load {os.getloadavg()[0]:.1f}", flush=True)
            browser.close()
    finally:
        if served is not None:
            served.stop()
        for target in targets:
            if target.site:
                target.site.stop()
    print("\n".join(report(targets, baseline)))


if __name__ == "__main__":
    main()
