"""The dashboard's switches for the whole class, beside its code: pause every pupil's screen,
hide the names (for the moments the dashboard itself is shown), open the board in a second
window, and a one-time pass for a second device of the teacher.

* Pause writes the class (`Classes.pause`); every pupil page follows within about two seconds
  (`widgets.class_screen`), the board shows its pause screen.
* "Namen verbergen" writes the class too (`Classes.set_anonymous`), so the dashboard stays
  anonymous after a reload and on the second device; every view of the dashboard then shows
  `Classes.pseudonyms` instead of nicknames.
* "Tafel öffnen" is a link to the board with the class's view-only token (`board_state`).
* "Zweites Gerät" shows a link and its QR code that give one more browser the dashboard, once,
  within two minutes (`people.teacher_pass`); the server checks it (`serving.teacher_cookie`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from ..classroom.classes.board_state import BOARD_PARAMETER, JOIN_ADDRESS_ENVIRONMENT, Boards, board_address_value
from ..classroom.classes.classes import Classes
from ..classroom.people.roles import CODE_ENV, valid_teacher_code
from ..classroom.people.teacher_pass import PASS_PATH, PASS_SECONDS, make_pass
from ..i18n import text
from ..lite import page_href
from .plain import set_shown
from .tafel import join_qr
from .warn_box import run_or_warn

BOARD_PAGE = "tafel.ipynb"
"""The board's notebook, beside the dashboard's."""


def server_base() -> str:
    """The server's address up to `/voila/render/` ("" when `serve` did not say it)."""
    start = os.environ.get(JOIN_ADDRESS_ENVIRONMENT, "")
    base, found, _ = start.partition("/voila/render/")
    return base if found else ""


class ClassControls(widgets.VBox):
    """Pause, hide names, open the board, second device — for the class `show` names."""

    def __init__(self, classes: Classes, boards: Boards, lang: str, on_names: Callable[[], None]) -> None:
        super().__init__()
        self.add_class("ks-class-controls")
        self.classes, self.boards, self.lang, self.on_names = classes, boards, lang, on_names
        self.code: str | None = None
        self.pause_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.pause_button.add_class("ks-pause")
        self.pause_button.on_click(lambda _: self._safely(self.toggle_pause))
        self.names = widgets.Checkbox(
            description=text("controls.names", lang),
            indent=False,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.names.add_class("ks-anonymous")
        self._syncing = False
        self.names.observe(lambda _: self._syncing or self._safely(self.set_names), "value")
        self.board_link = widgets.HTML()
        self.board_link.add_class("ks-board-link")
        self.device_button = widgets.Button(
            description=text("controls.device", lang), layout=widgets.Layout(width="auto")
        )
        self.device_button.add_class("ks-second-device")
        self.device_button.on_click(lambda _: self._safely(self.second_device))
        set_shown(self.device_button, self.can_pass())
        self.device = widgets.HTML()
        self.device.add_class("ks-device-pass")
        self.device_until = 0.0
        self.paused_note = widgets.HTML()
        self.status = widgets.HTML()
        row = widgets.HBox([self.pause_button, self.names, self.board_link, self.device_button])
        row.add_class("ks-class-controls-row")
        self.children = (row, self.paused_note, self.device, self.status)

    def can_pass(self) -> bool:
        return bool(server_base()) and valid_teacher_code(os.environ.get(CODE_ENV, ""))

    def show(self, code: str | None) -> None:
        """Follow class `code` (None: no class)."""
        self.code = code
        if code is not None:
            token = self.boards.token(code)
            query = {BOARD_PARAMETER: board_address_value(code, token), **({"lang": "en"} if self.lang == "en" else {})}
            self.board_link.value = (
                f"<a class='ks-open-board jupyter-button' target='_blank' rel='noopener' "
                f"href='{escape(page_href(BOARD_PAGE + '?' + urlencode(query)))}'>{escape(text('controls.board', self.lang))}</a>"
            )
        self.redraw()

    def redraw(self, now: float | None = None) -> None:
        """Show the class's state (and take an expired pass away)."""
        if self.code is None:
            return
        paused = self.classes.paused(self.code)
        self.pause_button.description = text("controls.resume" if paused else "controls.pause", self.lang)
        self.pause_button.button_style = "warning" if paused else ""
        self.paused_note.value = (
            f"<div class='ks-warn-box ks-paused-note'>{escape(text('controls.paused', self.lang))}</div>"
            if paused
            else ""
        )
        anonymous = self.classes.anonymous(self.code)
        if self.names.value != anonymous:
            self._syncing = True
            try:
                self.names.value = anonymous
            finally:
                self._syncing = False
        if self.device.value and (time.time() if now is None else now) > self.device_until:
            self.device.value = ""

    def toggle_pause(self) -> None:
        if self.code is not None:
            self.classes.pause(self.code, not self.classes.paused(self.code))
            self.redraw()

    def set_names(self) -> None:
        if self.code is not None:
            self.classes.set_anonymous(self.code, self.names.value)
            self.on_names()

    def second_device(self) -> None:
        """A one-time pass for another device: its link and QR code, for two minutes."""
        if not self.can_pass():
            return
        address = server_base() + PASS_PATH + make_pass(os.environ[CODE_ENV])
        self.device_until = time.time() + PASS_SECONDS
        self.device.value = (
            f"<div class='ks-warn-box'><p><b>{escape(text('controls.device.warning', self.lang))}</b></p>"
            f"<div class='ks-device-qr'>{join_qr(address)}</div>"
            f"<p><a class='ks-device-link' href='{escape(address)}'>{escape(address)}</a></p>"
            f"<p>{escape(text('controls.device.once', self.lang, count=PASS_SECONDS // 60))}</p></div>"
        )

    def _safely(self, action: Callable[[], None]) -> None:
        run_or_warn(action, self.status, self.lang)
