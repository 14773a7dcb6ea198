"""Lessons 1 and 2 in their widgets: each anticipated mistake gets its own kind help, and a
single wrong answer reveals no solution (it comes after the third try or "Lösung zeigen")."""

from html import escape

import pytest

from kartenspiele.i18n import text
from kartenspiele.lessons import parity, subsets, subsets_numbers, subsets_problems
from kartenspiele.lessons.parity_widgets import TaskDesigner
from kartenspiele.lessons.quiz import CardQuiz, ChoiceQuiz, NumberQuiz
from kartenspiele.quanto.cards import Card
from kartenspiele.quanto.cards import parse_cards as quanto_cards
from kartenspiele.tausch_rausch.cards import parse_cards as tr_cards


def shown(widget) -> str:
    return widget.feedback.value


def no_solution(quiz, solution: tuple[str, ...]) -> bool:
    return solution and not any(escape(line) in shown(quiz) for line in solution)


# -- lesson 1 -----------------------------------------------------------------------------


def test_ways_only_pairs_and_the_forgotten_single_card():
    problems = subsets.ways_problems()
    seen = set()
    for index, problem in enumerate(problems):
        for answer, key in problem.mistakes().items():
            quiz = NumberQuiz(problems, "lessons.subsets.ways.title")
            quiz.index = index
            quiz.redraw()
            quiz.give(answer)
            assert escape(text(key, "de", target=problem.target)) in shown(quiz)
            assert no_solution(quiz, problem.check(answer, "de").solution)
            seen.add(key)
    assert seen == {"lessons.subsets.ways.only_pairs", "lessons.subsets.ways.no_single"}


def test_ways_the_solution_after_three_different_wrong_answers():
    quiz = subsets.ways_quiz()
    right = quiz.problem.answer
    groups = quiz.problem.check(right, "de").solution
    for tries, wrong in enumerate((right + 1, right + 2), 1):
        quiz.give(wrong)
        shows_button = tries == 2  # "Lösung zeigen" after two genuine tries
        assert no_solution(quiz, groups) and (quiz.solution_button.layout.display != "none") == shows_button
    quiz.give(right + 3)
    assert all(escape(line) in shown(quiz) for line in groups)


def test_capture_card_bigger_than_the_value_and_the_forgotten_rainbow_bonus():
    problems = subsets.capture_problems()
    quiz = CardQuiz(problems, "lessons.subsets.capture.title")
    quiz.index = 2  # 1 3 4 5 6 9 with the 10: pick 9 and 3 (12 > 10 together, 9 + 1 fits)
    quiz.redraw()
    quiz.pick([1, 5])  # 3 + 9 = 12: no group
    assert "ks-say-warn" in shown(quiz) and no_solution(quiz, problems[2].check((1, 5), "de").solution)
    rainbow = problems[3]  # 2 3 4 5 7 8 with the R9
    assert rainbow.card.rainbow
    quiz.index = 3
    quiz.redraw()
    quiz.pick([0, 4, 2, 3])  # 2 + 7 and 4 + 5: legal, the bonus card not taken
    assert escape(text("lessons.subsets.capture.use_bonus", "de")) in shown(quiz)
    assert text("lessons.subsets.capture.more", "de", count=4, most=5) in shown(quiz)
    too_big = subsets_problems.CaptureProblem(tuple(quanto_cards("2 6 9")), Card(8))
    judged = too_big.check((2,), "de")
    assert judged.ok is False and text("lessons.subsets.capture.too_big", "de", value=9, target=8) in judged.lines


def test_capture_a_group_left_over():
    problem = subsets.capture_problems()[1]  # 1 2 3 4 5 6 with the 7
    judged = problem.check((0, 5), "de")  # 1 + 6 only
    assert judged.ok and text("lessons.subsets.capture.group_left", "de", target=7) in judged.lines


def test_best_card_largest_card_nothing_and_no_list_of_every_card():
    problems = subsets.best_card_problems()
    for problem in problems:
        losers = [i for i in range(len(problem.hand)) if i not in problem.winners()]
        for loser in losers:
            judged = problem.check(loser, "de")
            everything = problem.check(next(iter(problem.winners())), "de").solution
            assert not judged.ok and len(judged.lines) <= 3
            assert not set(judged.lines) >= set(everything)  # one wrong click lists not every card
    exit_best = subsets.exit_questions()[2]  # 5 8 10: the 10 is the largest but not the best
    judged = exit_best.check(2, "de")
    assert text("lessons.subsets.best.largest", "de") in judged.lines
    nothing = subsets_problems.BestCardProblem(tuple(quanto_cards("6 7")), tuple(quanto_cards("5 6")))
    assert text("lessons.subsets.best.nothing_help", "de") in nothing.check(0, "de").lines


def test_best_card_quiz_two_wrong_clicks_then_show_solution():
    quiz = subsets.best_card_quiz()
    losers = [i for i in range(len(quiz.problem.hand)) if i not in quiz.problem.winners()]
    every = quiz.problem.check(losers[0], "de").solution
    for loser in losers[:2]:
        quiz.solution_button.click()  # not offered yet: a forged click shows nothing
        quiz.give(loser)
        assert not all(escape(line) in shown(quiz) for line in every)
    quiz.solution_button.click()
    assert all(escape(line) in shown(quiz) for line in every)


