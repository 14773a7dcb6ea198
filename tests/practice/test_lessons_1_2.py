"""Lessons 1 and 2's practice after the maths teacher's review: every answer of exercises 1–1,000
of each level equals a brute force written here (itertools over the shown cards, nothing of the
package's arithmetic), each level stays in its number ranges, and the Grundschule pick exercise
is answered by tapping cards in the widget, judged in the kernel.

Number ranges (documented in `practice.captures` and `practice.parity`):

* lesson 1 Grundschule: 5–6 different cards 1–10 (as the lesson says); two or three of them make 3–20;
* lesson 1 Klasse 5–6: a played card 1–12 takes 1–5 of six table cards (more after a rainbow card);
* lesson 1 Knobeln: 6–8 different values, targets 8–20, 2–7 groups;
* lesson 2 Grundschule: 3–5 cards 1–10, sums up to 50, even or odd;
* lesson 2 Klasse 5–6: 4–6 different values, 2–10 ways to take two;
* lesson 2 Knobeln: 5–7 different values, 4–20 ways to take three.
"""

from __future__ import annotations

import re
from collections import Counter
from html import escape
from itertools import combinations

import pytest

from kartenspiele.i18n import LANGUAGES, text
from kartenspiele.lessons.practice import Practice
from kartenspiele.practice import LEVELS, exercise
from tests.practice.spread import exercises


def value_of(card: str) -> int:
    """A shown card's value, read from its notation ("7", "R7", "ge7") without the package."""
    return int(re.sub(r"^(R|ge|gr|bl|ro)", "", card))


def largest_capture(values: list[int], played: int) -> int:
    """The most cards taken by disjoint groups that each add up to `played`."""

    def splits(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        return any(
            first + sum(others[i] for i in partners) == played
            and splits(tuple(v for i, v in enumerate(others) if i not in partners))
            for size in range(len(others) + 1)
            for partners in combinations(range(len(others)), size)
        )

    return max(
        (len(chosen) for size in range(1, len(values) + 1) for chosen in combinations(values, size) if splits(chosen)),
        default=0,
    )


def check_rendered(ex) -> None:
    for lang in LANGUAGES:
        for words in (ex.question_text(lang), ex.solution_text(lang), *ex.choice_texts(lang)):
            assert words and "{" not in words and "}" not in words, (ex, words)
        assert all(text(key, lang) for key in ex.mistakes.values())
    assert ex.answer not in ex.mistakes


@pytest.mark.parametrize("level", LEVELS)
def test_lesson_1_answers_match_a_brute_force_and_stay_at_the_level(level: str) -> None:
    for ex in exercises(1, level):
        values = [value_of(card) for card in ex.cards]
        check_rendered(ex)
        if level == "grundschule":
            target, size = ex.params["target"], ex.pick
            assert len(values) in (5, 6) and len(set(values)) == len(values)
            assert all(1 <= value <= 10 for value in values) and not any(card.startswith("R") for card in ex.cards)
            assert 3 <= target <= 20 if size == 2 else size == 3 and 6 <= target <= 20, ex
            right = {pick for pick in combinations(range(len(values)), size) if sum(values[i] for i in pick) == target}
            assert right and set(ex.picks) == right and ex.answer == len(right)
            for pick in combinations(range(len(values)), size):  # the model judges every pick
                assert ex.is_right_pick(pick) == (pick in right)
                hint = ex.pick_hint(pick)
                assert (hint is None) == (pick in right)
                total = sum(values[i] for i in pick)
                if hint is not None and hint.key != "practice.m.pick_pair_inside":
                    assert hint.key == ("practice.m.pick_less" if total < target else "practice.m.pick_more")
                    assert dict(hint.params) == {"sum": total, "target": target}
        elif level == "klasse56":
            assert 6 <= len(values) <= 8 and 1 <= int(ex.params["card"]) <= 12  # more after a rainbow card
            assert ex.answer == largest_capture(values, int(ex.params["card"])) and 1 <= ex.answer <= 5
        else:
            target = ex.params["target"]
            assert 6 <= len(values) <= 8 and len(set(values)) == len(values) and 8 <= target <= 20
            groups = sum(
                1 for size in range(1, len(values) + 1) for g in combinations(values, size) if sum(g) == target
            )
            assert ex.answer == groups and 2 <= groups <= 7


@pytest.mark.parametrize("level", LEVELS)
def test_lesson_2_answers_match_a_brute_force_and_stay_at_the_level(level: str) -> None:
    for ex in exercises(2, level):
        values = [value_of(card) for card in ex.cards]
        check_rendered(ex)
        assert all(1 <= value <= 10 for value in values)
        if level == "grundschule":
            assert 3 <= len(values) <= 5 and sum(values) <= 50
            assert ex.choice_texts("de") == ["gerade", "ungerade"] and ex.choice_texts("en") == ["even", "odd"]
            assert ex.answer == sum(values) % 2
            assert set(ex.mistakes) == {1 - ex.answer}  # the other choice has its own hint
            continue
        size, cards = (2, (4, 5, 6)) if level == "klasse56" else (3, (5, 6, 7))
        assert len(values) in cards and len(set(values)) == len(values)  # pairs of cards = pairs of values
        question = ex.question_text("de")
        parity = 1 if "ungerader Summe" in question else 0
        assert ("odd sum" in ex.question_text("en")) == bool(parity)
        ways = sum(1 for chosen in combinations(values, size) if sum(chosen) % 2 == parity)
        assert ex.answer == ways
        assert 2 <= ways <= 10 if size == 2 else 4 <= ways <= 20


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2))
def test_answers_spread_on_purpose(lesson: int, level: str) -> None:
    """Beyond the 40 % rule: many different answers, none far above the others."""
    made = exercises(lesson, level)
    if lesson == 1 and level == "grundschule":
        keys = Counter(frozenset(tuple(ex.cards[i] for i in pick) for pick in ex.picks) for ex in made)
        assert len(keys) >= 200 and keys.most_common(1)[0][1] <= 50
        lazy = sum(1 for ex in made if tuple(range(ex.pick)) in ex.picks)  # always tapping the first cards
        assert lazy <= 150
        assert {ex.pick for ex in made} == {2, 3}
        return
    answers = Counter(ex.answer for ex in made)
    if lesson == 2 and level == "grundschule":
        assert answers == {0: 500, 1: 500}  # five of each in every ten numbers
        assert all(
            Counter(exercise(2, level, n).answer for n in range(start, start + 10)) == {0: 5, 1: 5}
            for start in (1001, 12_341)
        )
        return
    assert len(answers) >= 5 and answers.most_common(1)[0][1] <= 250


