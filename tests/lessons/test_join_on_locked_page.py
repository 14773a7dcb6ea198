"""A pupil opens a lesson without a class (the whole lesson shows) and joins a class in its bar,
without a browser: a class that keeps the lesson locked closes it in the kernel at once and
sends the page to its own address with the class; a class that released it changes nothing
(`tests/e2e/test_join_on_locked_page.py` goes through `kartenspiele serve`)."""

from __future__ import annotations

from importlib import import_module

import ipywidgets as widgets
import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.lessons import LessonBar, sequences, switch_language
from kartenspiele.lessons.lesson_gate import held_widgets
from kartenspiele.widgets.page_load import PageLoad

bar_module = import_module("kartenspiele.lessons.language")


@pytest.fixture
def classes(tmp_path, monkeypatch):
    """A pupil's Voilà page of lesson 3, no class in its address; the store the join box uses."""
    monkeypatch.setenv("KARTENSPIELE_STORE", str(tmp_path / "store.db"))
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("KARTENSPIELE_TEACHER_CODE", "geheim123")
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/03_folgen.ipynb")
    monkeypatch.delenv(pupil.CLASS_ENVIRONMENT, raising=False)
    pupil.set_current(None)
    store = open_store()
    yield Classes(store)
    box = bar_module._bars[0].join
    if box is not None and box.watch is not None:
        box.watch.stop()
    pupil.set_current(None)
    store.close()


def lesson_page() -> tuple[LessonBar, list[widgets.Widget]]:
    """The bar and three of lesson 3's exercises with every widget inside them, as its notebook
    makes them."""
    bar = LessonBar()
    exercises = [sequences.count_quiz(), sequences.select_quiz(), sequences.sum_quiz()]
    return bar, [part for exercise in exercises for part in held_widgets(exercise)]


def join(bar: LessonBar, code: str, nickname: str) -> None:
    assert bar.join is not None
    bar.join.nickname.value, bar.join.code.value = nickname, code
    bar.join.button.click()


def test_joining_a_class_that_keeps_the_open_lesson_locked_closes_it_and_loads_it_again(classes):
    code = classes.open()
    classes.release(code, 1)
    bar, lesson = lesson_page()
    kept = held_widgets(bar)
    assert not bar.locked and len(lesson) > 20 and all(part.comm is not None for part in lesson)  # no class: all of it
    join(bar, code, "Mia")
    session = pupil.current()
    assert session is not None and session.pupil.code == code and bar.locked
    assert all(part.comm is None for part in lesson)  # gone from the page; the browser's clicks reach nothing
    assert all(part.comm is not None for part in kept)  # the bar stays
    loads = [child for child in bar.children if isinstance(child, PageLoad)]
    query = f"lang=en&klasse={code}&spitzname=Mia&kind={session.pupil.token}"
    assert len(loads) == 1 and loads[0].address == f"03_folgen.ipynb?{query}"
    assert "still locked" in bar.notice.value and bar.notice in bar.children
    assert bar.join is not None and f"Class {code} · Mia" in bar.join.status.value
    switch_language("de")  # the closed lesson no longer follows the language
    assert "noch gesperrt" in bar.notice.value and list(bar_module._followers) == [bar]
    assert classes.entries(code, "Mia") == []  # not even "seen": the dashboard's current lesson stays 1


def test_joining_a_class_that_released_the_lesson_changes_nothing(classes):
    code = classes.open()
    classes.release(code, 3)
    bar, lesson = lesson_page()
    join(bar, code, "Ben")
    assert pupil.current() is not None and not bar.locked and all(part.comm is not None for part in lesson)
    assert [entry["kind"] for _, entry in classes.entries(code, "Ben")] == ["seen"]
    assert not any(isinstance(child, PageLoad) for child in bar.children) and bar.notice not in bar.children
    assert bar.join is not None
    bar.join.leave_button.click()  # "Ändern": leaving changes nothing either
    assert pupil.current() is None and not bar.locked and all(part.comm is not None for part in lesson)


def test_the_browser_may_not_send_the_page_anywhere():
    assert PageLoad.browser_sets == {} and PageLoad().address == ""
