"""The data folder of the SQLite store, guarded so that a lost file is noticed, not replaced.

SQLite makes a new empty database wherever a file is missing. In a data folder that held a
store, that would make every room, saved game and class vanish without a word. So the
folder remembers that it holds a store: when `kartenspiele serve` first creates or finds
the store it writes the marker file `kartenspiele-store.json` next to `kartenspiele.db`.
`prepare_store` (run by `serve` before anything starts) then refuses a missing or empty
database file in a folder with that marker (or with other traces of a store: its `-wal`
file, a copy kept by `restore`) with `StoreMissingError`; `kartenspiele serve --new-store`
starts afresh on purpose. A brand-new folder (the first start) just gets a new store.

While `serve` runs it keeps its process number in `kartenspiele-server.pid` in the folder
(`serving`), so that `kartenspiele restore` can refuse to replace a store in use. It also empties
the store's write-ahead log when it starts and when it stops (`settle`): a kernel killed with its
server leaves that log behind, holding pages as they were before a deletion.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .interface import DATABASE_NAME, StoreError, StoreUrlError

MARKER = "kartenspiele-store.json"
SERVER_MARKER = "kartenspiele-server.pid"
KEPT = ".before-restore"
"""Middle of the name of the copy `restore` keeps of the store it replaces."""
TABLES = ("documents", "log_entries")


class StoreMissingError(StoreError):
    """The data folder held a store, but its database file is gone or empty."""


def sqlite_path(url: str) -> Path | None:
    """The database file of a SQLite store URL (as `open_store` reads it); None for Redis."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return None
    if "://" in url and not url.startswith("sqlite://"):
        raise StoreUrlError("store.bad_url", url=url)
    path = Path(url.removeprefix("sqlite:///"))
    if path.is_dir() or not path.suffix:
        path = path / DATABASE_NAME
    return path


def missing_tables(path: Path) -> list[str] | None:
    """The store's tables that `path` lacks (empty: a store); None if the file is missing or
    no SQLite database. Only reads: the file is not created or changed."""
    if not path.is_file():
        return None
    try:
        with_path = sqlite3.connect(path, timeout=30)
        try:
            found = {row[0] for row in with_path.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            with_path.close()
    except sqlite3.DatabaseError:
        return None
    return [table for table in TABLES if table not in found]


def is_empty(path: Path) -> bool:
    """Whether `path` holds no store: missing, zero bytes, or a database without its tables
    (a damaged file is not empty: opening it says it is damaged)."""
    if not path.is_file() or path.stat().st_size == 0:
        return True
    return missing_tables(path) == list(TABLES)


def held_a_store(path: Path) -> bool:
    """Whether the folder of `path` shows that it held a store: the marker, the database's
    `-wal` file, or a copy kept by `restore`."""
    folder = path.parent
    return (
        (folder / MARKER).is_file()
        or path.with_name(path.name + "-wal").is_file()
        or any(folder.glob(f"{path.name}{KEPT}*"))
    )


def write_marker(path: Path) -> None:
    """Note in the folder of `path` that it holds a store (kept if already there)."""
    marker = path.parent / MARKER
    if not marker.is_file():
        note = {"database": path.name, "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
        marker.write_text(json.dumps(note) + "\n", encoding="utf-8")


def prepare_store(url: str, new_store: bool = False) -> Path | None:
    """Check the store `serve` is about to use; returns the path of a new empty store it
    created (else None). A missing or empty database in a folder that held a store raises
    `StoreMissingError` unless `new_store`. Redis stores are not checked here."""
    path = sqlite_path(url)
    if path is None:
        return None
    if not is_empty(path):
        if missing_tables(path) is not None:  # a store (a damaged file is left to the store)
            write_marker(path)
        return None
    if held_a_store(path) and not new_store:
        raise StoreMissingError(
            "store.missing",
            folder=str(path.parent),
            name=path.name,
            restore=f"kartenspiele restore BACKUP --data {path.parent}",
            command="kartenspiele serve --new-store",
        )
    from .sqlite_store import SQLiteStore

    SQLiteStore(path).close()
    write_marker(path)
    return path


def running_server(folder: Path) -> int | None:
    """The process number of a `serve` that uses the store in `folder`, if one runs."""
    try:
        pid = int((folder / SERVER_MARKER).read_text(encoding="utf-8").split()[0])
    except (OSError, ValueError, IndexError):
        return None
    if pid == os.getpid():
        return pid
    return pid if process_runs(pid) else None  # else left behind by a server that was killed


def process_runs(pid: int) -> bool:
    """Whether process `pid` runs (also as another user). Without POSIX signals (Windows)
    `os.kill(pid, 0)` would end it, so it is asked with `psutil` there (the `serve` extra)."""
    if not hasattr(signal, "SIGKILL"):
        try:
            import psutil
        except ImportError:
            return False
        return psutil.pid_exists(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def settle(path: Path | None) -> None:
    """Empty the write-ahead log of the SQLite store at `path` into its database file
    (`SQLiteStore.purge`); a missing or unusable store is left alone (the pages report it)."""
    if path is None or is_empty(path):
        return
    from .sqlite_store import SQLiteStore

    try:
        store = SQLiteStore(path)
    except StoreError:
        return
    try:
        store.purge()
    except StoreError:
        pass
    finally:
        store.close()


@contextmanager
def serving(url: str) -> Iterator[None]:
    """While the block runs, the store's folder names this process as its server; the store's
    write-ahead log is emptied as it begins and as it ends (`settle`)."""
    path = sqlite_path(url)
    settle(path)
    marker = path.parent / SERVER_MARKER if path is not None else None
    if marker is not None:
        try:
            marker.write_text(f"{os.getpid()}\n", encoding="utf-8")
        except OSError:
            marker = None
    try:
        yield
    finally:
        settle(path)
        if marker is not None and running_server(marker.parent) == os.getpid():
            marker.unlink(missing_ok=True)
