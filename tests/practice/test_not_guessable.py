"""Practice cannot be passed by guessing: over exercises 1–1,000 of every lesson and level no
answer is given in more than 40 % (a choice in more than 50 %), and at least 90 % differ."""

import pytest

from kartenspiele.practice import LEVELS
from tests.practice.spread import (
    DISTINCT,
    MOST_COMMON_ANSWER,
    MOST_COMMON_CHOICE,
    distinct_share,
    exercises,
    most_common_share,
)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_no_answer_wins_by_guessing(lesson: int, level: str) -> None:
    made = exercises(lesson, level)
    answer, share = most_common_share(made)
    limit = MOST_COMMON_CHOICE if all(ex.choices for ex in made) else MOST_COMMON_ANSWER
    assert share <= limit, f"answer {answer!r} in {share:.0%} of lesson {lesson} {level}"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_nine_in_ten_exercises_differ(lesson: int, level: str) -> None:
    assert distinct_share(exercises(lesson, level)) >= DISTINCT
