"""The lesson catalogue as data: which lessons there are, in which order, their notebooks,
grades and minutes, and the practice that goes with them.

Titles and topics are i18n keys (`lessons.catalogue.<key>.title` / `.topics`). Rooms,
classes, the teacher's dashboard and every page read the lessons from here; the lessons'
widgets and the index table sit far above. `level_key` picks a text for a practice level: the
lesson's Sicherung and the printed pack both ask it, so their Merksatz cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import binder
from .i18n import texts


@dataclass(frozen=True)
class Lesson:
    """A lesson notebook: its file, its key for texts and the grades it suits."""

    file: str
    key: str
    grades: str
    minutes: int = 45


LESSONS: tuple[Lesson, ...] = (
    Lesson("01_teilsummen.ipynb", "subsets", "3–7"),
    Lesson("02_gerade_ungerade.ipynb", "parity", "3–6"),
    Lesson("03_folgen.ipynb", "sequences", "4–7"),
    Lesson("04_zufall.ipynb", "chance", "3–7"),
)

PRACTICE_LEVELS = ("grundschule", "klasse56", "knobeln")
"""The practice levels, easiest first (a teacher may fix one per lesson for the class)."""

PRACTICE_LESSONS = (1, 2, 3, 4)
"""The lessons (numbered from 1, in catalogue order) that have practice exercises."""

PRACTICE_KINDS = {1: "captures", 2: "parity", 3: "sequences", 4: "chance"}
"""The kind of exercise each lesson's practice asks."""

EXIT_QUESTIONS = 3
"""Questions of every lesson's exit ticket (`lessons.sicherung`)."""


def exit_questions(lesson: str) -> list[str]:
    """The exercises of a lesson's exit ticket as its pages record them (`subsets.exit1#1` …)."""
    return [f"{lesson}.exit{number}#1" for number in range(1, EXIT_QUESTIONS + 1)]


def lesson_of_practice(number: int) -> str:
    """The key of the lesson with practice number `number` (1 -> "subsets")."""
    if number not in PRACTICE_LESSONS:
        raise ValueError(f"no practice lesson {number!r}")
    return LESSONS[number - 1].key


def level_key(key: str, level: str | None = None) -> str:
    """The text key for `level`: `<key>.<level>` where that level has its own words (the text
    exists, e.g. `lessons.chance.merksatz.grundschule`), else `key` itself; no level: `key`."""
    if level is None:
        return key
    if level not in PRACTICE_LEVELS:
        raise ValueError(f"no practice level {level!r}")
    own = f"{key}.{level}"
    return own if own in texts() else key


def merksatz_key(lesson: str, level: str | None = None) -> str:
    """The key of the lesson's Merksatz at `level` (`lessons.<lesson>.merksatz` or its level's own)."""
    return level_key(f"lessons.{lesson}.merksatz", level)


def lesson_of_file(file: str) -> str | None:
    """The key of the lesson whose notebook is `file` (a file name), or None."""
    return next((lesson.key for lesson in LESSONS if lesson.file == file), None)


def binder_url(file: str) -> str:
    """The address that opens a lesson in Voilà on Binder."""
    return binder.binder_url(f"voila/render/lessons/{file}")
