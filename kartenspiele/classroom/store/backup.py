"""`kartenspiele backup FILE` and `kartenspiele restore FILE`: a copy of the SQLite store, and
the store back from such a copy.

`backup` copies with SQLite's online backup API (`sqlite3.Connection.backup`): one consistent
snapshot, safe while the server runs and pupils play (their writes wait a moment or go to
the write-ahead log). `restore` takes only a store: it copies the file beside the store first
(`kartenspiele.db.restoring`) and checks that copy, so what is checked is what goes in. The copy
must hold the store's own tables with their columns and the indexes SQLite makes for their keys,
and nothing else (no trigger, view, virtual table or other table: a trigger such as `AFTER INSERT
ON log_entries BEGIN DELETE FROM documents; END` would run in every kernel), and SQLite's
`PRAGMA integrity_check` must find it sound. It refuses while a `kartenspiele serve` uses the
store (its process number is in the data folder), keeps the store it replaces as
`kartenspiele.db.before-restore-<time>` (itself a backup) and then copies the checked file in,
again through SQLite. Nothing is changed when a check fails.

A Redis store is backed up by Redis itself: `redis-cli BGSAVE` writes its `dump.rdb`; both
commands say so when given a `redis://` URL.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from pathlib import Path

from ...core.errors import KartenspieleError
from ...i18n import LANGUAGES, set_language, text
from .data_folder import (
    KEPT,
    SERVER_MARKER,
    is_empty,
    missing_tables,
    running_server,
    sqlite_path,
    write_marker,
)
from .interface import StoreError
from .opening import store_url
from .sqlite_store import SCHEMA

EXAMPLES = {
    "backup": """examples:
  kartenspiele backup ~/sicherung/kartenspiele-montag.db
  kartenspiele backup backup.db --data /srv/kartenspiele     (the folder given to serve --data)
The copy is taken while the server runs; a Redis store is backed up with redis-cli BGSAVE.""",
    "restore": """examples:
  kartenspiele restore ~/sicherung/kartenspiele-montag.db
  kartenspiele restore backup.db --data /srv/kartenspiele
Stop kartenspiele serve first. The store replaced is kept as kartenspiele.db.before-restore-<time>.""",
}


class NotAStoreError(StoreError):
    """The file to restore from is no Kartenspiele store; nothing was changed."""


class StoreInUseError(StoreError):
    """A running server uses the store that was to be replaced; nothing was changed."""


class NoStoreError(StoreError):
    """There is no store to back up (or it is in Redis, which backs itself up)."""


def database(url: str) -> Path:
    """The database file of the SQLite store at `url`; a Redis URL raises `NoStoreError`
    (whose message tells how to back up Redis)."""
    path = sqlite_path(url)
    if path is None:
        raise NoStoreError("backup.redis", url=url, command="redis-cli BGSAVE", file="dump.rdb")
    return path


STAGED = ".restoring"
"""End of the name of the copy `restore` checks before it goes in."""


class ForeignSchemaError(NotAStoreError):
    """The file holds more than a store (a trigger, a view, another table or index), or other
    columns; nothing was changed."""


class DamagedStoreError(NotAStoreError):
    """SQLite's integrity check finds the file damaged; nothing was changed."""


def schema(connection: sqlite3.Connection) -> dict[tuple[str, str], list[tuple]]:
    """Every object of a database, (type, name) -> its columns (for a table; else [])."""
    objects = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
    return {
        (kind, name): connection.execute("SELECT * FROM pragma_table_xinfo(?)", (name,)).fetchall()
        if kind == "table"
        else []
        for kind, name in objects
    }