def test_exit_ticket_legal_capture_is_judged_by_the_engine():
    _, legal, _ = subsets.exit_questions()
    assert legal.legal is False
    assert legal.check(False, "de").ok and not legal.check(True, "de").ok
    yes = subsets_problems.LegalCaptureProblem(
        tuple(quanto_cards("1 2 3 4 6")), Card(7), tuple(quanto_cards("1 6 3 4"))
    )
    assert yes.legal and "6 + 1 = 7" in yes.check(True, "de").lines[0]


def test_prediction_in_the_watched_game_is_checked_and_explained():
    watcher = subsets.watcher()
    problem = watcher.problem
    wrong = next(c.key for c in problem.choices("de") if c.key != problem.played.notation)
    watcher.answer(wrong)
    assert "ks-say-warn" in watcher.verdict.value and not watcher.step_button.disabled
    best = subsets_numbers.best_line(
        problem.table, problem.played, subsets_numbers.largest_capture(problem.table, problem.played), "de"
    )
    assert escape(best) not in watcher.verdict.value  # the right card's capture is not told yet
    assert watcher.comment.value == ""  # nor in the commentary
    watcher.answer(problem.played.notation)
    assert "ks-say-good" in watcher.verdict.value
    watcher.step()
    assert text("lessons.watch.explained", "de") in watcher.verdict.value
    assert problem.played.notation.removeprefix("R") in watcher.told.value


# -- lesson 2 -----------------------------------------------------------------------------


def test_the_parity_quiz_key_is_balanced():
    keys = [problem.right for problem in parity.parity_problems()]
    assert keys.count("even") == keys.count("odd") == 2
    assert keys not in (["even", "odd"] * 2, ["odd", "even"] * 2)  # not guessable by alternating


@pytest.mark.parametrize(
    ("hand", "answer", "key"),
    [
        ("ge3 ro5 bl2 gr4 ro6", "odd", "lessons.parity.sum.pairs_of_odd"),
        ("ge3 ro2 bl4 gr6 ro8", "even", "lessons.parity.sum.one_left"),
    ],
)
def test_parity_mistakes_get_their_own_help(hand, answer, key):
    problem = parity.ParityProblem(tuple(tr_cards(hand)))
    quiz = ChoiceQuiz([problem], "lessons.parity.sum.title")
    quiz.give(answer)
    assert escape(text(key, "de")) in shown(quiz)
    assert no_solution(quiz, problem.explanation("de"))


def test_can_quiz_a_wrong_no_shows_help_not_the_whole_answer():
    quiz = parity.can_quiz()
    problem = quiz.problem
    assert problem.check(True, "de").ok  # the first hand can
    quiz.give(False)
    solution = problem.check(False, "de").solution
    assert escape(text("lessons.can.wrong_no", "de", count=4)) in shown(quiz)
    assert no_solution(quiz, solution)
    quiz.solution_button.click()  # yes or no: one wrong answer earns no solution
    assert no_solution(quiz, solution) and quiz.solution_button.layout.display == "none"
    quiz.give(True)
    assert all(escape(line) in shown(quiz) for line in problem.check(True, "de").solution)


def test_can_quiz_a_wrong_yes():
    problems = parity.can_fulfil_problems()
    impossible = next(p for p in problems if p.check(False, "de").ok)
    judged = impossible.check(True, "de")
    assert not judged.ok and text("lessons.can.wrong_yes", "de", count=4) in judged.lines


@pytest.mark.parametrize("total", [36, 35])
def test_combinations_exactly_and_the_bound_left_out(total):
    problem = parity.CombinationCountProblem(total)
    mistakes = problem.mistakes()
    assert set(mistakes.values()) == {
        "lessons.parity.combinations.exactly",
        "lessons.parity.combinations.bound_left_out",
    }
    for answer, key in mistakes.items():
        quiz = NumberQuiz([problem], "lessons.parity.combinations.title")
        quiz.give(answer)
        assert escape(text(key, "de", total=total)) in shown(quiz)
        assert no_solution(quiz, problem.check(answer, "de").solution)


def test_designer_says_why_61_is_impossible_and_asks_for_a_number():
    designer = TaskDesigner()
    designer.choose(5, "even", 61)
    assert "61 ist ungerade" in designer.feedback.value and "höchstens 50" in designer.feedback.value
    designer.choose(5, None, 0)
    assert text("lessons.design.total_positive", "de") in designer.feedback.value
    designer.choose(5, None, "zwanzig")
    assert "keine ganze Zahl" in designer.feedback.value
    designer.choose(5, "odd", 21)
    assert "ks-say-good" in designer.feedback.value and "eigene" not in designer.feedback.value


def test_exit_ticket_possible_sum():
    _, three, six = parity.exit_questions()
    assert three.check(False, "de").ok and not three.check(True, "de").ok  # 3 odd cards: an odd sum, not 12
    assert three.check(True, "de").lines == ()  # help, not the reason, after one wrong answer
    assert six.check(True, "de").ok and not six.check(False, "de").ok  # 6 odd cards make 30: 5 + 5 + … + 5
