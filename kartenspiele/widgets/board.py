"""The dashboard's views as HTML, computed from a class's `Evidence` (no widgets here).

The grid colours each pupil × exercise cell by first-try right / right after tries / not yet,
and repeats it with a symbol, so it reads in black and white too. Every view that names pupils
takes `names` ({nickname: what to show}): the class's pseudonyms when the teacher hides the names
(`Classes.pseudonyms`); then no pupil's free text shows either.
"""

from __future__ import annotations

import re
import time
from html import escape

from ..classroom.classes.evidence import (
    AFTER_TRIES,
    FIRST_TRY,
    GIVEN,
    NOT_YET,
    UNTOUCHED,
    Evidence,
    ExerciseRecord,
)
from ..classroom.classes.export import exercise_title, lesson_title, quiz_title
from ..i18n import text

SYMBOLS = {FIRST_TRY: "✔", AFTER_TRIES: "↻", NOT_YET: "✘", GIVEN: "✎", UNTOUCHED: "·"}
STATUS_ORDER = (FIRST_TRY, AFTER_TRIES, NOT_YET, GIVEN, UNTOUCHED)

CSS = """
.ks-dash h3 { margin: 10px 0 4px; }
.ks-dash .ks-class-code { font-size: 1.8em; font-weight: bold; letter-spacing: 0.12em; font-family: "DejaVu Sans Mono", monospace; }
.ks-dash table { border-collapse: collapse; font-size: 0.95em; }
.ks-dash th, .ks-dash td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; }
.ks-dash .ks-grid td.ks-cell { text-align: center; min-width: 2.4em; font-weight: bold; }
.ks-dash .ks-grid-wrap { overflow-x: auto; max-width: 100%; }
.ks-cell.ks-first { background: #CDEBDD; color: #004D33; }
.ks-cell.ks-after { background: #FBE3B3; color: #5C3D00; }
.ks-cell.ks-open { background: #F6CDB8; color: #7A2500; }
.ks-cell.ks-none { background: #fff; color: #777; }
.ks-cell.ks-given { background: #E3EEF8; color: #00406B; }
.ks-cell.ks-given details p { font-weight: normal; text-align: left; max-width: 16em; margin: 4px 0; }
.ks-dash .ks-grid th.ks-col { font-weight: normal; text-align: center; }
.ks-dash .ks-grid th.ks-group div { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ks-dash .ks-grid th.ks-group { font-size: 0.85em; vertical-align: bottom; }
.ks-dash .ks-grid th.ks-task div { white-space: normal; display: -webkit-box; -webkit-line-clamp: 2;
  -webkit-box-orient: vertical; font-weight: normal; }
.ks-dash .ks-grid th.ks-nick-head { vertical-align: bottom; }
.ks-dash .ks-legend { display: flex; flex-wrap: wrap; gap: 4px 1em; white-space: normal; }
.ks-dash .ks-legend span { padding: 0 6px; border: 1px solid #bbb; }
.ks-dash .ks-board { font-size: 2.2em; line-height: 1.3; padding: 16px 20px; border: 3px solid #0072B2;
  border-radius: 10px; background: #F4FAFD; min-height: 2.5em; white-space: pre-wrap; }
.ks-dash .ks-quiet { color: #555; }
.ks-dash .ks-board .ks-board-task { font-size: 0.5em; margin: 0 0 8px; }
.ks-dash .ks-board-answer { margin: 0; }
.ks-dash .ks-preview { border: 2px dashed #888; padding: 6px 10px; background: #fafafa; }
.ks-dash .ks-chip { display: inline-block; min-width: 1.6em; padding: 1px 4px; margin: 1px; border: 2px solid #333;
  border-radius: 5px; background: #fff; text-align: center; font-weight: bold; }
.ks-dash button.jupyter-button { width: auto; }
.ks-dash .ks-presence td, .ks-dash .ks-presence th { padding: 1px 6px; }
.ks-dash .ks-warn-box { background: #FBEAE0; border-left: 6px solid #D55E00; padding: 6px 10px; }
.ks-dash a.ks-open-board { display: inline-flex; align-items: center; padding: 0 14px; height: 100%;
  min-height: 36px; box-sizing: border-box; text-decoration: none; color: inherit; }
.ks-dash .ks-class-controls-row { align-items: center; gap: 6px; flex-wrap: wrap; }
.ks-dash .ks-board-answer-text { white-space: pre-wrap; }
"""


def spans(keys: list[tuple[str, str]]) -> list[tuple[tuple[str, str], int]]:
    """Runs of equal neighbours: [a, a, b] -> [(a, 2), (b, 1)]."""
    runs: list[tuple[tuple[str, str], int]] = []
    for key in keys:
        if runs and runs[-1][0] == key:
            runs[-1] = (key, runs[-1][1] + 1)
        else:
            runs.append((key, 1))
    return runs


