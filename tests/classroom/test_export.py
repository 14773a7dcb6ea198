"""The class's spreadsheets, read back the way German Excel reads a CSV file."""

import codecs
import csv
import io
import time

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.evidence import Evidence
from kartenspiele.classroom.classes.export import exercises_csv, pupils_csv

AT = time.mktime((2026, 12, 3, 9, 41, 0, 0, 0, -1))  # 3 December 2026, 9:41 local time


def entries():
    def attempt(exercise, answer, ok, seconds, lesson="subsets", at=AT):
        return {
            "kind": "attempt",
            "lesson": lesson,
            "exercise": exercise,
            "answer": answer,
            "ok": ok,
            "seconds": seconds,
            "at": at,
        }

    return [
        ("Ana", attempt("subsets.ways#2", "3", False, 40)),
        ("Ana", attempt("subsets.ways#2", "5", False, 55)),
        ("Ana", {"kind": "hint", "lesson": "subsets", "exercise": "subsets.ways#2", "at": AT + 60}),
        ("Ana", attempt("subsets.ways#2", "4", True, 70, at=AT + 70)),
        (
            "Ana",
            {
                "kind": "reason",
                "lesson": "subsets",
                "exercise": "subsets.reason.cut#1",
                "text": "Weil 3 + 4 = 7 ist; sagt Jo",
                "at": AT + 80,
            },
        ),
        ("Ben", attempt("subsets.practice.klasse56#1", "12", True, 30)),
        (
            "Ben",
            {"kind": "game", "game": "quanto", "result": "won 14-9", "moves": 31, "seconds": 600.4, "at": AT + 900},
        ),
    ]


def spreadsheet(content: str) -> list[list[str]]:
    """What a spreadsheet program sees: the bytes with their BOM, split at semicolons."""
    data = content.encode("utf-8")
    assert data.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(data[len(codecs.BOM_UTF8) :].decode("utf-8")), delimiter=";"))


def test_the_exercise_sheet_is_german_with_semicolons_a_bom_and_readable_names():
    evidence = Evidence().add_all(entries())
    rows = spreadsheet(exercises_csv(evidence, "DYLDR", "de"))
    header = rows[0]
    assert header[:5] == ["Klasse", "Spitzname", "Art", "Stunde", "Aufgabe"]
    assert "Datum" in header and "Uhrzeit" in header and "Beim ersten Versuch richtig" in header
    table = [dict(zip(header, row)) for row in rows[1:]]
    ways = next(row for row in table if row["Spitzname"] == "Ana" and "Aufgabe 2" in row["Aufgabe"])
    assert ways["Klasse"] == "DYLDR" and ways["Art"] == "Aufgabe"
    assert ways["Stunde"].startswith("Stunde 1 · ")
    assert "subsets" not in ways["Aufgabe"] and "#" not in ways["Aufgabe"]
    assert (ways["Beim ersten Versuch richtig"], ways["Gelöst"], ways["Versuche"], ways["Tipps"]) == (
        "nein",
        "ja",
        "3",
        "1",
    )
    assert ways["Falsche Antworten"] == "3 | 5" and ways["Sekunden"] == "70"
    assert (ways["Datum"], ways["Uhrzeit"]) == ("03.12.2026", "09:42")
    reason = next(row for row in table if row["Begründungen"])
    assert reason["Begründungen"] == "Weil 3 + 4 = 7 ist; sagt Jo"  # the semicolon stays inside its cell
    practice = next(row for row in table if row["Spitzname"] == "Ben" and row["Art"] == "Aufgabe")
    assert "klasse56" not in practice["Aufgabe"] and practice["Beim ersten Versuch richtig"] == "ja"
    game = next(row for row in table if row["Art"] == "Spiel")
    assert (game["Aufgabe"], game["Ergebnis"], game["Züge"], game["Sekunden"]) == (
        "Quanto",
        "gewonnen 14-9",
        "31",
        "600",
    )


def test_the_sheets_follow_the_dashboard_language():
    evidence = Evidence().add_all(entries())
    rows = spreadsheet(exercises_csv(evidence, "DYLDR", "en"))
    assert rows[0][:5] == ["Class", "Nickname", "Kind", "Lesson", "Exercise"]
    table = [dict(zip(rows[0], row)) for row in rows[1:]]
    assert {row["Date"] for row in table} == {"2026-12-03"}
    assert any(row["Lesson"].startswith("Lesson 1 · ") for row in table)
    assert spreadsheet(pupils_csv(evidence, ["Ana"], "DYLDR", "en"))[0][:3] == [
        "Class",
        "Nickname",
        "Exercises worked on",
    ]


