"""Enter in a text box answers as a click does (the browser's "submit" message), without
ipywidgets' deprecated `on_submit`, and without a second answer when the box loses focus."""

import warnings

import ipywidgets as widgets

from kartenspiele.i18n import text
from kartenspiele.lessons.practice import Practice
from kartenspiele.widgets.enter import on_enter
from kartenspiele.widgets.join import JoinBox


def press_enter(box: widgets.Text) -> None:
    box._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}}, "buffers": []})


def test_enter_calls_back_once_per_press_and_a_changed_value_does_not():
    box = widgets.Text()
    pressed = []
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        on_enter(box, lambda: pressed.append(box.value))
    box.value = "7"  # typed, or the box lost focus: no answer yet
    assert pressed == []
    press_enter(box)
    press_enter(box)  # the same answer sent twice counts twice, as a click would
    assert pressed == ["7", "7"]


def test_enter_in_the_nickname_box_joins():
    box = JoinBox()
    box.code.value = "QQQQQ"
    box.nickname.value = "Maus"
    press_enter(box.nickname)
    assert "ks-join-error" in box.status.value  # tried to join: that class does not exist


def test_enter_in_the_answer_box_checks_the_answer():
    practice = Practice(lesson=1, level="klasse56")
    practice.answer_box.value = str(practice.exercise.answer + 7)
    press_enter(practice.answer_box)
    assert practice.tries == 1 and text("practice.f.less") in practice.feedback.value
