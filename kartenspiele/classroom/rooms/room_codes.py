"""Room codes: drawing a free one, growing the code space, and deleting expired rooms.

Every room and every saved game (`Rooms.record`) holds a code while its document `room/CODE`
exists. A room nobody has touched (no log entry) for its lifetime is expired: `LIFETIME_SECONDS`
for a room, `SAVED_LIFETIME_SECONDS` for a saved game. An expired room is deleted — its log,
its seats' heartbeats, then its document — and its code is free again. That happens

* when a drawn code belongs to an expired room: the opener takes the code over with a
  compare-and-set on the document's version (two openers: one wins, the other draws again);
* in `sweep`, which `kartenspiele serve` runs at start and every `SWEEP_EVERY` seconds, a
  bounded batch of rooms at a time.

A room's log is named per room (`room/CODE/log/<random>`), so a page still showing a deleted
room never reads the log of the room that took its code over; it finds no news, sees that
its room is expired and says so (`Rooms.refresh`). Older rooms keep the log `room/CODE/log`.

The code space grows with use: codes have `CODE_LENGTH` letters until that space is half
taken, then one letter more (up to `CODE_LENGTH + EXTRA_LETTERS`). The live rooms are counted
only when drawing failed `RECOUNT_AFTER` times in a row (at most once a minute for the whole
store) and in each sweep round; the count is kept in the document `room-codes`. Joining
accepts every length.
"""

from __future__ import annotations

import secrets
from typing import Any

from ..store.interface import ConflictError, Document, Store
from .open_limit import forget_old_counts

CODE_LETTERS = "ACDEFHJKLMNPRTUVWXY"
"""Letters of room codes: none that looks like a digit or like another letter (no B, G, I, O, Q, S, Z)."""
CODE_LENGTH = 4
"""The shortest codes; longer ones are drawn once a length is half taken."""
EXTRA_LETTERS = 2
"""How many letters a code may grow by (4 letters: 130,321 codes; 6 letters: 47 million)."""
FULL_SHARE = 0.5
"""A length whose codes are this much taken is no longer drawn from."""
DRAWS = 50
"""Codes tried before giving up ("No free room code was found")."""
RECOUNT_AFTER = 3
"""Failed draws in a row after which the live rooms are counted (if the count is old)."""
SURELY_FULL = 10
"""Failed draws in a row at one length after which one letter more is used, even if the
count (at most a minute old) said otherwise: a length half free fails 10 times in a row once in 1,000."""
RECOUNT_SECONDS = 60.0
"""How old the count in `room-codes` may be before a failed draw counts again."""
LIFETIME_SECONDS = 14 * 24 * 3600.0
"""A room nobody has touched for this long is expired (and deleted)."""
SAVED_LIFETIME_SECONDS = 56 * 24 * 3600.0
"""A saved game (alone or hot seat) lasts longer: eight weeks, over the summer holidays."""
TOMBSTONE_SECONDS = 3600.0
"""A room being deleted is marked first; a mark this old (its sweep stopped) may be taken over."""
SWEEP_BATCH = 500
"""Rooms one `sweep` call looks at (and at most deletes)."""
COUNT_KEY = "room-codes"


def room_key(code: str) -> str:
    return f"room/{code}"


def legacy_log(code: str) -> str:
    """The log of a room opened before logs were named per room."""
    return f"room/{code}/log"


def log_of(code: str, value: dict[str, Any]) -> str:
    return str(value.get("log") or legacy_log(code))


def lifetime_of(value: dict[str, Any]) -> float:
    return SAVED_LIFETIME_SECONDS if value.get("solo") else LIFETIME_SECONDS


def space(length: int) -> int:
    return len(CODE_LETTERS) ** length


def lengths() -> range:
    return range(CODE_LENGTH, CODE_LENGTH + EXTRA_LETTERS + 1)


def is_room_key(key: str) -> bool:
    return key.count("/") == 1 and key.startswith("room/")


def length_for(counts: dict[int, int]) -> int:
    """The shortest length whose codes are less than `FULL_SHARE` taken (else the longest)."""
    for length in lengths():
        if counts.get(length, 0) < FULL_SHARE * space(length):
            return length
    return lengths()[-1]


