"""Exercises 1–1,000 of a lesson and level, made once per test process, and the two figures
that say whether they can be guessed: the share of the most common answer and the share of
distinct exercises."""

from __future__ import annotations

from collections import Counter
from functools import cache

from kartenspiele.practice import Exercise, exercise

NUMBERS = range(1, 1001)
MOST_COMMON_ANSWER = 0.40  # no answer in more than 40 % of the exercises
MOST_COMMON_CHOICE = 0.50  # for choice questions (two or three choices)
DISTINCT = 0.90  # at least 90 % of the exercises differ


@cache
def exercises(lesson: int, level: str) -> tuple[Exercise, ...]:
    return tuple(exercise(lesson, level, number) for number in NUMBERS)


def answer_key(ex: Exercise) -> object:
    """What a pupil who guesses would have to hit: the right number, the right choice's words, or
    (for a pick exercise) the set of right picks, each as the picked cards."""
    if ex.pick:
        return frozenset(tuple(ex.cards[position] for position in pick) for pick in ex.picks)
    return ex.choice_texts("de")[ex.answer] if ex.choices else ex.answer


def most_common_share(made: tuple[Exercise, ...]) -> tuple[object, float]:
    answer, count = Counter(answer_key(ex) for ex in made).most_common(1)[0]
    return answer, count / len(made)


def distinct_share(made: tuple[Exercise, ...]) -> float:
    return len({(ex.question_text("de"), ex.cards) for ex in made}) / len(made)
