"""Shared test set-up: keep Jupyter and IPython from writing to the home folder, and give every
test the language it started with (an in-process `kartenspiele serve --lang en` sets it), with no
pupil, no chosen level and no environment variable left behind by the test before it."""

import os
import tempfile

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.i18n import current_language, set_language
from kartenspiele.lessons import page_level

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


@pytest.fixture(autouse=True)
def _no_pupil_or_level_left_behind():
    """A test that joins a class or picks a practice level leaves neither for the next test in
    its process (the kernel's page state: `pupil.current()`, `page_level`)."""
    yield
    pupil.set_current(None)
    page_level.choose_level(None)


@pytest.fixture(autouse=True)
def _same_environment_after_each_test():
    """A test that sets environment variables in its process (an in-process `serve` sets the
    teacher code and the store, a page request sets `QUERY_STRING`) leaves the environment as
    it was: the next test's page is not a teacher's page by accident."""
    before = dict(os.environ)
    yield
    for name in set(os.environ) - set(before):
        del os.environ[name]
    os.environ.update(before)