def group_cell(title: str, count: int, kind: str) -> str:
    """A header over `count` columns (`kind`: lesson or task): its title on one line (a task's on
    two), cut short with "…" if the columns are narrower (the whole title in the tooltip)."""
    return (
        f"<th colspan='{count}' class='ks-group ks-{kind}' title='{escape(title)}'>"
        f"<div style='max-width: {max(count * 3.2, 6.4):.1f}em'>{escape(title)}</div></th>"
    )


def task_and_number(exercise: str) -> tuple[str, str]:
    """The task a grid column belongs to and its number there: `subsets.ways#2` is problem 2 of
    `subsets.ways`; the exit-ticket questions `subsets.exit1#1` … are one task, numbered 1 to 3."""
    quiz, _, number = exercise.partition("#")
    exit_ticket = re.fullmatch(r"(.+)\.exit(\d+)", quiz)
    if exit_ticket:
        return f"{exit_ticket.group(1)}.exit", exit_ticket.group(2)
    return quiz, number or "1"


def task_title(task: str, lang: str) -> str:
    """A task's title over its columns ("Exit-Ticket" for a lesson's exit ticket)."""
    return text("activity.exit", lang) if task.endswith(".exit") else quiz_title(task, lang)


def grid_header(exercises: list[str], lessons: dict[str, str], lang: str) -> str:
    """Three compact header rows: the lesson ("Stunde 1 · Teilsummen"), the task ("Übung 1: Wie
    viele Arten?") and the problem's number within it; a number's tooltip names all three."""
    lesson_of = [lessons.get(exercise) or exercise.partition(".")[0] for exercise in exercises]
    tasks = [task_and_number(exercise) for exercise in exercises]
    groups = [(lesson, task) for lesson, (task, _) in zip(lesson_of, tasks)]
    lesson_row = "".join(
        group_cell(lesson_title(lesson, lang), count, "lesson")
        for (lesson, _), count in spans([(g[0], "") for g in groups])
    )
    task_row = "".join(group_cell(task_title(task, lang), count, "task") for (_, task), count in spans(groups))
    numbers = "".join(
        f"<th class='ks-col' title='{escape(lesson_title(lesson, lang) + ' · ' + exercise_title(exercise, lang))}'>"
        f"{escape(number)}</th>"
        for lesson, exercise, (_, number) in zip(lesson_of, exercises, tasks)
    )
    nickname = f"<th rowspan='3' class='ks-nick-head'>{escape(text('dash.nickname', lang))}</th>"
    return f"<tr>{nickname}{lesson_row}</tr><tr>{task_row}</tr><tr>{numbers}</tr>"


def cell(record: ExerciseRecord | None, lang: str, private: bool = True) -> str:
    """One grid cell; `private` (names shown): a given reason is one tap away."""
    status = record.status if record else UNTOUCHED
    label = SYMBOLS[status]
    tip = text(f"dash.status.{status}", lang)
    if record is not None and status == GIVEN and private:  # the reason one tap away
        reasons = "".join(f"<p>{escape(reason)}</p>" for reason in record.reasons)
        return (
            f"<td class='ks-cell ks-{status}' title='{escape(tip)}'><details><summary>{label}</summary>"
            f"{reasons}</details></td>"
        )
    if record is not None and status != UNTOUCHED:
        if record.tries > 1 or (status == NOT_YET and record.tries):
            label += str(record.tries)
        if record.hints:
            label += "?"
        tip += " – " + ", ".join(
            (
                text("dash.cell.tries", lang, count=record.tries),
                text("dash.cell.hints", lang, count=record.hints),
                text("dash.cell.seconds", lang, count=round(record.seconds)),
            )
        )
    return f"<td class='ks-cell ks-{status}' title='{escape(tip)}'>{escape(label)}</td>"


def legend(lang: str) -> str:
    items = "".join(
        f"<span class='ks-cell ks-{status}'>{SYMBOLS[status]} {escape(text(f'dash.status.{status}', lang))}</span>"
        for status in STATUS_ORDER
    )
    return f"<p class='ks-legend'>{items} <span>? {escape(text('dash.legend.hint', lang))}</span></p>"


def grid(
    evidence: Evidence, pupils: list[str], exercises: list[str], lang: str, names: dict[str, str] | None = None
) -> str:
    """The pupils × exercises grid with its legend (`names`: shown instead of the nicknames)."""
    if not pupils:
        return f"<p class='ks-quiet'>{escape(text('dash.no_pupils', lang))}</p>"
    if not exercises:
        return f"<p class='ks-quiet'>{escape(text('dash.no_exercises', lang))}</p>"
    shown = names or {}
    rows = "".join(
        f"<tr><th>{escape(shown.get(nick, nick))}</th>"
        + "".join(cell(evidence.record(nick, e), lang, names is None) for e in exercises)
        + "</tr>"
        for nick in pupils
    )
    return (
        f"<div class='ks-grid-wrap'><table class='ks-grid'>{grid_header(exercises, evidence.exercises, lang)}"
        f"{rows}</table></div>{legend(lang)}"
    )


