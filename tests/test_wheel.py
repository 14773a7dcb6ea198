"""The wheel carries everything the engine needs at run time (texts, CSS): build it, install it
into a clean virtual environment, and play a whole game there."""

import os
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAME = textwrap.dedent("""
    import random, kartenspiele
    from kartenspiele.quanto import new_game, narrate_all
    assert "site-packages" in kartenspiele.__file__, kartenspiele.__file__
    state, rng, told = new_game(3, seed=5), random.Random(5), []
    while not state.is_terminal():
        told += narrate_all(state.apply(rng.choice(state.legal_moves())), "en")
    html = state._repr_html_()
    assert ".ks-card" in html and told[-1].startswith("Game over")
    print("played", len(told), "events; scores", state.scores())
""")


def test_wheel_installs_and_plays(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    wheel = next(dist.glob("kartenspiele-*.whl"))
    env_dir = tmp_path / "clean"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(wheel)], check=True, capture_output=True
    )
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    result = subprocess.run([str(python), "-c", GAME], capture_output=True, text=True, cwd=tmp_path, env=environment)
    assert result.returncode == 0, result.stderr
    assert "played" in result.stdout
    # the pages `python -m kartenspiele serve` finds when installed from the wheel (`serve.installed_pages`)
    pages = env_dir / "share" / "kartenspiele"
    assert (pages / "voila.json").is_file() and (pages / "notebooks" / "start.ipynb").is_file()
    assert sorted(path.name for path in (pages / "lessons").iterdir()) == sorted(
        path.name for path in (ROOT / "lessons").glob("*.ipynb")
    )
    found = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('data'))"], capture_output=True, text=True
    )
    assert Path(found.stdout.strip()) / "share" / "kartenspiele" == pages  # where `installed_pages` looks
