"""Rooms: one game shared by several pages (classmates on their own devices).

A room is a short code, a fixed set-up (the document `room/CODE`: game, players, options,
seed) and a move log (`room/CODE/log`). Everything that happens is a log entry — a pupil
joins, the opener starts, a move, an undo, a seat handed to a computer or taken back — and
the room's state is always the replay of its log. A move is appended only as the next
number and only after the engine accepted it, so two pupils tapping at once cannot both
move. Every page replays the log into its own `Room` and reads only new entries after that.

A seat is claimed by a name; the page that claimed it gets a token (only its hash is
stored). Only the token takes the seat back ("Weiterspielen", a reload): that appends nothing
while the seat is the pupil's (a heartbeat says the page is back), and one "rejoin" entry if
a computer had taken the seat over. A name alone never moves a seat: a pupil who lost the
token asks, and the opener lets them in (`let_in`: a "rejoin" entry with a new token, the
old one stops working). A look-alike of a name (a Cyrillic "А" for the Latin "A",
full-width letters) is that name (`names.name_key`); names with invisible signs are refused.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...bots import LEVELS, make_bot
from ...bots.games import game_info, new_state
from ...core.errors import IllegalMoveError, KartenspieleError
from ...core.events import Event
from ...core.rng import derive_rng, new_seed
from ...core.session import Session, game_module
from ..people.names import hidden_signs, name_key, tidy
from ..people.roles import is_teacher
from ..store.interface import SequenceConflictError, Store
from .code_limit import CodeLimit
from .let_in import LetInNeededError, Request, Requests
from .open_limit import OpenLimit, TooManyRoomsError
from .room_codes import (
    CODE_LENGTH,
    CODE_LETTERS,
    LIFETIME_SECONDS,
    SAVED_LIFETIME_SECONDS,
    SWEEP_BATCH,
    CodeBook,
    legacy_log,
    lifetime_of,
)

__all__ = ["CODE_LENGTH", "CODE_LETTERS", "LIFETIME_SECONDS", "SAVED_LIFETIME_SECONDS", "TooManyRoomsError"]

NAME_MAX = 20
ABSENT_SECONDS = 15.0
"""A seat whose page has not been heard from for this long counts as absent."""
HAND_OVER_SECONDS = 30.0
"""After this long absent, the opener may hand the seat to a computer player."""
OPEN = "open"
PERSON = "person"
COMPUTER_DELAY = 1.0
"""Seconds a computer player waits before its move, so that pupils can follow."""


class RoomError(KartenspieleError):
    """A room cannot do what was asked; the message says why (nothing was changed)."""


class RoomNotFoundError(RoomError):
    """No room has this code."""


class RoomExpiredError(RoomError):
    """The room has not been used for too long."""


class RoomFullError(RoomError):
    """Every seat of the room is taken."""


class NameError_(RoomError, ValueError):
    """A name that is empty, too long, has invisible signs, or is already taken at this table."""


class NotAllowedError(RoomError):
    """Only the opener may start or hand over seats; only the mover may undo, and only in time."""


class MoveRaceError(RoomError):
    """Another move came first; the page shows the new table."""


def normal_code(code: str) -> str:
    """A typed code in its stored form: capitals, without spaces and dashes."""
    return "".join(code.split()).replace("-", "").upper()


def normal_name(name: str) -> str:
    """A chosen name in NFKC with its spaces tidied; an empty or too long name, or one with a
    sign nobody can see (such as U+202E that turns the text around), raises `NameError_`."""
    tidied = tidy(name)
    if not tidied:
        raise NameError_("room.name_empty")
    if hidden_signs(tidied):
        raise NameError_("room.name_hidden")
    if len(tidied) > NAME_MAX:
        raise NameError_("room.name_too_long", count=NAME_MAX)
    return tidied


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatState:
    """One seat: "open" (waiting for a classmate), "person" (a pupil's name) or a computer level."""

    kind: str = OPEN
    name: str = ""
    token: str = ""  # hash of the claiming page's token
    level: str = ""  # the computer level that takes the seat if it is handed over
    since: float = 0.0  # when a page last claimed the seat (join or rejoin)
    member: str = ""  # the `classes.member_id` of a class's pupil who took it: the dashboard finds rooms by it

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    @property
    def is_open(self) -> bool:
        return self.kind == OPEN

    @property
    def is_computer(self) -> bool:
        return self.kind not in (OPEN, PERSON)


@dataclass
class Room:
    """A room as replayed from its log: set-up, seats, whether it started, and the game."""

    code: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    created: float
    seats: list[SeatState]
    seq: int = 0
    hot_seat: bool = False  # several people at one screen (saved with `Rooms.record`)
    log_name: str = ""  # the room's own log (empty: `room/CODE/log`, a room from before)
    lifetime: float = LIFETIME_SECONDS  # untouched this long, the room is expired
    started: bool = False
    last_at: float = 0.0
    session: Session | None = None
    movers: list[tuple[int, bool]] = field(default_factory=list)  # (seat, chosen by a person) per live move
    entries: list[dict[str, Any]] = field(default_factory=list)  # the log as read, entry n at index n - 1

    @property
    def log(self) -> str:
        return self.log_name or legacy_log(self.code)

    @property
    def state(self) -> Any:
        if self.session is None:
            raise RoomError("room.not_started")
        return self.session.state

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.state.is_terminal()

    def initial_state(self) -> Any:
        return new_state(self.game, self.players, self.seed, self.options, simulation=False)

    def seat_of_name(self, name: str) -> int | None:
        """The seat claimed under this name or a look-alike of it (`names.name_key`)."""
        wanted = name_key(name)
        for index, seat in enumerate(self.seats):
            if seat.name and name_key(seat.name) == wanted:
                return index
        return None

    def apply(self, seq: int, entry: Mapping[str, Any]) -> None:
        """Take one log entry into the room (entries come in order)."""
        if seq != self.seq + 1:
            raise RoomError("room.log_gap", code=self.code, seq=seq)
        kind = entry["type"]
        seat = entry.get("seat")
        if kind == "join":
            level, at = self.seats[seat].level, float(entry.get("at", 0.0))
            self.seats[seat] = SeatState(PERSON, entry["name"], entry["token"], level, at, str(entry.get("member", "")))
        elif kind == "rejoin":
            self.seats[seat].kind, self.seats[seat].token = PERSON, entry["token"]
            self.seats[seat].since = float(entry.get("at", 0.0))
        elif kind == "start":
            for state in self.seats:
                if state.is_open:
                    state.kind = entry["fill"]
            self.started = True
            self.session = Session(self.initial_state())
        elif kind == "computer":
            self.seats[seat].kind = entry["level"]
        elif kind == "move":
            move = game_module(self.game).Move.from_json(entry["move"])
            self.state_session.apply(move)
            self.movers.append((seat, bool(entry.get("decision"))))
        elif kind == "undo":
            self.state_session.undo()
            self.movers.pop()
        self.entries.append(dict(entry))
        self.seq = seq
        self.last_at = float(entry.get("at", self.last_at))

    @property
    def state_session(self) -> Session:
        if self.session is None:
            raise RoomError("room.not_started")
        return self.session

    def can_undo(self, seat: int) -> bool:
        """Only the seat that chose the last move, and only before anyone moved after it."""
        return self.session is not None and not self.over and bool(self.movers) and self.movers[-1] == (seat, True)

    def waiting_for(self) -> int | None:
        """The seat to move, or None before the start and after the end."""
        if self.session is None or self.over:
            return None
        return self.state.to_move


class Rooms:
    """Open, join, start and play rooms kept in a `Store`. `limit` counts the rooms opened
    and `guesses` the wrong codes typed (a lobby gives its page's; none: no limit)."""

    def __init__(
        self, store: Store, clock=time.time, limit: OpenLimit | None = None, guesses: CodeLimit | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.limit = limit
        self.guesses = guesses
        self.codes = CodeBook(store, lambda: self.clock())
        self.requests = Requests(store, lambda: self.clock(), token_hash)

    # -- opening and loading ----------------------------------------------------------------
    def open(
        self,
        game: str,
        players: int,
        seats: Sequence[str],
        name: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        fill: str | None = None,
        member: str = "",
    ) -> tuple[Room, int, str]:
        """A new room; the opener sits at seat 0 under `name` (and `member`). `seats` gives the
        kind of seats 1…: "open" (for a classmate) or a computer level. Returns (room, 0, token)."""
        info = game_info(game)
        name = normal_name(name)
        low, high = info.players
        if not low <= players <= high or len(seats) != players - 1:
            raise RoomError("room.bad_players", low=low, high=high)
        for kind in seats:
            if kind != OPEN and kind not in LEVELS[game]:
                raise RoomError("room.bad_seat", kind=kind)
        seed = new_seed() if seed is None else seed
        new_state(game, players, seed, options, simulation=False)  # bad options raise here
        if self.limit is not None:
            self.limit.check()
        code = self._new_code(
            {
                "game": game,
                "players": players,
                "seed": seed,
                "options": dict(options or {}),
                "created": self.clock(),
                "seats": [OPEN, *seats],
                "fill": fill or default_level(game),
            }
        )
        if self.limit is not None:
            self.limit.count()
        room = self.load(code)
        token = self._claim(room, 0, name, "join", member=member)
        return room, 0, token

    def record(
        self, game: str, players: int, seed: int, options: Mapping[str, Any], seats: Sequence[tuple[str, str]]
    ) -> tuple[Room, int, str]:
        """A game played on one page (alone against the computer, or several people at one
        screen), saved as a started room so that it can be continued elsewhere. `seats` holds
        (kind, name), at least one "person"; every person's seat is claimed with one token.
        Returns (room, the first person's seat, token)."""
        people = [index for index, (kind, _) in enumerate(seats) if kind == PERSON]
        if not people:
            raise RoomError("room.bad_players", low=1, high=players)
        names = {seat: normal_name(seats[seat][1]) for seat in people}
        kinds = [OPEN if kind == PERSON else kind for kind, _ in seats]
        fill = default_level(game)
        code = self._new_code(
            {
                "game": game,
                "players": players,
                "seed": seed,
                "options": dict(options),
                "created": self.clock(),
                "seats": kinds,
                "fill": fill,
                "solo": True,
                "hot_seat": len(people) > 1,
            }
        )
        room = self.load(code)
        token = secrets.token_urlsafe(16)
        for seat in people:
            self._claim(room, seat, names[seat], "join", token)
        self._append(room, {"type": "start", "fill": fill})
        return room, people[0], token

    def record_undo(self, room: Room) -> None:
        """Take back the last move of a game saved with `record` (its page decides what may
        be undone)."""
        if not room.movers:
            raise NotAllowedError("room.undo_not_allowed")
        self._append(room, {"type": "undo", "seat": room.movers[-1][0]})

    def _new_code(self, document: dict[str, Any]) -> str:
        """A free code (one of an expired room is taken over; see `room_codes`)."""
        code = self.codes.new_code(document)
        if code is None:
            raise RoomError("room.no_code")
        return code

    def sweep(self, now: float | None = None, batch: int = SWEEP_BATCH) -> list[str]:
        """Delete the expired rooms among the next `batch` (see `CodeBook.sweep`); returns
        their codes."""
        return self.codes.sweep(self.clock() if now is None else now, batch)

    def load(self, code: str) -> Room:
        """The room with this code, replayed from its log."""
        code = normal_code(code)
        document = self.store.get(f"room/{code}") if code else None
        if document is None:
            raise RoomNotFoundError("room.unknown", code=code)
        data = document.value
        if "deleted" in data:  # being deleted by a sweep
            raise RoomExpiredError("room.expired", code=code)
        room = Room(
            code,
            data["game"],
            data["players"],
            data["seed"],
            data["options"],
            data["created"],
            [SeatState(OPEN if kind == OPEN else kind, level=data["fill"]) for kind in data["seats"]],
        )
        room.last_at = data["created"]
        room.hot_seat = bool(data.get("hot_seat"))
        room.log_name = str(data.get("log", ""))
        room.lifetime = lifetime_of(data)
        self.refresh(room)
        if self.clock() - room.last_at > room.lifetime:
            raise RoomExpiredError("room.expired", code=code)
        return room

    def refresh(self, room: Room) -> list[tuple[int, dict]]:
        """Take in the entries appended since the room was last read; returns them. A room
        untouched for its lifetime raises `RoomExpiredError` (it may be deleted by now)."""
        entries = self.store.read(room.log, since=room.seq)
        for seq, entry in entries:
            room.apply(seq, entry)
        if not entries and self.clock() - room.last_at > room.lifetime:
            raise RoomExpiredError("room.expired", code=room.code)
        return entries

    def _append(self, room: Room, entry: dict) -> None:
        """Append `entry` as the room's next number and take it in; a race raises `MoveRaceError`
        after the room has been brought up to date."""
        entry = {**entry, "at": self.clock()}
        try:
            self.store.append(room.log, room.seq + 1, entry)
        except SequenceConflictError:
            self.refresh(room)
            raise MoveRaceError("room.race") from None
        room.apply(room.seq + 1, entry)

    # -- seats ------------------------------------------------------------------------------
    def _claim(self, room: Room, seat: int, name: str, kind: str, token: str | None = None, member: str = "") -> str:
        token = token or secrets.token_urlsafe(16)
        entry: dict[str, Any] = {"type": kind, "seat": seat, "token": token_hash(token)}
        if kind == "join":
            entry["name"] = name
            if member:
                entry["member"] = member
        self._append(room, entry)
        return token

    def join(self, code: str, name: str, token: str | None = None, member: str = "") -> tuple[Room, int, str]:
        """Sit down in room `code` as `name` (and `member`), or come back to one's seat; returns
        (room, seat, token). A page's `token` takes its seat back at once; a new name takes
        the first open seat before the start. A seat's name raises `LetInNeededError` (ask the
        opener), before the start `NameError_` while the seat's page is open. A code that
        names no room counts against `guesses`."""
        if self.guesses is not None:
            self.guesses.check()
        try:
            room = self.load(code)
        except RoomNotFoundError:
            if self.guesses is not None:
                self.guesses.count()
            raise
        name = normal_name(name)
        for _ in range(20):
            try:
                return self._join_once(room, name, token, member)
            except MoveRaceError:
                continue
        raise MoveRaceError("room.race")

    def _join_once(self, room: Room, name: str, token: str | None, member: str) -> tuple[Room, int, str]:
        seat = self.seat_by_token(room, token) if token else None
        if seat is not None and token:
            if room.seats[seat].is_person:
                self.heartbeat(room, seat)  # the seat is already this token's: no entry
            else:  # a computer took the seat over meanwhile
                self._claim(room, seat, room.seats[seat].name, "rejoin", token)
            return room, seat, token
        seat = room.seat_of_name(name)
        if seat is not None:
            if not room.started and self.present(room, seat):  # most likely a second "Ben"
                raise NameError_("room.name_taken", name=name)
            raise LetInNeededError("room.ask", room, seat, name=room.seats[seat].name)
        if room.started:
            raise RoomFullError("room.started", code=room.code)
        free = [index for index, state in enumerate(room.seats) if state.is_open]
        if not free:
            raise RoomFullError("room.full", code=room.code)
        return room, free[0], self._claim(room, free[0], name, "join", member=member)

    @staticmethod
    def seat_by_token(room: Room, token: str | None) -> int | None:
        if not token:
            return None
        hashed = token_hash(token)
        for index, seat in enumerate(room.seats):
            if seat.token == hashed:
                return index
        return None

    # -- coming back without the token (see `let_in`) -----------------------------------------
    def ask(self, room: Room, seat: int, token: str | None = None) -> Request:
        """The page of a pupil who lost the token asks to come back to `seat` (again with its
        `token`, to renew the request)."""
        return self.requests.ask(room.code, room.log, seat, token)

    def pending(self, room: Room, seat: int | None) -> list[tuple[int, str]]:
        """The requests the page of `seat` (None: the teacher's) may answer: (seat, hash)."""
        if seat is not None and not self.leads(room, seat):
            return []
        return self.requests.pending(room.code, room.log, [s.token if s.name else None for s in room.seats], seat)

    def let_in(self, room: Room, by: int | None, seat: int, hashed: str) -> None:
        """The page of `by` (the opener, or who stands in for an absent opener; None: the
        teacher's dashboard) hands `seat` to the page whose current request has the hash
        `hashed`: a "rejoin" entry with it."""
        self.refresh(room)
        if not (self.leads(room, by) if by is not None else is_teacher()):
            raise NotAllowedError("room.only_opener")
        if not 0 <= seat < len(room.seats) or seat == by or not room.seats[seat].name:
            raise NotAllowedError("room.not_a_pupil")
        if room.seats[seat].is_person and room.seats[seat].token == hashed:
            return  # let in already (a second tap, another page of the opener)
        if self.requests.current(room.code, room.log, seat) != hashed:
            raise NotAllowedError("room.request_gone", name=room.seats[seat].name)
        self._append(room, {"type": "rejoin", "seat": seat, "token": hashed, "by": by})
        self.requests.clear(room.code, seat)

    def admitted(self, room: Room, request: Request) -> bool:
        """Whether the asking page has been let in (its token now holds the seat)."""
        self.refresh(room)
        return room.seats[request.seat].is_person and room.seats[request.seat].token == request.hashed

    def heartbeat(self, room: Room, seat: int) -> None:
        """Say that the page of `seat` is open (pages call this every few seconds)."""
        self.store.put(f"room/{room.code}/seen/{seat}", {"at": self.clock(), "log": room.log})

    def last_seen(self, room: Room, seat: int) -> float:
        """When the seat's page was last heard from (a page of a deleted room with this code
        does not count)."""
        document = self.store.get(f"room/{room.code}/seen/{seat}")
        if document is None or document.value.get("log", legacy_log(room.code)) != room.log:
            return 0.0
        return float(document.value["at"])

    def present(self, room: Room, seat: int) -> bool:
        return self.absent_for(room, seat) < ABSENT_SECONDS

    def absent_for(self, room: Room, seat: int) -> float:
        """Seconds since the seat's page was last heard from (or claimed the seat)."""
        return self.clock() - max(self.last_seen(room, seat), room.seats[seat].since)

    def leads(self, room: Room, seat: int) -> bool:
        """Whether `seat` may start the game and hand over seats: the opener, or any pupil
        once the opener has been absent for `HAND_OVER_SECONDS` (so a room is never stuck)."""
        if seat == 0:
            return True
        return room.seats[seat].is_person and self.absent_for(room, 0) >= HAND_OVER_SECONDS

    def start(self, room: Room, seat: int) -> None:
        """The opener (or a pupil standing in for an absent opener) starts the game; open
        seats become computer players."""
        self.refresh(room)
        if not self.leads(room, seat):
            raise NotAllowedError("room.only_opener")
        if room.started:
            return
        fill = self.store.get(f"room/{room.code}").value["fill"]
        self._append(room, {"type": "start", "fill": fill})

    def hand_over(self, room: Room, by: int, seat: int, level: str | None = None) -> None:
        """The opener (or who stands in for an absent opener) gives an absent pupil's seat to
        a computer player (the pupil can come back)."""
        self.refresh(room)
        if not self.leads(room, by):
            raise NotAllowedError("room.only_opener")
        if not room.seats[seat].is_person or seat == by:
            raise NotAllowedError("room.not_a_pupil")
        if self.absent_for(room, seat) < HAND_OVER_SECONDS:
            raise NotAllowedError("room.not_absent_long", name=room.seats[seat].name, count=int(HAND_OVER_SECONDS))
        self._append(room, {"type": "computer", "seat": seat, "level": level or room.seats[seat].level})

    # -- playing ----------------------------------------------------------------------------
    def move(self, room: Room, seat: int, move: Any, decision: bool = True) -> list[Event]:
        """Make `seat`'s move: checked by the engine, then appended as the next number.
        Illegal moves raise the engine's error; a race raises `MoveRaceError`."""
        state = room.state
        if state.is_terminal():
            raise IllegalMoveError("illegal.game_over")
        if state.to_move != seat:
            raise MoveRaceError("room.not_your_turn")
        state.clone().apply(move)  # the engine's word: an illegal move raises, nothing is written
        self._append(room, {"type": "move", "seat": seat, "move": move.to_json(), "decision": decision})
        return room.state_session.events[-1]

    def undo(self, room: Room, seat: int) -> None:
        """Take back `seat`'s last move, if nobody has moved since."""
        self.refresh(room)
        if not room.can_undo(seat):
            raise NotAllowedError("room.undo_not_allowed")
        self._append(room, {"type": "undo", "seat": seat})

    def automatic_move(self, room: Room, own_seat: int | None = None, delay: float = COMPUTER_DELAY) -> bool:
        """Make the move nobody has to choose: a computer player's (after `delay` seconds since
        the last entry) or a forced pass of `own_seat`. Every page may call this; the moves
        are the same on every page (seeded by the log number), and a race changes nothing."""
        seat = room.waiting_for()
        if seat is None:
            return False
        state = room.state
        if room.seats[seat].is_computer:
            if self.clock() - room.last_at < delay:
                return False
            rng = derive_rng(room.seed, "room", "computer", room.seq)
            move = make_bot(room.game, room.seats[seat].kind).choose(state.view(seat), rng)
            decision = False
        elif seat == own_seat:
            moves = state.legal_moves()
            if len(moves) != 1 or moves[0].kind != "pass":
                return False
            move, decision = moves[0], False
        else:
            return False
        try:
            self.move(room, seat, move, decision)
        except MoveRaceError:
            return False
        return True

    # -- listing ------------------------------------------------------------------------------
    def summary(self, code: str) -> dict[str, Any] | None:
        """Game, seats' names and whether it is over — for the "Weiterspielen" list (None if gone)."""
        try:
            room = self.load(code)
        except RoomError:
            return None
        return {
            "code": room.code,
            "game": room.game,
            "names": [seat.name for seat in room.seats],
            "started": room.started,
            "over": room.over,
        }


def default_level(game: str) -> str:
    """The computer level that fills empty seats: the middle one."""
    levels = list(LEVELS[game])
    return levels[(len(levels) - 1) // 2]
