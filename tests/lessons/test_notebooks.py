"""The lesson notebooks as files: German first with an English version in every Markdown cell,
thin code cells, outputs stored (nbval compares them in `lessons/conftest.py`) and nothing in the
outputs that would vary from run to run."""

import json
import re

import pytest

from kartenspiele.catalogue import LESSONS

from .helpers import ENGLISH, cells, source, teacher_notes
from .helpers import LESSONS as FOLDER

NOTEBOOKS = sorted(path.name for path in FOLDER.glob("*.ipynb"))
LESSON_FILES = [lesson.file for lesson in LESSONS]


def test_the_folder_holds_the_index_the_lessons_and_the_guide():
    assert NOTEBOOKS == ["00_index.ipynb", *LESSON_FILES, "handreichung.ipynb"]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_markdown_is_german_first_with_an_english_version(name):
    texts = [source(cell) for cell in cells(name) if cell["cell_type"] == "markdown"] + teacher_notes(name)
    for text in texts:
        german, marker, english = text.partition(ENGLISH)
        assert german.strip() and marker and english.strip().endswith("</details>"), text[:80]
    first = texts[0]
    assert first.startswith("# ") and ENGLISH in first


def test_the_guide_is_one_teacher_only_cell():
    (cell,) = cells("handreichung.ipynb")
    assert source(cell).endswith("teachers_guide()")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_code_cells_are_thin_and_stored_with_their_outputs(name):
    for cell in cells(name):
        if cell["cell_type"] != "code":
            continue
        code = source(cell)
        assert len(code.splitlines()) <= 4, code
        assert "NBVAL" not in code  # every output is compared
        assert "nbval-check-output" in cell["metadata"].get("tags", []), code  # also by `pytest --nbval-lax`
        assert cell["execution_count"] is not None and cell["outputs"], code
        for output in cell["outputs"]:
            assert output["output_type"] != "error" and output.get("name") != "stderr", code
            text = json.dumps(output.get("data", {}).get("text/plain", ""))
            assert not re.search(r" at 0x[0-9a-f]+", text), text


@pytest.mark.parametrize("name", LESSON_FILES)
def test_every_lesson_has_its_parts(name):
    code = [source(c) for c in cells(name) if c["cell_type"] == "code"]
    texts = [source(c) for c in cells(name) if c["cell_type"] == "markdown"] + teacher_notes(name)
    german = " ".join(text.partition(ENGLISH)[0] for text in texts)
    assert "LessonBar()" in code[0]
    assert any(".watcher()" in c for c in code)  # a live game, step by step
    assert sum("_quiz()" in c or "Simulation(" in c for c in code) >= 3  # exercises with feedback
    assert any("challenge_quiz()" in c for c in code)  # a challenge for fast pupils
    assert "for_teachers(lesson)" in code[-1]  # notes and answers, for teachers only
    assert "## Für Lehrkräfte" in german and "## Knobelaufgabe" in german
    for part in ("Klassenstufe", "Lernziele", "Ablauf", "Lösung"):
        assert part in german


def test_no_widget_state_is_stored():
    for name in NOTEBOOKS:
        metadata = json.loads((FOLDER / name).read_text(encoding="utf-8"))["metadata"]
        assert "widgets" not in metadata
