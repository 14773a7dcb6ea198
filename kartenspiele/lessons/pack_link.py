"""The printable pack of a lesson, downloadable from the lesson page — for teachers only.

`pack_download("subsets")` is nothing on a pupil's page; a teacher gets a level chooser and
"Paket erstellen": the package makes the PDF (`practice.pack`) and offers it as a download
link (the file travels inside the page, so no file needs serving).
"""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as widgets

from ..catalogue import PRACTICE_LEVELS
from ..classroom.people.roles import is_teacher
from ..core.extras import needs
from ..i18n import text
from .language import follow, language
from .levels import DEFAULT_LEVEL, lesson_number


class PackDownload(widgets.VBox):
    """Level, "Paket erstellen" and the download link of the lesson's PDF pack."""

    def __init__(self, lesson: str) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.lesson = lesson
        self.number = lesson_number(lesson)
        self.title = widgets.HTML()
        self.level = widgets.ToggleButtons(options=[(name, name) for name in PRACTICE_LEVELS], value=DEFAULT_LEVEL)
        self.make_button = widgets.Button(icon="file-pdf-o", layout=widgets.Layout(width="16em"))
        self.make_button.on_click(lambda _: self.make())
        self.link = widgets.HTML()
        self.children = (self.title, self.level, self.make_button, self.link)
        self.redraw()
        follow(self)

    def make(self) -> bytes:
        """Make the PDF for the chosen level and language and offer it for download."""
        with needs("print"):  # fpdf2 only when a teacher asks for a pack
            from ..practice.pack import pack_pdf

        lang = language()
        pdf = pack_pdf(self.number, self.level.value, lang)
        name = f"kartenspiele-{self.lesson}-{self.level.value}-{lang}.pdf"
        data = base64.b64encode(pdf).decode()
        words = escape(text("activity.pack.download", lang, name=name))
        self.link.value = (
            f"<a class='ks-pack-link' download='{name}' href='data:application/pdf;base64,{data}'>⬇ {words}</a>"
        )
        return pdf

    def redraw(self) -> None:
        lang = language()
        value = self.level.value
        self.level.options = [(text(f"practice.level.{name}", lang), name) for name in PRACTICE_LEVELS]
        self.level.value = value
        self.title.value = f"<h3>{escape(text('activity.pack.title', lang))}</h3>"
        self.make_button.description = text("activity.pack.make", lang)

    def __repr__(self) -> str:
        return f"PackDownload({self.lesson!r})"


def has_pack(lesson: str) -> bool:
    """Whether the lesson has practice levels and so a pack."""
    try:
        lesson_number(lesson)
    except ValueError:
        return False
    return True


def pack_download(lesson: str) -> PackDownload | None:
    """The pack download for a teacher; nothing for a pupil."""
    return PackDownload(lesson) if is_teacher() else None
