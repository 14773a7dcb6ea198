"""A store held in the kernel's memory and handed to whoever keeps it: the browser build's
store, whose contents the browser keeps in its own storage (`widgets.memory.BrowserMemory`).

It implements the one `Store` interface with two dictionaries; after every write it passes
its whole contents (`dump()`, plain JSON) to `on_write`, and `load(contents)` takes in the
browser's copy when the page opens. The browser has no threads and no disk: nothing here waits or
touches a file. A document or an entry is kept as its JSON text, so a stored value can never
be changed through a value that was read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .interface import Document, SequenceConflictError, Store, VersionConflictError, encode


def _document(value: Any) -> tuple[str, int]:
    text, version = value
    json.loads(text)
    if not isinstance(text, str) or not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("not a document")
    return text, version


def _log(entries: Any) -> list[str]:
    if not isinstance(entries, list) or not all(isinstance(entry, str) for entry in entries):
        raise ValueError("not a log")
    for entry in entries:
        json.loads(entry)
    return list(entries)


def readable(contents: Any) -> tuple[dict[str, tuple[str, int]], dict[str, list[str]], set[str]]:
    """The well-formed documents and logs of contents made by `MemoryStore.dump`, and the keys
    and logs that are not (contents that are no such copy hold nothing readable)."""
    if not isinstance(contents, dict):
        return {}, {}, set()
    documents: dict[str, tuple[str, int]] = {}
    logs: dict[str, list[str]] = {}
    damaged: set[str] = set()
    for part, read, kept in (("documents", _document, documents), ("logs", _log, logs)):
        found = contents.get(part, {})
        if not isinstance(found, dict):
            continue
        for name, value in found.items():
            try:
                kept[str(name)] = read(value)
            except (TypeError, ValueError):
                damaged.add(str(name))
    return documents, logs, damaged


class MemoryStore(Store):
    """Documents and logs in dictionaries; `on_write(contents)` after every change."""

    def __init__(self, on_write: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.url = "memory://"
        self.on_write = on_write
        self._documents: dict[str, tuple[str, int]] = {}
        self._logs: dict[str, list[str]] = {}

    def dump(self) -> dict[str, Any]:
        """The whole contents as plain JSON: `{"documents": {key: [text, version]}, "logs": {log: [text, …]}}`."""
        return {
            "documents": {key: [value, version] for key, (value, version) in self._documents.items()},
            "logs": {log: list(entries) for log, entries in self._logs.items()},
        }

    def load(self, contents: Any) -> set[str]:
        """Take in contents made by `dump` (the browser's copy when the page opens): what this
        store holds already stays as it is (this page wrote it after the copy was made), the
        rest is added, and the whole is handed back. A document or a log that is not as `dump`
        made it (damaged in the browser's storage) is left out, the rest is taken; returns the
        keys and logs left out."""
        documents, logs, damaged = readable(contents)
        self._documents = {**documents, **self._documents}
        self._logs = {**logs, **{log: entries for log, entries in self._logs.items() if entries}}
        self._changed()
        return damaged

    def _changed(self) -> None:
        if self.on_write is not None:
            self.on_write(self.dump())

    def get(self, key: str) -> Document | None:
        found = self._documents.get(key)
        return Document(json.loads(found[0]), found[1]) if found else None

    def put(self, key: str, value: Any, expected: int | None = None) -> int:
        text = encode(value)
        found = self._documents.get(key)
        current = found[1] if found else 0
        if expected is not None and expected != current:
            raise VersionConflictError("store.version_conflict", key=key, expected=expected, found=current)
        self._documents[key] = (text, current + 1)
        self._changed()
        return current + 1

    def delete(self, key: str) -> bool:
        removed = self._documents.pop(key, None) is not None
        if removed:
            self._changed()
        return removed

    def keys(self, prefix: str = "") -> list[str]:
        return sorted(key for key in self._documents if key.startswith(prefix))

    def append(self, log: str, seq: int, entry: Any) -> None:
        text = encode(entry)
        entries = self._logs.setdefault(log, [])
        if seq != len(entries) + 1:
            raise SequenceConflictError("store.sequence_conflict", log=log, seq=seq, count=len(entries))
        entries.append(text)
        self._changed()

    def read(self, log: str, since: int = 0) -> list[tuple[int, Any]]:
        entries = self._logs.get(log, [])
        return [(number, json.loads(entries[number - 1])) for number in range(max(since, 0) + 1, len(entries) + 1)]

    def length(self, log: str) -> int:
        return len(self._logs.get(log, []))

    def logs(self, prefix: str = "") -> list[str]:
        return sorted(log for log, entries in self._logs.items() if entries and log.startswith(prefix))

    def delete_log(self, log: str) -> bool:
        removed = bool(self._logs.pop(log, None))
        if removed:
            self._changed()
        return removed

    def wait(self, log: str, since: int, timeout: float) -> int:
        """No waiting in the browser: only this page writes, so the length now is the answer."""
        return self.length(log)
