"""Answer tables on the teacher's word: a lesson's solution is built only once it may be seen.

`answer(section, build, …)` stands where a lesson shows an answer table (`classroom.classes.reveals`):

* on a teacher's page (and in the stored outputs) it is the table itself;
* for a pupil of a class it is a note until the teacher reveals the section on the dashboard:
  one thread per page (`RevealWatch`) reads the class document every `CHECK_EVERY` seconds and
  then builds the table. Before that the page's widgets hold no part of it;
* for a pupil alone (no class) it is a note, a box for the pupil's own answer and "Lösung
  aufdecken", which shows the answer only once the box holds one (and then the pupil's answer
  above it, to compare).

Either way a shown answer follows the lesson's language.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.classes import pupil
from ..classroom.classes.reveals import check_section
from ..classroom.people.roles import is_teacher
from ..core.errors import KartenspieleError
from ..i18n import text
from ..widgets.plain import looks, plain
from .language import _html, follow, in_both_languages, language
from .style import message

CHECK_EVERY = 2.0
"""Seconds between two looks at the class's revealed sections."""


class Reveal(widgets.VBox):
    """One answer section, hidden until revealed; `content(lang)` is its HTML once it may be seen."""

    def __init__(self, section: str, content: Callable[[str], str]) -> None:
        super().__init__(**looks(widgets.VBox), _dom_classes=("ks-reveal",))  # shared empty looks (`plain`)
        self.section, self.content = section, content
        self.note = plain(widgets.HTML)
        self.entry = plain(widgets.Text, layout=widgets.Layout(width="14em", height="44px"))
        self.entry.add_class("ks-reveal-entry")
        self.button = plain(widgets.Button, icon="eye", own_layout=True, _dom_classes=("ks-reveal-button",))
        self.button.on_click(lambda _: self.reveal_alone())
        self.asking = plain(widgets.HBox, (self.entry, self.button), layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = plain(widgets.HTML)  # made now: a page's thread that reveals it makes no widget
        self.shown = self.watched = self.asked = False
        self.redraw()
        follow(self)

    def reveal_alone(self) -> None:
        """The pupil's own "Lösung aufdecken": only outside a class (there the teacher decides),
        and only once the pupil has written an answer of their own."""
        self.asked = True
        if pupil.current() is None and self.entry.value.strip():
            self.show()
        else:
            self.redraw()

    def show(self) -> None:
        """Build the answer and show it in place of the note."""
        self.shown = True
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        if self.shown:
            own = " ".join(self.entry.value.split())
            said = f"<p class='ks-reveal-own'>{escape(text('lessons.reveal.own', lang, answer=own))}</p>" if own else ""
            self.answer.value = said + self.content(lang)
            self.children = (self.answer,)
            return
        session = pupil.current()
        in_class = session is not None
        if session is not None and not self.watched:  # also once the pupil joined on this page
            self.watched = True
            _watch_for(session).add(self)
        key = "lessons.reveal.waiting" if in_class else "lessons.reveal.alone"
        if self.asked and not in_class:
            key = "lessons.reveal.first"
        self.note.value = f"<div class='ks-reveal-note'>{message(text(key, lang))}</div>"
        self.entry.placeholder = text("lessons.reveal.entry", lang)
        self.button.description = text("lessons.reveal.button", lang)
        self.button.layout.display = "none" if in_class else ""
        self.children = (self.note, self.asking)


class RevealWatch:
    """Looks at the class's revealed sections in a background thread and shows each waiting
    answer once it is revealed; stops when the class ended (or by `stop`)."""

    def __init__(self, session: pupil.PupilSession, every: float = CHECK_EVERY) -> None:
        self.session, self.every = session, every
        self.waiting: list[Reveal] = []
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="kartenspiele-reveal-watch", daemon=True)
        self.thread.start()

    def add(self, reveal: Reveal) -> None:
        with self.lock:
            self.waiting.append(reveal)
        self.look()

    def look(self) -> None:
        """Show every waiting answer that the class has revealed by now."""
        try:
            revealed = self.session.classes.revealed(self.session.pupil.code)
        except KartenspieleError:
            return  # the store is away or the class ended: the answers stay hidden
        with self.lock:
            due = [item for item in self.waiting if item.section in revealed]
            self.waiting = [item for item in self.waiting if item not in due]
        for reveal in due:
            reveal.show()

    def _run(self) -> None:
        while not self.stopped.wait(self.every) and not self.session.ended:
            self.look()

    def stop(self) -> None:
        self.stopped.set()


_watch: list[RevealWatch] = []


def _watch_for(session: pupil.PupilSession) -> RevealWatch:
    if not _watch or _watch[0].session is not session:
        for old in _watch:
            old.stop()
        _watch[:] = [RevealWatch(session)]
    return _watch[0]


SAID: dict[str, tuple[str, str]] = {
    "subsets.groups": ("lessons.answer.groups", ""),
    "subsets.captures": ("lessons.answer.captures", "lessons.answer.largest"),
    "parity.odd_sums": ("lessons.answer.odd_sums", ""),
    "parity.high": ("lessons.answer.high", ""),
    "parity.low": ("lessons.answer.low", "lessons.answer.mirror"),
    "sequences.arithmetic": ("lessons.answer.arithmetic", ""),
}
"""The sentences (i18n keys) said before and after a section's table; the answer itself where
there is no table."""


def answer(
    section: str, build: Callable[..., object] | None = None, *args: Any, said: bool = True, **kwargs: Any
) -> object:
    """The answer of `section`, shown as the module docstring says: the section's sentences
    (`SAID`, unless `said` is false) around the table `build(*args, lang=…, **kwargs)`."""
    check_section(section)

    @in_both_languages
    def content(lang: str | None = None) -> str:
        return answer_html(section, build, *args, said=said, lang=lang or language(), **kwargs)

    if is_teacher():
        return content()
    return Reveal(section, content)


def answer_html(
    section: str, build: Callable[..., object] | None, *args: Any, said: bool = True, lang: str, **kwargs: Any
) -> str:
    """The answer of `section` in `lang` as HTML: its sentences (`SAID`) around the table (the
    lesson page's answer, and the board's when the teacher shows it there)."""
    before, after = SAID.get(section, ("", "")) if said else ("", "")
    table = _html(build(*args, lang=lang, **kwargs)) if build is not None else ""
    sentences = [f"<p>{escape(text(key, lang))}</p>" if key else "" for key in (before, after)]
    return sentences[0] + table + sentences[1]
