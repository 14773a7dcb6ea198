"""The join box: a pupil types the class code and a nickname of their own and joins.

It sits in the start page and in the bar of every lesson. Once joined, the box names the
class and the nickname, and `on_join` lets the page carry the pupil in its links.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..classroom import pupil
from ..core.errors import KartenspieleError
from ..i18n import current_language, text
from .class_watch import ClassWatch
from .enter import on_enter


class JoinBox(widgets.HBox):
    """Class code + nickname + "Beitreten"; afterwards "Klasse ABCDE · Nick"."""

    def __init__(self, on_join: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.add_class("ks-join")
        self.on_join = on_join
        self.lang = current_language()
        self.code = widgets.Text(layout=widgets.Layout(width="8em"))
        self.code.add_class("ks-class-code")
        self.nickname = widgets.Text(layout=widgets.Layout(width="10em"))
        self.nickname.add_class("ks-nickname")
        self.button = widgets.Button(icon="sign-in", layout=widgets.Layout(width="auto"))  # its text on one line
        self.button.add_class("ks-join-button")
        self.button.on_click(lambda _: self.join())
        on_enter(self.nickname, self.join)
        self.status = widgets.HTML()
        self.status.add_class("ks-join-status")
        self.watch: ClassWatch | None = None
        self.redraw()

    def join(self) -> None:
        try:
            pupil.join(self.code.value, self.nickname.value)
        except KartenspieleError as error:
            self.status.value = f"<span class='ks-join-error'>{escape(error.message(self.lang))}</span>"
            return
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
        if session is not None:
            self._watch(session)
            if session.ended:
                note = escape(text("class.ended", lang, code=session.pupil.code))
                self.status.value = f"<span class='ks-join-error'>{note}</span>"
            else:
                self.status.value = escape(
                    text("class.joined", lang, code=session.pupil.code, nickname=session.pupil.nickname)
                )
            self.children = (self.status,)
            return
        self.code.placeholder = text("class.code", lang)
        self.nickname.placeholder = text("class.nickname", lang)
        self.button.description = text("class.join", lang)
        if not self.status.value.startswith("<span class='ks-join-error'>"):
            self.status.value = ""
        self.children = (self.code, self.nickname, self.button, self.status)
