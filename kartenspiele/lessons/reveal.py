"""Answer tables on the teacher's word: a lesson's solution is built only once it may be seen.

`answer(section, build, …)` stands where a lesson shows an answer table (`classroom.reveals`):

* on a teacher's page (and in the stored outputs) it is the table itself;
* for a pupil of a class it is a note until the teacher reveals the section on the dashboard:
  one thread per page (`RevealWatch`) reads the class document every `CHECK_EVERY` seconds and
  then builds the table. Before that the page's widgets hold no part of it;
* for a pupil alone (no class) it is a note and "Lösung aufdecken", to press after trying.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..classroom import pupil
from ..classroom.reveals import check_section
from ..classroom.roles import is_teacher
from ..core.errors import KartenspieleError
from ..i18n import text
from .language import _html, follow, language
from .style import message

CHECK_EVERY = 2.0
"""Seconds between two looks at the class's revealed sections."""


class Reveal(widgets.VBox):
    """One answer section, hidden until revealed."""

    def __init__(self, section: str, build: Callable[[], object]) -> None:
        super().__init__()
        self.add_class("ks-reveal")
        self.section, self.build = section, build
        self.note = widgets.HTML()
        self.button = widgets.Button(icon="eye")
        self.button.add_class("ks-reveal-button")
        self.button.on_click(lambda _: self.reveal_alone())
        self.shown = self.watched = False
        self.children = (self.note, self.button)
        self.redraw()
        follow(self)

    def reveal_alone(self) -> None:
        """The pupil's own "Lösung aufdecken": only outside a class (there the teacher decides)."""
        if pupil.current() is None:
            self.show()
        else:
            self.redraw()

    def show(self) -> None:
        """Build the answer and show it in place of the note."""
        if not self.shown:
            self.shown = True
            self.children = (widgets.HTML(_html(self.build())),)

    def redraw(self) -> None:
        if self.shown:
            return
        lang = language()
        session = pupil.current()
        in_class = session is not None
        if session is not None and not self.watched:  # also once the pupil joined on this page
            self.watched = True
            _watch_for(session).add(self)
        note = text("lessons.reveal.waiting" if in_class else "lessons.reveal.alone", lang)
        self.note.value = f"<div class='ks-reveal-note'>{message(note)}</div>"
        self.button.description = text("lessons.reveal.button", lang)
        self.button.layout.display = "none" if in_class else ""


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


def answer(section: str, build: Callable[..., object], *args: Any, **kwargs: Any) -> object:
    """The answer table `build(*args, **kwargs)` of `section`, shown as the module docstring says."""
    check_section(section)
    if is_teacher():
        return build(*args, **kwargs)
    return Reveal(section, lambda: build(*args, **kwargs))
