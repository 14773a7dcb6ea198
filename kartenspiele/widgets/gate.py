"""Teacher-only pages and sections: built only for a teacher, a friendly refusal for pupils.

`teacher_page(build)` is the whole page of a teacher-only notebook (the teacher's guide, the
class dashboard): a teacher gets `build()`, anybody else the "nur für Lehrkräfte" page.
Nothing of the teacher material is built for a pupil, so nothing of it reaches the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.people.roles import is_teacher
from ..i18n import text
from ..lite import page_href
from .style import style_widget
from .texts import default_language

START_PAGE = "../notebooks/start.ipynb"


class RefusalPage(widgets.VBox):
    """ "Diese Seite ist nur für Lehrkräfte" with a link back to the start page."""

    def __init__(self, lang: str | None = None, start: str = START_PAGE) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-refusal")
        lang = lang or default_language()
        query = "" if lang == "de" else f"?lang={lang}"
        body = widgets.HTML(
            f"<div class='ks-message'><div class='ks-say ks-say-info'>"
            f"<span class='ks-title'>{escape(text('teacher.refusal.title', lang))}</span>"
            f"<p>{escape(text('teacher.refusal.body', lang))}</p>"
            f"<p><a href='{escape(page_href(start + query))}'>{escape(text('teacher.refusal.back', lang))}</a></p>"
            f"</div></div>"
        )
        self.children = (style_widget(), body)

    def __repr__(self) -> str:
        return "RefusalPage()"


def teacher_page(build: Callable[[], Any], start: str = START_PAGE) -> Any:
    """`build()` for a teacher; the refusal page for anybody else."""
    return build() if is_teacher() else RefusalPage(start=start)
