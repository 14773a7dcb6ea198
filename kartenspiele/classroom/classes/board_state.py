"""What a class's board ("Tafel") shows: only what the teacher sends to it from the dashboard.

The board is a page of its own (`notebooks/tafel.ipynb`) that the teacher opens in a second
window for the projector. Its address carries a view-only token (`BOARD_PARAMETER`,
`CODE.TOKEN`): the board page takes it to read this class's board, and nothing else takes it.
The token is kept in the board's document `class/CODE/board` (one per class, made the first
time the dashboard shows the class), which the class's deletion removes with everything else.

The document holds:

* `join`: show the address and QR code for joining (with the class code);
* `timer`: when the teacher's timer ends (seconds since the epoch) and how long it runs;
* `snapshots`: the answers the teacher picked, in the teacher's order, each with its task and
  never a name;
* `table`: an answer section (`reveals.SECTIONS`) to show large, once it is revealed.

Whether the class is paused comes from the class itself (`Classes.paused`); the board shows the
pause screen then.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..store.interface import VersionConflictError
from .classes import APPEND_TRIES, ClassError, Classes, ClassNotFoundError, class_key, normal_code
from .reveals import check_section

JOIN_ADDRESS_ENVIRONMENT = "KARTENSPIELE_START_URL"
"""The pupils' start address, which `kartenspiele serve` prints and hands its kernels."""
BOARD_PARAMETER = "tafel"
MAX_SNAPSHOTS = 12
MAX_ANSWER_CHARS = 2000
MAX_TIMER_SECONDS = 60 * 60


@dataclass(frozen=True)
class Snapshot:
    """One answer on the board: its exercise, the task's words per language, the answer."""

    exercise: str
    answer: str
    task: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"exercise": self.exercise, "answer": self.answer, "task": dict(self.task)}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Snapshot:
        task = value.get("task") or {}
        return cls(
            str(value.get("exercise", "")), str(value.get("answer", "")), {str(k): str(v) for k, v in task.items()}
        )


@dataclass(frozen=True)
class BoardView:
    """What the board shows now."""

    join: bool = True
    timer_ends: float | None = None
    timer_seconds: int = 0
    snapshots: tuple[Snapshot, ...] = ()
    table: str | None = None
    paused: bool = False
    read_at: float = 0.0
    """When the board was read (the store's clock)."""

    def seconds_left(self, now: float | None = None) -> int | None:
        """Whole seconds left on the timer at `now` (default: when it was read; 0 once it has run
        out); None without a timer."""
        if self.timer_ends is None:
            return None
        return max(0, int(round(self.timer_ends - (self.read_at if now is None else now))))


def board_key(code: str) -> str:
    return f"{class_key(normal_code(code))}/board"


def board_address_value(code: str, token: str) -> str:
    """The value of `BOARD_PARAMETER` in the board's address."""
    return f"{normal_code(code)}.{token}"


def split_board_value(value: str) -> tuple[str, str] | None:
    """(class code, token) of a board address's value; None if it is not one."""
    code, dot, token = value.partition(".")
    if not dot or not code.isalpha() or not token or len(value) > 100:
        return None
    return normal_code(code), token


class Boards:
    """The boards of a store's classes: the teacher's side writes, the board page reads."""

    def __init__(self, classes: Classes, clock: Callable[[], float] = time.time) -> None:
        self.classes = classes
        self.store = classes.store
        self.clock = clock

    # -- the board page ----------------------------------------------------------------------
    def confirm(self, code: str, token: str) -> bool:
        """Whether `token` opens the board of class `code` (the class exists and made it)."""
        document = self.store.get(board_key(code))
        kept = str(document.value.get("token") or "") if document is not None else ""
        return bool(kept and token) and secrets.compare_digest(kept.encode(), token.encode())

    def view(self, code: str) -> BoardView:
        """What the board of class `code` shows now (raises `ClassNotFoundError` once it is deleted)."""
        paused = self.classes.paused(code)
        document = self.store.get(board_key(code))
        value = document.value if document is not None else {}
        timer = value.get("timer") or {}
        return BoardView(
            join=bool(value.get("join", True)),
            timer_ends=float(timer["ends"]) if timer.get("ends") is not None else None,
            timer_seconds=int(timer.get("seconds") or 0),
            snapshots=tuple(Snapshot.from_json(item) for item in value.get("snapshots") or ()),
            table=value.get("table"),
            paused=paused,
            read_at=self.clock(),
        )

    # -- the teacher's side ------------------------------------------------------------------
    def token(self, code: str) -> str:
        """The class board's view-only token (made the first time it is asked for)."""
        document = self.store.get(board_key(code))
        if document is not None and document.value.get("token"):
            return str(document.value["token"])
        made = secrets.token_urlsafe(16)
        self._change(code, lambda value: value if value.get("token") else {**value, "token": made})
        document = self.store.get(board_key(code))
        return str(document.value["token"]) if document is not None else made

    def show_join(self, code: str, shown: bool = True) -> None:
        self._change(code, lambda value: {**value, "join": bool(shown)})

    def start_timer(self, code: str, seconds: int) -> None:
        """Start the board's timer at `seconds` (1 s to an hour)."""
        if isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= MAX_TIMER_SECONDS:
            raise ClassError("board.timer.range", maximum=MAX_TIMER_SECONDS // 60)
        ends = self.clock() + seconds
        self._change(code, lambda value: {**value, "timer": {"ends": ends, "seconds": seconds}})

    def stop_timer(self, code: str) -> None:
        self._change(code, lambda value: {**value, "timer": None})

    def show_snapshots(self, code: str, snapshots: list[Snapshot]) -> None:
        """Show these answers on the board, in this order (none: take them off)."""
        if len(snapshots) > MAX_SNAPSHOTS:
            raise ClassError("board.snapshots.many", count=MAX_SNAPSHOTS)
        kept = [Snapshot(item.exercise, item.answer[:MAX_ANSWER_CHARS], item.task).to_json() for item in snapshots]
        self._change(code, lambda value: {**value, "snapshots": kept})

    def show_table(self, code: str, section: str | None) -> None:
        """Show an answer section the class may see (`Classes.revealed`) large; None takes it off."""
        if section is not None:
            check_section(section)
            if section not in self.classes.revealed(code):
                raise ClassError("board.table.hidden")
        self._change(code, lambda value: {**value, "table": section})

    def _change(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.classes.info(code)  # a deleted class gets no board
        key = board_key(code)
        for _ in range(APPEND_TRIES):
            document = self.store.get(key)
            try:
                value = change(dict(document.value) if document is not None else {"join": True})
                self.store.put(key, value, expected=document.version if document is not None else 0)
            except VersionConflictError:
                continue
            try:
                self.classes.info(code)
            except ClassNotFoundError:
                self.store.delete(key)  # the class was deleted while this was written
                raise
            return
        raise ClassError("class.busy")