def exit_summary(evidence: Evidence, questions: list[str], total: int, lang: str) -> str:
    """A row for every exit-ticket question in `questions` (answered or not): of the `total`
    pupils, how many got it right at the first try, later, not yet, and how many have not
    answered; and the common wrong answers."""
    if not questions:
        return f"<p class='ks-quiet'>{escape(text('dash.exit.none', lang))}</p>"
    names = ("question", "first", "later", "open", "unanswered", "wrong")
    head = "".join(f"<th>{escape(text(f'dash.exit.{name}', lang))}</th>" for name in names)
    rows = []
    for exercise in questions:
        records = [r for (_, key), r in evidence.records.items() if key == exercise]
        counts = (
            sum(1 for r in records if r.solved and r.first_try_right),
            sum(1 for r in records if r.solved and not r.first_try_right),
            sum(1 for r in records if not r.solved and r.tries),
        )
        unanswered = max(0, total - sum(counts))
        common = ", ".join(
            text("dash.wrong.count", lang, answer=answer, count=count)
            for answer, count in evidence.common_wrong(exercise, lang=lang)
        )
        cells = "".join(
            f"<td>{escape(text('dash.exit.of', lang, count=count, total=total))}</td>"
            for count in (*counts, unanswered)
        )
        rows.append(
            f"<tr><td>{escape(exercise_title(exercise, lang))}</td>{cells}<td>{escape(common or '–')}</td></tr>"
        )
    return f"<table class='ks-exit'><tr>{head}</tr>{''.join(rows)}</table>"


def presence(
    evidence: Evidence,
    pupils: list[str],
    lesson_titles: dict[str, str],
    lang: str,
    now: float | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """Who is in the class, on which lesson and exercise, and how long ago they did something."""
    if not pupils:
        return f"<p class='ks-quiet'>{escape(text('dash.no_pupils', lang))}</p>"
    now = time.time() if now is None else now
    head = "".join(
        f"<th>{escape(text(f'dash.column.{name}', lang))}</th>" for name in ("nickname", "lesson", "exercise", "seen")
    )
    rows = []
    for nick in pupils:
        where = evidence.where.get(nick)
        lesson = lesson_titles.get(where.lesson, where.lesson or "–") if where else "–"
        exercise = exercise_title(where.exercise, lang) if where and where.exercise else "–"
        seen = text("dash.seen", lang, count=max(0, round(now - where.at))) if where and where.at else "–"
        rows.append(
            f"<tr><td>{escape((names or {}).get(nick, nick))}</td><td>{escape(lesson)}</td><td>{escape(exercise)}</td>"
            f"<td>{escape(seen)}</td></tr>"
        )
    return f"<table class='ks-presence'><tr>{head}</tr>{''.join(rows)}</table>"


def wrong_answers(evidence: Evidence, exercises: list[str], lang: str) -> str:
    """The most common wrong answers per exercise (only exercises with wrong answers)."""
    items = []
    for exercise in exercises:
        common = evidence.common_wrong(exercise, lang=lang)
        if common:
            answers = ", ".join(text("dash.wrong.count", lang, answer=answer, count=count) for answer, count in common)
            items.append(f"<li><b>{escape(exercise_title(exercise, lang))}:</b> {escape(answers)}</li>")
    if not items:
        return f"<p class='ks-quiet'>{escape(text('dash.no_wrong', lang))}</p>"
    return f"<ul class='ks-wrong'>{''.join(items)}</ul>"


def rooms(summaries: list[dict], lang: str) -> str:
    """The rooms pupils of the class play in, with their scores."""
    if not summaries:
        return f"<p class='ks-quiet'>{escape(text('dash.no_rooms', lang))}</p>"
    head = "".join(
        f"<th>{escape(text(f'dash.room.{name}', lang))}</th>" for name in ("code", "game", "players", "state")
    )
    rows = []
    for room in summaries:
        players = ", ".join(f"{name or '–'}: {score}" for name, score in zip(room["names"], room["scores"]))
        state = text(
            "dash.room.over" if room["over"] else ("dash.room.playing" if room["started"] else "dash.room.waiting"),
            lang,
        )
        rows.append(
            f"<tr><td>{escape(room['code'])}</td><td>{escape(room['title'])}</td><td>{escape(players)}</td>"
            f"<td>{escape(state)}</td></tr>"
        )
    return f"<table class='ks-rooms'><tr>{head}</tr>{''.join(rows)}</table>"
