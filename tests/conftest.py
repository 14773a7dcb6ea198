"""Shared test set-up: keep Jupyter and IPython from writing to the home folder."""

import os
import tempfile

_home = tempfile.mkdtemp(prefix="kartenspiele-test-home-")
for _name, _sub in (
    ("JUPYTER_CONFIG_DIR", "config"),
    ("JUPYTER_DATA_DIR", "data"),
    ("JUPYTER_RUNTIME_DIR", "runtime"),
    ("IPYTHONDIR", "ipython"),
):
    os.environ.setdefault(_name, os.path.join(_home, _sub))
os.environ.setdefault("JUPYTER_PLATFORM_DIRS", "1")
os.environ.setdefault("KARTENSPIELE_STORE", os.path.join(_home, "store"))  # rooms and saved games
