"""Lessons 3 and 4 in their widgets: each anticipated mistake gets its own help, a single wrong
answer reveals no solution, the third different wrong answer (or "Lösung zeigen") does."""

from html import escape

import pytest

from kartenspiele.i18n import text
from kartenspiele.lessons import chance, chance_problems, sequences
from kartenspiele.lessons.quiz import ChoiceQuiz, NumberQuiz


def quiz_for(problem) -> NumberQuiz:
    return NumberQuiz([problem], "lessons.sequences.count.title")


def hidden(quiz, solution) -> bool:
    return bool(solution) and not any(escape(line) in quiz.feedback.value for line in solution)


@pytest.mark.parametrize(
    ("problem", "answer", "key", "fields"),
    [
        (sequences.CountRunsProblem(5), 10, "lessons.sequences.count.every_start", {"length": 5}),
        (sequences.CountRunsProblem(4), 14, "lessons.sequences.count.both_ways", {"length": 4}),
        (sequences.CountRunsProblem(3), 9, "lessons.sequences.count.one_too_many", {"length": 3}),
        (sequences.CountSequencesProblem(3), 40, "lessons.sequences.arithmetic.both_ways", {}),
        (sequences.CountSequencesProblem(3), 8, "lessons.sequences.arithmetic.only_runs", {}),
        (sequences.SequenceSumProblem((6, 7, 8, 9, 10)), 80, "lessons.sequences.sum.not_halved", {}),
        (sequences.SequenceSumProblem(tuple(range(1, 11))), 11, "lessons.sequences.sum.one_pair", {}),
        (chance_problems.EstimateProblem("five-even"), 3, "lessons.chance.estimate.per_cent", {"hands": 1000}),
        (chance_problems.PercentProblem("five-even", 9), 3, "lessons.chance.percent.five_cards", {"size": 9}),
    ],
)
def test_each_mistake_in_the_widget_gets_its_own_help_and_no_solution(problem, answer, key, fields):
    quiz = quiz_for(problem)
    quiz.entry.value = str(answer)
    assert escape(text(key, "de", answer=answer, **fields)) in quiz.feedback.value
    assert hidden(quiz, problem.check(answer, "de").solution)
    assert quiz.solution_button.layout.display == ""  # "Lösung zeigen" is offered now
    quiz.reveal()
    assert all(escape(line) in quiz.feedback.value for line in problem.check(answer, "de").solution)


def test_the_third_different_wrong_answer_shows_the_solution():
    problem = sequences.CountSequencesProblem(3)
    quiz = quiz_for(problem)
    solution = problem.check(1, "de").solution
    for wrong in ("40", "8"):
        quiz.entry.value = wrong
        assert hidden(quiz, solution)
    quiz.entry.value = "30"
    assert all(escape(line) in quiz.feedback.value for line in solution)


def test_a_wrong_choice_in_lesson_4_shows_no_chances_until_revealed():
    problem = chance_problems.likely_problems()[0]  # three of a kind / four of a kind
    quiz = ChoiceQuiz([problem], "lessons.chance.likely.title")
    quiz.give("four-of-a-kind")
    assert "%" not in quiz.feedback.value
    quiz.reveal()
    assert "%" in quiz.feedback.value


def test_fifty_per_cent_with_the_sign_is_right_not_a_bad_number():
    quiz = chance.challenge_quiz()
    quiz.entry.value = "50%"
    assert "Richtig, 50 %" in quiz.feedback.value and "keine ganze Zahl" not in quiz.feedback.value
