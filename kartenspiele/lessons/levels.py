"""Practice placed in a lesson: the pupil chooses a level, unless the class has one.

`LevelPractice("subsets")` shows the practice widget (`practice.Practice`) for the lesson.
When the pupil joined a class and the teacher set a level for this lesson (the class's
`levels`, set on the dashboard), that level is used and the chooser is hidden; otherwise
the practice starts at the page's level (`page_level`) and the pupil picks Grundschule,
Klasse 5–6 or Knobeln. In the browser build the browser keeps the
level and the exercise shown, and a reload goes on there (`progress.ProgressMemory`).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..catalogue import LESSONS, PRACTICE_LESSONS
from ..i18n import text
from ..lite import in_browser
from ..widgets.plain import looks, plain, set_shown
from .language import follow, language
from .page_level import DEFAULT_LEVEL, class_level, page_level
from .practice import Practice
from .progress import ProgressMemory, shared_progress

__all__ = ["DEFAULT_LEVEL", "LevelPractice", "class_level", "lesson_number", "page_level"]


def lesson_number(lesson: str) -> int:
    """The practice number of a lesson key ("subsets" -> 1)."""
    keys = [item.key for item in LESSONS]
    if lesson not in keys or keys.index(lesson) + 1 not in PRACTICE_LESSONS:
        raise ValueError(f"no practice for lesson {lesson!r}")
    return keys.index(lesson) + 1


class LevelPractice(widgets.VBox):
    """The lesson's endless practice at the pupil's (or the class's) level."""

    def __init__(self, lesson: str, level: str | None = None) -> None:
        super().__init__(**looks(widgets.VBox))
        self.lesson = lesson
        self.practice = Practice(lesson_number(lesson), level or page_level(lesson), name=f"{lesson}.practice")
        self.note = plain(widgets.HTML)
        self.children = (self.note, self.practice)
        self.memory: ProgressMemory | None = None
        if in_browser():  # no class and no store: the browser keeps where the pupil was
            self.memory = shared_progress()
            self.children += (self.memory,)
            self.memory.observe(lambda _: self._resume(), "loaded")
            self.practice.on_progress.append(self._keep)
            if self.memory.loaded:  # another lesson of the site showed it already
                self._resume()
        self.redraw()
        follow(self)

    def _resume(self) -> None:
        """The browser's memory arrived: the level and the exercise the pupil had last."""
        kept = self.memory.get(self.lesson) if self.memory is not None else None
        if kept is None:
            return
        if not class_level(self.lesson):
            self.practice.level_choice.value = kept["level"]
        self.practice.show(kept["number"])

    def _keep(self) -> None:
        if self.memory is not None and self.memory.loaded:
            self.memory.keep(self.lesson, self.practice.level_choice.value, self.practice.number)

    def redraw(self) -> None:
        """Follow the class's level (a pupil may join the class after the page opened)."""
        fixed = class_level(self.lesson)
        if fixed and fixed != self.practice.level_choice.value:
            self.practice.level_choice.value = fixed
        set_shown(self.practice.level_choice, not fixed)
        lang = language()
        self.note.value = (
            f"<p>{escape(text('activity.level.set', lang, level=text(f'practice.level.{fixed}', lang)))}</p>"
            if fixed
            else ""
        )

    def __repr__(self) -> str:
        return f"LevelPractice({self.lesson!r})"
