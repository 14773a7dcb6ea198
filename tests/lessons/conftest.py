"""Lesson tests switch the language of the lesson widgets; every test starts and ends in German."""

import pytest

from kartenspiele.lessons import switch_language


@pytest.fixture(autouse=True)
def german():
    switch_language("de")
    yield
    switch_language("de")
