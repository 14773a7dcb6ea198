"""The dashboard's grid and exit-ticket summary read as a teacher reads them."""

import re

from kartenspiele.classroom.evidence import GIVEN, Evidence
from kartenspiele.widgets import board


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


def test_the_grid_headers_name_the_lesson_and_the_task():
    html = board.grid(evidence(), ["Ana"], ["subsets.ways#1", "subsets.exit1#1"], "de")
    headers = re.findall(r"<th class='ks-col'[^>]*>([^<]*)</th>", html)
    assert len(headers) == 2 and all(not re.fullmatch(r"\d+·\d+", h) for h in headers)
    assert "#" not in "".join(headers) and "subsets" not in "".join(headers)
    assert "Stunde 1 · " in html
    english = board.grid(evidence(), ["Ana"], ["subsets.ways#1"], "en")
    assert "Lesson 1 · " in english


def test_the_exit_ticket_summary_counts_right_and_wrong_per_question():
    html = board.exit_summary(evidence(), ["subsets.ways#1", "subsets.exit1#1"], "de")
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", html)
    assert len(rows) == 1  # only the exit-ticket question, not the lesson's other exercises
    _, right, still, wrong = rows[0]
    assert right == "1 beim ersten Versuch, 1 später" and still == "3"
    assert wrong.startswith("5 (3-mal)") and "6 (1-mal)" in wrong
    assert "Noch keine" in board.exit_summary(evidence(), ["subsets.ways#1"], "de")
