"""The unit view in words, for the dashboard, the spreadsheet and the pupil's own view: a lesson's
state, first tries, the practice level, a mistake with its example, a section, the next step;
and the unit view as a spreadsheet (`unit_csv`, beside `export`'s two)."""

from __future__ import annotations

from ...catalogue import LESSONS
from ...i18n import text
from ...sections import section
from .export import lesson_title, write_sheet
from .unit import ClassMistake, Example, LessonPath, NextStep, PupilPath, Recurring


def lesson_number(lesson: str) -> int:
    return [item.key for item in LESSONS].index(lesson) + 1


def section_title(key: str, lang: str) -> str:
    """ "Stunde 2 · 2. Summen: gerade oder ungerade?" """
    return text("unit.section", lang, number=lesson_number(section(key).lesson), title=text(f"section.{key}", lang))


def state_text(path: LessonPath, lang: str) -> str:
    return text(f"unit.state.{path.state}", lang)


def first_try_text(path: LessonPath, lang: str) -> str:
    """ "3 von 5 beim 1. Versuch" ("" when nothing was answered)."""
    return text("unit.first_try", lang, right=path.first_try, count=path.answered) if path.answered else ""


def level_text(path: LessonPath, lang: str) -> str:
    return text(f"practice.level.{path.level}", lang) if path.level else ""


def example_text(example: Example, lang: str) -> str:
    """ "„0“ statt 6" """
    right = example.right.get(lang) or next(iter(example.right.values()), "")
    if right:
        return text("unit.example", lang, answer=example.answer, right=right)
    return text("unit.example_only", lang, answer=example.answer)


def mistake_text(mistake: Recurring | ClassMistake, lang: str) -> str:
    """The teacher's words for a kind of mistake."""
    return text(f"mistake.{mistake.kind}", lang)


def next_step_text(step: NextStep | None, lang: str) -> str:
    if step is None:
        return text("unit.next.none", lang)
    if step.level is not None:
        return text(
            "unit.next.level",
            lang,
            level=text(f"practice.level.{step.level}", lang),
            lesson=lesson_title(step.lesson, lang),
        )
    if step.section is not None:
        return text(f"unit.next.{step.why}", lang, section=section_title(step.section, lang))
    return text("unit.next.begin", lang, lesson=lesson_title(step.lesson, lang))


def unit_csv(paths: list[PupilPath], code: str, lang: str) -> str:
    """One row per pupil: for each lesson its state, first tries and practice level; then the
    recurring mistakes (each with an example) and the suggested next step."""
    columns: list[str | tuple[str]] = ["class", "nickname"]
    for lesson in LESSONS:
        number = lesson_number(lesson.key)
        columns += [(text(f"unit.column.{part}", lang, number=number),) for part in ("state", "first_try", "level")]
    columns += [(text("unit.column.mistakes", lang),), (text("unit.column.next", lang),)]
    rows = []
    for path in paths:
        row: list[object] = [code, path.nickname]
        for lesson in path.lessons:
            row += [state_text(lesson, lang), first_try_text(lesson, lang), level_text(lesson, lang)]
        mistakes = [f"{mistake_text(item, lang)} ({example_text(item.example, lang)})" for item in path.recurring]
        row += [" | ".join(mistakes), next_step_text(path.next_step, lang)]
        rows.append(row)
    return write_sheet(columns, rows, lang)
