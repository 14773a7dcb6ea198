"""The class dashboard: refresh time with 30 pupils × 20 exercises, and its kernel's memory; and
the refresh with the unit view (issue 37) for 30 pupils and four lessons of evidence, against
the same dashboard without it (today's refresh) in the same run, in wall time and in this
process's CPU time (less disturbed by other work on the machine).

Refresh figures are taken in this process on a SQLite store in a temporary folder (the unit
figures, with `--backend redis|both`, also on a private `redis-server` on a free loopback port,
stopped by its PID); for the 20-exercise class the baseline, measured in the same run, is only reading every pupil's log from the store (what
any refresh must at least do). Memory: Voilà serves the dashboard with that class to headless
Chromium; the resident memory of the dashboard's kernel is compared with the kernel of the
start page (the baseline).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.widgets.dashboard import Dashboard
from tests.classroom.generated import generate, generate_unit

PUPILS, EXERCISES = 30, 20


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms (n={len(values)})"


def refresh_figures(url: str, code: str, repeats: int = 15) -> None:
    store = open_store(url)
    classes = Classes(store)
    entries = sum(len(classes.entries(code, nick)) for nick in classes.pupils(code))
    print(f"class {code}: {PUPILS} pupils, {EXERCISES} exercises, {entries} log entries")
    read = []
    for _ in range(repeats):
        start = time.perf_counter()
        for nick in classes.pupils(code):
            classes.entries(code, nick)
        read.append(time.perf_counter() - start)
    first = []
    for _ in range(5):
        dashboard = Dashboard(store, live=False)
        dashboard.show_class(code)
        first.append(dashboard.refresh_seconds)
    idle, busy = [], []
    pupils = classes.pupils(code)
    for round_number in range(repeats):
        dashboard.refresh()
        idle.append(dashboard.refresh_seconds)
        for nick in pupils:  # every pupil answers once between two refreshes
            store.append(
                f"class/{code}/pupil/{nick.casefold()}/log",
                store.length(f"class/{code}/pupil/{nick.casefold()}/log") + 1,
                {
                    "kind": "attempt",
                    "lesson": "subsets",
                    "exercise": "subsets.ways#1",
                    "answer": str(round_number),
                    "ok": False,
                    "seconds": 3.0,
                    "at": time.time(),
                },
            )
        dashboard.refresh()
        busy.append(dashboard.refresh_seconds)
    print(f"baseline, reading every pupil's whole log: {ms(read)}")
    print(f"dashboard, first refresh (all {entries} entries, every view drawn): {ms(first)}")
    print(f"dashboard, refresh with nothing new: {ms(idle)}")
    print(f"dashboard, refresh after {PUPILS} new answers: {ms(busy)}  (the live loop runs every 2 s)")
    store.close()


def unit_figures(url: str, code: str, repeats: int = 15) -> None:
    """Refreshes of the dashboard with and without its unit view, alternating, on one class."""
    store = open_store(url)
    classes = Classes(store)
    pupils = classes.pupils(code)
    entries = sum(len(classes.entries(code, nick)) for nick in pupils)
    backend = url.split(":", 1)[0]
    print(f"class {code} ({backend}): {len(pupils)} pupils, four lessons, {entries} log entries")
    figures: dict[str, dict[str, list[float]]] = {}
    cpu: dict[str, dict[str, list[float]]] = {}  # this process's CPU time: less disturbed by others' load

    def timed(name: str, step: str, action: Callable[[], object], dashboard: Dashboard) -> None:
        start = time.process_time()
        action()
        cpu.setdefault(name, {}).setdefault(step, []).append(time.process_time() - start)
        figures.setdefault(name, {}).setdefault(step, []).append(dashboard.refresh_seconds)

    for _ in range(repeats):
        for name in ("today (no unit view)", "with the unit view"):
            dashboard = Dashboard(store, live=False)
            if name.startswith("today"):
                dashboard.unit.show = lambda *args: None  # the dashboard as it was before the unit view
            timed(name, "first", lambda: dashboard.show_class(code), dashboard)
            timed(name, "idle", dashboard.refresh, dashboard)
            for nick in pupils:  # every pupil answers once between two refreshes
                log = f"class/{code}/pupil/{nick.casefold()}/log"
                entry = {"kind": "attempt", "lesson": "chance", "exercise": "chance.practice.klasse56#9", "answer": "4"}
                entry |= {"ok": False, "mistake": "c.copies", "right": {"de": "6", "en": "6"}, "at": time.time()}
                store.append(log, store.length(log) + 1, entry)
            timed(name, "busy", dashboard.refresh, dashboard)
            dashboard.stop()
    steps = {
        "first": "first refresh",
        "idle": "refresh with nothing new",
        "busy": f"refresh after {len(pupils)} new answers",
    }
    for name, found in figures.items():
        for step, label in steps.items():
            print(f"{backend} {name}: {label} {ms(found[step])}; CPU {ms(cpu[name][step])}")
    store.close()


def memory_figures(url: str, code: str) -> None:
    from tests.e2e.driver import CHROMIUM, VoilaServer, launch_browser

    if not Path(CHROMIUM).exists():
        print(f"memory figures skipped: no Chromium at {CHROMIUM}")
        return
    from playwright.sync_api import sync_playwright

    server = VoilaServer(
        teacher_code="bench12345",
        env={"KARTENSPIELE_STORE": url},
        log=common.ROOT / "test-output" / "voila-bench-dashboard.log",
    )
    try:
        server.wait_ready()
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            page = browser.new_page()
            sizes = {}
            for name, path, marker in (
                ("start page", "notebooks/start.ipynb", ".ks-start-page"),
                ("dashboard", "notebooks/lehrkraft.ipynb?lehrkraft=bench12345", ".ks-grid"),
            ):
                before = {p.pid for p in server.processes()[1:]}
                page.goto(server.url(path), timeout=120_000)
                page.wait_for_selector(marker, timeout=120_000)
                time.sleep(6)  # a few live refreshes
                kernels = [
                    p for p in server.processes()[1:] if p.pid not in before and "ipykernel" in " ".join(p.cmdline())
                ]
                sizes[name] = max(p.memory_info().rss for p in kernels)
            browser.close()
        print(
            f"kernel memory (resident): start page {sizes['start page'] / 2**20:.0f} MiB (baseline), "
            f"dashboard with {PUPILS} pupils {sizes['dashboard'] / 2**20:.0f} MiB"
        )
    finally:
        server.stop()


def load() -> str:
    return f"load average: {' '.join(f'{value:.1f}' for value in os.getloadavg())} on {os.cpu_count()} cores"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python-only", action="store_true")
    parser.add_argument("--backend", choices=["sqlite", "redis", "both"], default="sqlite")
    args = parser.parse_args(argv)
    print("== bench_dashboard: the class dashboard ==")
    print(load())
    with tempfile.TemporaryDirectory(prefix="kartenspiele-bench-") as folder:
        url = f"sqlite:///{folder}/store.db"
        store = open_store(url)
        code = generate(Classes(store), PUPILS, EXERCISES, seed=30)
        store.close()
        refresh_figures(url, code)
        print(load())
        server = None
        unit_urls = []
        if args.backend in ("sqlite", "both"):
            unit_urls.append(f"sqlite:///{folder}/unit.db")
        if args.backend in ("redis", "both"):
            from tests.redis_server import RedisServer

            server = RedisServer()
            server.start()
            unit_urls.append(server.url(0))
        try:
            for unit_url in unit_urls:
                store = open_store(unit_url)
                unit_code = generate_unit(Classes(store), PUPILS, seed=37)
                store.close()
                unit_figures(unit_url, unit_code)
                print(load())
        finally:
            if server is not None:
                server.stop()
        if not args.python_only:
            memory_figures(url, code)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
