"""Reading the lesson notebooks: their Markdown, split into the German text and the English one."""

from __future__ import annotations

import json
import re
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
ENGLISH = "<details><summary>English</summary>"


def cells(name: str) -> list[dict]:
    return json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def markdown(name: str) -> tuple[str, str]:
    """(German, English) Markdown of a notebook, whitespace collapsed."""
    german, english = [], []
    for cell in cells(name):
        if cell["cell_type"] == "markdown":
            de, _, en = source(cell).partition(ENGLISH)
            german.append(de)
            english.append(en)
    return _squash(german), _squash(english)


def _squash(parts: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(parts))
