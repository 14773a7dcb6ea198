"""A pupil's own view of the unit, on the start page once they joined or came back with their
login card: the lessons done, where they left off (one tap back into the lesson at that
section, `section_scroll`) and the practice level they reached, read from their own log only.

Beside it, for a pupil who has not joined, the way in with a login card: a link to the server's
card form (`serving.card_login`), shown where `kartenspiele serve` serves the page.
"""

from __future__ import annotations

import os
from html import escape
from urllib.parse import quote

import ipywidgets as widgets

from ..catalogue import LESSONS
from ..classroom.classes import pupil
from ..classroom.classes.cards import CARD_PATH, ORIGIN_ENVIRONMENT
from ..classroom.classes.evidence import Evidence
from ..classroom.classes.export import lesson_title
from ..classroom.classes.unit import DONE, EXIT_TICKET, IN_PROGRESS, pupil_path
from ..classroom.classes.unit_words import level_text, section_title
from ..classroom.store.interface import StoreError
from ..core.errors import KartenspieleError
from ..i18n import text
from ..lite import page_href
from .section_scroll import SECTION_PARAMETER

MARKS = {DONE: "✔", EXIT_TICKET: "✔", IN_PROGRESS: "◐"}


def card_link(lang: str, back_to: str = "", class_code: str = "") -> str:
    """ "Mit Login-Karte": the server's card form, which leads back to this page (`back_to`, the
    page's path on the server); "" where no `kartenspiele serve` serves the page."""
    if not os.environ.get(ORIGIN_ENVIRONMENT):
        return ""
    query = f"?lang={lang}"
    if back_to.startswith("/"):
        query += f"&next={quote(back_to, safe='/')}"
    if class_code:
        query += f"&klasse={quote(class_code)}"
    href = "../../.." + CARD_PATH + query  # from /voila/render/<folder>/<page>.ipynb to the server's route
    return f"<a class='ks-home ks-card-login' href='{escape(href)}'>{escape(text('cards.form.title', lang))}</a>"


def own_path_html(session: pupil.PupilSession, lang: str, link_query: str) -> str:
    """The pupil's lessons, where they left off and their practice levels (from their own log)."""
    code, nickname = session.pupil.code, session.pupil.nickname
    evidence = Evidence().add_all((nickname, entry) for _, entry in session.classes.entries(code, nickname))
    path = pupil_path(evidence, nickname)
    files = {lesson.key: lesson.file for lesson in LESSONS}
    items = []
    for lesson in path.lessons:
        mark = MARKS.get(lesson.state, "·")
        state = text(f"unit.own.{lesson.state}", lang)
        level = level_text(lesson, lang)
        extra = f" · {escape(text('unit.own.level', lang, level=level))}" if level else ""
        items.append(
            f"<li class='ks-own-{lesson.state}'><span aria-hidden='true'>{mark}</span> "
            f"{escape(lesson_title(lesson.lesson, lang))}: {escape(state)}{extra}</li>"
        )
    lessons = f"<ul class='ks-own-lessons'>{''.join(items)}</ul>"
    html = f"<h3>{escape(text('unit.own.title', lang))}</h3>"
    if path.left_off is not None:
        lesson, section = path.left_off
        where = section_title(section, lang) if section else lesson_title(lesson, lang)
        target = f"../lessons/{files[lesson]}{link_query}"
        if section:
            target += ("&" if "?" in target else "?") + f"{SECTION_PARAMETER}={quote(section)}"
        locked = session.locked(lesson)
        link = (
            ""
            if locked
            else f" <a class='ks-home ks-continue' href='{escape(page_href(target))}'>{escape(text('unit.own.continue', lang))}</a>"
        )
        html += f"<p class='ks-left-off'>{escape(text('unit.own.left_off', lang, where=where))}{link}</p>"
    return html + lessons  # where they left off first: the one tap back


class PupilUnit(widgets.HTML):
    """The pupil's own view of the unit on the start page (empty without a class)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("ks-own-unit")

    def redraw(self, lang: str) -> None:
        session = pupil.current()
        if session is None or session.ended:
            self.value = ""
            return
        try:
            self.value = own_path_html(session, lang, pupil.link_query(lang))
        except (KartenspieleError, StoreError):
            self.value = ""  # the store is away for a moment: the start page works without it
