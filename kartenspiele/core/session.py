"""A game being played: its history, undo, replay, and save files in JSON.

A session holds the initial state and the moves since; the current state is the result.
Undo steps back one move (from a snapshot, so it is cheap); replay rebuilds the state from
the initial one and the moves. A save file is JSON with a format name and version, the
initial state, the moves and the final state, so that a changed or damaged file is found
out: every move must be legal again and lead to exactly the saved position.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from .errors import KartenspieleError, SaveFileError
from .events import Event

FORMAT = "kartenspiele-save"
VERSION = 1
GAMES: dict[str, str] = {
    "quanto": "kartenspiele.quanto",
    "tausch_rausch": "kartenspiele.tausch_rausch",
}


def game_module(name: str):
    """The module of a game by its name in save files ("quanto", "tausch_rausch")."""
    if name not in GAMES:
        raise SaveFileError("save.unknown_game", game=name, known=", ".join(GAMES))
    return import_module(GAMES[name])


class Session:
    """History, undo, replay and saving around one game state.

    `state_type` must offer `apply`, `clone`, `to_dict`, `from_dict` and `legal_moves`; its
    module must name its move type `Move` (with `to_json`/`from_json`).
    """

    def __init__(self, state: Any) -> None:
        self.initial = state.clone()
        self.state = state.clone()
        self.moves: list[Any] = []
        self.events: list[list[Event]] = []
        self._snapshots: list[Any] = []
        self.listeners: list[Callable[[Any, list[Event]], None]] = []

    @property
    def game(self) -> str:
        return self.state.game

    def legal_moves(self) -> list[Any]:
        return self.state.legal_moves()

    def apply(self, move: Any) -> list[Event]:
        """Apply a move to the current state and record it; illegal moves change nothing."""
        before = self.state.clone()
        events = self.state.apply(move)
        self._snapshots.append(before)
        self.moves.append(move)
        self.events.append(events)
        for listener in self.listeners:
            listener(move, events)
        return events

    def undo(self) -> Any:
        """Take back the last move; returns it. Nothing to undo raises `KartenspieleError`."""
        if not self.moves:
            raise KartenspieleError("session.nothing_to_undo")
        self.state = self._snapshots.pop()
        self.events.pop()
        return self.moves.pop()

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
            "initial": self.initial.to_dict(),
            "moves": [move.to_json() for move in self.moves],
            "state": self.state.to_dict(),
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_json(cls, text: str) -> Session:
        """A session from save-file text; anything wrong raises `SaveFileError`."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise SaveFileError("save.not_json", reason=str(error)) from error
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveFileError("save.foreign")
        if data.get("version") != VERSION:
            raise SaveFileError("save.version", version=data.get("version"), supported=VERSION)
        module = game_module(str(data.get("game")))
        for key in ("initial", "moves", "state"):
            if key not in data:
                raise SaveFileError("save.corrupt_state", reason=f"'{key}' is missing")
        state_type = module.STATE_TYPE
        session = cls(state_type.from_dict(data["initial"]))
        if not isinstance(data["moves"], list):
            raise SaveFileError("save.corrupt_state", reason="'moves' is not a list")
        for number, raw in enumerate(data["moves"], start=1):
            try:
                session.apply(module.Move.from_json(raw))
            except KartenspieleError as error:
                raise SaveFileError("save.corrupt_moves", number=number, reason=error.message()) from error
        if session.state != state_type.from_dict(data["state"]):
            raise SaveFileError("save.mismatch")
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise SaveFileError("save.not_json", reason=str(error)) from error
        return cls.from_json(text)
