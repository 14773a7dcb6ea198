"""The site ships only what the browser runs: in a fresh Python in the browser build's mode, the
app walks every page of the site (both games with a move each, hot seat, both tutorials, every
lesson, the practice, both languages, a game continued) and the project's modules it imported
are exactly the ones `lite/packages.py` puts into the site's wheel (`shipped_modules`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from kartenspiele.site.notebook_pages import site_pages
from lite.packages import SERVER_ONLY, shipped_modules

ROOT = Path(__file__).resolve().parents[2]

WALK = textwrap.dedent(
    """
    import json, sys, time
    from kartenspiele.site import App
    from kartenspiele.widgets import Seat
    from tests.widgets.helpers import press_quanto_move, press_tausch_rausch_move

    pages = json.load(open(sys.argv[1], encoding="utf-8"))
    app = App(pages)
    with app.memory.hold_trait_notifications():  # the browser's storage: nothing kept yet
        app.memory.games, app.memory.saves, app.memory.loaded = [], {}, True

    def go(page, query=""):
        app.address.asked = {"path": f"/voici/render/{page}.html", "query": query, "fragment": "",
                             "how": "link", "count": time.monotonic_ns()}
        return app.shown.widget

    go("notebooks/start")
    quanto = go("notebooks/quanto").table
    quanto.setup.set_players(2, [Seat("person"), Seat("person")])  # hot seat
    quanto.start_game(quanto.setup.config())
    quanto.reveal()  # the curtain: the person to move shows their hand
    quanto.show_hint()
    quanto.clear_selection()
    press_quanto_move(quanto, quanto.state.legal_moves()[0])
    other = go("notebooks/tausch_rausch").table
    other.setup.set_players(2, [Seat("person"), Seat("planner")])  # the strongest computer player
    other.start_game(other.setup.config())
    other.show_hint()
    other.clear_selection()
    press_tausch_rausch_move(other, other.state.legal_moves()[0])
    for tutorial in ("notebooks/quanto_tutorial", "notebooks/tausch_rausch_tutorial"):
        go(tutorial).hint()
    for page in sorted(pages):
        go(page, "?lang=en")
    start = go("notebooks/start")
    for button in start.lobby.resume_box.children:
        button.click()
        go("notebooks/start", "?lang=de")
    print(json.dumps(sorted(name for name in sys.modules if name.startswith("kartenspiele"))))
    """
)


def module_path(name: str) -> set[str]:
    """The wheel paths a module may have (`kartenspiele/x.py` or `kartenspiele/x/__init__.py`)."""
    path = name.replace(".", "/")
    return {f"{path}.py", f"{path}/__init__.py"}


def test_the_site_imports_exactly_what_it_ships(tmp_path):
    pages = tmp_path / "pages.json"
    pages.write_text(json.dumps(site_pages(ROOT)), encoding="utf-8")
    environment = {**os.environ, "KARTENSPIELE_LITE": "1", "PYTHONPATH": str(ROOT)}
    environment.pop("QUERY_STRING", None)
    walked = subprocess.run(
        [sys.executable, "-c", WALK, str(pages)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        timeout=600,
    )
    assert walked.returncode == 0, walked.stderr[-3000:]
    imported = {path for name in json.loads(walked.stdout.splitlines()[-1]) for path in module_path(name)}
    shipped = shipped_modules()
    package = ROOT / "kartenspiele"
    existing = {path.relative_to(ROOT).as_posix() for path in package.rglob("*.py")}
    imported &= existing  # of the two paths a module may have, the one it has
    assert not imported - shipped, f"the site runs modules it does not ship: {sorted(imported - shipped)}"
    assert not shipped - imported, (
        f"the site ships modules it never runs (add them to SERVER_ONLY): {sorted(shipped - imported)}"
    )
    assert not [path for path in imported if path.startswith(SERVER_ONLY)]
