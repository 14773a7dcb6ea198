"""The teacher material of the lessons, rendered only for a teacher (`classroom.people.roles`).

The texts are Markdown files in `teacher_notes/` (German, English to unfold, like the lesson
text): the "Für Lehrkräfte" section of each lesson (`<lesson>.md`), the notes per exercise —
key questions, typical misconceptions, support and extension — (`<lesson>_exercises.md`, in
the lesson and in the guide), the parts of the teacher's guide (setting up included) and the note on the index
page. A lesson with practice levels also offers its printable pack (`pack_link`). A pupil's
page renders none of them, so none of it reaches the browser.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module, resources
from types import ModuleType

import ipywidgets as widgets
from IPython.display import Markdown, display

from ..catalogue import LESSONS
from ..classroom.classes.pupil import link_query
from ..classroom.people.roles import is_teacher
from ..i18n import text
from ..widgets.gate import teacher_page
from ..widgets.plain import set_shown
from .index import overview
from .language import language

GUIDE = "handreichung.ipynb"


@cache
def notes(name: str) -> str:
    """The Markdown text `teacher_notes/<name>.md`."""
    return resources.files(__package__).joinpath("teacher_notes", f"{name}.md").read_text(encoding="utf-8")


def has_notes(name: str) -> bool:
    return resources.files(__package__).joinpath("teacher_notes", f"{name}.md").is_file()


def lesson_key(lesson: ModuleType) -> str:
    return lesson.__name__.rsplit(".", 1)[-1]


def exercise_notes(key: str) -> None:
    """The notes per exercise of a lesson, if it has them."""
    if has_notes(f"{key}_exercises"):
        display(Markdown(notes(f"{key}_exercises")))


def for_teachers(lesson: ModuleType) -> None:
    """A lesson's "Für Lehrkräfte" section, its notes per exercise, its answers and its
    printable pack — shown to a teacher only."""
    if not is_teacher():
        return
    from .pack_link import PackDownload, has_pack

    key = lesson_key(lesson)
    display(Markdown(notes(key)))
    exercise_notes(key)
    display(lesson.solutions())
    if has_pack(key):
        display(PackDownload(key))


def guide_note() -> None:
    """The index page's note that links the teacher's guide — shown to a teacher only."""
    if is_teacher():
        display(Markdown(notes("index_note").replace(f"({GUIDE})", f"({GUIDE}{link_query(language())})")))


def teachers_guide() -> object:
    """The whole teacher's guide for a teacher; the refusal page for anybody else."""
    return teacher_page(_show_guide, start="../notebooks/start.ipynb")


class SolutionsButton(widgets.VBox):
    """ "Lösungen anzeigen" for one lesson in the guide: the lesson's module (and whatever heavy
    library it needs, e.g. sympy for lesson 4) is imported only when a teacher asks."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key
        lang = language()
        number = [lesson.key for lesson in LESSONS].index(key) + 1
        self.button = widgets.Button(description=text("activity.guide.solutions", lang, number=number), icon="eye")
        self.button.on_click(lambda _: self.show())
        self.table = widgets.HTML()
        self.children = (self.button, self.table)

    def show(self) -> None:
        module = import_module(f"{__package__}.{self.key}")
        self.table.value = str(module.solutions().data)
        set_shown(self.button, False)


def _show_guide() -> None:
    display(Markdown(notes("guide_intro")))
    display(Markdown(notes("guide_setup")))
    display(overview())
    for lesson in LESSONS:
        display(Markdown(notes(f"guide_{lesson.key}")))
        exercise_notes(lesson.key)
        display(SolutionsButton(lesson.key))
    display(Markdown(notes("guide_class")))
    display(Markdown(notes("guide_own_tasks")))
