"""One pupil's page of a room: the waiting room, then the game table seen from their seat.

The page asks the classroom layer for everything. Its table is the game's ordinary table
with one person — this page's seat — and the other seats shown but never moved from here:
a pupil's move goes to the room's log first (`Rooms.move`) and is drawn only when it was
appended; moves of other pages are drawn as they come: with the Redis store the page
listens on the log's pub/sub channel (`Store.wait`), with SQLite it checks the log every
`POLL_SECONDS`. The page speaks one language at a time; `set_language` (the start page's
switch, or `?lang=` in the address) changes every text of it. Undo asks the room, which allows it only to the
mover before the next move. The seed never reaches the browser: it would tell the deck.

The opener's page (or the stand-in's, `Rooms.leads`) shows who asks to come back to a seat
(`let_in`) with one button "Einlassen"; a page whose seat was given to another page that way
says so and moves no more (its token no longer holds the seat; checked in this kernel).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.rooms.rooms import HAND_OVER_SECONDS, MoveRaceError, Room, RoomError, Rooms, token_hash
from ..classroom.store.interface import StoreError, StoreFullError
from ..core.errors import IllegalMoveError, KartenspieleError
from ..core.session import game_module
from ..i18n import text
from ..kernel import click_limit
from .home import home_link
from .plain import plain, set_shown
from .quanto_table import QuantoTable
from .seats import IDLE, PERSON, Seat, level_label
from .style import style_widget
from .table import GameTable
from .tausch_rausch_table import TauschRauschTable
from .texts import t

POLL_SECONDS = 0.2
"""How often a page looks for new entries in the room's log (SQLite store)."""
LISTEN_SECONDS = 0.5
"""With a store that notifies (Redis), the longest a page listens before its round of
heartbeat and computer moves; a new entry wakes it at once."""
HEARTBEAT_SECONDS = 3.0
"""How often a page says that it is still open (and looks who else is)."""
ROOM_CSS = (
    "<style>.ks-room-head{margin:0.2em 0;font-size:1.1em}"
    ".ks-room-code{font-weight:bold;font-size:1.3em;letter-spacing:0.15em;padding:0.1em 0.4em;"
    "border:2px solid #1565c0;border-radius:0.3em;margin-right:0.4em}"
    ".ks-seats li{font-size:1.1em;margin:0.2em 0}.ks-seat-open{color:#555555}</style>"
)


class RoomTableMixin:
    """What a game table does differently in a room (mixed in before the game's table). It has no
    new-game panel, so no seed widget either: the room's seed would tell the deck."""

    offers_setup = False

    def __init__(self, controller: RoomController, **options: Any) -> None:
        self.controller = controller
        super().__init__(**options)

    def forced_move(self) -> Any | None:
        return None  # the room makes forced passes, so that they go to the log too

    def undo(self) -> None:
        self.controller.undo()

    def log_start_line(self) -> str:
        return text("room.log.start", self.lang, code=self.controller.room.code, name=self.names[0])

    def _relabel_frame(self) -> None:
        """The toolbar's title carries the room's code (the room's own header folds away in play)."""
        super()._relabel_frame()
        code = escape(self.controller.room.code)
        self.heading.value = (
            f"<h1 class='ks-title'><span class='ks-room-code'>{code}</span> {escape(t(self.title_key, self.lang))}</h1>"
        )

    def _status_text(self) -> str:
        state = self.state
        if not state.is_terminal() and state.to_move != self.controller.seat:
            return text("room.status.other", self.lang, name=self.names[state.to_move])
        return super()._status_text()

    def _sync_toolbar(self) -> None:
        super()._sync_toolbar()
        for widget in (
            self.language,
            self.new_button,
            self.speed,
            self.step,
            self.next_button,
            self.again_button,
            self.result_new_button,
        ):
            set_shown(widget, False)
        self.undo_button.disabled = not self.controller.can_undo()


class RoomQuantoTable(RoomTableMixin, QuantoTable):
    """Quanto at one seat of a room."""


class RoomTauschRauschTable(RoomTableMixin, TauschRauschTable):
    """Tausch-Rausch at one seat of a room."""


TABLES: dict[str, type[GameTable]] = {"quanto": RoomQuantoTable, "tausch_rausch": RoomTauschRauschTable}


