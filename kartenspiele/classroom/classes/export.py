"""A class's evidence as two spreadsheets a German school opens as they are.

German Excel reads a CSV file correctly only with semicolons and a byte order mark, so both
files have them. The headers and the words in the cells ("ja", "Aufgabe", lesson and exercise
titles) follow the dashboard's language; dates are `03.12.2026` and `14:05` in German and
`2026-12-03` in English, in the server's local time.

- `exercises_csv`: one row per pupil and exercise, and one per finished game;
- `pupils_csv`: one row per pupil, summing up their exercises and games;
- `unit_words.unit_csv`: the unit view, one row per pupil (each lesson's state, first tries and
  practice level, the recurring mistakes with an example, the suggested next step).

Numbers with a fraction are written with a decimal comma in German (`0,8`: German Excel reads
`0.8` as text and `1.5` as a date). A pupil's free text can be a formula to a spreadsheet
program: every text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (also
after spaces) gets a leading `'`, as OWASP's "CSV Injection" page recommends, unless it is a
plain number such as `-3` (`neutralised`). `defusedcsv` does the same for `=+-@|%` but lets a
leading tab or carriage return through, which OWASP (and this file) counts too.
"""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Iterable, Sequence

from ...catalogue import LESSONS
from ...i18n import text
from .evidence import GIVEN, Evidence, ExerciseRecord

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet program read a cell as a formula (OWASP)."""
PLAIN_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)?")
DELIMITER = ";"
EXERCISE_COLUMNS = (
    "class",
    "nickname",
    "kind",
    "lesson",
    "exercise",
    "first_try",
    "solved",
    "tries",
    "hints",
    "seconds",
    "wrong",
    "reasons",
    "result",
    "moves",
    "date",
    "time",
)
FILE_NAMES = {
    "de": {
        "exercises": "klasse-{code}-aufgaben.csv",
        "pupils": "klasse-{code}-kinder.csv",
        "unit": "klasse-{code}-einheit.csv",
    },
    "en": {
        "exercises": "class-{code}-exercises.csv",
        "pupils": "class-{code}-pupils.csv",
        "unit": "class-{code}-unit.csv",
    },
}
"""The two files' names (names of files, not sentences: they stay out of the text table)."""
PUPIL_COLUMNS = (
    "class",
    "nickname",
    "exercises",
    "first_try",
    "solved",
    "tries",
    "hints",
    "minutes",
    "reasons",
    "games",
    "won",
    "date",
    "time",
)


def file_name(kind: str, code: str, lang: str) -> str:
    """ "klasse-DYLDR-aufgaben.csv" for the `exercises` sheet of class DYLDR."""
    return FILE_NAMES[lang][kind].format(code=code)


def quiz_title(quiz: str, lang: str) -> str:
    """ "Übung 1: Wie viele Arten?" for the task `subsets.ways` (its name when no title is known)."""
    try:
        return text(f"lessons.{quiz}.title", lang)
    except KeyError:
        return quiz


def exercise_title(exercise: str, lang: str) -> str:
    """ "Übung 1: Wie viele Arten? – Aufgabe 2" for `subsets.ways#2`; an exit-ticket question
    is one problem: "Exit-Ticket, Frage 1" for `subsets.exit1#1`."""
    quiz, _, number = exercise.partition("#")
    if re.search(r"\.exit\d+$", quiz):
        return quiz_title(quiz, lang)
    return text("dash.exercise", lang, title=quiz_title(quiz, lang), number=number or "1")


def lesson_title(lesson: str, lang: str) -> str:
    """ "Stunde 1 · Teilsummen" for `subsets` (empty for no lesson, the key for an unknown one)."""
    keys = [item.key for item in LESSONS]
    if lesson not in keys:
        return lesson
    title = text(f"lessons.catalogue.{lesson}.title", lang)
    title = re.sub(r"^\d+\.\s*", "", title)  # the catalogue's "1. " is said by "Stunde 1"
    return text("export.lesson", lang, number=keys.index(lesson) + 1, title=title)


def when(at: float, lang: str) -> tuple[str, str]:
    """The date and the time of day of `at` (seconds since the epoch); empty for 0."""
    if not at:
        return "", ""
    moment = time.localtime(at)
    return time.strftime("%d.%m.%Y" if lang == "de" else "%Y-%m-%d", moment), time.strftime("%H:%M", moment)


