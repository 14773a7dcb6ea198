"""The level a lesson page speaks at: Grundschule (Klasse 3–4) or from Klasse 5–6 on.

The level decides what a page shows where a lesson differs by grade: lesson 4 in words at
Grundschule (sicher, möglich, wahrscheinlicher, counted hands) and with per cent and the band
from Klasse 5–6 on; each lesson's Merksatz and practice; whether the outlooks above the
lesson's grades ("Ausblick") are on the page at all. It is, in this order:

* the level the teacher set for this lesson in the pupil's class (the dashboard);
* the pupil's own choice in the lesson bar (`LevelChooser`): on a Voilà page it loads the page
  again with `niveau=<level>` in its address (`LEVEL_PARAMETER`), since the template leaves the
  outlooks out of a Grundschule page; elsewhere (JupyterLab) the kernel keeps it;
* `DEFAULT_LEVEL`.
"""

from __future__ import annotations

import os
from urllib.parse import urlencode

import ipywidgets as widgets

from ..catalogue import PRACTICE_LEVELS
from ..classroom.classes import pupil
from ..classroom.classes.classes import ClassError
from ..classroom.people.roles import query, served_by_voila
from ..classroom.store.interface import StoreError
from ..i18n import text
from ..widgets.page_load import PageLoad
from ..widgets.plain import looks, plain, set_shown

DEFAULT_LEVEL = "klasse56"
LEVEL_PARAMETER = "niveau"
PRIMARY = "grundschule"
LESSON_LEVELS = ("grundschule", "klasse56")
"""The levels a pupil chooses a lesson at (practice has a third, Knobeln, above Klasse 5–6)."""

_chosen: list[str | None] = [None]


def class_level(lesson: str) -> str | None:
    """The level the teacher set for this lesson in the pupil's class, if any."""
    session = pupil.current()
    if session is None:
        return None
    try:
        return session.classes.levels(session.pupil.code).get(lesson)
    except (ClassError, StoreError):
        return None


def page_level(lesson: str | None) -> str:
    """The level this page shows `lesson` at (see the module docstring)."""
    fixed = class_level(lesson) if lesson else None
    if fixed:
        return fixed
    if _chosen[0]:
        return _chosen[0]
    asked = query().get(LEVEL_PARAMETER, "")
    return asked if asked in PRACTICE_LEVELS else DEFAULT_LEVEL


def primary(lesson: str | None) -> bool:
    """Whether this page shows `lesson` at Grundschule level (in words, no per cent)."""
    return page_level(lesson) == PRIMARY


def choose_level(level: str | None) -> None:
    """The pupil's own level for this kernel's lesson (None: none chosen)."""
    if level is not None and level not in PRACTICE_LEVELS:
        raise ValueError(f"no level {level!r}; the levels are {', '.join(PRACTICE_LEVELS)}")
    _chosen[0] = level


class LevelChooser(widgets.HBox):
    """The lesson bar's "Niveau": two buttons, or the class's level as a note. A change calls
    `on_change` (the bar redraws the lesson) or, on a Voilà page, loads the page at the level."""

    def __init__(self, lesson: str | None, on_change) -> None:
        super().__init__(**looks(widgets.HBox))
        self.add_class("ks-level-chooser")
        self.lesson, self.on_change = lesson, on_change
        self.label = plain(widgets.HTML)
        self.drawing = False
        self.buttons = plain(widgets.ToggleButtons, options=LESSON_LEVELS, value=self.shown_level())
        self.buttons.observe(lambda change: self.drawing or self.choose(change["new"]), "value")
        self.children = (self.label, self.buttons)

    def shown_level(self) -> str:
        return PRIMARY if primary(self.lesson) else DEFAULT_LEVEL

    def choose(self, level: str) -> None:
        if level == self.shown_level() or class_level(self.lesson or "") or level not in LESSON_LEVELS:
            return
        if served_by_voila():
            page = os.environ.get("SCRIPT_NAME", "").rsplit("/", 1)[-1]
            asked = {**query(), LEVEL_PARAMETER: level}
            self.children += (PageLoad(address=f"{page}?{urlencode(asked)}"),)
            return
        choose_level(level)
        self.on_change()

    def redraw(self, lang: str) -> None:
        fixed = class_level(self.lesson) if self.lesson else None
        self.drawing = True
        try:
            self.buttons.options = [(text(f"practice.level.{level}", lang), level) for level in LESSON_LEVELS]
            self.buttons.value = self.shown_level()
        finally:
            self.drawing = False
        set_shown(self.buttons, not fixed)
        label = text("lessons.bar.level", lang)
        if fixed:
            label = text("lessons.bar.level.class", lang, level=text(f"practice.level.{fixed}", lang))
        self.label.value = f"<b>{label}</b>"
