"""The quiz widgets without a browser: typing, clicking, hints, the next problem, the language."""

from kartenspiele.lessons import LessonBar, switch_language
from kartenspiele.lessons.quiz import CardQuiz, ChoiceQuiz, Feedback, NumberQuiz
from kartenspiele.lessons.subsets import best_card_problems, capture_problems, ways_problems
from kartenspiele.lessons.subsets_problems import EveryNumberChallenge


def test_number_quiz_judges_typed_answers():
    quiz = NumberQuiz(ways_problems(), "lessons.subsets.ways.title")
    assert quiz.feedback.value == "" and "Aufgabe 1 von 3" in quiz.round.value
    quiz.entry.value = "2"
    assert "ks-say-warn" in quiz.feedback.value and "zu wenig" in quiz.feedback.value
    assert "1 + 9 = 10" not in quiz.feedback.value  # no solution after one wrong answer
    quiz.entry.value = "3"
    assert "ks-say-good" in quiz.feedback.value and "1 + 9 = 10" in quiz.feedback.value
    quiz.entry.value = "vier"
    assert "keine ganze Zahl" in quiz.feedback.value and quiz.answer is None
    quiz.hint_button.click()
    assert "systematisch" in quiz.feedback.value
    quiz.next_button.click()
    assert quiz.index == 1 and quiz.entry.value == "" and quiz.feedback.value == ""
    assert quiz.problem.prompt("de") in quiz.prompt.value


def test_number_quiz_check_button_uses_the_entry():
    quiz = NumberQuiz(ways_problems()[:1], "lessons.subsets.ways.title")
    assert quiz.next_button.layout.display == "none"
    quiz.entry.value = " 4 "
    quiz.answer = None
    quiz.check_button.click()
    assert quiz.answer == 4


def test_choice_quiz_marks_the_pressed_button():
    quiz = ChoiceQuiz(best_card_problems(), "lessons.subsets.best.title")
    problem = quiz.problem
    winner = next(iter(problem.winners()))
    quiz.buttons.children[winner].click()
    assert quiz.answer == winner and "ks-say-good" in quiz.feedback.value
    assert "ks-selected" in quiz.buttons.children[winner]._dom_classes
    loser = next(i for i in range(len(problem.hand)) if i not in problem.winners())
    quiz.buttons.children[loser].click()
    assert "ks-say-warn" in quiz.feedback.value


def test_card_quiz_judges_after_every_click():
    quiz = CardQuiz(capture_problems()[1:], "lessons.subsets.capture.title")  # 1 2 3 4 5 6, the 7
    cards = quiz.buttons.children
    cards[0].click()  # the 1: can still grow
    assert "ks-say-info" in quiz.feedback.value
    cards[5].click()  # and the 6: 1 + 6 = 7
    assert "ks-say-good" in quiz.feedback.value and "6 + 1 = 7" in quiz.feedback.value
    assert "ks-selected" in cards[0]._dom_classes
    cards[0].click()  # put the 1 back: the 6 alone can still grow
    assert quiz.chosen == {5}
    quiz.pick([])
    assert quiz.feedback.value == ""


def test_feedback_follows_the_language_switch():
    bar = LessonBar()
    quiz = CardQuiz([EveryNumberChallenge()], "lessons.subsets.challenge.title")
    quiz.pick([0, 1, 3, 7])
    assert "Geschafft" in quiz.feedback.value
    bar.switch.value = "en"
    assert "Done" in quiz.feedback.value and "Challenge" in quiz.title.value
    switch_language("de")
    assert bar.switch.value == "de" and "Knobelaufgabe" in quiz.title.value


def test_feedback_html_escapes_text():
    assert "&lt;b&gt;" in Feedback(True, "<b>").html()


def test_a_quiz_needs_a_problem():
    import pytest

    with pytest.raises(ValueError):
        NumberQuiz([], "lessons.subsets.ways.title")
