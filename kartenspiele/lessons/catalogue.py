"""The lessons, for the index notebook: titles, grades, minutes and where to open them.

`BINDER` is the repository on mybinder.org; a lesson opens there in Voilà
(`binder_url`). Replace OWNER/REPO once the repository is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from IPython.display import HTML

from ..i18n import text
from .language import in_both_languages, language
from .style import Markup
from .style import table as html_table

BINDER = "https://mybinder.org/v2/gh/OWNER/REPO/HEAD"


@dataclass(frozen=True)
class Lesson:
    """A lesson notebook: its file, its key for texts and the grades it suits."""

    file: str
    key: str
    grades: str
    minutes: int = 45


LESSONS: tuple[Lesson, ...] = (
    Lesson("01_teilsummen.ipynb", "subsets", "3–7"),
    Lesson("02_gerade_ungerade.ipynb", "parity", "3–6"),
    Lesson("03_folgen.ipynb", "sequences", "4–7"),
    Lesson("04_zufall.ipynb", "chance", "6–7"),
)


def binder_url(file: str) -> str:
    """The address that opens a lesson in Voilà on Binder."""
    return f"{BINDER}?urlpath={quote(f'voila/render/lessons/{file}', safe='')}"


@in_both_languages
def overview(lang: str | None = None) -> HTML:
    """A table of the lessons: title (a link), topics, grades, minutes and a Binder link."""
    lang = lang or language()
    rows = []
    for lesson in LESSONS:
        title = Markup(f"<a href='{escape(lesson.file)}'>{escape(text(f'lessons.catalogue.{lesson.key}.title', lang))}</a>")
        binder = Markup(f"<a href='{escape(binder_url(lesson.file))}' target='_blank'>Binder</a>")
        rows.append((title, text(f"lessons.catalogue.{lesson.key}.topics", lang), lesson.grades, lesson.minutes, binder))
    head = [text(f"lessons.catalogue.column.{name}", lang) for name in ("title", "topics", "grades", "minutes", "links")]
    return HTML(html_table(head, rows))
