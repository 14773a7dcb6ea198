"""The dashboard's pacing within a lesson: release a lesson up to one of its sections.

A lesson's sections are its `## ` headings (`classroom.classes.sections`). The teacher chooses
the lesson and "bis Abschnitt …" (or all of them), or steps on with "Nächster Abschnitt"; the class
document keeps it (`Classes.release_sections`) and the kernel of each pupil's lesson page renders
nothing beyond it (`pacing.pace`, `lessons.lesson_gate`). Open pages that may show more get
"Weiter" (`widgets.class_screen`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..catalogue import LESSONS
from ..classroom.classes.classes import Classes
from ..classroom.classes.sections import Section, SectionsMissingError, lesson_sections
from ..i18n import text
from .warn_box import run_or_warn

ALL_SECTIONS = 0
"""The choice "every section" (the class document then names no limit for the lesson)."""


class SectionPace(widgets.VBox):
    """Lesson and section for the class that `show` names."""

    def __init__(self, classes: Classes, lang: str) -> None:
        super().__init__()
        self.add_class("ks-section-pace")
        self.classes, self.lang = classes, lang
        self.code: str | None = None
        self._syncing = False
        self.lesson = widgets.Dropdown(
            description=text("dash.lesson", lang),
            options=[(text(f"lessons.catalogue.{item.key}.title", lang), item.key) for item in LESSONS],
            layout=widgets.Layout(width="auto"),
        )
        self.lesson.add_class("ks-section-lesson")
        self.lesson.observe(lambda _: self._syncing or self._safely(self.redraw), "value")
        self.until = widgets.Dropdown(
            description=text("sections.until", lang),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.until.add_class("ks-section-until")
        self.until.observe(lambda _: self._syncing or self._safely(self.release), "value")
        self.next_button = widgets.Button(description=text("sections.next", lang), layout=widgets.Layout(width="auto"))
        self.next_button.add_class("ks-section-next")
        self.next_button.on_click(lambda _: self._safely(self.release_next))
        self.state = widgets.HTML()
        self.status = widgets.HTML()
        self.children = (
            widgets.HTML(f"<h4>{escape(text('sections.title', lang))}</h4>"),
            widgets.HBox([self.lesson, self.until, self.next_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.state,
            self.status,
        )

    def sections(self) -> tuple[Section, ...]:
        try:
            return lesson_sections(self.lesson.value)
        except SectionsMissingError:
            return ()

    def show(self, code: str | None, lesson: str | None = None) -> None:
        """Follow class `code`; for a class newly shown, `lesson` chooses the lesson (the dashboard's
        current one); after that the teacher's choice stays."""
        new_class, self.code = code != self.code, code
        if new_class and lesson is not None and lesson != self.lesson.value and code is not None:
            self._syncing = True
            try:
                self.lesson.value = lesson
            finally:
                self._syncing = False
        self.redraw()

    def redraw(self) -> None:
        if self.code is None:
            return
        sections = self.sections()
        shown = self.classes.sections(self.code).get(self.lesson.value)
        options = [(text("sections.all", self.lang), ALL_SECTIONS)] + [
            (text("sections.up_to", self.lang, title=section.title_in(self.lang)), section.number)
            for section in sections
        ]
        self._syncing = True
        try:
            if tuple(options) != tuple(self.until.options):  # two lessons may have as many sections
                self.until.options = options
            self.until.value = shown if shown is not None and shown <= len(sections) else ALL_SECTIONS
        finally:
            self._syncing = False
        self.next_button.disabled = shown is None
        if shown is None:
            state = text("sections.state.all", self.lang)
        else:
            last = sections[min(shown, len(sections)) - 1].title_in(self.lang) if sections else "…"
            state = text("sections.state.some", self.lang, count=shown, total=len(sections), last=last)
        self.state.value = f"<p class='ks-section-state'>{escape(state)}</p>"

    def release(self) -> None:
        """Release the chosen lesson up to the chosen section (or all of them)."""
        if self.code is None:
            return
        chosen = self.until.value
        self.classes.release_sections(self.code, self.lesson.value, None if chosen == ALL_SECTIONS else int(chosen))
        self.redraw()

    def release_next(self) -> None:
        """One section more (the last one releases the whole lesson)."""
        if self.code is None:
            return
        shown = self.classes.sections(self.code).get(self.lesson.value)
        if shown is None:
            return
        total = len(self.sections())
        self.classes.release_sections(self.code, self.lesson.value, None if shown + 1 >= total else shown + 1)
        self.redraw()

    def _safely(self, action: Callable[[], None]) -> None:
        run_or_warn(action, self.status, self.lang)