def test_the_same_number_gives_the_same_exercise() -> None:
    for level in LEVELS:
        for lesson in (1, 2):
            assert exercise(lesson, level, 77) == exercise(lesson, level, 77)
            assert exercise(lesson, level, 10**9) == exercise(lesson, level, 10**9)


# -- the widget: picking cards -------------------------------------------------------------------


@pytest.fixture
def recorded(monkeypatch) -> list[dict]:
    """What the widget reports to the class."""
    from kartenspiele.classroom.classes import pupil

    found: list[dict] = []
    monkeypatch.setattr(pupil, "record", lambda kind, **fields: found.append({"kind": kind, **fields}))
    return found


def tap(widget: Practice, pick: tuple[int, ...]) -> None:
    """Tap these cards (and only these) as a pupil would, then press "Prüfen"."""
    for position in sorted(widget.chosen - set(pick)):
        widget.pick_row.press(position)
    for position in pick:
        if position not in widget.chosen:
            widget.pick_row.press(position)
    widget.check_button.click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pupil_picks_a_wrong_then_a_right_pair_by_tapping_the_cards(lang: str, recorded: list[dict]) -> None:
    widget = Practice(1, "grundschule", lang=lang)
    number = next(n for n in range(1, 50) if exercise(1, "grundschule", n).pick == 2)
    widget.show(number)
    ex = widget.exercise
    assert widget.pick_row.layout.display != "none" and widget.answer_box.layout.display == "none"
    assert [button.description for button in widget.pick_row.children] == list(ex.cards)
    assert "ks-practice-cards" not in widget.question.value  # the cards are the buttons
    assert escape(ex.question_text(lang)) in widget.question.value
    assert escape(text("practice.pick_how", lang)) in widget.question.value  # tap, then "Prüfen"

    wrong = next(pick for pick in combinations(range(len(ex.cards)), 2) if pick not in ex.picks)
    tap(widget, wrong)
    assert all("ks-selected" in widget.pick_row.children[i]._dom_classes for i in wrong)
    total = sum(int(ex.cards[i]) for i in wrong)
    assert escape(ex.pick_hint(wrong).render(lang)) in widget.feedback.value
    assert str(total) in widget.feedback.value and "ks-say-warn" in widget.feedback.value
    assert escape(ex.solution_text(lang)) not in widget.feedback.value
    assert widget.tries == 1 and not widget.solved

    right = ex.picks[-1]
    tap(widget, right)
    assert widget.solved and text("practice.f.right", lang) in widget.feedback.value
    assert escape(ex.solution_text(lang)) in widget.feedback.value
    assert all(button.disabled for button in widget.pick_row.children) and widget.check_button.disabled
    widget.pick_row.children[0].click()  # closed: tapping changes nothing
    assert widget.chosen == set(right)

    attempts = [entry for entry in recorded if entry["kind"] == "attempt"]
    assert [(entry["answer"], entry["ok"]) for entry in attempts] == [
        (" + ".join(ex.cards[i] for i in wrong), False),
        (" + ".join(ex.cards[i] for i in right), True),
    ]
    assert attempts[0]["exercise"] == f"practice1.grundschule#{number}"


