"""Shared helpers for the Tausch-Rausch tests."""

from __future__ import annotations

import pytest

from kartenspiele.i18n import set_language


@pytest.fixture(autouse=True)
def german_default():
    """Every test starts in the default language, and a test that changes it cannot leak."""
    set_language("de")
    yield
    set_language("de")
