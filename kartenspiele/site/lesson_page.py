"""A lesson's page inside the app: its notebook's cells in order, as Voici would show them, built
in the running kernel instead of a new one.

The page comes from `pages.json`, which the site's build writes (`site.notebook_pages`): each
Markdown cell as HTML (shown with its formulas typeset, `HTMLMath`), each code cell as written.
The code cells run in one namespace per page, as in a notebook; what a cell shows (its last
expression, and whatever it displays) becomes widgets on the page: widgets as they are, HTML
and formulas in HTML widgets. A cell that fails shows a short note instead and the page goes
on (the error goes to the browser's console).
"""

from __future__ import annotations

import ast
import json
import sys
import traceback
from collections.abc import Mapping
from functools import cache
from html import escape
from importlib import resources
from typing import Any

import ipywidgets as widgets
from IPython.core.formatters import DisplayFormatter
from IPython.core.getipython import get_ipython
from IPython.utils.capture import capture_output
from ipywidgets.widgets.widget import _instances

from ..i18n import text
from ..lessons.language import language
from ..widgets.plain import plain

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MARKDOWN_CLASSES = ("jp-RenderedHTMLCommon", "jp-RenderedMarkdown", "jp-MarkdownOutput", "ks-cell")
OUTPUT_CLASSES = ("jp-RenderedHTMLCommon", "jp-RenderedHTML", "jp-OutputArea-output", "ks-cell")


@cache
def site_pages() -> dict[str, dict[str, Any]]:
    """The lesson pages the site's build wrote into the package (none outside the site)."""
    found = resources.files(__package__).joinpath("pages.json")
    return json.loads(found.read_text(encoding="utf-8")) if found.is_file() else {}


def _formatter() -> DisplayFormatter:
    shell = get_ipython()
    return shell.display_formatter if shell is not None else DisplayFormatter()


def shown_widget(data: Mapping[str, Any]) -> widgets.Widget | None:
    """A display's mime bundle as a widget of the page (None for nothing to show)."""
    if WIDGET_VIEW in data:
        return _instances.get(data[WIDGET_VIEW].get("model_id"))
    if "text/html" in data:
        return plain(widgets.HTML, value=data["text/html"], _dom_classes=OUTPUT_CLASSES)
    if "text/latex" in data:
        return plain(widgets.HTMLMath, value=data["text/latex"], _dom_classes=OUTPUT_CLASSES)
    if "image/png" in data:
        image = f"<img alt='' src='data:image/png;base64,{data['image/png']}'>"
        return plain(widgets.HTML, value=image, _dom_classes=OUTPUT_CLASSES)
    if "text/plain" in data:
        return plain(widgets.HTML, value=f"<pre>{escape(data['text/plain'])}</pre>", _dom_classes=OUTPUT_CLASSES)
    return None


def value_widget(value: Any) -> widgets.Widget | None:
    """A cell's last value as a widget of the page, as the notebook would show it."""
    if value is None:
        return None
    if isinstance(value, widgets.Widget):
        return value
    data, _ = _formatter().format(value)
    return shown_widget(data)


def run_cell(source: str, namespace: dict[str, Any], name: str) -> list[widgets.Widget]:
    """Run a code cell in `namespace`; the widgets of what it shows, in order."""
    tree = ast.parse(source, filename=name)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    with capture_output(stdout=False, stderr=False) as captured:
        exec(compile(tree, name, "exec"), namespace)
        value = eval(compile(ast.Expression(last.value), name, "eval"), namespace) if last is not None else None
    shown = [shown_widget(output.data) for output in captured.outputs]
    return [widget for widget in [*shown, value_widget(value)] if widget is not None]


def _failed(name: str) -> widgets.Widget:
    print(f"{name} failed:\n{traceback.format_exc()}", file=sys.__stderr__)
    note = escape(text("site.cell_failed", language()))
    return plain(widgets.HTML, value=f"<div class='ks-say ks-say-warn' role='note'>{note}</div>")


class LessonPage(widgets.VBox):
    """The page `page` (`lessons/01_teilsummen`) of `pages` (default: the site's)."""

    def __init__(self, page: str, pages: Mapping[str, dict[str, Any]] | None = None) -> None:
        super().__init__(_dom_classes=("ks-lesson-page",))
        self.page = page
        found = (pages if pages is not None else site_pages())[page]
        self.titles = {"de": found["title"], "en": found.get("title_en") or found["title"]}
        namespace: dict[str, Any] = {"__name__": "__main__"}
        parts: list[widgets.Widget] = []
        for number, cell in enumerate(found["cells"], start=1):
            if "html" in cell:
                parts.append(plain(widgets.HTMLMath, value=cell["html"], _dom_classes=MARKDOWN_CLASSES))
                continue
            name = f"{page}, cell {number}"
            try:
                parts.extend(run_cell(cell["code"], namespace, name))
            except Exception:
                parts.append(_failed(name))
        self.children = tuple(parts)

    def title(self, lang: str) -> str:
        return self.titles.get(lang, self.titles["de"])
