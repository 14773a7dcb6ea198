"""The class box of a lesson: the one name this browser remembers and one code box.

It sits in the bar of every lesson, as calm as the start page: "Dein Name" (filled in with the
name this browser remembers, `BrowserMemory.name`) and "Klassen-Code" with "Beitreten". Once
joined, the box folds to one small line, "Klasse ABCDE · Mia", with "Ändern" to leave the
class on this page (and join again, under another name or code). `on_join` runs after joining
and after leaving, so that the page carries the pupil in its links (or no longer does).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..classroom.classes import pupil
from ..classroom.classes.classes import CODE_LENGTH
from ..core.errors import KartenspieleError
from ..i18n import current_language, text
from .class_watch import ClassWatch
from .enter import on_enter
from .memory import BrowserMemory
from .pupil_unit import card_link


class JoinBox(widgets.HBox):
    """Name + class code + "Beitreten"; afterwards "Klasse ABCDE · Mia" + "Ändern"."""

    def __init__(self, on_join: Callable[[], None] | None = None, memory: BrowserMemory | None = None) -> None:
        super().__init__()
        self.add_class("ks-join")
        self.on_join = on_join
        self.lang = current_language()
        self.memory = memory or BrowserMemory()
        self.nickname = widgets.Text(layout=widgets.Layout(width="auto"))
        self.nickname.add_class("ks-nickname")
        self.code = widgets.Text(placeholder="A" * CODE_LENGTH, layout=widgets.Layout(width="auto"))
        self.code.add_class("ks-class-code")
        self.button = widgets.Button(icon="sign-in", button_style="primary", layout=widgets.Layout(width="auto"))
        self.button.add_class("ks-join-button")
        self.button.on_click(lambda _: self.join())
        self.leave_button = widgets.Button(icon="pencil", layout=widgets.Layout(width="auto"))
        self.leave_button.add_class("ks-join-leave")
        self.leave_button.on_click(lambda _: self.leave())
        on_enter(self.code, self.join)
        on_enter(self.nickname, self.join)
        self.status = widgets.HTML()
        self.status.add_class("ks-join-status")
        self.card = widgets.HTML()  # "Mit Login-Karte", back to this page
        self.watch: ClassWatch | None = None
        self.memory.observe(lambda _: self._remembered_name(), "loaded")
        self._remembered_name()
        self.redraw()

    def _remembered_name(self) -> None:
        """The name this browser remembers fills an empty name field (once the page has loaded)."""
        if self.memory.loaded and not self.nickname.value.strip():
            self.nickname.value = self.memory.name

    def join(self) -> None:
        """Join the typed class under the typed name; the browser remembers the name."""
        try:
            session = pupil.join(self.code.value, self.nickname.value)
        except KartenspieleError as error:
            self.status.value = f"<span class='ks-join-error' role='alert'>{escape(error.message(self.lang))}</span>"
            return
        self.memory.name = session.pupil.nickname
        self.code.value = ""
        self.status.value = ""
        self.redraw()
        if self.on_join is not None:
            self.on_join()

    def leave(self) -> None:
        """ "Ändern": this page leaves the class (the class keeps what was recorded)."""
        if self.watch is not None:
            self.watch.stop()
            self.watch = None
        pupil.set_current(None)
        self.status.value = ""
        self.redraw()
        if self.on_join is not None:
            self.on_join()

    def _watch(self, session: pupil.PupilSession) -> None:
        """Notice when the teacher deletes the class (once per session)."""
        if self.watch is None or self.watch.session is not session:
            if self.watch is not None:
                self.watch.stop()
            session.on_end.append(self.redraw)
            self.watch = ClassWatch(session)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.redraw()

    def redraw(self) -> None:
        lang = self.lang
        session = pupil.current()
        self.memory.pupil_class = pupil.remembered_query(session)
        self.leave_button.description = text("class.leave", lang)
        if session is not None:
            self._watch(session)
            if session.ended:
                note = escape(text("class.ended", lang, code=session.pupil.code))
                self.status.value = f"<span class='ks-join-error'>{note}</span>"
            else:
                self.status.value = escape(
                    text("class.joined", lang, code=session.pupil.code, nickname=session.pupil.nickname)
                )
            shown: tuple[widgets.Widget, ...] = (self.memory, self.status, self.leave_button)
            self.add_class("ks-joined")
        else:
            self.remove_class("ks-joined")
            self.nickname.description = text("lobby.name", lang)
            self.nickname.placeholder = text("lobby.name.placeholder", lang)
            self.code.description = text("class.code", lang)
            self.button.description = text("lobby.join.button", lang)
            if not self.status.value.startswith("<span class='ks-join-error'"):
                self.status.value = ""
            self.card.value = card_link(lang, os.environ.get("SCRIPT_NAME", ""))
            card = (self.card,) if self.card.value else ()
            shown = (self.memory, self.nickname, self.code, self.button, *card, self.status)
        if self.children != shown:
            self.children = shown