class CodeBook:
    """Draws free codes for `Rooms` and deletes expired rooms (`clock` gives the time)."""

    def __init__(self, store: Store, clock) -> None:
        self.store = store
        self.clock = clock
        self._pending: list[str] = []  # codes the current sweep round has still to look at

    # -- expiry ----------------------------------------------------------------------------
    def last_touched(self, code: str, value: dict[str, Any]) -> float:
        """When the room's log last grew (its creation if the log is empty)."""
        log = log_of(code, value)
        length = self.store.length(log)
        entries = self.store.read(log, since=length - 1) if length else []
        if entries and isinstance(entries[-1][1], dict) and "at" in entries[-1][1]:
            return float(entries[-1][1]["at"])
        return float(value.get("created", 0.0))

    def expired(self, code: str, document: Document, now: float) -> bool:
        """Whether the room may be deleted: untouched for its lifetime, or a deletion mark
        whose sweep stopped long ago."""
        value = document.value
        if not isinstance(value, dict):
            return False
        if "deleted" in value:
            return now - float(value["deleted"]) > TOMBSTONE_SECONDS
        return now - self.last_touched(code, value) > lifetime_of(value)

    def _clear(self, code: str, value: dict[str, Any]) -> None:
        """Delete what a room held besides its document: its log and its seats' heartbeats."""
        self.store.delete_log(log_of(code, value))
        for key in self.store.keys(f"room/{code}/"):
            self.store.delete(key)

    def delete_expired(self, code: str, now: float) -> bool:
        """Delete the room `code` if it is expired: marked first (compare-and-set, so a room
        touched or taken over meanwhile is left alone), then its log and heartbeats, then the
        document. Returns whether it was deleted."""
        document = self.store.get(room_key(code))
        if document is None:  # heartbeats a page of a deleted room wrote afterwards
            for key in self.store.keys(f"room/{code}/"):
                self.store.delete(key)
            return False
        if not self.expired(code, document, now):
            return False
        mark = {"deleted": now, "log": log_of(code, document.value)}
        try:
            version = self.store.put(room_key(code), mark, expected=document.version)
        except ConflictError:
            return False
        self._clear(code, document.value)
        current = self.store.get(room_key(code))
        if current is not None and current.version == version:
            self.store.delete(room_key(code))
        return True

    # -- drawing ---------------------------------------------------------------------------
    def new_code(self, document: dict[str, Any]) -> str | None:
        """A free code, with `document` stored under it (and a fresh log name in it); None
        if `DRAWS` codes were all taken."""
        length, failed = self.length(), 0
        for attempt in range(1, DRAWS + 1):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
            value = {**document, "log": f"room/{code}/log/{secrets.token_hex(6)}"}
            if self._take(code, value):
                return code
            failed += 1
            longer = self.length(recount=True) if attempt % RECOUNT_AFTER == 0 else length
            if failed >= SURELY_FULL and length < lengths()[-1]:
                longer = length + 1  # filled since the last count (its count is kept a minute)
            if longer > length:
                length, failed = longer, 0
        return None

    def _take(self, code: str, value: dict[str, Any]) -> bool:
        """Store `value` under `code` if the code is free or its room expired."""
        try:
            self.store.put(room_key(code), value, expected=0)
            return True
        except ConflictError:
            pass
        found = self.store.get(room_key(code))
        if found is None or not self.expired(code, found, self.clock()):
            return False  # taken (or deleted just now: the next draw may find it free)
        try:
            self.store.put(room_key(code), value, expected=found.version)
        except ConflictError:
            return False  # another opener (or the sweep) came first
        self._clear(code, found.value)
        return True

    def length(self, recount: bool = False) -> int:
        """The length of new codes, as last counted; with `recount`, count again if the
        count is older than `RECOUNT_SECONDS`."""
        document = self.store.get(COUNT_KEY)
        value = document.value if document is not None and isinstance(document.value, dict) else {}
        stale = self.clock() - float(value.get("at", 0.0)) > RECOUNT_SECONDS
        if recount and stale:
            return self.count(self._room_codes())
        length = int(value.get("length", CODE_LENGTH))
        return length if length in lengths() else CODE_LENGTH

    def _room_codes(self) -> list[str]:
        return [key.split("/", 1)[1] for key in self.store.keys("room/") if is_room_key(key)]

    def count(self, codes: list[str]) -> int:
        """Count the rooms by code length, store the count and return the length to draw."""
        counts: dict[int, int] = {}
        for code in codes:
            counts[len(code)] = counts.get(len(code), 0) + 1
        length = length_for(counts)
        self.store.put(
            COUNT_KEY, {"length": length, "counts": {str(k): v for k, v in counts.items()}, "at": self.clock()}
        )
        return length

    # -- sweeping --------------------------------------------------------------------------
    def sweep(self, now: float, batch: int = SWEEP_BATCH) -> list[str]:
        """Look at the next `batch` rooms (a round lists them all once and counts them) and
        delete the expired ones; returns their codes."""
        if not self._pending:
            forget_old_counts(self.store, now)
            keys = self.store.keys("room/")
            self.count([key.split("/", 1)[1] for key in keys if is_room_key(key)])
            # every room, and heartbeats a page of a deleted room wrote afterwards
            self._pending = sorted({key.split("/")[1] for key in keys}, reverse=True)  # popped from the end
        deleted = []
        for _ in range(min(batch, len(self._pending))):
            code = self._pending.pop()
            if self.delete_expired(code, now):
                deleted.append(code)
        return deleted
