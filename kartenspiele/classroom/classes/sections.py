"""The sections of a lesson, read from its notebook: what "pacing within a lesson" counts.

A lesson notebook is a title (with the lesson bar) and then sections, each beginning with a
Markdown cell whose first line is a `## ` heading ("## 1. Straßen", "## Sicherung"). A teacher
releases a lesson up to a section (`Classes.release_sections`); the lesson gate then runs none of
the later sections' code cells (`later_code`) and the Voilà template drops their Markdown, so
nothing of them reaches the browser.

The notebooks are found in the project's `lessons/` folder (`lessons_folder`): a lesson page's
kernel runs in it, the dashboard's beside it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...catalogue import LESSONS

HEADING = "## "


class SectionsMissingError(LookupError):
    """The lesson's notebook cannot be read (no `lessons/` folder found)."""


@dataclass(frozen=True)
class Section:
    """One `## ` section of a lesson: its number (from 1), its heading in German and English, and
    the source of each of its code cells."""

    number: int
    title: str
    title_en: str
    code: tuple[str, ...]

    def title_in(self, lang: str) -> str:
        return self.title_en if lang == "en" and self.title_en else self.title


def lessons_folder(start: Path | None = None) -> Path | None:
    """The `lessons/` folder: the current folder itself, in it, or beside it."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, here / "lessons", here.parent / "lessons", Path(__file__).resolve().parents[3] / "lessons"):
        if folder.name == "lessons" and all((folder / lesson.file).is_file() for lesson in LESSONS):
            return folder
    return None


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def _heading(markdown: str) -> str:
    """The words of the first `## ` line of `markdown`, without tags."""
    for line in markdown.splitlines():
        if line.startswith(HEADING):
            line = re.sub(r"<span[^>]*ks-zusatz[^>]*>.*?</span>", " ", line[len(HEADING) :])  # the badge
            return " ".join(re.sub(r"<[^>]+>", " ", line).split())
    return ""


def read_sections(path: Path) -> tuple[Section, ...]:
    """The `## ` sections of the notebook at `path`, in order."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found: list[Section] = []
    for cell in cells:
        source = _source(cell)
        if cell.get("cell_type") == "markdown" and source.startswith(HEADING):
            german, _, english = source.partition("<details")
            found.append(Section(len(found) + 1, _heading(german), _heading(english), ()))
        elif cell.get("cell_type") == "code" and found and source.strip():
            last = found[-1]
            found[-1] = Section(last.number, last.title, last.title_en, (*last.code, source.strip()))
    return tuple(found)


@lru_cache(maxsize=8)
def lesson_sections(lesson: str, folder: str | None = None) -> tuple[Section, ...]:
    """The sections of lesson `lesson` (its catalogue key); raises `SectionsMissingError`."""
    file = next((item.file for item in LESSONS if item.key == lesson), None)
    where = Path(folder) if folder else lessons_folder()
    if file is None or where is None or not (where / file).is_file():
        raise SectionsMissingError(lesson)
    return read_sections(where / file)


def later_code(lesson: str, shown: int) -> frozenset[str]:
    """The code cells of the sections after the first `shown` (their stripped sources)."""
    sections = lesson_sections(lesson)
    return frozenset(source for section in sections[shown:] for source in section.code)
