"""The dashboard's unit view: one row per pupil through the whole unit, and the class's most common
mistakes (`classroom.classes.unit`, in words by `unit_words`).

A row: the nickname; for each lesson its state (a symbol too, so it reads in black and white),
the exercises right at the first try and the practice level reached; the kinds of mistakes that
recur, in the teacher's words, each with an example answer; the suggested next step. Above the
rows: the class's three most common kinds of mistakes, each with an example (no name) and the
lesson section that works on it.

It redraws only when the class's evidence or its pupils changed (`show` is cheap otherwise),
so the dashboard's two-second refresh stays as it was. `shown_name` turns a nickname into what
the dashboard shows (the identity, or a pseudonym while the dashboard is anonymised).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..catalogue import LESSONS
from ..classroom.classes.evidence import Evidence
from ..classroom.classes.unit import DONE, EXIT_TICKET, IN_PROGRESS, NOT_STARTED, PupilPath, common_mistakes, unit_paths
from ..classroom.classes.unit_words import (
    example_text,
    first_try_text,
    level_text,
    mistake_text,
    next_step_text,
    section_title,
    state_text,
)
from ..i18n import text

SYMBOLS = {NOT_STARTED: "·", IN_PROGRESS: "◐", DONE: "●", EXIT_TICKET: "✔"}

CSS = """
.ks-dash .ks-unit td { vertical-align: top; min-width: 8em; }
.ks-dash .ks-unit td.ks-next { min-width: 14em; }
.ks-dash .ks-unit th small { display: block; font-weight: normal; }
.ks-dash .ks-unit .ks-unit-state { font-weight: bold; }
.ks-dash .ks-unit .ks-state-in_progress { background: #FBE3B3; color: #5C3D00; }
.ks-dash .ks-unit .ks-state-done { background: #E3EEF8; color: #00406B; }
.ks-dash .ks-unit .ks-state-exit_ticket { background: #CDEBDD; color: #004D33; }
.ks-dash .ks-unit .ks-state-not_started { color: #666; }
.ks-dash .ks-unit small { display: block; color: #333; font-weight: normal; }
.ks-dash .ks-unit ul, .ks-dash .ks-common ul { margin: 0; padding-left: 1.1em; }
.ks-dash .ks-common li { margin: 2px 0; }
"""


def topic(lesson: str, lang: str) -> str:
    """ "Teilsummen (Quanto)": the lesson's title without its number."""
    return re.sub(r"^\d+\.\s*", "", text(f"lessons.catalogue.{lesson}.title", lang))


def lesson_cell(path: PupilPath, lesson: str, lang: str) -> str:
    found = path.lesson(lesson)
    parts = [f"{SYMBOLS[found.state]} {escape(state_text(found, lang))}"]
    parts += [
        f"<small>{escape(words)}</small>" for words in (first_try_text(found, lang), level_text(found, lang)) if words
    ]
    return f"<td class='ks-unit-state ks-state-{found.state}'>{''.join(parts)}</td>"


def mistakes_cell(path: PupilPath, lang: str) -> str:
    if not path.recurring:
        return "<td></td>"
    items = "".join(
        f"<li class='ks-mistake' data-kind='{escape(item.kind)}'>{escape(mistake_text(item, lang))} "
        f"<small>{escape(text('unit.times', lang, count=item.exercises))} · {escape(example_text(item.example, lang))}</small></li>"
        for item in path.recurring
    )
    return f"<td><ul>{items}</ul></td>"


def unit_table(paths: list[PupilPath], lang: str, shown_name: Callable[[str], str] = str) -> str:
    """The pupils × lessons table of the unit view."""
    if not paths:
        return f"<p class='ks-quiet'>{escape(text('dash.no_pupils', lang))}</p>"
    head = "".join(
        f"<th>{escape(text('unit.lesson', lang, number=number))}<small>{escape(topic(lesson.key, lang))}</small></th>"
        for number, lesson in enumerate(LESSONS, start=1)
    )
    head = (
        f"<tr><th>{escape(text('unit.nickname', lang))}</th>{head}"
        f"<th>{escape(text('unit.column.mistakes', lang))}</th><th>{escape(text('unit.column.next', lang))}</th></tr>"
    )
    rows = "".join(
        f"<tr data-nickname='{escape(shown_name(path.nickname))}'><th>{escape(shown_name(path.nickname))}</th>"
        + "".join(lesson_cell(path, lesson.key, lang) for lesson in LESSONS)
        + mistakes_cell(path, lang)
        + f"<td class='ks-next'>{escape(next_step_text(path.next_step, lang))}</td></tr>"
        for path in paths
    )
    return f"<div class='ks-grid-wrap'><table class='ks-unit'>{head}{rows}</table></div>"


def common_list(evidence: Evidence, lang: str) -> str:
    """The class's three most common kinds of mistakes, each with an example and its section."""
    common = common_mistakes(evidence)
    if not common:
        return f"<p class='ks-quiet'>{escape(text('unit.common.none', lang))}</p>"
    items = "".join(
        f"<li class='ks-mistake' data-kind='{escape(item.kind)}'><b>{escape(mistake_text(item, lang))}</b> "
        f"({escape(text('unit.common.count', lang, count=item.pupils, times=item.times))}) · "
        f"{escape(example_text(item.example, lang))}<br>"
        f"{escape(text('unit.common.section', lang, section=section_title(item.section, lang)))}</li>"
        for item in common
    )
    return f"<div class='ks-common'><ul>{items}</ul></div>"


class UnitView(widgets.VBox):
    """The unit view of the dashboard's class (see the module docstring)."""

    def __init__(self, lang: str, shown_name: Callable[[str], str] = str) -> None:
        super().__init__()
        self.add_class("ks-unit-view")
        self.lang = lang
        self.shown_name = shown_name
        self.common = widgets.HTML()
        self.table = widgets.HTML()
        self.paths: list[PupilPath] = []
        self.drawn: tuple | None = None
        style = widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))
        self.children = (
            style,
            widgets.HTML(f"<h4>{escape(text('unit.common.title', lang))}</h4>"),
            self.common,
            self.table,
        )

    def show(self, evidence: Evidence, pupils: list[str], version: int) -> None:
        """Draw the class's unit view; `version` grows with every entry read (nothing new: nothing done)."""
        key = (tuple(pupils), version, id(evidence), tuple(map(self.shown_name, pupils)))  # names hidden or shown
        if key == self.drawn:
            return
        self.paths = unit_paths(evidence, pupils)
        self.common.value = common_list(evidence, self.lang)
        self.table.value = unit_table(self.paths, self.lang, self.shown_name)
        self.drawn = key

    def clear(self) -> None:
        self.paths, self.drawn = [], None
        self.common.value = self.table.value = ""
