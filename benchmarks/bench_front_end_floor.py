"""How fast can any ipywidgets page become interactive in this machine's Chromium? The floor
under the 1 s goal of issue 15, measured in one run with interleaved rounds:

- `plain`: a static HTML page with one `<button>` (the browser's own floor);
- `html-manager`: one ipywidgets button drawn by ipywidgets' own stand-alone front end
  (`@jupyter-widgets/html-manager`, the smallest one there is; from npm, no kernel at all, so
  it is a lower bound for any page that talks to a kernel);
- `voila`: the one-button notebook in Voilà (`kartenspiele serve`, a ready kernel).

Each is loaded cold (new browser context) and warm (opened again); a load ends when the button
is visible. Needs `npm` (to fetch the html-manager package once).

`python benchmarks/bench_front_end_floor.py [--rounds 5]`
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import common  # noqa: F401  (puts the repository on the import path)
import psutil
from bench_page_load import LOAD_TIMEOUT_MS, ONE_BUTTON, close, load
from bench_serving import served_root
from common import median

ROOT = Path(__file__).resolve().parent.parent
HTML_MANAGER = "@jupyter-widgets/html-manager@1.0.15"
"""The stand-alone front end of ipywidgets 8."""
PLAIN_PAGE = '<!doctype html><html><head><meta charset="utf-8"></head><body><button>OK</button></body></html>'


def embed_page() -> str:
    """One ipywidgets button as html-manager draws it: its state and view in the page."""
    import ipywidgets
    from ipywidgets.embed import embed_data

    data = embed_data(views=[ipywidgets.Button(description="OK")])
    return (
        '<!doctype html><html><head><meta charset="utf-8"><script src="embed.js"></script>'
        f'<script type="application/vnd.jupyter.widget-state+json">{json.dumps(data["manager_state"])}</script>'
        f'</head><body><script type="application/vnd.jupyter.widget-view+json">{json.dumps(data["view_specs"][0])}'
        "</script></body></html>"
    )


def static_site() -> Path:
    """A folder with the plain page, the embed page and html-manager's built script and fonts."""
    folder = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    subprocess.run(["npm", "pack", "--silent", HTML_MANAGER], cwd=folder, check=True, capture_output=True)
    with tarfile.open(next(folder.glob("*.tgz"))) as archive:
        archive.extractall(folder, filter="data")
    for file in (folder / "package" / "dist").iterdir():
        shutil.move(file, folder / file.name)
    (folder / "plain.html").write_text(PLAIN_PAGE)
    (folder / "embed.html").write_text(embed_page())
    return folder


def static_load(context, url: str) -> float:
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    page.locator("button").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    seconds = time.perf_counter() - start
    page.close()
    return seconds


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import VoilaServer, free_port, launch_browser

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv or [])
    print("== bench_front_end_floor: one button, three front ends, in Chromium ==")
    print(f"machine: {psutil.cpu_count()} cores, load average {psutil.getloadavg()[0]:.1f}", flush=True)
    site = static_site()
    port = free_port()
    files = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    root = served_root()
    voila = VoilaServer(
        root, log=ROOT / "test-output" / "voila-bench-floor.log", preheat=2, extra=("--preheat-page", ONE_BUTTON)
    )
    names = ("plain", "html-manager", "voila")
    results: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in names}
    loads: list[float] = []
    try:
        voila.wait_ready()
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for number in range(args.rounds):
                for name in names if number % 2 == 0 else reversed(names):
                    voila.wait_kernels(2, 600)  # Voilà's ready kernels are back
                    time.sleep(3)
                    loads.append(psutil.getloadavg()[0])
                    context = browser.new_context(viewport={"width": 1024, "height": 768})
                    for kind in ("cold", "warm"):
                        if name == "voila":
                            page = context.new_page()
                            seconds, _ = load(page, voila.url(ONE_BUTTON))
                            close(voila, page)
                        else:
                            page_file = "plain.html" if name == "plain" else "embed.html"
                            seconds = static_load(context, f"http://127.0.0.1:{port}/{page_file}")
                        results[name][kind].append(seconds)
                    context.close()
                print(
                    f"round {number + 1}: "
                    + "; ".join(
                        f"{n} cold {results[n]['cold'][-1]:.2f} s, warm {results[n]['warm'][-1]:.2f} s" for n in names
                    ),
                    flush=True,
                )
            browser.close()
    finally:
        voila.stop()
        files.terminate()
        files.wait(10)
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(root, ignore_errors=True)
    print(f"{args.rounds} rounds, load average during the loads: median {median(loads):.1f}; {HTML_MANAGER}")
    for name in names:
        for kind in ("cold", "warm"):
            figures = results[name][kind]
            print(f"  {name:12s} {kind}: time to interactive median {median(figures):.2f} s (min {min(figures):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
