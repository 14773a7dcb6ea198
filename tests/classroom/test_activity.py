"""The shared lesson pieces with a class: the teacher's practice level wins over the pupil's
choice, exit tickets and "Begründe" answers become evidence the dashboard shows."""

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import ClassError, Classes
from kartenspiele.classroom.classes.evidence import Evidence
from kartenspiele.i18n import text
from kartenspiele.lessons.levels import LevelPractice
from kartenspiele.lessons.reasoning import Begruende
from kartenspiele.lessons.sicherung import Sicherung, merksatz_html
from kartenspiele.lessons.subsets_problems import WaysProblem
from kartenspiele.quanto.cards import parse_cards
from kartenspiele.widgets.dashboard import Dashboard
from kartenspiele.widgets.tafel import BoardPage


@pytest.fixture
def page(monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/01_teilsummen.ipynb")
    monkeypatch.setenv("QUERY_STRING", "")
    pupil.set_current(None)
    yield
    pupil.set_current(None)


def test_the_merksatz_follows_the_class_level_as_the_printed_pack_does(page, sqlite_store):
    problems = [WaysProblem(tuple(parse_cards("1 2 3 4 5")), 5)] * 3
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Ben", classes)
    ticket = Sicherung("chance", problems)
    assert "ks-merksatz" not in ticket.merksatz.answer.value  # a pupil of a class: not before the reveal
    assert ticket.merksatz.content("de") == merksatz_html("chance", "de")
    classes.set_level(code, "chance", "grundschule")
    ticket.redraw()  # as the language switch or joining the class redraws it
    assert (
        ticket.merksatz.content("de") == merksatz_html("chance", "de", "grundschule") != merksatz_html("chance", "de")
    )
    assert "Häufigkeit" not in ticket.merksatz.content("de")


def test_the_class_level_wins_and_the_chooser_hides(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Ana", classes)
    free = LevelPractice("subsets", level="knobeln")
    assert free.practice.level_choice.value == "knobeln" and free.practice.level_choice.layout.display != "none"
    classes.set_level(code, "subsets", "grundschule")
    fixed = LevelPractice("subsets", level="knobeln")
    assert fixed.practice.exercise.level == "grundschule"
    assert fixed.practice.level_choice.layout.display == "none"
    assert text("practice.level.grundschule") in fixed.note.value
    free.redraw()  # e.g. the language switch: the open page follows the teacher
    assert free.practice.exercise.level == "grundschule"
    classes.set_level(code, "subsets", None)
    assert classes.levels(code) == {}
    with pytest.raises(ClassError):
        classes.set_level(code, "subsets", "abitur")
    assert classes.levels(code) == {}


def test_practice_answers_are_recorded(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Ben", classes)
    widget = LevelPractice("subsets", level="klasse56").practice
    widget.submit(str(widget.exercise.answer + 3))
    widget.submit(str(widget.exercise.answer))
    record = Evidence().add_all(classes.all_entries(code)).record("Ben", "subsets.practice.klasse56#1")
    assert (record.tries, record.solved, record.wrong) == (2, True, [str(widget.exercise.answer + 3)])


def test_dashboard_sets_the_level_for_the_chosen_lesson(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    dashboard = Dashboard(sqlite_store, live=False)
    assert dashboard.level_choice.layout.display == "none"  # "all lessons" has no one level
    dashboard.lesson_choice.value = "parity"
    assert dashboard.level_choice.layout.display != "none"
    dashboard.level_choice.value = "knobeln"
    assert classes.levels(code) == {"parity": "knobeln"}
    dashboard.lesson_choice.value = "chance"  # lesson 4 has practice levels too (primary-school chance)
    assert dashboard.level_choice.layout.display != "none"
    dashboard.level_choice.value = "grundschule"
    assert classes.levels(code) == {"parity": "knobeln", "chance": "grundschule"}


def ticket():
    table = tuple(parse_cards("1 2 3 4 5"))
    return Sicherung("subsets", [WaysProblem(table, 5), WaysProblem(table, 6), WaysProblem(table, 7)])


def test_exit_ticket_answers_become_evidence(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Cem", classes)
    sicherung = ticket()
    assert text("lessons.subsets.merksatz").split("\n")[0] in sicherung.merksatz.content("de")
    first = sicherung.quizzes[0]
    first.give(first.problem.answer)
    second = sicherung.quizzes[1]
    second.give(0)
    evidence = Evidence().add_all(classes.all_entries(code))
    assert evidence.record("Cem", "subsets.exit1#1").first_try_right is True
    assert evidence.record("Cem", "subsets.exit2#1").wrong == ["0"]


def test_reasons_are_stored_and_shown_on_the_board(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Dora", classes)
    widget = Begruende("subsets", "cut")
    widget.send("weil")
    assert text("activity.reason.short", count=3) in widget.feedback.value
    assert [e["kind"] for _, e in classes.entries(code, "Dora")] == ["seen"]
    widget.send("Weil die Karten danach noch größer sind.")
    assert text("activity.reason.saved_class") in widget.feedback.value
    assert text("lessons.subsets.reason.cut.example") in widget.feedback.value
    dashboard = Dashboard(sqlite_store, live=False)
    control = dashboard.board_control
    assert "subsets.reason.cut" in [value for _, value in control.exercise.options]
    control.exercise.value = "subsets.reason.cut"
    assert control.answer_values("subsets.reason.cut") == ["Weil die Karten danach noch größer sind."]
    board = BoardPage(dashboard.boards, code, "de", live=False)
    control.pick("Weil die Karten danach noch größer sind.")
    board.look()
    assert "Weil die Karten" not in board.content.value  # picked, not yet sent
    control.send_chosen()
    board.look()
    assert "Weil die Karten danach noch größer sind." in board.content.value and "Dora" not in board.content.value


def test_without_a_class_a_reason_is_not_sent_anywhere(page, sqlite_store):
    widget = Begruende("subsets", "cut")
    widget.send("Weil die Karten danach noch größer sind.")
    assert text("activity.reason.saved") in widget.feedback.value and sqlite_store.logs() == []