def result_text(result: str, lang: str) -> str:
    """ "gewonnen 12-8" for the recorded "won 12-8" (the outcome in words, then the scores)."""
    outcome, _, scores = result.partition(" ")
    try:
        words = text(f"export.result.{outcome}", lang)
    except KeyError:
        words = outcome
    return f"{words} {scores}".strip()


def _yes_no(value: bool | None, lang: str) -> str:
    return "" if value is None else text("export.yes" if value else "export.no", lang)


def _solved(record: ExerciseRecord, lang: str) -> str:
    """ "ja"/"nein", or "abgegeben" for a reason that was written (it is read, not marked)."""
    return text("export.given", lang) if record.status == GIVEN else _yes_no(record.solved, lang)


def neutralised(value: str) -> str:
    """`value` with a leading `'` if a spreadsheet program would take it for a formula (see the
    module docstring); plain numbers stay as they are."""
    stripped = value.lstrip(" ")
    if stripped.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(stripped):
        return "'" + value
    return value


def cell(value: object, lang: str) -> object:
    """A value as the sheet holds it: a text neutralised, a fraction with the language's decimal sign."""
    if isinstance(value, str):
        return neutralised(value)
    if isinstance(value, float):
        written = str(value)
        return written.replace(".", ",") if lang == "de" else written
    return value


def write_sheet(columns: Sequence[str | tuple[str]], rows: Iterable[Sequence[object]], lang: str) -> str:
    """A sheet with the BOM, semicolons and neutralised cells; `columns` are text keys
    (`export.column.<column>`) or, for a header already in words, `(words,)`."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=DELIMITER, lineterminator="\r\n")
    writer.writerow(
        [column[0] if isinstance(column, tuple) else text(f"export.column.{column}", lang) for column in columns]
    )
    writer.writerows([cell(value, lang) for value in row] for row in rows)
    return BOM + out.getvalue()


def exercises_csv(evidence: Evidence, code: str, lang: str) -> str:
    """Every pupil's work on every exercise, then every finished game."""
    rows: list[list[object]] = []
    for (nickname, exercise), record in sorted(evidence.records.items()):
        rows.append(
            [
                code,
                nickname,
                text("export.kind.exercise", lang),
                lesson_title(record.lesson, lang),
                exercise_title(exercise, lang),
                _yes_no(record.first_try_right, lang),
                _solved(record, lang),
                record.tries,
                record.hints,
                round(record.seconds),
                " | ".join(evidence.answer_in(exercise, answer, lang) for answer in record.wrong),
                " | ".join(record.reasons),
                "",
                "",
                *when(record.last_at, lang),
            ]
        )
    for game in evidence.games:
        rows.append(
            [
                code,
                game.nickname,
                text("export.kind.game", lang),
                "",
                text(f"widgets.{game.game}.title", lang),
                "",
                "",
                "",
                "",
                round(game.seconds),
                "",
                "",
                result_text(game.result, lang),
                game.moves,
                *when(game.at, lang),
            ]
        )
    return write_sheet(EXERCISE_COLUMNS, rows, lang)


def pupils_csv(evidence: Evidence, pupils: Sequence[str], code: str, lang: str) -> str:
    """One row per pupil of the class (also those who did nothing yet)."""
    rows: list[list[object]] = []
    for nickname in pupils:
        records: list[ExerciseRecord] = [r for (nick, _), r in sorted(evidence.records.items()) if nick == nickname]
        games = [game for game in evidence.games if game.nickname == nickname]
        last = max([r.last_at for r in records] + [g.at for g in games] + [0.0])
        rows.append(
            [
                code,
                nickname,
                len(records),
                sum(1 for r in records if r.first_try_right),
                sum(1 for r in records if r.solved),
                sum(r.tries for r in records),
                sum(r.hints for r in records),
                round(sum(r.seconds for r in records) / 60, 1),
                sum(len(r.reasons) for r in records),
                len(games),
                sum(1 for g in games if g.result.split(" ")[0] == "won"),
                *when(last, lang),
            ]
        )
    return write_sheet(PUPIL_COLUMNS, rows, lang)