def test_one_row_per_pupil_sums_up_their_work_and_lists_pupils_who_did_nothing():
    evidence = Evidence().add_all(entries())
    rows = spreadsheet(pupils_csv(evidence, ["Ana", "Ben", "Cem"], "DYLDR", "de"))
    table = {row[1]: dict(zip(rows[0], row)) for row in rows[1:]}
    assert list(table) == ["Ana", "Ben", "Cem"]
    ana, ben, cem = table["Ana"], table["Ben"], table["Cem"]
    assert (ana["Aufgaben bearbeitet"], ana["Gelöst"], ana["Versuche"], ana["Begründungen"]) == ("2", "1", "3", "1")
    assert (ben["Beim ersten Versuch richtig"], ben["Spiele"], ben["Gewonnen"]) == ("1", "1", "1")
    assert (ben["Datum"], ben["Uhrzeit"]) == ("03.12.2026", "09:56")  # the game ended last
    assert (cem["Aufgaben bearbeitet"], cem["Spiele"], cem["Datum"]) == ("0", "0", "")


def test_time_on_an_exercise_starts_with_the_previous_answer_on_the_page(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(pupil.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(pupil, "_last_lap", [clock[0]])
    first, second = pupil.Stopwatch(), pupil.Stopwatch()  # a lesson page shows both at once
    clock[0] += 300  # five minutes of reading and the first exercise
    assert first.seconds() == 300
    clock[0] += 45
    assert second.seconds() == 45  # not 345: the time since the page opened
    clock[0] += 15
    assert second.seconds() == 60  # a second try counts from the same start
    second.reset()  # the next problem of the same quiz is shown
    clock[0] += 20
    assert second.seconds() == 20


FORMULAS = (
    '=HYPERLINK("http://example.org/x";"Lösung ansehen")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+1",
    "-1+cmd",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
)


def test_no_cell_of_pupil_text_is_a_formula_and_plain_numbers_stay_numbers():
    def entry(kind, n, typed):
        field = {"answer": typed, "ok": False, "seconds": 5} if kind == "attempt" else {"text": typed}
        return {"kind": kind, "lesson": "subsets", "exercise": f"subsets.ways#{n}", "at": AT, **field}

    typed = (*FORMULAS, "-3", "2,5")
    evidence = Evidence().add_all(
        [("Ana", entry("attempt", n, answer)) for n, answer in enumerate(typed)]
        + [("Ben", entry("reason", n, answer)) for n, answer in enumerate(typed)]
    )
    rows = spreadsheet(exercises_csv(evidence, "DYLDR", "de"))
    table = [dict(zip(rows[0], row)) for row in rows[1:]]
    cells = [row["Falsche Antworten"] for row in table if row["Spitzname"] == "Ana"]
    cells += [row["Begründungen"] for row in table if row["Spitzname"] == "Ben"]
    assert sorted(cells) == sorted([*("'" + formula for formula in FORMULAS), "-3", "2,5"] * 2)
    assert not [value for value in cells if value.startswith(("=", "+", "@", "\t", "\r"))]
    assert [value for value in cells if value.startswith("-")] == ["-3", "-3"]  # a number a pupil typed


def test_the_first_cell_of_a_row_is_never_a_formula_even_for_a_nickname_with_a_dash():
    evidence = Evidence().add_all([("-Ana", {"kind": "hint", "lesson": "subsets", "exercise": "subsets.ways#1"})])
    rows = spreadsheet(pupils_csv(evidence, ["-Ana", "=Ben"], "DYLDR", "de"))
    assert [row[1] for row in rows[1:]] == ["'-Ana", "'=Ben"]


def test_minutes_have_a_decimal_comma_in_german_and_a_point_in_english():
    work = [
        (
            "Ana",
            {
                "kind": "attempt",
                "lesson": "subsets",
                "exercise": "subsets.ways#1",
                "answer": "4",
                "ok": True,
                "seconds": 48,
                "at": AT,
            },
        )
    ]
    german = spreadsheet(pupils_csv(Evidence().add_all(work), ["Ana"], "DYLDR", "de"))
    english = spreadsheet(pupils_csv(Evidence().add_all(work), ["Ana"], "DYLDR", "en"))
    assert dict(zip(german[0], german[1]))["Minuten an Aufgaben"] == "0,8"
    assert dict(zip(english[0], english[1]))["Minutes on exercises"] == "0.8"


def test_a_written_reason_shows_as_submitted_not_as_unsolved():
    evidence = Evidence().add_all(entries())
    for lang, given in (("de", "abgegeben"), ("en", "handed in")):
        rows = spreadsheet(exercises_csv(evidence, "DYLDR", lang))
        table = [dict(zip(rows[0], row)) for row in rows[1:]]
        reason = next(row for row in table if row[rows[0][11]])
        assert reason[rows[0][6]] == given and reason[rows[0][5]] == ""