def seat_display_names(room: Room, lang: str) -> list[str]:
    """Pupils by their names, computer players by their level, open seats as "frei"."""
    names = []
    for index, seat in enumerate(room.seats):
        if seat.is_person:
            names.append(seat.name)
        elif seat.is_open:
            names.append(text("room.seat.open", lang, number=index + 1))
        elif seat.name:
            names.append(text("room.seat.handed", lang, name=seat.name))
        else:
            names.append(text("room.seat.computer", lang, number=index + 1, level=level_label(seat.kind, lang)))
    return names


class RoomController:
    """Keeps one seat's table in step with the room's log."""

    def __init__(
        self,
        rooms: Rooms,
        room: Room,
        seat: int,
        lang: str,
        on_note: Callable[[str, str], None],
        token: str | None = None,
    ) -> None:
        self.rooms = rooms
        self.room = room
        self.seat = seat
        self.lang = lang
        self.on_note = on_note
        self.token_hash = token_hash(token) if token else ""  # the page's token, once it is known
        self.table: GameTable = TABLES[room.game](self, lang=lang)
        self.table.move_guard = self.submit
        self.table.listeners.append(self._drawn)
        self.shown = 0  # log entries drawn on the table
        self.store_note = ""  # a store message the table shows for a refused move, until the store is back
        self.store_full = False
        self._own_entry: int | None = None  # the log's length with the pupil's move the table has yet to draw
        self.rebuild()

    # -- from the log to the table -----------------------------------------------------------
    def names(self) -> list[str]:
        return seat_display_names(self.room, self.lang)

    def rebuild(self) -> None:
        """Draw the table again from the replayed room (after an undo or a change of seats)."""
        room = self.room
        seats = [Seat(PERSON, room.seats[i].name) if i == self.seat else Seat(IDLE) for i in range(room.players)]
        table = self.table
        with click_limit.uninterrupted():  # the table and `shown` agree, whatever stops a click
            table.load(room.initial_state(), seats, self.names())
            for (mover, decision), move in zip(room.movers, room.state_session.moves):
                table._apply(move, decision=decision and mover == self.seat)
            self.shown = room.seq
        table.redraw()

    def catch_up(self) -> bool:
        """Draw the entries the room has taken in since the table was drawn; True if any."""
        entries = self.room.entries[self.shown :]
        if not entries:
            return False
        if all(entry["type"] == "move" for entry in entries):
            module = game_module(self.room.game)
            with click_limit.uninterrupted():
                for entry in entries:
                    self.table._apply(module.Move.from_json(entry["move"]), decision=False)
                self.shown = self.room.seq
            self.table.redraw()
        else:
            self.rebuild()
        return True

    def holds_seat(self) -> bool:
        """Whether this page's token still holds its seat (not given to another page since)."""
        return not self.token_hash or self.room.seats[self.seat].token == self.token_hash

    # -- from the table to the log -----------------------------------------------------------
    def submit(self, move: Any) -> str | None:
        """The table's move guard: append the pupil's move; a refusal text if it lost a race."""
        try:
            before = self.room.seq
            self.rooms.refresh(self.room)
            if not self.holds_seat():
                return text("room.seat_moved", self.lang, name=self.room.seats[self.seat].name)
            if any(entry["type"] in ("move", "undo") for entry in self.room.entries[before:]):
                self.catch_up()
                return text("room.race", self.lang)
            self.catch_up()
            with click_limit.uninterrupted():
                self.rooms.move(self.room, self.seat, move)
                self._own_entry = self.room.seq  # drawn by the table next (`_drawn`), else by `catch_up`
        except IllegalMoveError:
            return None  # the table asks the engine again and shows its reason
        except MoveRaceError as error:
            self.catch_up()
            return error.message(self.lang)
        except StoreError as error:
            self.store_note, self.store_full = error.message(self.lang), isinstance(error, StoreFullError)
            return self.store_note
        except KartenspieleError as error:
            return error.message(self.lang)
        self.store_note = ""  # the table clears its message when it draws the move
        return None

    def clear_store_note(self, wrote: bool) -> None:
        """Take the store's message off the table once the store works again (a full store's
        only after a write; and only if the table still shows it: a newer message stays)."""
        if not self.store_note or (self.store_full and not wrote):
            return
        if escape(self.store_note) in self.table.message_html:
            self.table.say("")
            self.table.redraw()
        self.store_note = ""

    def _drawn(self, _move: Any, _events: list) -> None:
        """After every move the table applies: once it has drawn the pupil's own move, the log
        is drawn that far (a click stopped before that leaves the move to `catch_up`)."""
        if self._own_entry is not None:
            self.shown, self._own_entry = self._own_entry, None

    def can_undo(self) -> bool:
        return self.room.can_undo(self.seat)

    def set_language(self, lang: str) -> None:
        """Tell the table and the seats' names in `lang`."""
        self.lang = lang
        self.table._given_names = self.names()
        self.table.names = list(self.table._given_names)
        self.table.set_language(lang)

    def undo(self) -> None:
        try:
            self.rooms.refresh(self.room)
            if not self.holds_seat():
                raise RoomError("room.seat_moved", name=self.room.seats[self.seat].name)
            self.rooms.undo(self.room, self.seat)
        except KartenspieleError as error:
            self.catch_up()
            self.table.say(error.message(self.lang), "warn")
            self.table.redraw()
            return
        self.rebuild()

    def step(self) -> bool:
        """Take in new entries and make the move nobody chooses (computer, forced pass)."""
        self.rooms.refresh(self.room)
        self.rooms.automatic_move(self.room, own_seat=self.seat)
        return self.catch_up()


