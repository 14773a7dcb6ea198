"""Validate the lesson notebooks with nbval whenever pytest runs this folder (`make test`).

Every code cell is run in a fresh kernel of this environment and its output is compared with
the output stored in the notebook — counts, tables, probabilities and the text of every widget.
nbval itself skips widget model ids and images; `nbval_sanitize.cfg` replaces the style
sheets inside card displays (the look, not the lesson). No cell is marked to be ignored.
Only the notebooks in this folder are collected (the Voilà apps in `notebooks/` are not).
"""

import os
import tempfile
from pathlib import Path

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


def pytest_collect_file(file_path, parent):
    options = parent.config.option
    if file_path.suffix == ".ipynb" and file_path.parent.resolve() == HERE and not (options.nbval or options.nbval_lax):
        return LessonNotebook.from_parent(parent, path=file_path)
    return None
