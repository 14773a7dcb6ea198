"""The index notebook's table of the lessons: titles, topics, grades, minutes and where to open
them, drawn from the catalogue (`kartenspiele.catalogue`).

A lesson opens on mybinder.org in Voilà (`catalogue.binder_url`); the repository's address is
the one setting in `pyproject.toml` that `kartenspiele.binder` reads. A pupil's index on a
class-only server (`pacing.class_only`) has no such outside link: Binder would show every
lesson, released or not. The in-browser site lists its own pages only.
"""

from __future__ import annotations

from html import escape

from IPython.display import HTML

from ..catalogue import LESSONS, binder_url
from ..classroom.classes import pupil
from ..classroom.classes.pacing import class_only
from ..classroom.people.roles import is_teacher, served_by_voila
from ..i18n import text, texts
from ..lite import in_browser, page_href
from ..widgets.home import START_FROM_LESSONS, home_link
from .language import in_both_languages, language
from .style import Markup
from .style import table as html_table

LINK_STYLE = (
    "<style>.jp-RenderedMarkdown a, .jp-RenderedHTMLCommon a { text-decoration: underline !important; }</style>"
)
"""Links on the lesson pages stand out without colour (the notebook's own style shows only colour)."""


def topics_key(lesson: str) -> str:
    """The text key of a lesson's topics; in the browser build its own words where the served
    version's name something only a server offers (the class curve of lesson 4)."""
    key = f"lessons.catalogue.{lesson}.topics"
    return f"{key}.browser" if in_browser() and f"{key}.browser" in texts() else key


@in_both_languages
def overview(lang: str | None = None) -> HTML:
    """A table of the lessons: title (a link that opens in the same tab and keeps the page's
    class and language; a lesson the pupil's class keeps locked has no link), topics, grades,
    minutes and a Binder link (not in the browser build, nor on a pupil's page of a class-only
    server)."""
    lang = lang or language()
    session = pupil.current()
    pupils_page = served_by_voila() and not is_teacher()
    if session is None and pupils_page:  # the index page has no lesson bar
        session = pupil.from_address()
    # no way around pacing from a class's page; the in-browser site is the lessons' place there
    outside = not (pupils_page and class_only()) and not in_browser()
    rows = []
    for lesson in LESSONS:
        name = text(f"lessons.catalogue.{lesson.key}.title", lang)
        if session is not None and session.locked(lesson.key):
            title = Markup(
                "<span class='ks-locked'><i class='fa fa-lock' aria-hidden='true'></i> "
                f"{escape(text('widgets.start.locked_lesson', lang, title=name))}</span>"
            )
        else:
            title = Markup(
                f"<a href='{escape(page_href(lesson.file + pupil.link_query(lang)))}' target='_self'>{escape(name)}</a>"
            )
        row = [title, text(topics_key(lesson.key), lang), lesson.grades, lesson.minutes]
        if outside:
            row.append(Markup(f"<a href='{escape(binder_url(lesson.file))}' target='_blank'>Binder</a>"))
        rows.append(tuple(row))
    columns = ("title", "topics", "grades", "minutes", *(("links",) if outside else ()))
    head = [text(f"lessons.catalogue.column.{name}", lang) for name in columns]
    home = f"<p>{home_link(lang, START_FROM_LESSONS, pupil.link_query(lang))}</p>"
    return HTML(LINK_STYLE + home + html_table(head, rows))
