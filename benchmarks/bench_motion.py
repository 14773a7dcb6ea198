"""Does the motion delay a tap's visible answer? Tap-to-update with motion against without.

Two pages of the same server in one headless Chromium, 1024 × 768: one as most children have it
(cards fly, a finished task is cheered: `widgets.motion`, `static/stage.js`), one that asks for
reduced motion (`prefers-reduced-motion: reduce`: nothing moves). Both play Tausch-Rausch against
the computer (instant pace) by the same taps: the "Tipp" picks the cards (not timed), then the
child taps the marked stall or task. A tap's time runs from the click in the page until the page
has painted the table with the move made (its redraw counter changed, then two animation frames:
the frame in which the flights start is included). The pages take turns tap by tap, so both meet
the same load; the load average is printed beside the figures.

    python benchmarks/bench_motion.py [--taps 40]

Writes benchmarks/results/motion.txt.
"""

from __future__ import annotations

import argparse
import os
import sys

from common import ROOT, percentile

from tests.e2e.driver import VoilaServer, launch_browser, open_app, start_game

RESULTS = ROOT / "benchmarks" / "results" / "motion.txt"
TAP = """async (selector) => {
    const tick = () => Number(document.querySelector('.ks-table .ks-tick').textContent || 0);
    const before = tick();
    const start = performance.now();
    document.querySelector(selector).click();
    for (;;) {
        await new Promise(resolve => requestAnimationFrame(resolve));
        if (tick() > before) break;
        if (performance.now() - start > 20000) return -1;
    }
    await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - start;
}"""
FLYING = "() => document.querySelectorAll('.ks-ghost').length"


def ready(page) -> None:
    """The child's turn (a new game when the last one ended), the Tipp's cards picked."""
    page.wait_for_selector(".ks-table.ks-your-turn, .ks-table.ks-over", timeout=60_000)
    if page.locator(".ks-table.ks-over").count():
        page.locator(".ks-result button", has_text="Nochmal").click()
        page.wait_for_selector(".ks-table.ks-your-turn", timeout=60_000)
    before = page.locator(".ks-tick").first.text_content()
    page.locator(".ks-toolbar button:has(i.fa-lightbulb-o)").click()
    page.wait_for_function(
        "(before) => document.querySelector('.ks-tick').textContent !== before", arg=before, timeout=60_000
    )
    page.wait_for_selector("button.ks-hinted", timeout=20_000)
    page.wait_for_timeout(600)  # the last flights are over


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=40, help="taps per page")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = VoilaServer(extra=("--max-per-client", "0"))
    times: dict[str, list[float]] = {"motion": [], "reduced motion": []}
    flights: list[int] = []
    try:
        server.wait_ready()
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            pages = {}
            for name in times:
                context = browser.new_context(
                    viewport={"width": 1024, "height": 768},
                    locale="de-DE",
                    reduced_motion="reduce" if name == "reduced motion" else "no-preference",
                )
                page = context.new_page()
                open_app(page, server.url("notebooks/tausch_rausch.ipynb"))
                start_game(page, seed=35)
                pages[name] = page
            for _ in range(args.taps):
                for name, page in pages.items():
                    ready(page)
                    times[name].append(page.evaluate(TAP, ".ks-table button.ks-hinted"))
                    if name == "motion":
                        flights.append(page.evaluate(FLYING))
            browser.close()
    finally:
        server.stop()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    lines = [
        "Tap-to-update of a Tausch-Rausch move (the marked stall or task tapped), 1024 x 768, ms",
        "| page | taps | p50 | p95 | max | failed |",
        "|---|---|---|---|---|---|",
    ]
    for name, found in times.items():
        good = [value for value in found if value >= 0]
        lines.append(
            f"| {name} | {len(good)} | {percentile(good, 0.5):.0f} | {percentile(good, 0.95):.0f} | "
            f"{max(good):.0f} | {len(found) - len(good)} |"
        )
    moving = [count for count in flights if count]
    lines += [
        "",
        f"copies in flight after a tap on the page with motion: {sum(moving)} in {len(moving)} of {len(flights)} taps",
        f"ratio p50 motion / reduced motion: {percentile(times['motion'], 0.5) / percentile(times['reduced motion'], 0.5):.2f}",
        f"load average at the end: {load}",
    ]
    text = "\n".join(lines)
    print(text)
    RESULTS.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
