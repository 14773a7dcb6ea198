"""The practice widget: hints before solutions, a specific hint for each anticipated mistake."""

from __future__ import annotations

from html import escape
from itertools import combinations

import pytest

from kartenspiele.i18n import text
from kartenspiele.lessons.practice import Practice
from kartenspiele.practice import LEVELS


def solution(widget: Practice) -> str:
    return escape(widget.exercise.solution_text(widget.lang))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3))
def test_each_anticipated_mistake_gets_its_own_hint_and_no_solution(lesson: int, level: str, lang: str) -> None:
    """Typed answers and choices; a pick exercise's wrong picks get theirs (its sum is told)."""
    widget = Practice(lesson, level, lang=lang)
    checked = 0
    for number in range(1, 41):
        widget.show(number)
        if widget.exercise.pick:
            checked += wrong_picks_get_their_hints(widget, number, lang)
        for value, key in widget.exercise.mistakes.items():
            widget.show(number)
            if widget.exercise.choices:
                widget.choice_buttons[value].click()
            else:
                widget.submit(str(value))
            assert escape(text(key, lang)) in widget.feedback.value
            assert solution(widget) not in widget.feedback.value  # one try earns no solution
            assert not widget.answer_box.disabled and widget.solution_button.disabled
            checked += 1
    assert checked >= 20


def wrong_picks_get_their_hints(widget: Practice, number: int, lang: str) -> int:
    """Each wrong pick of exercise `number`, tapped and checked: its own hint, no solution."""
    checked = 0
    for pick in combinations(range(len(widget.exercise.cards)), widget.exercise.pick):
        if pick in widget.exercise.picks:
            continue
        widget.show(number)
        for position in pick:
            widget.pick_row.press(position)
        widget.check_button.click()
        hint = widget.exercise.pick_hint(pick)
        assert hint is not None and escape(hint.render(lang)) in widget.feedback.value
        assert solution(widget) not in widget.feedback.value and not widget.check_button.disabled
        checked += 1
    return checked


@pytest.mark.parametrize("lesson", (1, 2, 3))
def test_one_wrong_answer_gives_a_hint_the_third_different_shows_the_solution(lesson: int) -> None:
    widget = Practice(lesson, "klasse56")
    for number in range(1, 30):
        widget.show(number)
        wrong = str(widget.exercise.answer + 7)
        widget.submit(wrong)
        first = widget.feedback.value
        hint = widget.exercise.mistakes.get(int(wrong), "practice.f.less")  # 2 × 7 = 14: counted twice
        assert escape(text(hint)) in first and solution(widget) not in first
        widget.submit(wrong)  # the same answer again is no new try
        assert solution(widget) not in widget.feedback.value and widget.solution_button.disabled
        widget.submit(str(widget.exercise.answer + 8))
        assert solution(widget) not in widget.feedback.value and not widget.solution_button.disabled
        widget.submit(str(widget.exercise.answer + 9))
        assert solution(widget) in widget.feedback.value
        assert widget.answer_box.disabled


def test_show_solution_needs_a_real_try_first() -> None:
    widget = Practice(2, "klasse56")
    assert widget.solution_button.disabled
    widget.reveal()
    assert widget.feedback.value == ""
    widget.submit("drei")  # not a number: asks for a number, is not a try
    assert text("practice.f.not_number") in widget.feedback.value
    assert widget.tries == 0 and widget.solution_button.disabled
    widget.submit(str(widget.exercise.answer + 1))
    assert widget.solution_button.disabled  # one try: no solution yet
    widget.submit("100000")  # far out of range: no genuine try
    assert widget.solution_button.disabled
    widget.submit(str(widget.exercise.answer + 2))
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


@pytest.mark.parametrize("lang", ["de", "en"])
def test_chance_choices_each_wrong_choice_gets_its_hint_and_no_solution(lang: str) -> None:
    widget = Practice(4, "grundschule", lang=lang)
    checked = 0
    for number in range(1, 31):
        widget.show(number)
        assert widget.number_row.layout.display == "none" and len(widget.choice_buttons) == 3
        for index, key in widget.exercise.mistakes.items():
            widget.show(number)
            widget.choice_buttons[index].click()
            assert escape(text(key, lang)) in widget.feedback.value
            assert solution(widget) not in widget.feedback.value
            assert widget.choice_buttons[index].disabled  # tried: greyed out
            assert not widget.choice_buttons[widget.exercise.answer].disabled
            checked += 1
        widget.show(number)
        widget.choice_buttons[widget.exercise.answer].click()
        assert widget.solved and solution(widget) in widget.feedback.value
    assert checked >= 50


def test_chance_second_wrong_choice_shows_the_solution() -> None:
    widget = Practice(4, "grundschule", number=3)
    wrong = [index for index in range(3) if index != widget.exercise.answer]
    widget.choice_buttons[wrong[0]].click()
    widget.choice_buttons[wrong[0]].click()  # greyed out: not another try
    assert widget.tries == 1 and solution(widget) not in widget.feedback.value
    widget.choice_buttons[wrong[1]].click()
    assert widget.revealed and solution(widget) in widget.feedback.value
    assert all(button.disabled for button in widget.choice_buttons)


def test_chance_percent_may_be_typed_with_a_percent_sign() -> None:
    widget = Practice(4, "knobeln")
    widget.submit(f"{widget.exercise.answer} %")
    assert widget.solved
    widget.show(2)
    count = widget.exercise.solution_params["count"]
    if count != widget.exercise.answer:
        widget.submit(str(count))
        assert escape(text("practice.m.c.count_not_percent")) in widget.feedback.value
