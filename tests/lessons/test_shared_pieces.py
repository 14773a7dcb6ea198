"""The shared lesson pieces without a class: the solution only after a real attempt, the
Ausblick label, the teacher's pack download."""

import subprocess
import sys
from dataclasses import dataclass
from html import escape

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.i18n import text
from kartenspiele.lessons.ausblick import ausblick
from kartenspiele.lessons.pack_link import pack_download
from kartenspiele.lessons.practice import Practice
from kartenspiele.lessons.quiz import TRIES_BEFORE_SOLUTION, Feedback, NumberQuiz

SOLUTION = "Die Gruppen sind 1 + 7 und 3 + 5."


@dataclass(frozen=True)
class Puzzle:
    def prompt(self, lang):
        return "Wie viele?"

    def hint(self, lang):
        return "Zähl genau."

    def check(self, answer, lang):
        if answer == 2:
            return Feedback(True, "Richtig!", (), (SOLUTION,))
        return Feedback(False, "Noch nicht.", (f"{answer} ist zu viel.",), (SOLUTION,))


def test_one_wrong_answer_offers_no_solution_two_offer_it_the_third_shows_it():
    quiz = NumberQuiz([Puzzle()], "lessons.subsets.ways.title")
    assert quiz.solution_button.layout.display == "none"  # no try yet: nothing to reveal
    quiz.reveal()
    assert escape(SOLUTION) not in quiz.feedback.value
    quiz.give(5)
    assert "5 ist zu viel." in quiz.feedback.value and escape(SOLUTION) not in quiz.feedback.value
    assert quiz.solution_button.layout.display == "none"  # one wrong answer: no "Lösung zeigen"
    quiz.reveal()  # what a forged click would do
    assert escape(SOLUTION) not in quiz.feedback.value
    quiz.give(5)  # the same answer again is not another try
    assert quiz.solution_button.layout.display == "none"
    quiz.give(4)
    assert escape(SOLUTION) not in quiz.feedback.value and quiz.solution_button.layout.display != "none"
    quiz.give(6)
    assert len(quiz.wrong) == TRIES_BEFORE_SOLUTION and escape(SOLUTION) in quiz.feedback.value
    assert text("lessons.quiz.solution") in quiz.feedback.value


@dataclass(frozen=True)
class RangedPuzzle(Puzzle):
    answers = range(1, 11)


def test_answers_out_of_range_are_no_genuine_tries():
    quiz = NumberQuiz([RangedPuzzle()], "lessons.subsets.ways.title")
    for nonsense in (0, 99, 1000):
        quiz.give(nonsense)
    assert quiz.wrong == [] and quiz.solution_button.layout.display == "none"
    quiz.reveal()
    assert escape(SOLUTION) not in quiz.feedback.value
    quiz.give(3)
    quiz.give(4)
    assert quiz.wrong == [3, 4] and quiz.solution_button.layout.display != "none"


def test_show_solution_after_two_tries_and_the_right_answer_explains():
    quiz = NumberQuiz([Puzzle()], "lessons.subsets.ways.title")
    quiz.give(3)
    quiz.give(4)
    quiz.reveal()
    assert escape(SOLUTION) in quiz.feedback.value and quiz.solution_button.layout.display == "none"
    right = NumberQuiz([Puzzle()], "lessons.subsets.ways.title")
    right.give(2)
    assert escape(SOLUTION) in right.feedback.value and "ks-say-good" in right.feedback.value


def test_a_class_whose_teacher_switched_solutions_off_gets_help_but_no_solution(tmp_path):
    store = SQLiteStore(tmp_path / "store.db")
    classes = Classes(store)
    code = classes.open()
    pupil.set_current(pupil.PupilSession(classes, classes.join(code, "Ana")))
    try:
        quiz = NumberQuiz([Puzzle()], "lessons.subsets.ways.title")
        quiz.give(3)
        quiz.give(4)
        assert quiz.solution_button.layout.display != "none"  # switched on: offered as alone
        classes.hide_solutions(code)
        assert classes.solutions_hidden(code)
        quiz.next_problem()
        for wrong in (3, 4, 5, 6):
            quiz.give(wrong)
            assert quiz.solution_button.layout.display == "none"
            assert f"{wrong} ist zu viel." in quiz.feedback.value  # the help for the answer stays
        quiz.reveal()  # a forged click
        assert escape(SOLUTION) not in quiz.feedback.value and not quiz.revealed
        practice = Practice(1, "klasse56")
        right = practice.exercise.answer
        for wrong in (right + 1, right + 2, right + 3):
            practice.submit(str(wrong))
        assert practice.solution_button.disabled and not practice.revealed
        classes.hide_solutions(code, False)
        quiz.give(7)  # switched on again: the tries so far count
        assert escape(SOLUTION) in quiz.feedback.value
    finally:
        pupil.set_current(None)
        store.close()


def test_ausblick_label_in_both_languages():
    html = ausblick("9–10").data
    assert text("activity.ausblick", "de", grades="9–10") in html
    assert text("activity.ausblick", "en", grades="9–10") in html


def test_the_pack_download_is_for_teachers_only(monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("KARTENSPIELE_TEACHER_CODE", "geheim123")
    monkeypatch.setenv("QUERY_STRING", "")
    assert pack_download("subsets") is None
    monkeypatch.setenv("QUERY_STRING", "lehrkraft=geheim123")
    widget = pack_download("parity")
    assert widget is not None and widget.link.value == ""
    widget.level.value = "grundschule"
    pdf = widget.make()
    assert pdf.startswith(b"%PDF") and "kartenspiele-parity-grundschule-de.pdf" in widget.link.value
    assert "data:application/pdf;base64," in widget.link.value


def test_lessons_1_2_and_the_guide_load_no_heavy_library_until_asked():
    """sympy and matplotlib are imported only where used (the kernel stays small): not by
    lessons 1 and 2, not by the guide until a teacher opens lesson 4's answers."""
    code = (
        "import sys\n"
        "from unittest import mock\n"
        "from kartenspiele.lessons import parity, subsets, teacher\n"
        "subsets.Expanded(subsets.LESSON_VALUES); subsets.coefficient([1, 2], 3)\n"
        "with mock.patch.object(teacher, 'display'): teacher._show_guide()\n"
        "print(sorted(m for m in ('sympy', 'matplotlib', 'fpdf') if m in sys.modules))\n"
        "button = teacher.SolutionsButton('chance'); button.show()\n"
        "print('chance' in button.table.value or len(button.table.value) > 100)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split("\n")[:2] == ["[]", "True"]


def test_the_shared_pieces_follow_the_language_switch():
    from kartenspiele.lessons import LessonBar, subsets

    bar = LessonBar()
    pieces = [subsets.practice(), subsets.reason(), subsets.sicherung()]
    bar.switch.value = "en"
    try:
        practice, reason, sicherung = pieces
        assert practice.practice.check_button.description == "Check"
        assert "Explain why!" in reason.title.value and reason.send_button.description == "Send"
        assert "Summing up" in sicherung.heading.value and "Exit ticket" in sicherung.quizzes[0].title.value
        merksatz = sicherung.merksatz  # alone: the rule after the pupil's own sentence
        assert "Write it in one sentence" in merksatz.question.value and "Remember" not in merksatz.answer.value
        merksatz.entry.value = "We put the cards in order"
        merksatz.button.click()
        assert "Remember" in merksatz.answer.value
    finally:
        bar.switch.value = "de"
    assert practice.practice.check_button.description == "Prüfen" and "Sicherung" in sicherung.heading.value