def test_a_forged_pick_is_refused_without_a_crash(recorded: list[dict]) -> None:
    widget = Practice(1, "grundschule")
    ex = widget.exercise
    for forged in (len(ex.cards), 99, -1, "1", 1.0, True, None, (0, 1)):
        widget.toggle(forged)
    assert widget.chosen == set()
    for forged in ({0, 99}, [0, -1], ["0", "1"], [0, 0], {0, 1, 2, 3}, None, 7, "01", [True, 1]):
        widget.submit_pick(forged)
        assert text("practice.f.pick_count", count=ex.pick) in widget.feedback.value
        assert not ex.is_right_pick(forged) and ex.pick_hint(forged) is None
    assert widget.tries == 0 and not widget.solved and recorded == []
    widget.submit("5")  # no answer box here: typing is not an answer
    assert widget.tries == 0
    widget.submit_pick(set(ex.picks[0]))
    assert widget.solved and recorded[-1]["ok"] is True


def test_three_wrong_picks_show_the_last_hint_and_the_solution() -> None:
    number = next(n for n in range(1, 50) if exercise(1, "grundschule", n).pick == 3)
    widget = Practice(1, "grundschule", number=number, lang="de")
    ex = widget.exercise
    wrong = [pick for pick in combinations(range(len(ex.cards)), 3) if pick not in ex.picks][:3]
    for pick in wrong[:2]:
        tap(widget, pick)
        assert escape(ex.solution_text("de")) not in widget.feedback.value
    assert not widget.solution_button.disabled
    tap(widget, wrong[2])
    assert widget.revealed and escape(ex.solution_text("de")) in widget.feedback.value
    assert escape(ex.pick_hint(wrong[2]).render("de")) in widget.feedback.value
    assert all(button.disabled for button in widget.pick_row.children)


def test_the_widget_switches_between_picks_choices_and_typing() -> None:
    widget = Practice(1, "grundschule")
    widget.level_choice.value = "klasse56"
    assert widget.pick_row.layout.display == "none" and widget.pick_row.children == ()
    assert widget.answer_box.layout.display != "none" and widget.number_row.layout.display != "none"
    assert text("practice.pick_how") not in widget.question.value
    widget = Practice(2, "grundschule", lang="en")
    assert widget.number_row.layout.display == "none" and [b.description for b in widget.choice_buttons] == [
        "even",
        "odd",
    ]
    assert "ks-practice-cards" in widget.question.value  # the cards to add up are shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_parity_choice_gets_its_hint_and_the_right_one_the_solution(lang: str) -> None:
    for number in (1, 2, 3, 4):
        widget = Practice(2, "grundschule", number=number, lang=lang)
        ex = widget.exercise
        widget.choice_buttons[1 - ex.answer].click()
        assert escape(text(ex.mistakes[1 - ex.answer], lang)) in widget.feedback.value
        assert escape(ex.solution_text(lang)) not in widget.feedback.value and not widget.revealed
        widget.choice_buttons[ex.answer].click()  # the choice left: the pupil still taps it
        assert escape(ex.solution_text(lang)) in widget.feedback.value and widget.solved
