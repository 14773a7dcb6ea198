"""The page of a pupil who asked to come back to their seat (their token was lost: another
tablet, a cleared browser). It shows a kind note — ask the opener (or the teacher, whose
dashboard shows the rooms of the class's pupils) — and waits: it renews
its request every `RENEW_SECONDS` and looks every `POLL_SECONDS` whether the opener has
let it in (`Rooms.admitted`); then `on_admitted` gets the request with the page's new token.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..classroom.rooms.let_in import Request
from ..classroom.rooms.rooms import Room, RoomError, Rooms
from ..classroom.store.interface import StoreError
from ..i18n import text

POLL_SECONDS = 0.5
"""How often the waiting page looks whether it was let in."""
RENEW_SECONDS = 5.0
"""How often it renews its request (a request not renewed for `let_in.REQUEST_SECONDS` goes)."""


class AskingPage(widgets.VBox):
    """ "Frag Ana, ob du wieder mitspielen darfst" for `seat` of `room`, until let in."""

    def __init__(
        self,
        rooms: Rooms,
        room: Room,
        seat: int,
        lang: str,
        on_admitted: Callable[[Request], None],
        on_back: Callable[[], None],
        poll: bool = True,
        teacher: bool = False,
    ) -> None:
        super().__init__(layout=widgets.Layout(align_items="flex-start"))
        self.add_class("ks-asking")
        self.rooms = rooms
        self.room = room
        self.seat = seat
        self.lang = lang
        self.on_admitted = on_admitted
        self.teacher = teacher  # the teacher's dashboard shows the request too (a pupil of a class)
        self.request = rooms.ask(room, seat)
        self._asked = time.monotonic()
        self.closed = False
        self._task: asyncio.Task | None = None
        self.note = widgets.HTML()
        self.trouble = widgets.HTML()
        self.back = widgets.Button(icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.back.add_class("ks-asking-back")
        self.back.on_click(lambda _: (self.close(), on_back()))
        self.children = (self.note, self.trouble, self.back)
        self.draw()
        if poll:
            try:
                self._task = asyncio.get_running_loop().create_task(self._poll())
            except RuntimeError:
                pass

    def draw(self) -> None:
        lang, seats = self.lang, self.room.seats
        if self.seat == 0:
            note = text("room.ask.wait_table", lang)
        else:
            note = text("room.ask.wait_class" if self.teacher else "room.ask.wait", lang, opener=seats[0].name)
        self.note.value = (
            f"<div class='ks-say ks-say-info' role='status'><b>{escape(self.room.code)}</b> · "
            f"{escape(seats[self.seat].name)}<br>{escape(note)}</div>"
        )
        self.back.description = text("room.ask.back", lang)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.draw()

    def sync(self) -> bool:
        """One round: renew the request now and then; True once the page was let in."""
        if self.closed:
            return False
        try:
            if time.monotonic() - self._asked >= RENEW_SECONDS:
                self.request = self.rooms.ask(self.room, self.seat, self.request.token)
                self._asked = time.monotonic()
            admitted = self.rooms.admitted(self.room, self.request)
            self.trouble.value = ""
        except (StoreError, RoomError) as error:
            self.trouble.value = (
                f"<div class='ks-say ks-say-warn' role='alert'>{escape(error.message(self.lang))}</div>"
            )
            return False
        if admitted:
            self.close()
            self.on_admitted(self.request)
        return admitted

    async def _poll(self) -> None:
        while not self.closed:
            await asyncio.sleep(POLL_SECONDS)
            self.sync()

    def close(self) -> None:
        self.closed = True
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        super().close()
