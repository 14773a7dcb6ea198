"""Time to interactive of one game page alone in Chromium, with a cold and a warm browser cache,
beside a baseline version of the package (default: `main`) measured in the same run.

A load is timed as in `bench_serving.py` and `bench_load.py`: from the page's request until the
new-game panel's start button is visible (the widgets are drawn and can be clicked). "Cold" is
the first load in a new browser context (empty cache), "warm" the next load in the same context.
The two servers (this working tree and the baseline, unpacked with `git archive`) each keep
ready kernels for the game page (`--preheat`); rounds alternate which server goes first, and
each figure is the median of the rounds. Also printed: the files the page fetched over the
network (not from the browser's cache), and the same figures for a notebook showing one button
(`common.BASELINE`) on this tree's server: the floor that Voilà's front end sets for any page.

`python benchmarks/bench_page_load.py [--rounds 7] [--page notebooks/quanto.ipynb] [--baseline main]`
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)
import psutil
from bench_serving import served_root
from common import median

ROOT = Path(__file__).resolve().parent.parent
POOL = 4
"""Ready kernels per server: two rounds' loads (a cold and a warm one each)."""
LOAD_TIMEOUT_MS = 120_000
READY = ".ks-setup .ks-start"
ONE_BUTTON = "notebooks/baseline.ipynb"
FETCHED = """() => performance.getEntriesByType('resource')
    .filter(e => e.transferSize > 0 && !e.name.includes('/api/kernels/')).length"""


def baseline_root(ref: str) -> Path:
    """The project at git `ref`, unpacked into a temporary folder (package, notebooks, settings)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-page-base-"))
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def load(page, url: str) -> tuple[float, int]:
    """(seconds to interactive, files fetched over the network) of one load."""
    start = time.perf_counter()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.locator("button" if url.endswith(ONE_BUTTON) else READY).first.wait_for(
        state="visible", timeout=LOAD_TIMEOUT_MS
    )
    seconds = time.perf_counter() - start
    return seconds, page.evaluate(FETCHED)


def close(server, page) -> None:
    """Close the page and wait until its kernel is gone (the next load gets a ready one)."""
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    page.close(run_before_unload=True)
    server.wait_kernel_gone(kernel, 60)


def one_round(browser, server, path: str) -> dict[str, tuple[float, int]]:
    """A cold load in a new context, then a warm one in the same context."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    found = {}
    for kind in ("cold", "warm"):
        page = context.new_page()
        found[kind] = load(page, server.url(path))
        close(server, page)
    context.close()
    return found


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import VoilaServer, launch_browser

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--page", default="notebooks/quanto.ipynb")
    parser.add_argument("--baseline", default="main", help="git reference of the baseline")
    args = parser.parse_args(argv or [])
    print("== bench_page_load: one game page alone in Chromium ==")
    print(f"machine: {psutil.cpu_count()} cores, load average {psutil.getloadavg()[0]:.1f}", flush=True)
    base = baseline_root(args.baseline)
    ours = served_root()
    extra = ("--preheat-page", args.page)
    base_server = VoilaServer(
        base,
        log=ROOT / "test-output" / "voila-bench-page-base.log",
        preheat=POOL,
        extra=extra,
        env={"PYTHONPATH": str(base)},
    )
    our_server = VoilaServer(
        ours,
        log=ROOT / "test-output" / "voila-bench-page.log",
        preheat=POOL,
        extra=(*extra, "--preheat-page", ONE_BUTTON),
    )
    servers = {args.baseline: base_server, "this tree": our_server}
    variants = {args.baseline: args.page, "this tree": args.page, "one button": ONE_BUTTON}
    server_of = {args.baseline: base_server, "this tree": our_server, "one button": our_server}
    pool_of = {args.baseline: POOL, "this tree": 2 * POOL, "one button": 2 * POOL}
    results: dict[str, dict[str, list[tuple[float, int]]]] = {name: {"cold": [], "warm": []} for name in variants}
    loads: list[float] = []
    try:
        for server in servers.values():
            server.wait_ready()
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for number in range(args.rounds):
                order = list(variants) if number % 2 == 0 else list(reversed(variants))
                for name in order:
                    server_of[name].wait_kernels(pool_of[name], 600)  # the ready kernels are back
                    time.sleep(5)  # the newest one has drawn its page
                    loads.append(psutil.getloadavg()[0])
                    for kind, figure in one_round(browser, server_of[name], variants[name]).items():
                        results[name][kind].append(figure)
                print(
                    f"round {number + 1}: "
                    + "; ".join(
                        f"{name} cold {results[name]['cold'][-1][0]:.2f} s, warm {results[name]['warm'][-1][0]:.2f} s"
                        for name in variants
                    ),
                    flush=True,
                )
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(base, ignore_errors=True)
        shutil.rmtree(ours, ignore_errors=True)
    print(f"{args.page}, {args.rounds} rounds, load average during the loads: median {median(loads):.1f}")
    print(f"  (one button: {ONE_BUTTON} on this tree's server)")
    reference = results[args.baseline]
    for name, kinds in results.items():
        for kind, figures in kinds.items():
            seconds = median([s for s, _ in figures])
            fetched = median([n for _, n in figures])
            ratio = seconds / median([s for s, _ in reference[kind]])
            print(
                f"  {name:10s} {kind:4s}: time to interactive median {seconds:.2f} s "
                f"(min {min(s for s, _ in figures):.2f}, {ratio:.2f}× {args.baseline}), "
                f"files over the network {fetched:.0f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(__import__("sys").argv[1:]))
