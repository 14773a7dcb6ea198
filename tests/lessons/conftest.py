"""Lesson tests switch the language of the lesson widgets; every test starts and ends in German.
`classes`: the classes of a store of the test's own."""

import pytest

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.lessons import switch_language


@pytest.fixture(autouse=True)
def german():
    switch_language("de")
    yield
    switch_language("de")


@pytest.fixture
def classes(tmp_path):
    store = SQLiteStore(tmp_path / "store.db")
    yield Classes(store)
    store.close()
