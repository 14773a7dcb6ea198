"""The practice widget: hints before solutions, a specific hint for each anticipated mistake."""

from __future__ import annotations

from html import escape

import pytest

from kartenspiele.i18n import text
from kartenspiele.practice import Practice
from kartenspiele.practice.exercises import LEVELS


def solution(widget: Practice) -> str:
    ex = widget.exercise
    return escape(text(ex.solution, widget.lang, **ex.solution_params))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3))
def test_each_anticipated_mistake_gets_its_own_hint_and_no_solution(lesson: int, level: str, lang: str) -> None:
    widget = Practice(lesson, level, lang=lang)
    checked = 0
    for number in range(1, 41):
        widget.show(number)
        for value, key in widget.exercise.mistakes.items():
            widget.show(number)
            widget.submit(str(value))
            assert escape(text(key, lang)) in widget.feedback.value
            assert solution(widget) not in widget.feedback.value
            assert not widget.answer_box.disabled
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("lesson", (1, 2, 3))
def test_one_wrong_answer_gives_a_hint_the_third_shows_the_solution(lesson: int) -> None:
    widget = Practice(lesson, "klasse56")
    for number in range(1, 30):
        widget.show(number)
        wrong = str(widget.exercise.answer + 7)
        widget.submit(wrong)
        first = widget.feedback.value
        assert text("practice.f.less") in first and solution(widget) not in first
        widget.submit(wrong)
        assert solution(widget) not in widget.feedback.value
        widget.submit(wrong)
        assert solution(widget) in widget.feedback.value
        assert widget.answer_box.disabled


def test_show_solution_needs_a_real_try_first() -> None:
    widget = Practice(2, "grundschule")
    assert widget.solution_button.disabled
    widget.reveal()
    assert widget.feedback.value == ""
    widget.submit("drei")  # not a number: asks for a number, is not a try
    assert text("practice.f.not_number") in widget.feedback.value
    assert widget.tries == 0 and widget.solution_button.disabled
    widget.submit(str(widget.exercise.answer + 1))
    assert not widget.solution_button.disabled
    widget.solution_button.click()
    assert solution(widget) in widget.feedback.value


def test_right_answer_is_praised_and_explained() -> None:
    widget = Practice(1, "knobeln", lang="en")
    widget.submit(f" {widget.exercise.answer} ")
    assert "Right!" in widget.feedback.value and solution(widget) in widget.feedback.value


def test_new_exercise_and_level_change() -> None:
    widget = Practice(3, "grundschule", number=5)
    assert "Aufgabe 5" in widget.title.value
    widget.new_button.click()
    assert widget.number == 6 and "Aufgabe 6" in widget.title.value and widget.feedback.value == ""
    widget.level_choice.value = "knobeln"
    assert widget.number == 1 and widget.exercise.level == "knobeln"
