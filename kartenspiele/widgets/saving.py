"""Every game on a game page is saved after every move, so that "Weiterspielen" on the start
page can continue it after a reload or a lost kernel.

`saved(QuantoTable())` shows the table together with the browser's memory of its games. A
game with one person at the table is kept in the store like a room (`Rooms.record`): each
move the table makes is appended to its log, each undo too. Games of several people at one
screen are not saved (their seats cannot be told apart on another page).
"""

from __future__ import annotations

import ipywidgets as widgets

from ..classroom.rooms import Room, Rooms
from ..classroom.store import Store, open_store
from ..core.errors import KartenspieleError
from ..core.session import Session
from .memory import BrowserMemory
from .table import GameTable


class SaveRecorder:
    """Keeps the store's copy of `table`'s game in step after every redraw of the table."""

    def __init__(self, table: GameTable, rooms: Rooms, memory: BrowserMemory) -> None:
        self.table = table
        self.rooms = rooms
        self.memory = memory
        self.session: Session | None = None
        self.room: Room | None = None
        self.error = ""
        table.tick.observe(lambda _: self.save(), "value")
        self.save()

    def save(self) -> None:
        """Bring the saved game up to the table's; a store error is remembered and tried again."""
        table = self.table
        if table.session is None or len(table.people) != 1:
            return
        try:
            room = self.room if table.session is self.session and self.room is not None else self._begin()
            moves = table.session.moves
            while len(room.state_session.moves) > len(moves) or room.state_session.moves != moves[:len(
                    room.state_session.moves)]:
                self.rooms.record_undo(room)
            for index in range(len(room.state_session.moves), len(moves)):
                seat = table.actors[index]
                self.rooms.move(room, seat, moves[index], decision=table.decisions[index])
            self.error = ""
        except KartenspieleError as error:
            self.error = error.message(table.lang)
            self.session = None  # start over with a fresh copy when the store is back

    def _begin(self) -> Room:
        table = self.table
        assert table.session is not None
        state = table.session.initial
        config = table.config
        options = config.options if config is not None else {}
        seats = [("person" if seat.is_person else seat.kind, table.names[index])
                 for index, seat in enumerate(table.seats)]
        self.room, seat, token = self.rooms.record(table.game, state.players, state.seed, options, seats)
        self.session = table.session
        self.memory.remember(self.room.code, token, table.game, table.names[seat])
        return self.room


def saved(table: GameTable, store: Store | None = None) -> widgets.VBox:
    """`table` with its games saved after every move (nothing is saved if the store cannot be
    opened; the table plays on)."""
    memory = BrowserMemory()
    box = widgets.VBox([memory, table])
    try:
        box.recorder = SaveRecorder(table, Rooms(store or open_store()), memory)
    except KartenspieleError:
        box.recorder = None
    return box