def store_schema() -> dict[tuple[str, str], list[tuple]]:
    """The objects of a new, empty store: its tables with their columns, their keys' indexes."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(SCHEMA)
        return schema(connection)
    finally:
        connection.close()


def check_store_file(path: Path) -> None:
    """Raise `NotAStoreError` unless `path` is a sound SQLite database that holds the store's
    tables and nothing else (see the module docstring)."""
    missing = missing_tables(path)
    if missing is None:
        reason = "no such file" if not path.is_file() else "not a SQLite database"
        raise NotAStoreError("restore.not_a_store", path=str(path), reason=reason)
    if missing:
        raise NotAStoreError("restore.not_a_store", path=str(path), reason="missing " + ", ".join(missing))
    connection = sqlite3.connect(path, timeout=30)
    try:
        found = schema(connection)
        checked = [row[0] for row in connection.execute("PRAGMA integrity_check").fetchall()]
    finally:
        connection.close()
    expected = store_schema()
    foreign = sorted(f"{kind} {name}" for kind, name in found.keys() - expected.keys())
    changed = sorted(name for (kind, name), columns in expected.items() if found.get((kind, name), columns) != columns)
    if foreign or changed:
        objects = ", ".join(foreign + [f"table {name} (columns)" for name in changed])
        raise ForeignSchemaError("restore.foreign", path=str(path), objects=objects)
    if checked != ["ok"]:
        raise DamagedStoreError("restore.damaged", path=str(path), reason="; ".join(checked[:3]))


def copy_database(source: Path, target: Path) -> None:
    """Copy the database `source` into `target` through SQLite's backup API (a consistent
    snapshot, whatever other connections write meanwhile)."""
    reading = sqlite3.connect(source, timeout=30)
    try:
        writing = sqlite3.connect(target, timeout=30)
        try:
            reading.backup(writing)
        finally:
            writing.close()
    finally:
        reading.close()


def backup(url: str, target: str | Path) -> Path:
    """Write a copy of the SQLite store at `url` to `target` (replaced if it exists, only once
    the copy is complete); returns the target."""
    path = database(url)
    if is_empty(path):
        raise NoStoreError("backup.no_store", path=str(path))
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    try:
        copy_database(path, partial)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target


def kept_name(path: Path) -> Path:
    """A free name for the copy of the store that `restore` keeps."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}{KEPT}-{stamp}")
    number = 1
    while kept.exists():
        number += 1
        kept = path.with_name(f"{path.name}{KEPT}-{stamp}-{number}")
    return kept


def restore(url: str, source: str | Path) -> tuple[Path, Path | None]:
    """Replace the SQLite store at `url` by the store in the file `source`; returns the
    store's path and the copy kept of what it held before (None if it was empty)."""
    path = database(url)
    source = Path(source)
    if path.exists() and source.resolve() == path.resolve():
        raise NotAStoreError("restore.not_a_store", path=str(source), reason="it is the store itself")
    check_store_file(source)  # before anything is written beside the store
    pid = running_server(path.parent)
    if pid is not None:
        raise StoreInUseError("restore.running", pid=pid, marker=str(path.parent / SERVER_MARKER))
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_name(path.name + STAGED)
    staged.unlink(missing_ok=True)
    try:
        copy_database(source, staged)
        check_store_file(staged)  # what goes in is what was checked
        kept = None
        if not is_empty(path):
            kept = backup(url, kept_name(path))
        copy_database(staged, path)
    finally:
        staged.unlink(missing_ok=True)
    write_marker(path)
    return path, kept


def parser(command: str) -> argparse.ArgumentParser:
    """The options of `kartenspiele backup` or `kartenspiele restore`."""
    what = {
        "backup": "write a copy of the store (SQLite) to FILE, safely while the server runs",
        "restore": "replace the store (SQLite) by the copy in FILE; the old store is kept",
    }
    made = argparse.ArgumentParser(
        prog=f"kartenspiele {command}",
        description=what[command],
        epilog=EXAMPLES[command],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    made.add_argument("file", metavar="FILE", type=Path, help="the backup file")
    made.add_argument("--data", type=Path, default=None, help="the data folder, as for serve (default: serve's)")
    made.add_argument("--store", default=None, help="a store URL instead of --data (redis:// only says what to do)")
    made.add_argument("--lang", choices=LANGUAGES, default="de", help="language of the messages printed here")
    return made


def run(command: str, argv: list[str]) -> int:
    args = parser(command).parse_args(argv)
    set_language(args.lang)
    url = store_url(args.data, args.store)
    try:
        if command == "backup":
            target = backup(url, args.file)
            print(text("backup.done", None, target=str(target), source=str(database(url))))
        else:
            path, kept = restore(url, args.file)
            if kept is None:
                print(text("restore.done_new", None, target=str(path), source=str(args.file)))
            else:
                print(text("restore.done", None, target=str(path), source=str(args.file), kept=str(kept)))
    except KartenspieleError as error:
        print(error.message(), file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as error:
        print(f"kartenspiele {command}: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    """`kartenspiele backup FILE [--data DIR | --store URL]`."""
    return run("backup", argv)


def restore_main(argv: list[str]) -> int:
    """`kartenspiele restore FILE [--data DIR | --store URL]`."""
    return run("restore", argv)
