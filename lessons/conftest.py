"""Validate the lesson notebooks with nbval whenever pytest runs this folder (`make test`).

Every code cell is run in a fresh kernel of this environment and its output is compared with
the output stored in the notebook — counts, tables, probabilities and the text of every widget.
nbval itself skips widget model ids and images; `nbval_sanitize.cfg` replaces the style
sheets inside card displays (the look, not the lesson). No cell is marked to be ignored.
Only the notebooks in this folder are collected (the Voilà apps in `notebooks/` are not).

The same collector runs them however pytest is asked: `pytest lessons` (the project's way),
`pytest --nbval lessons/` (nbval's documented way, whose own collector is replaced here for these
notebooks) and `pytest --nbval-lax lessons/`, which compares the cells nbval is told to check:
every code cell carries the tag `nbval-check-output` (`tests/lessons/test_notebooks.py` holds
that), so the lax run compares every output too.
"""

import os
import tempfile
from pathlib import Path

import pytest
from nbval.plugin import IPyNbFile

HERE = Path(__file__).parent.resolve()
SANITIZE = HERE / "nbval_sanitize.cfg"
TEACHER_CODE = "KARTENSPIELE_TEACHER_CODE"

_home = tempfile.mkdtemp(prefix="kartenspiele-lessons-home-")
for _name, _sub in (
    ("JUPYTER_CONFIG_DIR", "config"),
    ("JUPYTER_DATA_DIR", "data"),
    ("JUPYTER_RUNTIME_DIR", "runtime"),
    ("IPYTHONDIR", "ipython"),
):
    os.environ.setdefault(_name, os.path.join(_home, _sub))
os.environ.setdefault("JUPYTER_PLATFORM_DIRS", "1")


class LessonNotebook(IPyNbFile):
    """A lesson notebook, run in this environment's Python (not a kernel named in the file)."""

    def setup(self):
        """The stored outputs are a teacher's view (the "Für Lehrkräfte" sections, the guide):
        the kernel is started with a teacher code, as a teacher starts JupyterLab."""
        self.config.option.nbval_current_env = True
        self._code = os.environ.get(TEACHER_CODE)
        os.environ[TEACHER_CODE] = "nbvalLehrkraft"  # 6 or more letters and digits
        try:
            super().setup()
        finally:
            self._restore()

    def _restore(self) -> None:
        if self._code is None:
            os.environ.pop(TEACHER_CODE, None)
        else:
            os.environ[TEACHER_CODE] = self._code

    def get_sanitize_files(self):
        return [SANITIZE, *super().get_sanitize_files()]


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path, parent):
    """A lesson notebook of this folder is collected by `LessonNotebook`, also where nbval's
    own plugin (`--nbval`, `--nbval-lax`) collected it as a plain notebook."""
    collected = yield
    if file_path.suffix != ".ipynb" or file_path.parent.resolve() != HERE:
        return collected
    others = [node for node in collected if not isinstance(node, IPyNbFile)]
    return [*others, LessonNotebook.from_parent(parent, path=file_path)]
