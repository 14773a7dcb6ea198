"""Figures of the play tables (issue 5): printed, never asserted.

1. Python side: the time to handle one click and redraw (median, 95th percentile), with
   every widget message serialised as the kernel would; the computer's replies are timed
   apart (they run on a timer in the app, not in the click).
2. In the browser (Voilà + headless Chromium): click to visible update (median), and the
   apps' time to interactive as a ratio to a trivial one-button Voilà notebook, measured in
   the same run.
3. Ten browser sessions at once (started 5 s apart, then all playing together), each a whole
   Quanto game through the page: errors, peak memory of Voilà and its kernels, and memory
   after the idle kernels are culled.

`python benchmarks/bench_widgets.py [--python-only] [--sessions N]`
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)
from common import BASELINE, median, percentile

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
STAGGER = 5.0
"""Seconds between the starts of the concurrent browser sessions."""
SESSION_LOAD_TIMEOUT_MS = 300_000
"""Ten pages rendering at once on a small machine load slowly; a load is an error only after this."""


# -- 1. Python side ----------------------------------------------------------------------
def serialising_comms() -> None:
    """Make every widget send its messages through a comm that serialises them to JSON."""
    import comm
    from comm.base_comm import BaseComm

    class JsonComm(BaseComm):
        sent_bytes = 0

        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            JsonComm.sent_bytes += len(json.dumps({"type": msg_type, "data": data, "metadata": metadata}))

    comm.create_comm = JsonComm


def python_clicks(games: int = 4) -> tuple[str, dict[str, list[float]]]:
    """The computer level played against, and seconds per click by kind: picking cards,
    making a move; and the computer's replies."""
    sys.path.insert(0, str(ROOT))
    from kartenspiele.quanto.cards import DECK
    from kartenspiele.widgets import QuantoTable
    from kartenspiele.widgets.seats import available_levels
    from tests.widgets.helpers import Recorder

    serialising_comms()
    times: dict[str, list[float]] = {"pick": [], "move": [], "computer": []}
    level = available_levels("quanto")[-1]
    for game in range(games):
        recorder = Recorder()
        table = QuantoTable(start=True, players=3, seats=["person", level, level], seed=100 + game, scheduler=recorder)
        rng = random.Random(game)
        while not table.state.is_terminal():
            if recorder.pending:
                start = time.perf_counter()
                recorder.fire()
                times["computer"].append(time.perf_counter() - start)
                continue
            state = table.state
            moves = state.legal_moves()
            captures = [m for m in moves if m.kind == "capture"]
            move = rng.choice(captures or moves)
            clicks = []
            if move.card is not None:
                card = next(i for i in state.playable() if DECK[i] == move.card)
                clicks.append(("pick", lambda card=card: table.hand_row.press(card)))
                pool = list(state.table)
                for face in move.takes:
                    match = next(i for i in pool if DECK[i] == face)
                    pool.remove(match)
                    clicks.append(("pick", lambda match=match: table.table_row.press(match)))
            clicks.append(("move", lambda move=move: table.press_action(move)))
            for kind, click in clicks:
                start = time.perf_counter()
                click()
                times[kind].append(time.perf_counter() - start)
    return level, times


# -- 2. and 3. in the browser ------------------------------------------------------------
CLICK_TIMING = """async ([selector, want]) => {
    const button = document.querySelector(selector);
    const start = performance.now();
    button.click();
    for (;;) {
        await new Promise(resolve => requestAnimationFrame(resolve));
        const now = document.querySelector(selector);
        if (now && now.classList.contains('ks-selected') === want) return performance.now() - start;
        if (performance.now() - start > 10000) return -1;
    }
}"""

MOVE_TIMING = """async (selector) => {
    const log = document.querySelector('.ks-log').innerText;
    const start = performance.now();
    document.querySelector(selector).click();
    for (;;) {
        await new Promise(resolve => requestAnimationFrame(resolve));
        if (document.querySelector('.ks-log').innerText !== log) return performance.now() - start;
        if (performance.now() - start > 20000) return -1;
    }
}"""


def served_root() -> Path:
    """A folder for Voilà with the apps and the trivial baseline notebook."""
    root = Path(tempfile.mkdtemp(prefix="bench-widgets-"))
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    shutil.copy(ROOT / "voila.json", root / "voila.json")
    (root / "notebooks" / "baseline.ipynb").write_text(json.dumps(BASELINE))
    return root


