"""Pacing within a lesson in the kernel (`pacing.pace` → `Pace.sections`, `lesson_gate`): a lesson
released up to a section runs none of the later sections' code, and the template is told to drop
their Markdown (`tests/e2e/test_board_and_pause.py` checks every route through `kartenspiele serve`)."""

from __future__ import annotations

import json

import pytest

from kartenspiele.catalogue import LESSONS
from kartenspiele.classroom.classes import pacing, pupil
from kartenspiele.classroom.classes.classes import class_key
from kartenspiele.classroom.classes.sections import (
    SectionsMissingError,
    later_code,
    lesson_sections,
    lessons_folder,
    read_sections,
)
from kartenspiele.lessons import lesson_gate
from kartenspiele.lessons.language import sections_note
from tests.e2e.driver import ROOT


@pytest.fixture
def lesson_3_page(monkeypatch, classes):
    """A pupil's page of lesson 3 whose pupil joined a class."""
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("KARTENSPIELE_TEACHER_CODE", "geheim123")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/03_folgen.ipynb")
    code = classes.open()
    pupil.set_current(pupil.PupilSession(classes, classes.join(code, "Ana")))
    yield code
    pupil.set_current(None)


def test_every_lesson_s_sections_are_its_headings_and_their_code_is_unique():
    assert lessons_folder(ROOT / "notebooks") == ROOT / "lessons" == lessons_folder(ROOT / "lessons")
    for lesson in LESSONS:
        sections = lesson_sections(lesson.key)
        cells = json.loads((ROOT / "lessons" / lesson.file).read_text(encoding="utf-8"))["cells"]
        headings = [c for c in cells if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## ")]
        assert len(sections) == len(headings) >= 8, lesson.key
        assert sections[-1].title == "Sicherung" and sections[-1].title_en == "Summing up"
        code = [source for section in sections for source in section.code]
        # the gate blanks a later section's cells by their code: no cell may repeat an earlier one
        assert len(code) == len(set(code)), lesson.key
        assert not any("Zusatz" in section.title or "<" in section.title for section in sections)
    streets = lesson_sections("sequences")[1]
    assert (streets.title, streets.title_en) == ("1. Straßen", "1. Runs")
    assert "lesson.count_quiz()" in streets.code


def test_the_code_after_the_released_sections(tmp_path):
    later = later_code("sequences", 2)
    assert "# Zusatz: Ausblick\nlesson.sum_quiz()" in later and "lesson.sicherung()" in later
    assert "lesson.count_quiz()" not in later and not any("LessonBar" in source for source in later)
    assert later_code("sequences", len(lesson_sections("sequences"))) == frozenset()
    with pytest.raises(SectionsMissingError):
        lesson_sections("sequences", str(tmp_path))


def test_a_notebook_s_sections_are_read_as_written(tmp_path):
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "# Title"},
            {"cell_type": "code", "source": "LessonBar()"},
            {
                "cell_type": "markdown",
                "source": "## 1. One <span class='ks-zusatz'>Zusatz</span>\n\n<details>\n## 1. Eins EN\n",
            },
            {"cell_type": "code", "source": ["first()\n", "second()"]},
            {"cell_type": "markdown", "source": "Some words with ## inside"},
            {"cell_type": "markdown", "source": "## Two"},
            {"cell_type": "code", "source": "  "},
        ]
    }
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps(notebook))
    one, two = read_sections(path)
    assert (one.number, one.title, one.title_en, one.code) == (1, "1. One", "1. Eins EN", ("first()\nsecond()",))
    assert (two.number, two.title, two.code) == (2, "Two", ())


def test_a_lesson_released_up_to_a_section_blanks_the_later_code(classes, lesson_3_page):
    assert pacing.pace().sections is None
    classes.release_sections(lesson_3_page, "sequences", 2)
    decided = pacing.pace()
    assert (decided.locked, decided.sections) == (False, 2)
    assert lesson_gate.template_verdict(decided) == {"locked": False, "extras": True, "sections": 2, "outlook": True}
    blank = lesson_gate._not_in(later_code("sequences", decided.sections))
    assert blank(["# Zusatz: Ausblick\n", "lesson.sum_quiz()"]) == [] and blank(["lesson.sicherung()"]) == []
    assert blank(["lesson.count_quiz()\n"]) == ["lesson.count_quiz()\n"]
    assert "1. Straßen" in sections_note(2, "de") and "Abschnitt für Abschnitt" in sections_note(2, "de")
    assert "1. Runs" in sections_note(2, "en")
    classes.release_sections(lesson_3_page, "subsets", 1)  # another lesson's limit is not this one's
    classes.release_sections(lesson_3_page, "sequences", None)
    assert pacing.pace().sections is None


def test_a_record_pacing_cannot_read_locks_the_lesson(classes, lesson_3_page):
    store = classes.store
    for bad in ("2", 0, True, -3):
        document = store.get(class_key(lesson_3_page))
        store.put(
            class_key(lesson_3_page), {**document.value, "sections": {"sequences": bad}}, expected=document.version
        )
        assert pacing.pace() == pacing.Pace(True, pacing.STORE), bad
