"""The one store of everything that must outlive a kernel: rooms, saved games, classes, pupils.

Two kinds of records, both addressed by string keys (use `/`-separated names such as
`room/ABCD` or `class/7b/pupil/ana`, so that a prefix lists a group):

* **Documents**: a JSON value per key with a `version` that grows by one on every write.
  `put(key, value, expected=v)` writes only if the stored version is still `v`
  (compare-and-set; `expected=0` means "only if the key does not exist yet"), else it raises
  `VersionConflictError` and changes nothing.
* **Logs**: append-only lists of JSON entries numbered 1, 2, 3, … An entry is appended only
  as the next number: `append(log, seq, entry)` with `seq != length + 1` raises
  `SequenceConflictError` and changes nothing, so two writers racing for one number cannot
  both win and nothing is lost. `read(log, since=n)` returns the entries after number `n`.
  `wait(log, since, timeout)` returns as soon as the log is longer than `since` (the way to
  be notified of new entries; the SQLite backend polls cheaply, Redis uses pub/sub).

Backends: `SQLiteStore` (module `sqlite_store`: stdlib `sqlite3`, WAL mode, one file; the embedded default),
`RedisStore` (module `redis_store`, for several servers) and `ServiceStore` (module
`service_store`: through the JupyterHub store service, which alone holds the real store's
password). All pass one test suite.
This interface imports no backend: `opening.open_store(url)`, above the backends, opens one
from a URL (`sqlite:///path/file.db`, a plain folder or file path, or `redis://host:port/db`).
The URL of the running app is in the environment variable `KARTENSPIELE_STORE` (set by
`kartenspiele serve`, inherited by the Voilà kernels).

Every failure is a `StoreError` (a `KartenspieleError` with a German and English message):
`StoreUnavailableError` when the store cannot be reached, `StoreFullError` when a write finds
the disk (or Redis's memory) full, `StoreCorruptError` for a damaged database file. A write
that fails changes nothing: SQLite runs every write as one statement (all or nothing), Redis
as one script.
"""

from __future__ import annotations

import errno
import json
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from ...core.errors import KartenspieleError

ENVIRONMENT_VARIABLE = "KARTENSPIELE_STORE"
DATABASE_NAME = "kartenspiele.db"
POLL_SECONDS = 0.05
SQLITE_FULL = 13
"""SQLite's result code for "database or disk is full"."""


def is_disk_full(error: BaseException) -> bool:
    """Whether an SQLite or OS error says that the disk is full."""
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
    code = getattr(error, "sqlite_errorcode", None)
    return code == SQLITE_FULL or "disk is full" in str(error) or "database is full" in str(error)


class StoreError(KartenspieleError):
    """Something went wrong with the store; the message says what."""


class StoreUnavailableError(StoreError):
    """The store cannot be reached (Redis down, folder not writable); try again later."""


class StoreFullError(StoreError):
    """A write found no room: the disk is full (SQLite "database or disk is full", ENOSPC) or
    Redis refuses writes (out of memory, or it cannot save to its disk: MISCONF). The write
    was not made; reading goes on, and writing works again once there is room."""


class StoreCorruptError(StoreError):
    """The database file is damaged or is not a database; it is refused, never changed."""


class StoreRefusedError(StoreError):
    """The store service does not let this caller do that (a pupil asking for a class's
    data, anyone asking for the service's own records; `store_access`)."""


class StoreUrlError(StoreError, ValueError):
    """A store URL that names no known backend."""


class ConflictError(StoreError):
    """A write lost a race: the record changed since it was read."""


class VersionConflictError(ConflictError):
    """`put` with an expected version that is no longer the stored one."""


class SequenceConflictError(ConflictError):
    """`append` with a number that is not the next one of the log."""


@dataclass(frozen=True)
class Document:
    """A stored JSON value and its version (1 after the first write)."""

    value: Any
    version: int


def encode(value: Any) -> str:
    """JSON text of a value (no NaN, keys as given); a value JSON cannot hold raises TypeError."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class Store(ABC):
    """The interface every backend implements (see the module docstring)."""

    url: str
    notifies: bool = False
    """True if `wait` is woken by the backend (pub/sub) rather than by polling."""

    # -- documents -------------------------------------------------------------------------
    @abstractmethod
    def get(self, key: str) -> Document | None:
        """The document at `key`, or None."""

    @abstractmethod
    def put(self, key: str, value: Any, expected: int | None = None) -> int:
        """Write `value` at `key`; returns the new version. With `expected`, write only if
        the stored version equals it (0: only if absent), else raise `VersionConflictError`."""

    @abstractmethod
    def delete(self, key: str) -> bool:
        """Remove the document at `key`; True if there was one."""

    @abstractmethod
    def keys(self, prefix: str = "") -> list[str]:
        """The keys of all documents starting with `prefix`, sorted."""

    # -- logs ------------------------------------------------------------------------------
    @abstractmethod
    def append(self, log: str, seq: int, entry: Any) -> None:
        """Append `entry` as number `seq`, which must be the log's length + 1, else raise
        `SequenceConflictError` (nothing is written)."""

    @abstractmethod
    def read(self, log: str, since: int = 0) -> list[tuple[int, Any]]:
        """The entries numbered above `since`, in order, as (number, entry)."""

    @abstractmethod
    def length(self, log: str) -> int:
        """The number of the last entry (0 for an empty or unknown log)."""

    @abstractmethod
    def logs(self, prefix: str = "") -> list[str]:
        """The names of all non-empty logs starting with `prefix`, sorted."""

    @abstractmethod
    def delete_log(self, log: str) -> bool:
        """Remove a whole log; True if it had entries."""

    def wait(self, log: str, since: int, timeout: float) -> int:
        """Block until the log is longer than `since` or `timeout` seconds passed; returns
        the length then. Backends may override this with a real notification."""
        end = time.monotonic() + timeout
        while True:
            current = self.length(log)
            if current > since or time.monotonic() >= end:
                return current
            time.sleep(min(POLL_SECONDS, max(0.0, end - time.monotonic())))

    def ping(self) -> None:
        """Raise `StoreUnavailableError` if the store cannot be reached now."""
        self.length("__ping__")

    def purge(self) -> None:
        """Make what was deleted gone from the backend's own files too (SQLite: its write-ahead
        log); called after a class is deleted. Backends without such files do nothing."""

    def close(self) -> None:
        """Release connections; the store must not be used afterwards."""
