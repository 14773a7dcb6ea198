"""The board shows a revealed answer table as the lesson shows it: `board_tables.TABLES` builds
each section with the builder and arguments its lesson's notebook gives `answer(…)`."""

from __future__ import annotations

import ast
import json

import pytest

from kartenspiele.catalogue import LESSONS
from kartenspiele.classroom.classes.reveals import SECTIONS
from kartenspiele.lessons import board_tables, reveal
from kartenspiele.lessons.reveal import answer_html
from kartenspiele.lessons.sicherung import merksatz_html
from tests.e2e.driver import ROOT


def notebook_answers() -> dict[str, str]:
    """Each section's first `answer("section", …)` call in the lesson notebooks, as source; a
    lesson's Merksatz (`<lesson>.sicherung`) where its notebook shows `lesson.sicherung()`."""
    found: dict[str, str] = {}
    for lesson in LESSONS:
        cells = json.loads((ROOT / "lessons" / lesson.file).read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            for node in ast.walk(ast.parse("".join(cell["source"]))):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "sicherung":
                    found[f"{lesson.key}.sicherung"] = (
                        f"answer('{lesson.key}.sicherung', merksatz_html, '{lesson.key}')"
                    )
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "answer":
                    section = node.args[0].value
                    if not any(keyword.arg == "said" for keyword in node.keywords):
                        found.setdefault(section, ast.unparse(node))
    return found


@pytest.mark.parametrize("section", SECTIONS)
def test_the_board_builds_each_table_as_its_lesson_does(section, monkeypatch):
    calls = notebook_answers()
    assert set(calls) == set(SECTIONS) == set(board_tables.TABLES)
    lesson_module = __import__(f"kartenspiele.lessons.{section.split('.')[0]}", fromlist=["x"])
    made: list[str] = []

    def recorded(name, build=None, *args, **kwargs):
        made.append(answer_html(name, build, *args, lang="de", **kwargs))

    monkeypatch.setattr(reveal, "answer", recorded)
    eval(calls[section], {"answer": recorded, "lesson": lesson_module, "merksatz_html": merksatz_html})  # noqa: S307 — the project's own notebooks
    assert made == [board_tables.table_html(section, "de")]
    assert made[0] and board_tables.table_html(section, "en") != made[0]  # in the board's language
