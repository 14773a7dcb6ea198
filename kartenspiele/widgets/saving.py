"""Every game on a game page is saved after every move, so that "Weiterspielen" on the start
page can continue it after a reload or a lost kernel.

`saved(QuantoTable())` shows the table together with the browser's memory of its games. A
game with at least one person at the table — alone against the computer, or several people
at one screen (hot seat) — is kept in the store like a room (`Rooms.record`): each move the
table makes is appended to its log, each undo too. A game alone continues as a room page of
its one seat; a hot-seat game continues as the same hot-seat table (`resumed_game`), with
the curtain before the next person's hand.

When the store cannot take a move (out of reach, or full), the table plays on and says so
under the board; the next save that works takes the message away again.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.rooms.rooms import Room, Rooms
from ..classroom.store.interface import Store
from ..classroom.store.opening import open_store
from ..core.errors import KartenspieleError
from ..core.session import Session
from ..lite import in_browser
from .class_screen import class_screen
from .memory import BrowserMemory
from .next_level import LevelCoach
from .quanto_table import QuantoTable
from .seats import PERSON, Seat
from .setup import GameConfig
from .table import GameTable
from .tausch_rausch_table import TauschRauschTable

TABLES: dict[str, type[GameTable]] = {"quanto": QuantoTable, "tausch_rausch": TauschRauschTable}


class SaveRecorder:
    """Keeps the store's copy of `table`'s game in step after every redraw of the table
    (`room`: the saved game the table already plays, when it was continued)."""

    def __init__(self, table: GameTable, rooms: Rooms, memory: BrowserMemory, room: Room | None = None) -> None:
        self.table = table
        self.rooms = rooms
        self.memory = memory
        self.session: Session | None = table.session if room is not None else None
        self.room: Room | None = room
        self.error = ""
        table.tick.observe(lambda _: self.save(), "value")
        self.save()

    def save(self) -> None:
        """Bring the saved game up to the table's; a store error is remembered and tried again."""
        table = self.table
        if table.session is None or not table.people:
            return
        try:
            room = self.room if table.session is self.session and self.room is not None else self._begin()
            moves = table.session.moves
            while (
                len(room.state_session.moves) > len(moves)
                or room.state_session.moves != moves[: len(room.state_session.moves)]
            ):
                self.rooms.record_undo(room)
            for index in range(len(room.state_session.moves), len(moves)):
                seat = table.actors[index]
                self.rooms.move(room, seat, moves[index], decision=table.decisions[index])
            self._show("")
        except KartenspieleError as error:
            self._show(error.message(table.lang))
            self.session = None  # start over with a fresh copy when the store is back

    def _show(self, error: str) -> None:
        """Show the store's message under the board, or take it away (if it is still there:
        a newer message of the table stays). Called while the table draws: no redraw here."""
        table = self.table
        if error:
            table.say(error, "warn")
        elif self.error and escape(self.error) in table.message_html:
            table.say("")
        self.error = error
        table._set(table.message, table.message_html, keep=True)

    def _begin(self) -> Room:
        table = self.table
        assert table.session is not None
        state = table.session.initial
        config = table.config
        options = config.options if config is not None else {}
        seats = [
            ("person" if seat.is_person else seat.kind, table.names[index]) for index, seat in enumerate(table.seats)
        ]
        self.room, seat, token = self.rooms.record(table.game, state.players, state.seed, options, seats)
        self.session = table.session
        self.memory.remember(self.room.code, token, table.game, table.names[seat])
        return self.room


class SavedGame(widgets.VBox):
    """A game table whose games are saved (`recorder` is None when the store cannot be used)."""

    def __init__(self, table: GameTable, recorder: SaveRecorder | None, children: tuple) -> None:
        super().__init__(children)
        self.table = table
        self.recorder = recorder

    def set_language(self, lang: str) -> None:
        self.table.set_language(lang)

    def share_language(self, switch: widgets.Widget) -> None:
        """The start page's language switch, in the table's toolbar."""
        self.table.share_language(switch)

    def close(self) -> None:
        """Close the page: no computer move is made on it any more."""
        self.table._cancel_pending()
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.table.page_arrived()
        return super()._repr_mimebundle_(**kwargs)


def saved(table: GameTable, store: Store | None = None, memory: BrowserMemory | None = None) -> SavedGame:
    """`table` with its games saved after every move (nothing is saved if the store cannot be
    opened; the table plays on). In the browser build the browser keeps them (`BrowserMemory.store`).
    `memory`: the browser's memory of games, when the page around the table has one already
    (the in-browser site's app shows it; the table then does not). The memory also gives the
    table the child's name and the computer's level that follows the child (`next_level.LevelCoach`)."""
    own = memory is None
    memory = BrowserMemory() if memory is None else memory
    memory.observe(lambda _: table.set_child_name(memory.name), "loaded")
    if memory.loaded:  # the site's memory arrived before this table
        table.set_child_name(memory.name)
    LevelCoach(table, memory)
    try:
        opened = store or (memory.store() if in_browser() else open_store())
        recorder: SaveRecorder | None = SaveRecorder(table, Rooms(opened), memory)
    except KartenspieleError:
        recorder = None
    return SavedGame(table, recorder, ((memory,) if own else ()) + (class_screen(), table))


def resumed_game(rooms: Rooms, room: Room, lang: str, memory: BrowserMemory) -> SavedGame:
    """A saved hot-seat game on a new page: the table replays the room's moves and goes on
    saving to the same room (the computer players go on as before)."""
    seats = tuple(Seat(PERSON, state.name) if state.is_person else Seat(state.kind) for state in room.seats)
    table = TABLES[room.game](lang=lang, players=room.players, speed="normal")
    table.config = GameConfig(room.players, seats, room.seed, dict(room.options))
    table.step.value = True  # no computer move until the saved ones are replayed
    table.load(room.initial_state(), seats)
    assert table.session is not None
    done = len(table.session.moves)  # a forced first move the table made itself, as saved
    for (_, decision), move in list(zip(room.movers, room.state_session.moves))[done:]:
        table._apply(move, decision=decision)
    recorder = SaveRecorder(table, rooms, memory, room)
    table.step.value = False  # the computer players go on at their pace
    table.redraw()
    return SavedGame(table, recorder, (table,))