class RoomPage(widgets.VBox):
    """The page of `seat` in `room`: the waiting room until the opener starts, then the table."""

    def __init__(
        self, rooms: Rooms, room: Room, seat: int, lang: str, poll: bool = True, token: str | None = None
    ) -> None:
        super().__init__()
        self.add_class("ks-room")
        self.rooms = rooms
        self.room = room
        self.seat = seat
        self.lang = lang
        self.token = token
        self.controller: RoomController | None = None
        self.header = plain(widgets.HTML)
        self.home = plain(widgets.HTML, own_layout=True)  # the way back while waiting (the table's toolbar has one)
        self.aside = plain(widgets.HBox)  # the start page puts its language switch here
        self.aside.add_class("ks-room-aside")
        self.head = plain(widgets.HBox, [self.header, self.home, self.aside])
        self.head.add_class("ks-room-headrow")
        self.note = plain(widgets.HTML)
        self.note.add_class("ks-room-note")
        self.seat_list = plain(widgets.HTML)
        self.start_button = plain(
            widgets.Button, button_style="success", icon="play", layout=widgets.Layout(width="auto")
        )
        self.start_button.add_class("ks-room-start")
        self.start_button.on_click(lambda _: self.start())
        self.hand_over_box = plain(widgets.HBox)
        self.hand_over_box.add_class("ks-room-handover")
        self.let_in_box = plain(widgets.VBox)
        self.let_in_box.add_class("ks-room-let-in")
        self._requests: list[tuple[int, str]] = []  # (seat, request's hash) this page may answer
        self.waiting = plain(widgets.VBox, [self.seat_list, self.start_button])
        self.waiting.add_class("ks-waiting-room")
        self._last_heartbeat = 0.0
        self._absent: dict[int, float] = {}
        self._store_note = ""
        self._store_full = False  # the note says the store is full: only a write clears it
        self._task: asyncio.Task | None = None
        self.closed = False
        self.language_switch: widgets.Widget | None = None  # the page's own switch (`share_language`)
        self.css = plain(widgets.HTML, ROOM_CSS)
        self._show(self.waiting)
        self.sync()
        if poll:
            self.start_polling()

    # -- what is shown ---------------------------------------------------------------------
    def _show(self, middle: widgets.Widget) -> None:
        """The page: its header, notes and let-in requests, then `middle` (the waiting room or
        the table), then the hand-over."""
        self.children = (style_widget(), self.css, self.head, self.note, self.let_in_box, middle, self.hand_over_box)

    def say(self, message: str, kind: str = "info") -> None:
        self.note.value = f"<div class='ks-say ks-say-{kind}' role='alert'>{escape(message)}</div>" if message else ""

    def store_trouble(self, error: StoreError) -> None:
        """Show the store's message (out of reach, full) until a round with the store works."""
        message = error.message(self.lang)
        self._store_full = isinstance(error, StoreFullError)
        if message != self._store_note:
            self._store_note = message
            self.say(message, "warn")

    def store_back(self, wrote: bool) -> None:
        """A round with the store worked: its message goes (a full store's only after a
        write, since reading works on a full disk too)."""
        if self._store_note and (wrote or not self._store_full):
            self._store_note = ""
            self._store_full = False
            self.say("")
        if self.controller is not None:
            self.controller.clear_store_note(wrote)

    def draw(self) -> None:
        lang, room = self.lang, self.room
        names = seat_display_names(room, lang)
        game = text(f"room.game.{room.game}", lang)
        self.header.value = (
            f"<div class='ks-room-head'><span class='ks-room-code'>{escape(room.code)}</span> "
            f"{escape(text('room.header', lang, game=game, name=names[self.seat]))}</div>"
        )
        self.home.value = "" if room.started else home_link(lang)
        set_shown(self.home, not room.started)
        if room.started:
            if self.controller is None:
                self.controller = RoomController(self.rooms, room, self.seat, lang, self.say, self.token)
                if self.language_switch is not None:
                    self.controller.table.share_language(self.language_switch)
                self._show(self.controller.table)
                self.add_class("ks-app")  # the game fills the window; its toolbar names the room
            self._draw_hand_over(names)
            self._draw_let_in(names)
            return
        rows = "".join(
            f"<li class='ks-seat-{'open' if seat.is_open else 'taken'}'>{escape(names[index])}"
            + (f" <i>{escape(text('room.seat.you', lang))}</i>" if index == self.seat else "")
            + "</li>"
            for index, seat in enumerate(room.seats)
        )
        if self.seat == 0:
            waiting_text = text("room.waiting.opener", lang, code=room.code)
        elif self.leads():
            waiting_text = text("room.waiting.opener_away", lang, name=room.seats[0].name)
        else:
            waiting_text = text("room.waiting.guest", lang, name=room.seats[0].name)
        self.seat_list.value = f"<p>{escape(waiting_text)}</p><ul class='ks-seats'>{rows}</ul>"
        open_seats = sum(seat.is_open for seat in room.seats)
        self.start_button.description = (
            text("room.start.fill", lang, count=open_seats) if open_seats else text("room.start", lang)
        )
        set_shown(self.start_button, self.leads())
        self._draw_let_in(names)

    def share_language(self, switch: widgets.Widget) -> None:
        """The start page's language switch: in the header while waiting, in the table's toolbar
        once the game runs."""
        self.language_switch = switch
        self.aside.children = (switch,)
        if self.controller is not None:
            self.controller.table.share_language(switch)

    def set_language(self, lang: str) -> None:
        """Show the whole page in `lang` in one pass: header and waiting room, then the table."""
        if lang == self.lang:
            return
        self.lang = lang
        self.say("")
        self.draw()
        if self.controller is not None:
            self.controller.set_language(lang)

    def leads(self) -> bool:
        """Whether this page may start and hand over seats (see `Rooms.leads`); decided on the
        absences seen at the last heartbeat."""
        return self.seat == 0 or (
            self.room.seats[self.seat].is_person and self._absent.get(0, 0.0) >= HAND_OVER_SECONDS
        )

    def _draw_hand_over(self, names: list[str]) -> None:
        buttons = []
        if self.leads() and not self.room.over:
            for index, absent in sorted(self._absent.items()):
                if absent >= HAND_OVER_SECONDS and self.room.seats[index].is_person and index != self.seat:
                    button = widgets.Button(
                        description=text("room.hand_over", self.lang, name=names[index]),
                        icon="desktop",
                        layout=widgets.Layout(width="auto"),
                    )
                    button.on_click(lambda _, seat=index: self.hand_over(seat))
                    buttons.append(button)
        if [b.description for b in self.hand_over_box.children] != [b.description for b in buttons]:
            self.hand_over_box.children = tuple(buttons)

    def _draw_let_in(self, names: list[str]) -> None:
        """One line per pupil asking to come back: "Ben will wieder mitspielen." + "Einlassen"."""
        rows = []
        for seat, hashed in self._requests:
            button = widgets.Button(
                description=text("room.let_in.button", self.lang),
                button_style="warning",
                icon="sign-in",
                layout=widgets.Layout(width="auto"),
            )
            button.add_class("ks-let-in")
            button.on_click(lambda _, seat=seat, hashed=hashed: self.let_in(seat, hashed))
            asks = widgets.HTML(escape(text("room.let_in.request", self.lang, name=names[seat])))
            rows.append(widgets.HBox([asks, button], layout=widgets.Layout(align_items="center")))
        shown = [(row.children[0].value, row.children[1].description) for row in self.let_in_box.children]
        if shown != [(row.children[0].value, row.children[1].description) for row in rows]:
            self.let_in_box.children = tuple(rows)

    # -- actions ---------------------------------------------------------------------------
    def _done(self, action: Callable[[], object]) -> bool:
        """Run a room action; a refusal or a store in trouble is shown and nothing changes."""
        try:
            action()
        except StoreError as error:
            self.store_trouble(error)
            return False
        except KartenspieleError as error:
            self.say(error.message(self.lang), "warn")
            return False
        return True

    def start(self) -> None:
        if self._done(lambda: self.rooms.start(self.room, self.seat)):
            self.draw()

    def hand_over(self, seat: int) -> None:
        if self._done(lambda: self.rooms.hand_over(self.room, self.seat, seat)):
            self._absent.pop(seat, None)
            self.sync()

    def let_in(self, seat: int, hashed: str) -> None:
        """ "Einlassen": give `seat` to the page that asked (the kernel checks that this page
        may, and that the request is still the seat's current one)."""
        if not self._done(lambda: self.rooms.let_in(self.room, self.seat, seat, hashed)):
            return
        self._requests = [request for request in self._requests if request[0] != seat]
        self.say(text("room.let_in.done", self.lang, name=self.room.seats[seat].name))
        self.sync()

    def lose_seat(self) -> None:
        """The seat was given to another page: say so, stop keeping up (the kernel refuses
        this page's moves anyway, `RoomController.holds_seat`)."""
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        self.say(text("room.seat_moved", self.lang, name=self.room.seats[self.seat].name))
        self.children = (style_widget(), self.css, self.header, self.note)

    # -- keeping up with the log -------------------------------------------------------------
    def sync(self) -> None:
        """One round: heartbeat now and then, new entries, automatic moves, drawing."""
        try:
            now = time.monotonic()
            beat = now - self._last_heartbeat >= HEARTBEAT_SECONDS
            if beat:
                self._last_heartbeat = now
                self.rooms.heartbeat(self.room, self.seat)
                self._absent = {
                    index: self.rooms.absent_for(self.room, index)
                    for index, seat in enumerate(self.room.seats)
                    if seat.is_person
                }
            changed = self.controller.step() if self.controller is not None else bool(self.rooms.refresh(self.room))
            if self.token and self.room.seats[self.seat].token != token_hash(self.token):
                self.lose_seat()
                return
            if beat:
                self._requests = self.rooms.pending(self.room, self.seat)
            self.store_back(wrote=beat)
            if changed or beat:
                self.draw()
        except StoreError as error:
            self.store_trouble(error)
        except RoomError as error:
            self.say(error.message(self.lang), "warn")

    @property
    def listens(self) -> bool:
        """Whether the store notifies of new entries (Redis pub/sub) instead of being polled."""
        return self.rooms.store.notifies

    def wait(self) -> None:
        """Block until the room's log may have news: listen on the store (Redis) for up to
        `LISTEN_SECONDS`, or sleep `POLL_SECONDS` (SQLite, or the store out of reach)."""
        if self.listens:
            try:
                self.rooms.store.wait(self.room.log, self.room.seq, LISTEN_SECONDS)
                return
            except StoreError:
                pass
        time.sleep(POLL_SECONDS)

    def start_polling(self) -> None:
        """Keep up with the log on the kernel's event loop (none: nothing runs)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._poll())

    async def _poll(self) -> None:
        while not self.closed:
            if self.listens:
                await asyncio.to_thread(self.wait)  # the kernel's loop stays free while listening
            else:
                await asyncio.sleep(POLL_SECONDS)
            if not self.closed:
                self.sync()

    def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        super().close()
