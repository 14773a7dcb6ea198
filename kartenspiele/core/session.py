"""A game being played: its history, undo, replay, and save files in JSON.

A session holds the initial state and the moves since; the current state is the result.
Every `CHECKPOINT_EVERY` moves it keeps a copy of the state (a checkpoint): undo rebuilds
the previous state by replaying at most that many moves from the nearest checkpoint, so
memory grows by one small move record per move, not by a whole state.

A save file (format version 2, see `docs/save-files.md`) is JSON with a format name and
version, the game, its origin ("deal": the initial state is exactly the deal its seed
gives; "scenario": a position set up by hand), the initial state, the moves and the final
state, so that a changed or damaged file is found out: every move must be legal again and
lead to exactly the saved position. Files are limited in size, number of moves and nesting.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import KartenspieleError, Phrase, SaveFileError
from .events import Event

FORMAT = "kartenspiele-save"
VERSION = 2
READABLE_VERSIONS = (1, 2)
ORIGINS = ("deal", "scenario")
GAMES: dict[str, str] = {
    "quanto": "kartenspiele.quanto",
    "tausch_rausch": "kartenspiele.tausch_rausch",
}
CHECKPOINT_EVERY = 32
MAX_BYTES = 32 * 2**20
"""The largest save file read (a whole real game takes less than 200 kB)."""
MAX_MOVES = 200_000
MAX_DEPTH = 20
"""The deepest nesting of lists and objects outside the moves (a custom task deck needs ~8)."""


def game_module(name: object) -> ModuleType:
    """The module of a game by its name in save files ("quanto", "tausch_rausch")."""
    if not isinstance(name, str) or name not in GAMES:
        raise SaveFileError("save.unknown_game", game=name, known=", ".join(GAMES))
    return import_module(GAMES[name])


def origin_of(state: Any) -> str:
    """ "deal" if `state` is exactly the deal that its seed gives, else "scenario"."""
    dealt = type(state).new(state.players, state.seed, state.options)
    return "deal" if dealt == state else "scenario"


class Session:
    """History, undo, replay and saving around one game state.

    `state_type` must offer `new`, `apply`, `clone`, `to_dict`, `from_dict` and
    `legal_moves`; its module must name its move type `Move` (with `to_json`/`from_json`).
    """

    def __init__(self, state: Any, origin: str | None = None) -> None:
        self.initial = state.clone()
        self.state = state.clone()
        self.origin = origin if origin is not None else origin_of(state)
        self.moves: list[Any] = []
        self.events: list[list[Event]] = []
        self._checkpoints: list[Any] = [self.initial]  # the state after k · CHECKPOINT_EVERY moves
        self.listeners: list[Callable[[Any, list[Event]], None]] = []

    @property
    def game(self) -> str:
        return str(self.state.game)

    def legal_moves(self) -> list[Any]:
        return list(self.state.legal_moves())

    def apply(self, move: Any) -> list[Event]:
        """Apply a move to the current state and record it; illegal moves change nothing."""
        events = self._record(move)
        for listener in self.listeners:
            listener(move, events)
        return events

    def _record(self, move: Any) -> list[Event]:
        events: list[Event] = self.state.apply(move)
        self.moves.append(move)
        self.events.append(events)
        if len(self.moves) % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(self.state.clone())
        return events

    def undo(self) -> Any:
        """Take back the last move; returns it. Nothing to undo raises `KartenspieleError`."""
        if not self.moves:
            raise KartenspieleError("session.nothing_to_undo")
        move = self.moves.pop()
        self.events.pop()
        made = len(self.moves)
        del self._checkpoints[made // CHECKPOINT_EVERY + 1 :]
        state = self._checkpoints[-1].clone()
        for earlier in self.moves[made - made % CHECKPOINT_EVERY :]:
            state.apply(earlier)
        self.state = state
        return move

    def replay(self) -> Any:
        """The current state rebuilt from the initial state and the moves."""
        state = self.initial.clone()
        for move in self.moves:
            state.apply(move)
        return state

    # -- JSON ----------------------------------------------------------------------------
    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "origin": self.origin,
            "initial": self.initial.to_dict(),
            "moves": [move.to_json() for move in self.moves],
            "state": self.state.to_dict(),
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_json(cls, text: str | bytes) -> Session:
        """A session from save-file text (or UTF-8 bytes); anything wrong raises `SaveFileError`."""
        data = _parse(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveFileError("save.foreign")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version not in READABLE_VERSIONS:
            raise SaveFileError("save.version", version=version, supported=VERSION)
        module = game_module(data.get("game"))
        for key in ("initial", "moves", "state"):
            if key not in data:
                raise _corrupt("save.reason.missing", names=key)
        moves = data["moves"]
        if not isinstance(moves, list):
            raise _corrupt("save.reason.not_list", name="moves")
        if len(moves) > MAX_MOVES:
            raise SaveFileError("save.too_many_moves", count=len(moves), limit=MAX_MOVES)
        for key in ("initial", "state"):
            if _depth(data[key]) > MAX_DEPTH:
                raise SaveFileError("save.too_deep", limit=MAX_DEPTH)
        state_type = module.STATE_TYPE
        initial = state_type.from_dict(data["initial"])
        origin = _origin(data, version, initial)
        if initial.is_terminal():
            raise _corrupt("save.reason.over_at_start")
        session = cls(initial, origin)
        for number, raw in enumerate(moves, start=1):
            try:
                session._record(module.Move.from_json(raw))
            except KartenspieleError as error:
                raise SaveFileError("save.corrupt_moves", number=number, reason=error) from error
        if session.state != state_type.from_dict(data["state"]):
            raise SaveFileError("save.mismatch")
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """The session saved in the file `path`; anything wrong raises `SaveFileError`."""
        where = Path(path)
        try:
            if where.is_file() and where.stat().st_size > MAX_BYTES:
                raise SaveFileError("save.too_large", limit=MAX_BYTES // 2**20)
            raw = where.read_bytes()
        except FileNotFoundError as error:
            raise SaveFileError("save.no_file", path=str(path)) from error
        except IsADirectoryError as error:
            raise SaveFileError("save.is_folder", path=str(path)) from error
        except OSError as error:
            raise SaveFileError("save.unreadable", path=str(path)) from error
        return cls.from_json(raw)


def _corrupt(key: str, **params: object) -> SaveFileError:
    return SaveFileError("save.corrupt_state", reason=Phrase(key, **params))


def _parse(text: object) -> Any:
    """The JSON data of save-file text or UTF-8 bytes (a byte-order mark is allowed)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise SaveFileError("save.too_large", limit=MAX_BYTES // 2**20)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise SaveFileError("save.not_utf8") from error
    if not isinstance(text, str):
        raise SaveFileError("save.not_text", value=text)
    if len(text) > MAX_BYTES:
        raise SaveFileError("save.too_large", limit=MAX_BYTES // 2**20)
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError("save.not_json", line=error.lineno, column=error.colno) from error
    except RecursionError as error:
        raise SaveFileError("save.too_deep", limit=MAX_DEPTH) from error
    except ValueError as error:  # an integer of more than 4,300 digits
        raise SaveFileError("save.huge_number") from error


def _depth(value: object) -> int:
    """How deeply lists and objects nest in `value` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _origin(data: dict[str, Any], version: int, initial: Any) -> str:
    """The origin the file claims, checked: a deal must be the one its seed gives. A version-1
    file does not say; it loads only if it starts from the deal of its seed."""
    claimed = data.get("origin", "deal" if version == 1 else None)
    if claimed not in ORIGINS:
        raise SaveFileError("save.origin", origin=claimed)
    if claimed == "deal" and origin_of(initial) != "deal":
        if version == 1:
            raise SaveFileError("save.old_scenario")
        raise SaveFileError("save.not_the_deal", seed=initial.seed)
    return str(claimed)