def time_to_interactive(page, server, app: str) -> float:
    """Seconds from loading a notebook until its first button can be clicked."""
    start = time.perf_counter()
    page.goto(server.url(f"notebooks/{app}"), timeout=180_000)
    selector = ".ks-setup .ks-start" if app != "baseline.ipynb" else "button.jupyter-button"
    page.locator(selector).first.wait_for(state="visible", timeout=180_000)
    return time.perf_counter() - start


def browser_latency(server, repeats: int = 3) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import launch_browser, start_game

    tti: dict[str, list[float]] = {"baseline.ipynb": [], "quanto.ipynb": [], "tausch_rausch.ipynb": []}
    picks, moves = [], []
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        for _ in range(repeats):
            for app in tti:
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                tti[app].append(time_to_interactive(page, server, app))
                page.close()
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(server.url("notebooks/quanto.ipynb"), timeout=180_000)
        page.wait_for_selector(".ks-setup .ks-start", timeout=180_000)
        start_game(page, seed=21)
        first = ".ks-hand-cards button:nth-child(1)"
        page.wait_for_selector(".ks-table.ks-your-turn", timeout=20_000)
        page.wait_for_selector(first, timeout=20_000)
        for index in range(30):
            picks.append(page.evaluate(CLICK_TIMING, [first, index % 2 == 0]))
        for _ in range(10):
            button = ".ks-actions button.ks-side"
            if page.locator(".ks-hand-cards button").count():
                page.locator(".ks-hand-cards button").first.click()
                button = ".ks-actions button.ks-do-lay"
            page.wait_for_selector(button, timeout=20_000)
            moves.append(page.evaluate(MOVE_TIMING, button))
            page.wait_for_selector(".ks-table.ks-your-turn", timeout=20_000)
        browser.close()
    return {"tti": tti, "picks": picks, "moves": moves}


def one_session(endpoint: str, server, seed: int, results: list, errors: list, release: threading.Event) -> None:
    """One pupil: a page of the shared Chromium plays a whole game, then stays open (idle)
    until `release`."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import open_app, play_whole_quanto_game, start_game

    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.connect_over_cdp(endpoint)
            context = browser.new_context(viewport={"width": 1366, "height": 900})
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(f"session {seed}: page error {error}"))
            troubles: list[str] = []
            page.on("console", lambda message: troubles.append(message.text) if message.type == "error" else None)
            page.on("requestfailed", lambda request: troubles.append(f"request failed: {request.url}"))
            start = time.perf_counter()
            try:
                open_app(page, server.url("notebooks/quanto.ipynb"), SESSION_LOAD_TIMEOUT_MS)
                start_game(page, seed=seed)
                moves = play_whole_quanto_game(page)
                results.append((moves, time.perf_counter() - start))
            except Exception as error:  # every failure is a figure here
                shown = page.locator("body").inner_text()[:160].replace("\n", " ")
                page.screenshot(path=str(ROOT / "test-output" / f"bench-session-{seed}.png"))
                errors.append(
                    f"session {seed}: {type(error).__name__}: {str(error).splitlines()[0]} "
                    f"(the page shows: {shown!r}; browser errors: {troubles[-3:]})"
                )
            release.wait()
            context.close()
    except Exception as error:  # noqa: BLE001 - as above
        errors.append(f"session {seed}: {type(error).__name__}: {str(error).splitlines()[0]}")


OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""Other hosts fail at once, as on a computer without internet. Voilà's page template links
Font Awesome from a CDN in its head; here look-ups of it stall, and ten pages at once queue
in Chromium's resolver long enough to stay blank for minutes (a page-load error that has
nothing to do with the tables)."""
CULL_IDLE = 90
"""Seconds of idleness after which this benchmark's Voilà culls a kernel (voila.json says 1200).
Much less culls kernels whose pages are still loading on a busy machine."""


