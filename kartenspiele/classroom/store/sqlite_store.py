"""The embedded store: one SQLite file in WAL mode (`store.Store`'s default backend).

In its own module so that `sqlite3` is imported only where a SQLite store is opened (the
browser's Python, Pyodide, has no `sqlite3`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .interface import (
    Document,
    SequenceConflictError,
    Store,
    StoreCorruptError,
    StoreFullError,
    StoreUnavailableError,
    VersionConflictError,
    encode,
    is_disk_full,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY, value TEXT NOT NULL,
                                      version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS log_entries (log TEXT NOT NULL, seq INTEGER NOT NULL,
                                        entry TEXT NOT NULL, PRIMARY KEY (log, seq));
"""

PURGE_SECONDS = 3.0
"""How long `purge` waits at most for other connections to finish what they are reading."""
CHECKPOINT_WAIT_MS = 500
"""How long one checkpoint waits for readers and writers before it reports itself busy."""


class SQLiteStore(Store):
    """The embedded store: one SQLite file in WAL mode, safe for many processes (each
    Voilà kernel opens its own) and for threads within one (one lock per store object).
    What is deleted is overwritten in the database file (`secure_delete`), not only marked free."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        self._lock = threading.RLock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            if is_disk_full(error):
                raise StoreFullError("store.full", url=self.url, reason=str(error)) from error
            raise StoreUnavailableError("store.unavailable", url=self.url, reason=str(error)) from error
        try:
            self._db.execute("PRAGMA busy_timeout = 30000")
            if self._db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute("PRAGMA secure_delete = ON")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            self._db.close()
            if is_disk_full(error):
                raise StoreFullError("store.full", url=self.url, reason=str(error)) from error
            raise StoreCorruptError("store.corrupt", path=str(self.path), reason=str(error)) from error

    def _run(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.IntegrityError:
                raise
            except sqlite3.DatabaseError as error:
                if is_disk_full(error):
                    raise StoreFullError("store.full", url=self.url, reason=str(error)) from error
                if isinstance(error, sqlite3.OperationalError):
                    raise StoreUnavailableError("store.unavailable", url=self.url, reason=str(error)) from error
                raise StoreCorruptError("store.corrupt", path=str(self.path), reason=str(error)) from error

    def get(self, key: str) -> Document | None:
        rows = self._run("SELECT value, version FROM documents WHERE key = ?", (key,))
        return Document(json.loads(rows[0][0]), rows[0][1]) if rows else None

    def put(self, key: str, value: Any, expected: int | None = None) -> int:
        text = encode(value)
        with self._lock:
            if expected is None:
                rows = self._run(
                    "INSERT INTO documents (key, value, version) VALUES (?, ?, 1) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = version + 1 "
                    "RETURNING version",
                    (key, text),
                )
                return rows[0][0]
            if expected == 0:
                rows = self._run(
                    "INSERT INTO documents (key, value, version) VALUES (?, ?, 1) "
                    "ON CONFLICT (key) DO NOTHING RETURNING version",
                    (key, text),
                )
            else:
                rows = self._run(
                    "UPDATE documents SET value = ?, version = version + 1 "
                    "WHERE key = ? AND version = ? RETURNING version",
                    (text, key, expected),
                )
            if not rows:
                current = self.get(key)
                raise VersionConflictError(
                    "store.version_conflict", key=key, expected=expected, found=current.version if current else 0
                )
            return rows[0][0]

    def delete(self, key: str) -> bool:
        return bool(self._run("DELETE FROM documents WHERE key = ? RETURNING key", (key,)))

    def keys(self, prefix: str = "") -> list[str]:
        rows = self._run("SELECT key FROM documents WHERE substr(key, 1, ?) = ? ORDER BY key", (len(prefix), prefix))
        return [row[0] for row in rows]

    def append(self, log: str, seq: int, entry: Any) -> None:
        text = encode(entry)
        try:
            rows = self._run(
                "INSERT INTO log_entries (log, seq, entry) SELECT ?, ?, ? WHERE "
                "(SELECT COALESCE(MAX(seq), 0) FROM log_entries WHERE log = ?) = ? RETURNING seq",
                (log, seq, text, log, seq - 1),
            )
        except sqlite3.IntegrityError:
            rows = []
        if not rows:
            raise SequenceConflictError("store.sequence_conflict", log=log, seq=seq, count=self.length(log))

    def read(self, log: str, since: int = 0) -> list[tuple[int, Any]]:
        rows = self._run("SELECT seq, entry FROM log_entries WHERE log = ? AND seq > ? ORDER BY seq", (log, since))
        return [(seq, json.loads(entry)) for seq, entry in rows]

    def length(self, log: str) -> int:
        return self._run("SELECT COALESCE(MAX(seq), 0) FROM log_entries WHERE log = ?", (log,))[0][0]

    def logs(self, prefix: str = "") -> list[str]:
        rows = self._run(
            "SELECT DISTINCT log FROM log_entries WHERE substr(log, 1, ?) = ? ORDER BY log", (len(prefix), prefix)
        )
        return [row[0] for row in rows]

    def delete_log(self, log: str) -> bool:
        return bool(self._run("DELETE FROM log_entries WHERE log = ? RETURNING seq", (log,)))

    def purge(self) -> None:
        """Copy the write-ahead log into the database file and empty it (`wal_checkpoint(TRUNCATE)`):
        the log keeps the pages as they were before a deletion until then, deleted rows included
        (the database file itself overwrites them: `secure_delete`). Other connections' reads and
        writes wait a moment; while one keeps reading the log, this tries again, up to
        `PURGE_SECONDS`."""
        end = time.monotonic() + PURGE_SECONDS
        with self._lock:
            try:
                self._db.execute(f"PRAGMA busy_timeout = {CHECKPOINT_WAIT_MS}")
                while self._run("PRAGMA wal_checkpoint(TRUNCATE)")[0][0] and time.monotonic() < end:
                    time.sleep(0.05)
            finally:
                self._db.execute("PRAGMA busy_timeout = 30000")

    def close(self) -> None:
        with self._lock:
            self._db.close()
