"""Lessons 3 and 4 in their widgets: each anticipated mistake gets its own help, a single wrong
answer reveals no solution and offers none; a second genuine try offers "Lösung zeigen", the
third different wrong answer shows it."""

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
        (sequences.CountRunsProblem(5), 10, "lessons.sequences.count.every_start", {"length": 5, "high": 10}),
        (sequences.CountRunsProblem(4), 14, "lessons.sequences.count.both_ways", {"length": 4}),
        (sequences.CountRunsProblem(3), 9, "lessons.sequences.count.one_too_many", {"length": 3, "high": 10}),
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
    assert quiz.solution_button.layout.display == "none"  # one wrong answer: nothing offered yet
    second = next(v for v in problem.answers if v != answer and not problem.check(v, "de").ok)
    quiz.entry.value = str(second)
    assert hidden(quiz, problem.check(second, "de").solution)
    assert quiz.solution_button.layout.display != "none"  # "Lösung zeigen" is offered now
    quiz.reveal()
    assert all(escape(line) in quiz.feedback.value for line in problem.check(second, "de").solution)


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
    assert "%" not in quiz.feedback.value  # one try earns no solution
    quiz.give("same")
    assert "%" not in quiz.feedback.value
    quiz.reveal()
    assert "%" in quiz.feedback.value


def test_fifty_per_cent_with_the_sign_is_right_not_a_bad_number():
    quiz = chance.challenge_quiz()
    quiz.entry.value = "50%"
    assert "Richtig, 50 %" in quiz.feedback.value and "keine ganze Zahl" not in quiz.feedback.value


def number_problems():
    """Every typed-number problem of the lessons' quizzes and exit tickets."""
    from kartenspiele.lessons import parity, subsets

    quizzes = [subsets.ways_quiz(), parity.challenge_quiz()]
    quizzes += [sequences.count_quiz(), sequences.missing_quiz(), sequences.sum_quiz(), sequences.challenge_quiz()]
    quizzes += [chance.estimate_quiz(), chance.challenge_quiz()]
    exits = [*subsets.exit_questions(), *parity.exit_questions(), *sequences.exit_questions()]
    exits += chance_problems.exit_questions()
    found = [problem for quiz in quizzes for problem in quiz.problems]
    return found + [problem for problem in exits if not hasattr(problem, "choices")]


def test_every_anticipated_mistake_and_the_answer_lie_in_the_problems_range():
    """A mistake the lesson anticipates is a genuine try: it counts towards "Lösung zeigen"."""
    for problem in number_problems():
        if hasattr(problem, "made"):  # a practice exercise
            right, mistakes = problem.made.answer, problem.made.mistakes
        elif isinstance(problem, chance_problems.EstimateProblem):  # close is right: its own check
            right, mistakes = round(problem.expected()), {}
        else:
            right = next(value for value in problem.answers if problem.check(value, "de").ok)
            mistakes = problem.mistakes() if hasattr(problem, "mistakes") else {}
        assert problem.check(right, "de").ok
        for value in (*mistakes, right):
            assert value in problem.answers, (problem, value)