def sessions_at_once(count: int, cull_idle: int = CULL_IDLE) -> dict[str, object]:
    """`count` pages of one Chromium (a browser each would only measure this machine's two
    cores) play whole games at once; then they stay open and idle until Voilà culls their
    kernels."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import CHROMIUM, CHROMIUM_ARGS, VoilaServer, free_port

    root = served_root()
    server = VoilaServer(root=root, cull_idle=cull_idle, log=ROOT / "test-output" / "voila-bench-sessions.log")
    port = free_port()
    try:
        server.wait_ready()
        idle_memory, _ = server.memory()
        peak = [0, 0]
        running = True

        def sample() -> None:
            while running:
                memory, kernels = server.memory()
                peak[0], peak[1] = max(peak[0], memory), max(peak[1], kernels)
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        results: list = []
        errors: list[str] = []
        release = threading.Event()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, f"--remote-debugging-port={port}", OFFLINE]
            )
            endpoint = f"http://127.0.0.1:{port}"
            start = time.perf_counter()
            threads = [
                threading.Thread(target=one_session, args=(endpoint, server, 500 + i, results, errors, release))
                for i in range(count)
            ]
            for thread in threads:  # pupils do not all click at the same instant
                thread.start()
                time.sleep(STAGGER)
            while len(results) + len(errors) < count:
                time.sleep(0.5)
            elapsed = time.perf_counter() - start
            running = False
            sampler.join()
            after_games = server.memory()
            waited = time.perf_counter()
            while server.memory()[1] and time.perf_counter() - waited < cull_idle * 4 + 60:
                time.sleep(1)
            culled = server.memory()
            cull_seconds = time.perf_counter() - waited
            release.set()
            for thread in threads:
                thread.join()
            browser.close()
        log = server.log_path.read_text()
        errors += [line for line in log.splitlines() if "Traceback" in line or line.startswith("[E ")]
        return {
            "sessions": count,
            "finished": len(results),
            "errors": errors,
            "elapsed": elapsed,
            "moves": [moves for moves, _ in results],
            "game_seconds": [seconds for _, seconds in results],
            "idle_memory": idle_memory,
            "peak_memory": peak[0],
            "peak_kernels": peak[1],
            "memory_after_games": after_games,
            "memory_after_cull": culled,
            "cull_seconds": cull_seconds,
        }
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


# -- printing ------------------------------------------------------------------------------
def ms(values: list[float]) -> str:
    return f"median {median(values) * 1000:.1f} ms, 95th percentile {percentile(values, 0.95) * 1000:.1f} ms"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python-only", action="store_true")
    parser.add_argument("--sessions", type=int, default=10)
    args = parser.parse_args(argv)
    print("== bench_widgets: play tables ==")
    level, clicks = python_clicks()
    both = clicks["pick"] + clicks["move"]
    print(f"Python, one click and redraw ({len(both)} clicks, messages serialised): {ms(both)}  [goal: median < 30 ms]")
    print(f"  picking a card: {ms(clicks['pick'])}; making a move: {ms(clicks['move'])}")
    print(f"  a computer reply (level {level!r}, runs on a timer, not in the click): {ms(clicks['computer'])}")
    if args.python_only:
        return 0
    from tests.e2e.driver import CHROMIUM, VoilaServer

    if not Path(CHROMIUM).exists():
        print(f"browser figures skipped: no Chromium at {CHROMIUM}")
        return 0
    root = served_root()
    server = VoilaServer(root=root, log=ROOT / "test-output" / "voila-bench.log")
    try:
        server.wait_ready()
        figures = browser_latency(server)
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
    picks = [value / 1000 for value in figures["picks"] if value >= 0]
    moves = [value / 1000 for value in figures["moves"] if value >= 0]
    print(
        f"Browser, click to visible update (picking a card, {len(picks)} clicks): {ms(picks)}  [goal: median < 150 ms]"
    )
    print(f"  a move and the computer's reply at 'sofort' until the log shows it: {ms(moves)}")
    tti = figures["tti"]
    baseline = statistics.median(tti["baseline.ipynb"])
    for app in ("quanto.ipynb", "tausch_rausch.ipynb"):
        value = statistics.median(tti[app])
        print(
            f"Time to interactive, {app}: {value:.2f} s vs one-button notebook {baseline:.2f} s: "
            f"ratio {value / baseline:.2f}  [goal: <= 1.5]"
        )
    result = sessions_at_once(args.sessions)
    print(
        f"{result['sessions']} browser sessions at once (one Chromium, other hosts unreachable; started "
        f"{STAGGER:.0f} s apart), each a whole Quanto game through the page: "
        f"{result['finished']} finished, {len(result['errors'])} errors in {result['elapsed']:.0f} s "
        f"(person moves per game: {result['moves']})"
    )
    for error in result["errors"][:10]:
        print(f"  error: {error}")
    print(
        f"  memory of Voilà and kernels: idle {result['idle_memory'] / MB:.0f} MB, peak "
        f"{result['peak_memory'] / MB:.0f} MB with {result['peak_kernels']} kernels; games over, pages open "
        f"and idle: {result['memory_after_games'][0] / MB:.0f} MB with {result['memory_after_games'][1]} kernels; "
        f"after culling (idle timeout {CULL_IDLE} s): {result['memory_after_cull'][0] / MB:.0f} MB with "
        f"{result['memory_after_cull'][1]} kernels (after {result['cull_seconds']:.0f} s)"
    )
    print(f"  seconds per game: median {statistics.median(result['game_seconds'] or [0]):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
