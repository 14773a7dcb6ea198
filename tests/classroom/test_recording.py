"""Exercises report to the pupil's class; the dashboard shows it. Without a class nothing is
recorded and the lesson works as before."""

import base64
import re

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.classes.evidence import Evidence
from kartenspiele.lessons import sicherung, subsets
from kartenspiele.widgets.dashboard import Dashboard
from kartenspiele.widgets.tafel import BoardPage


@pytest.fixture
def page(monkeypatch):
    """A pupil's page of lesson 1 in Voilà."""
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/01_teilsummen.ipynb")
    monkeypatch.setenv("QUERY_STRING", "")
    pupil.set_current(None)
    yield
    pupil.set_current(None)


def test_without_a_class_nothing_is_recorded(page, sqlite_store):
    quiz = subsets.ways_quiz()
    quiz.give(quiz.problem.answer + 1)
    assert "ks-say-warn" in quiz.feedback.value
    quiz.show_hint()
    assert pupil.current() is None and sqlite_store.logs() == [] and "ks-say-info" in quiz.feedback.value


def test_answers_hints_and_time_reach_the_class_and_the_dashboard(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Ana", classes)
    quiz = subsets.ways_quiz()
    right = quiz.problem.answer
    quiz.give(right + 1)
    quiz.give(right + 1)  # Enter, then "Prüfen": the same answer is one try
    quiz.show_hint()
    quiz.give(right)
    quiz.next_problem()
    quiz.give(quiz.problem.answer)
    kinds = [entry["kind"] for _, entry in classes.entries(code, "Ana")]
    assert kinds == ["seen", "attempt", "hint", "attempt", "attempt"]
    evidence = Evidence().add_all(classes.all_entries(code))
    first = evidence.record("Ana", "subsets.ways#1")
    assert (first.tries, first.first_try_right, first.hints, first.wrong) == (2, False, 1, [str(right + 1)])
    assert evidence.record("Ana", "subsets.ways#2").first_try_right is True
    assert evidence.where["Ana"].lesson == "subsets"

    dashboard = Dashboard(sqlite_store, live=False)
    assert dashboard.view.code == code
    assert "ks-after" in dashboard.grid.value and "ks-first" in dashboard.grid.value
    assert f"{right + 1} (1-mal)" in dashboard.wrong.value and "Ana" in dashboard.presence.value
    # the board shows the wrong answer with its task and cards, once the teacher picked and sent it
    dashboard.board_control.exercise.value = "subsets.ways#1"
    board = BoardPage(dashboard.boards, code, "de", live=False)
    dashboard.board_control.pick(str(right + 1))
    dashboard.board_control.send_chosen()
    board.look()
    cards = re.findall(r"<span class='ks-chip'>(\d+)</span>", board.content.value)
    faces = re.findall(r'aria-label="(\d+)"', subsets.ways_quiz().problem.prompt("de"))
    assert cards == faces and len(cards) >= 3
    assert f"<p class='ks-tafel-text'>{right + 1}</p>" in board.content.value
    assert "Auf wie viele Arten" in board.content.value and "Ana" not in board.content.value


def test_card_and_choice_answers_are_recorded_as_people_read_them(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Ben", classes)
    best = subsets.best_card_quiz()
    wrong = next(spec.key for spec in best.problem.choices("de") if spec.key not in best.problem.winners())
    best.give(wrong)
    entry = classes.entries(code, "Ben")[-1][1]
    assert entry["ok"] is False and entry["answer"] == next(
        spec.label for spec in best.problem.choices("de") if spec.key == wrong
    )


def test_a_choice_is_shown_to_the_teacher_in_the_dashboards_language(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Ben", classes)
    quiz = sicherung.exit_quiz("subsets", 2, subsets.exit_questions()[1])  # "Ja" / "Nein"
    wrong = next(spec for spec in quiz.problem.choices("de") if not quiz.problem.check(spec.key, "de").ok)
    english = next(spec.label for spec in quiz.problem.choices("en") if spec.key == wrong.key)
    assert english != wrong.label
    quiz.give(wrong.key)
    evidence = Evidence().add_all(classes.all_entries(code))
    assert evidence.common_wrong("subsets.exit2#1") == [(wrong.label, 1)]
    assert evidence.common_wrong("subsets.exit2#1", lang="en") == [(english, 1)]
    dashboard = Dashboard(sqlite_store, lang="en", live=False)
    assert f"{english} (1 time)" in dashboard.wrong.value and wrong.label not in dashboard.wrong.value


def test_a_locked_lesson_shows_a_notice_instead_of_the_problem(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    classes.release(code, 1)
    pupil.join(code, "Cem", classes)
    assert "gesperrt" not in subsets.ways_quiz().title.value
    import os

    os.environ["SCRIPT_NAME"] = "/voila/render/lessons/02_gerade_ungerade.ipynb"
    from kartenspiele.lessons import parity

    quiz = parity.parity_quiz()
    assert "gesperrt" in quiz.title.value and quiz.prompt.layout.display == "none"


def test_dashboard_board_pacing_export_and_delete(page, sqlite_store):
    classes = Classes(sqlite_store)
    code = classes.open()
    ana = classes.join(code, "Ana")
    classes.record(
        ana,
        {
            "kind": "reason",
            "lesson": "parity",
            "exercise": "parity.sum#1",
            "text": "Weil zwei ungerade Zahlen zusammen gerade sind",
        },
    )
    dashboard = Dashboard(sqlite_store, live=False)
    dashboard.board_control.exercise.value = "parity.sum#1"
    board = BoardPage(dashboard.boards, code, "de", live=False)
    shown = [row.children[1].value for row in dashboard.board_control.answers.children]
    assert any("Weil zwei ungerade" in value for value in shown) and "Weil zwei ungerade" not in board.content.value
    dashboard.board_control.answers.children[0].children[0].click()  # "Auswählen"
    dashboard.board_control.send.click()
    board.look()
    assert "Weil zwei ungerade" in board.content.value and "Ana" not in board.content.value
    dashboard.lesson_choice.value = "subsets"
    dashboard.lock_beyond()
    assert classes.released(code) == 1 and "gesperrt" in dashboard.pace.value
    dashboard.release_next()
    assert classes.released(code) == 2
    dashboard.export()
    files = dict(
        re.findall(r"download='([^']+)' href='data:text/csv;charset=utf-8;base64,([^']+)'", dashboard.download.value)
    )
    assert set(files) == {f"klasse-{code}-aufgaben.csv", f"klasse-{code}-kinder.csv", f"klasse-{code}-einheit.csv"}
    sheets = {name: base64.b64decode(data).decode("utf-8") for name, data in files.items()}
    assert all(sheet.startswith("\ufeffKlasse;Spitzname;") for sheet in sheets.values())
    assert "Weil zwei ungerade" in sheets[f"klasse-{code}-aufgaben.csv"]
    assert f"\r\n{code};Ana;1;" in sheets[f"klasse-{code}-kinder.csv"]  # one exercise worked on
    assert f"\r\n{code};Ana;" in sheets[f"klasse-{code}-einheit.csv"]  # the unit view: a row per pupil
    dashboard.ask_delete()
    assert classes.codes() == [code] and dashboard.confirm.children  # asking deletes nothing
    dashboard.confirm_no.click()
    assert not dashboard.confirm.children and classes.codes() == [code]
    dashboard.ask_delete()
    dashboard.confirm_yes.click()
    assert classes.codes() == [] and sqlite_store.logs() == [] and dashboard.view is None


def test_a_finished_game_reports_result_and_length(page, sqlite_store):
    from kartenspiele.quanto import from_scenario
    from kartenspiele.widgets import QuantoTable, Seat

    classes = Classes(sqlite_store)
    code = classes.open()
    pupil.join(code, "Dana", classes)
    table = QuantoTable()
    state = from_scenario({"players": 2, "table": "2 4 4 8", "hands": ["8", "5"]})
    table.load(state, [Seat(), Seat()])
    while not table.state.is_terminal():
        table._apply(table.state.legal_moves()[0], decision=True)
        table.redraw()
    table.redraw()  # reported once, not at every redraw
    games = [entry for _, entry in classes.entries(code, "Dana") if entry["kind"] == "game"]
    assert len(games) == 1 and games[0]["game"] == "quanto" and games[0]["moves"] == len(table.session.moves)
    assert games[0]["result"].split()[0] in ("won", "lost", "draw")


def test_the_start_page_shows_a_locked_lesson_without_a_link(page, sqlite_store, tmp_path):
    from kartenspiele.widgets import StartPage

    classes = Classes(sqlite_store)
    code = classes.open()
    classes.release(code, 1)
    pupil.join(code, "Dana", classes)
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for name in ("01_teilsummen.ipynb", "02_gerade_ungerade.ipynb"):
        (lessons / name).write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    start = StartPage(lessons=lessons)
    assert "href='../lessons/01_teilsummen.ipynb" in start.body.value
    assert "href='../lessons/02_gerade_ungerade.ipynb" not in start.body.value
    assert "(noch gesperrt)</li>" in start.body.value and "fa-lock" in start.body.value
    start.language.value = "en"
    assert "(still locked)</li>" in start.body.value


def test_the_answers_board_holds_one_exercises_answers_by_nickname_without_right_ones():
    evidence = Evidence()
    for nickname, exercise, answer, ok in (
        ("Zoe", "subsets.ways#1", "5", False),
        ("Ana", "subsets.ways#2", "9", False),
        ("Ana", "subsets.ways#1", "3", False),
        ("Ana", "subsets.ways#1", "4", True),
        ("Ben", "subsets.ways#1", "4", True),
    ):
        entry = {"kind": "attempt", "lesson": "subsets", "exercise": exercise, "answer": answer, "ok": ok}
        evidence.add(nickname, entry | {"seconds": 2.0, "at": 1.0})
    evidence.add(
        "Ben", {"kind": "reason", "lesson": "subsets", "exercise": "subsets.ways#1", "text": "weil", "at": 2.0}
    )
    assert evidence.answers("subsets.ways#1") == ["3", "weil", "5"]
    assert evidence.answers("subsets.ways#2") == ["9"] and evidence.answers("parity.sum#1") == []
