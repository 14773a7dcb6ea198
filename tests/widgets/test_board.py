"""The dashboard's grid and exit-ticket summary read as a teacher reads them."""

import re

from kartenspiele.catalogue import exit_questions
from kartenspiele.classroom.classes.evidence import GIVEN, Evidence
from kartenspiele.widgets import board
from kartenspiele.widgets.dashboard import ALL, ClassView


def attempt(nick, exercise, answer, ok, lesson="subsets"):
    return nick, {"kind": "attempt", "lesson": lesson, "exercise": exercise, "answer": answer, "ok": ok}


def evidence():
    return Evidence().add_all(
        [
            attempt("Ana", "subsets.ways#1", "4", True),
            ("Ana", {"kind": "reason", "lesson": "subsets", "exercise": "subsets.reason.cut#1", "text": "Weil 7 > 6"}),
            attempt("Ana", "subsets.exit1#1", "5", False),
            attempt("Ana", "subsets.exit1#1", "7", True),
            attempt("Ben", "subsets.exit1#1", "7", True),
            attempt("Cem", "subsets.exit1#1", "5", False),
            attempt("Dan", "subsets.exit1#1", "6", False),
            attempt("Eva", "subsets.exit1#1", "5", False),
        ]
    )


def test_a_reason_is_handed_in_not_wrong_and_its_text_is_one_tap_away():
    found = evidence()
    assert found.record("Ana", "subsets.reason.cut#1").status == GIVEN
    html = board.grid(found, ["Ana", "Ben"], ["subsets.ways#1", "subsets.reason.cut#1"], "de")
    reason_cell = re.search(r"<td class='ks-cell ks-given'[^>]*>(.*?)</td>", html).group(1)
    assert "<details><summary>" in reason_cell and "Weil 7 &gt; 6" in reason_cell
    assert "abgegeben" in html and "noch nicht richtig" not in reason_cell


def test_the_grid_headers_name_the_lesson_and_the_task_once_and_number_the_problems():
    exercises = ["subsets.ways#1", "subsets.ways#2", "subsets.exit1#1", "subsets.exit2#1"]
    html = board.grid(evidence(), ["Ana"], exercises, "de")
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    lessons, tasks, numbers = (re.findall(r"<th[^>]*>(?:<div[^>]*>)?([^<]*)", row) for row in rows[:3])
    assert lessons == ["Spitzname", "Stunde 1 · Teilsummen (Quanto)"]
    assert tasks == ["Übung 1: Wie viele Arten?", "Exit-Ticket"]  # each said once, not per column
    assert numbers == ["1", "2", "1", "2"]  # the exit ticket's questions 1 and 2
    tips = re.findall(r"<th class='ks-col' title='([^']*)'", html)
    assert tips[1] == "Stunde 1 · Teilsummen (Quanto) · Übung 1: Wie viele Arten? – Aufgabe 2"
    assert tips[2] == "Stunde 1 · Teilsummen (Quanto) · Exit-Ticket, Frage 1"  # one problem: no "Aufgabe 1"
    assert "#" not in "".join(lessons + tasks + tips) and "subsets" not in "".join(lessons + tasks + tips)
    english = board.grid(evidence(), ["Ana"], ["subsets.ways#1"], "en")
    assert "Lesson 1 · " in english and "Nickname" in english and "Stunde" not in english


def test_the_legend_reads_from_right_at_once_to_not_started():
    html = board.legend("de")
    order = [html.index(text) for text in ("beim ersten Versuch", "nach mehreren", "noch nicht richtig", "abgegeben")]
    assert order == sorted(order) and html.index("noch nicht bearbeitet") > order[-1]


def test_the_exit_ticket_summary_has_a_row_for_every_question_answered_or_not():
    html = board.exit_summary(evidence(), exit_questions("subsets"), 6, "de")
    rows = re.findall(r"<tr><td>(.*?)</td>" + r"<td>(.*?)</td>" * 5 + "</tr>", html)
    assert [row[0] for row in rows] == ["Exit-Ticket, Frage 1", "Exit-Ticket, Frage 2", "Exit-Ticket, Frage 3"]
    _, first, later, still, unanswered, wrong = rows[0]
    assert (first, later, still, unanswered) == ("1 von 6", "1 von 6", "3 von 6", "1 von 6")
    assert wrong.startswith("5 (3-mal)") and "6 (1-mal)" in wrong
    for _, *counts, wrong in rows[1:]:  # nobody answered: "0 von 6", not missing
        assert counts == ["0 von 6", "0 von 6", "0 von 6", "6 von 6"] and wrong == "–"
    assert "Noch keine" in board.exit_summary(evidence(), [], 6, "de")


def test_the_dashboard_lists_the_exit_questions_of_the_lessons_the_class_met():
    view = ClassView(None, "ABCDE")
    view.evidence = evidence()
    assert view.lessons_met() == ["subsets"]


def test_a_task_s_columns_stay_together_in_the_order_of_their_numbers():
    view = ClassView(None, "KLASS")
    view.evidence = Evidence().add_all(
        [
            attempt("Ana", "subsets.best#2", "5", True),
            attempt("Ana", "subsets.exit1#1", "4", True),
            attempt("Ana", "parity.sum#1", "4", True, lesson="parity"),
            attempt("Ben", "subsets.best#1", "5", True),
            attempt("Ben", "subsets.ways#1", "5", True),
        ]
    )
    assert view.exercises(ALL) == [
        "subsets.best#1",
        "subsets.best#2",
        "subsets.exit1#1",
        "subsets.ways#1",
        "parity.sum#1",
    ]
    assert view.exercises("parity") == ["parity.sum#1"]
