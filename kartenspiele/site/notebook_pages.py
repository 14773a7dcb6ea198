"""The lesson pages of the site, read from their notebooks when the site is built (`make lite`):
each page's title and its cells, Markdown already turned into HTML as Voilà renders it, code as
written. The browser runs none of this module; the site ships its result (`pages.json` in the
package, read by `site.lesson_page`).

Two marks in the notebooks' Markdown are for the site: a `<span class="ks-served-only">…</span>`
(not nested) holds words that are only true of the served version (Binder, `make serve`, a
class) and is left out; links to other notebooks lead to their pages (`quanto.ipynb` →
`quanto.html`, as `lite.page_href` does for the widgets' links).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..classroom.people.roles import TEACHER_NOTEBOOKS
from ..widgets.start import notebook_title

SERVED_ONLY = re.compile(r'<span class="ks-served-only">.*?</span>\s?', re.S)
NOTEBOOK_LINK = re.compile(r'(href=")([^":#?]+)\.ipynb([?#][^"]*)?"')
FOLDERS = ("lessons",)
"""The folders whose notebooks the site shows as pages of cells (the apps' pages are widgets)."""


def markdown_html(source: str) -> str:
    """A Markdown cell as the site shows it: rendered as Voilà renders it (nbconvert's mistune),
    without the served version's words, with links to notebooks leading to their pages."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    html = markdown2html_mistune(SERVED_ONLY.sub("", source))
    return NOTEBOOK_LINK.sub(lambda match: f'{match.group(1)}{match.group(2)}.html{match.group(3) or ""}"', html)


def cell_source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def notebook_page(path: Path) -> dict[str, Any]:
    """A notebook as a page: its titles (German, English) and its cells in order, each
    `{"html": …}` (Markdown) or `{"code": …}`."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells: list[dict[str, str]] = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            cells.append({"html": markdown_html(cell_source(cell))})
        elif cell.get("cell_type") == "code" and cell_source(cell).strip():
            cells.append({"code": cell_source(cell)})
    return {"title": notebook_title(path), "title_en": notebook_title(path, "en"), "cells": cells}


def site_pages(root: Path) -> dict[str, dict[str, Any]]:
    """Every pupil page of the notebooks under `root` (`lessons/01_teilsummen` → its page)."""
    return {
        f"{folder}/{path.stem}": notebook_page(path)
        for folder in FOLDERS
        for path in sorted((root / folder).glob("*.ipynb"))
        if path.name not in TEACHER_NOTEBOOKS
    }
