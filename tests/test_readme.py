"""The README's Python examples run as doctests, so the front page never lies."""

from __future__ import annotations

import doctest
from pathlib import Path

from kartenspiele.i18n import set_language

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run():
    set_language("de")
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, raise_on_error=False, verbose=False
    )
    assert result.attempted >= 8
    assert result.failed == 0
