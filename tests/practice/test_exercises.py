"""Thousands of generated exercises per lesson and level: valid, solvable, at their level,
reproducible, and their stored answer equals an independent brute-force count."""

from __future__ import annotations

from itertools import combinations

import pytest

from kartenspiele.core.errors import KartenspieleError
from kartenspiele.i18n import LANGUAGES, text
from kartenspiele.practice import LEVELS, exercise
from tests.practice.test_lessons_3_4 import sequence_answer

COUNT = 2000
NUMBERS = range(1, COUNT + 1)


def most_cards(values: list[int], target: int) -> int:
    """Brute force: the most table cards taken by disjoint groups that each sum to target."""

    def splits(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for size in range(len(others) + 1):
            for partners in combinations(range(len(others)), size):
                if first + sum(others[i] for i in partners) == target and splits(
                    tuple(v for i, v in enumerate(others) if i not in partners)
                ):
                    return True
        return False

    return max(
        (size for size in range(1, len(values) + 1) for chosen in combinations(values, size) if splits(chosen)),
        default=0,
    )


def groups(values: list[int], target: int, size: int | None = None) -> int:
    sizes = [size] if size else range(1, len(values) + 1)
    return sum(1 for k in sizes for chosen in combinations(values, k) if sum(chosen) == target)


def brute_force(ex) -> int:
    faces = ex.faces()
    values = [face.value for face in faces]
    if ex.lesson == 1:
        target = ex.params.get("target")
        if ex.level == "grundschule":  # the answer of a pick exercise: how many right picks
            return groups(values, target, ex.pick)
        if ex.level == "klasse56":
            return most_cards(values, int(ex.params["card"]))
        return groups(values, target)
    if ex.lesson == 2:
        if ex.level == "grundschule":  # the choice: 0 even, 1 odd
            return sum(values) % 2
        size = 2 if ex.level == "klasse56" else 3
        wanted = 1 if ex.question.startswith("practice.q.odd_") else 0
        return sum(1 for chosen in combinations(values, size) if sum(chosen) % 2 == wanted)
    return sequence_answer(ex)  # lesson 3: the sequence rebuilt from its shown numbers, the runs listed


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3))
def test_generated_exercises_are_valid_solvable_and_checked(lesson: int, level: str) -> None:
    seen = set()
    for number in NUMBERS:
        ex = exercise(lesson, level, number)
        assert (ex.lesson, ex.level, ex.number) == (lesson, level, number)
        assert ex.answer == brute_force(ex), (number, ex)
        assert ex.answer >= (1 if lesson == 1 or level == "knobeln" and lesson == 3 else 0), ex
        assert ex.answer not in ex.mistakes
        for lang in LANGUAGES:
            assert text(ex.question, lang, **ex.params)
            assert text(ex.solution, lang, **ex.solution_params)
            assert all(text(key, lang) for key in ex.mistakes.values())
        seen.add((ex.cards, tuple(sorted(ex.params.items()))))
        check_level(ex)
    assert len(seen) >= 60  # many different exercises, not a loop over a few


def check_level(ex) -> None:
    faces = ex.faces()
    if ex.lesson == 1 and ex.level == "grundschule":  # Klasse 3–4: cards 1–10, two or three, sums up to 20
        assert all(not face.rainbow and face.value <= 10 for face in faces)
        assert ex.pick in (2, 3) and ex.params["target"] <= 20
        assert len({face.value for face in faces}) == len(faces)
    if ex.lesson == 1 and ex.level == "klasse56":
        assert not any(face.is_joker for face in faces)
    if ex.lesson == 2:  # from Klasse 5–6 on, all values differ: pairs of cards are pairs of values
        assert len(faces) in {"grundschule": (3, 4, 5), "klasse56": (4, 5, 6), "knobeln": (5, 6, 7)}[ex.level]
        if ex.level != "grundschule":
            assert len({face.value for face in faces}) == len(faces)
    if ex.lesson == 3 and faces:
        assert len(faces) == 5
    if ex.lesson == 3 and ex.question == "practice.q.gap":  # Klasse 3–4: numbers up to 100
        assert all(1 <= int(part) <= 100 for part in ex.params["row"].split(", ") if part != "__")


def test_rainbow_cards_appear_from_klasse56_on() -> None:
    assert any(face.rainbow for number in range(1, 300) for face in exercise(1, "klasse56", number).faces())


@pytest.mark.parametrize("lesson", (1, 2, 3))
def test_same_number_same_exercise_and_numbers_never_run_out(lesson: int) -> None:
    for number in (1, 17, 10**9):
        assert exercise(lesson, "klasse56", number) == exercise(lesson, "klasse56", number)
    assert exercise(lesson, "klasse56", 1) != exercise(lesson, "klasse56", 2) or exercise(
        lesson, "klasse56", 2
    ) != exercise(lesson, "klasse56", 3)


@pytest.mark.parametrize(
    "args", [(5, "knobeln", 1), (1, "abitur", 1), (1, "knobeln", 0), (1, "knobeln", "3"), (1, "knobeln", True)]
)
def test_bad_arguments_get_a_clear_error_in_both_languages(args) -> None:
    with pytest.raises(KartenspieleError) as caught:
        exercise(*args)
    assert caught.value.message("de") != caught.value.message("en")
