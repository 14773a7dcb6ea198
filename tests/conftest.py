"""Shared test set-up: keep Jupyter and IPython from writing to the home folder, and give every
test the language it started with (an in-process `kartenspiele serve --lang en` sets it)."""

import os
import tempfile

import pytest

from kartenspiele.i18n import current_language, set_language

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


@pytest.fixture(autouse=True)
def _same_language_after_each_test():
    """A test that sets the current language (`set_language`, `serve --lang`) leaves it as it was."""
    before = current_language()
    yield
    set_language(before)
