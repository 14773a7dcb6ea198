"""A lesson's Kern as a class meets it: its cells up to the teacher's part, without the optional
sections, each asked what it asks of a class (`kartenspiele.lessons.timing`). The code cells run
here as on a pupil's page (no teacher code), at the level of the grade band."""

from __future__ import annotations

import ast
import os
from collections import Counter
from unittest import mock

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.people.roles import CODE_ENV, TEACHER_ENVIRONMENT
from kartenspiele.lessons import page_level, timing
from kartenspiele.lessons.lesson_gate import EXTRA_MARK

from .helpers import ENGLISH, cells, source

OPTIONAL = "ks-zusatz"
TEACHERS = "for_teachers("


def run(code: str, namespace: dict) -> object:
    """Run a code cell; its last expression's value (what the notebook shows)."""
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None


def kern_sections(name: str, band: str) -> list[tuple[str, Counter[str]]]:
    """(heading, activities) of each section of the Kern of notebook `name` at `band`."""
    pupil_page = {key: value for key, value in os.environ.items() if key not in (CODE_ENV, TEACHER_ENVIRONMENT)}
    with mock.patch.dict(os.environ, pupil_page, clear=True):  # whatever an earlier test left set
        pupil.set_current(None)
        return _kern_sections(name, band)


def _kern_sections(name: str, band: str) -> list[tuple[str, Counter[str]]]:
    page_level.choose_level(timing.BAND_LEVEL[band])
    namespace: dict = {}
    sections: list[tuple[str, Counter[str]]] = [("", Counter())]
    optional = False
    try:
        for cell in cells(name):
            text = source(cell)
            if cell["cell_type"] == "markdown":
                german = text.partition(ENGLISH)[0]
                if german.startswith("## "):
                    sections.append((german.splitlines()[0], Counter()))
                optional = OPTIONAL in german or (optional and not german.startswith("## "))
                if not optional:
                    sections[-1][1].update(timing.markdown_activities(german))
            elif TEACHERS in text:
                break
            elif text.startswith(EXTRA_MARK):
                continue
            else:
                sections[-1][1].update(timing.activities(run(text, namespace)))
    finally:
        page_level.choose_level(None)
    return [(heading, found) for heading, found in sections if found]


def kern_minutes(name: str, band: str) -> float:
    """The minutes the Kern of notebook `name` takes a class of `band` (the time model)."""
    total: Counter[str] = Counter()
    for _, found in kern_sections(name, band):
        total.update(found)
    return timing.minutes(total, band)
