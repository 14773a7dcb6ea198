"""Delete expired rooms and saved games while `kartenspiele serve` runs, so their codes are free,
and classes nobody used for `keep_classes_days` days (once an hour).

The server sweeps once at start and then every `SWEEP_EVERY` seconds, each time a bounded batch
of rooms (`Rooms.sweep`, `room_codes.SWEEP_BATCH`) in a worker thread, so the server's event
loop never waits for the store. Sweeps never overlap. A store that cannot be reached is tried
again at the next sweep. Drawing a code also takes over an expired room's code at once
(`room_codes`); the sweep keeps the store small and the count of live rooms current.

Why here and not in the lobby: the server runs one sweeper for the whole store, whatever pages
are open; a sweep in every lobby would repeat the same listing in each kernel.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time

from ..classroom.classes.classes import Classes
from ..classroom.rooms.rooms import Rooms
from ..classroom.store.interface import ENVIRONMENT_VARIABLE
from ..classroom.store.opening import open_store
from ..core.errors import KartenspieleError

SWEEP_EVERY = 15.0
"""Seconds between two sweeps."""
CLASS_SWEEP_EVERY = 3600.0
"""Seconds between two looks for expired classes."""
KEEP_CLASSES_DAYS = 30.0
"""Days a class is kept after anything last happened in it (0: until the teacher deletes it)."""

log = logging.getLogger(__name__)


class RoomSweeper:
    """Sweeps the store at `url` (default: `$KARTENSPIELE_STORE`)."""

    def __init__(self, url: str | None = None, keep_classes_days: float = KEEP_CLASSES_DAYS) -> None:
        self.url = url or os.environ.get(ENVIRONMENT_VARIABLE)
        self.keep_classes_days = keep_classes_days
        self.rooms: Rooms | None = None
        self.running = False
        self.deleted = 0
        self.classes_swept_at = float("-inf")

    def sweep_now(self) -> list[str]:
        """One batch (blocking); returns the codes deleted."""
        try:
            if self.rooms is None:
                self.rooms = Rooms(open_store(self.url))
            deleted = self.rooms.sweep(time.time())
            self.sweep_classes()
        except KartenspieleError as error:
            log.warning("Rooms not swept: %s", error.message("en"))
            self.rooms = None
            return []
        self.deleted += len(deleted)
        if deleted:
            log.info("Deleted %d expired room(s); their codes are free again", len(deleted))
        return deleted

    def sweep_classes(self) -> list[str]:
        """Delete the classes past their time (at most once every `CLASS_SWEEP_EVERY` seconds)."""
        now = time.monotonic()
        if self.rooms is None or self.keep_classes_days <= 0 or now - self.classes_swept_at < CLASS_SWEEP_EVERY:
            return []
        self.classes_swept_at = now
        expired = Classes(self.rooms.store).delete_expired(self.keep_classes_days)
        if expired:
            log.info("Deleted %d class(es) unused for %g days", len(expired), self.keep_classes_days)
        return expired

    async def sweep(self) -> None:
        """One batch in a worker thread (skipped while the last one still runs)."""
        if self.running or not self.url:
            return
        self.running = True
        try:
            await asyncio.to_thread(self.sweep_now)
        finally:
            self.running = False
