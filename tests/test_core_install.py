"""`pip install kartenspiele` alone (no extra) in a fresh virtual environment: the engines,
tables, tutorials and lessons import and play with ipywidgets and anywidget only, and none of
the server's, the store's or the printing's modules is imported; in the browser build's mode
not even `sqlite3` (Pyodide has none).

The package is installed from a copy of its sources (not editable, nothing written into the
checkout); pip takes the tested versions (`constraints.txt`) from its cache or the index.
"""

from __future__ import annotations

import shutil
import subprocess
import textwrap
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("sqlite3", "segno", "fpdf", "matplotlib", "tqdm", "redis", "voila", "jupyter_server", "tornado", "sympy")

PROBE = textwrap.dedent(
    """
    import importlib.util, os, random, sys
    HEAVY = {heavy!r}
    if os.environ.get("KARTENSPIELE_LITE") == "1":
        sys.modules["sqlite3"] = None  # as on Pyodide: importing it fails
    missing = [name for name in ("voila", "jupyterlab", "redis", "fpdf", "matplotlib", "tqdm", "segno", "sympy")
               if importlib.util.find_spec(name) is not None]
    assert missing == [], f"installed with the core: {{missing}}"

    import kartenspiele.widgets
    from kartenspiele.widgets import QuantoTable, StartPage, TauschRauschTable, QuantoTutorial, saved
    import kartenspiele.lessons.subsets, kartenspiele.lessons.parity, kartenspiele.lessons.sequences
    import kartenspiele.lessons.chance, kartenspiele.lessons.practice, kartenspiele.lessons.teacher
    from kartenspiele import quanto, tausch_rausch
    from kartenspiele.core.errors import MissingExtraError

    # a whole Quanto game through the engine, and Tausch-Rausch moves
    rng = random.Random(7)
    state = quanto.new_game(players=3, seed=11)
    moves = 0
    while not state.is_terminal():
        state.apply(rng.choice(list(state.legal_moves())))
        moves += 1
    assert state.winners() and moves > 10
    trade = tausch_rausch.new_game(players=2, seed=5)
    for _ in range(12):
        if trade.is_terminal():
            break
        trade.apply(rng.choice(list(trade.legal_moves())))

    # widgets: a table, a tutorial, a practice widget
    table = QuantoTable(players=2, seats=["person", "greedy"], seed=3, speed="instant", start=True)
    assert table.state is not None
    QuantoTutorial()
    kartenspiele.lessons.practice.Practice(lesson=1)
    if os.environ.get("KARTENSPIELE_LITE") == "1":
        StartPage()
        saved(TauschRauschTable(players=2, seats=["person", "greedy"], seed=2, speed="instant", start=True))
    from kartenspiele.core.extras import needs
    try:
        with needs("print"):
            import kartenspiele.practice.pack
    except MissingExtraError as error:
        assert "kartenspiele[print]" in error.message("en")
    else:
        raise AssertionError("the print extra is not installed, yet its import worked")
    print(sorted(name for name in HEAVY if sys.modules.get(name) is not None))
    """
).format(heavy=HEAVY)


@pytest.fixture(scope="module")
def core_python(tmp_path_factory) -> Path:
    """A fresh virtual environment with kartenspiele installed from a copy of the sources, no extra."""
    folder = tmp_path_factory.mktemp("core")
    source = folder / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "voila.json"):  # voila.json and the pages: the wheel's data files
        shutil.copy(ROOT / name, source / name)
    for folder_name in ("notebooks", "lessons"):
        (source / folder_name).mkdir()
        for page in (ROOT / folder_name).glob("*.ipynb"):
            shutil.copy(page, source / folder_name / page.name)
    shutil.copytree(ROOT / "kartenspiele", source / "kartenspiele", ignore=shutil.ignore_patterns("__pycache__"))
    venv.create(folder / "venv", with_pip=True)
    python = folder / "venv" / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    result = subprocess.run(
        [*install, "-c", str(ROOT / "constraints.txt"), str(source)], capture_output=True, text=True, timeout=600
    )
    if result.returncode != 0:
        pytest.fail(f"pip install of the core failed:\n{result.stderr[-3000:]}")
    return python


@pytest.mark.parametrize("mode", ["0", "1"], ids=["served-kernel", "browser-build"])
def test_the_core_alone_plays_and_imports_nothing_heavy(core_python, mode, tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "KARTENSPIELE_LITE": mode, "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run(
        [str(core_python), "-c", PROBE], capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout
