"""Reading the lesson notebooks: their Markdown, split into the German text and the English one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from kartenspiele.catalogue import LESSONS as CATALOGUE
from kartenspiele.lessons.teacher import GUIDE, notes

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
ENGLISH = "<details><summary>English</summary>"


def cells(name: str) -> list[dict]:
    return json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def teacher_notes(name: str) -> list[str]:
    """The teacher material a notebook renders for teachers only (`lessons.teacher`)."""
    if name == GUIDE:
        return [
            notes(part)
            for part in (
                "guide_intro",
                "guide_setup",
                *(f"guide_{lesson.key}" for lesson in CATALOGUE),
                "guide_class",
                "guide_own_tasks",
            )
        ]
    return [notes(lesson.key) for lesson in CATALOGUE if lesson.file == name]


def markdown(name: str, teacher: bool = True) -> tuple[str, str]:
    """(German, English) Markdown of a notebook and (unless `teacher` is false) of its teacher
    material, whitespace collapsed."""
    german, english = [], []
    texts = [source(cell) for cell in cells(name) if cell["cell_type"] == "markdown"]
    for text in texts + (teacher_notes(name) if teacher else []):
        de, _, en = text.partition(ENGLISH)
        german.append(de)
        english.append(en)
    return _squash(german), _squash(english)


def _squash(parts: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(parts))
