"""What one caller of the store service may do: a teacher everything, a pupil only what a
pupil's pages need. The store service (`kartenspiele.serving.store_service`) wraps the real
store in a `GuardedStore` per request, for the caller the hub named.

A pupil's pages need:
- the rooms: `room/…`, the code count `room-codes` and the rate-limit counts `limit/…` (rooms
  opened, wrong codes typed)
  (documents and logs, listing by those prefixes): a room is played by several pupils, and
  whoever knows its code may join it;
- a class's own document `class/CODE` (to join it and to see which lessons are released);
- their own pupil record `class/CODE/pupil/NICK` and its log: created by joining (only as a
  new record, `expected=0`, in a class that exists), afterwards read and written only by the
  hub user who created it. Who created it is kept beside it, under `hub/owner/`, with the
  record's token hash: a record made anew (the class deleted and opened again) is nobody's
  until it is joined.

Everything else is refused to a pupil with `StoreRefusedError`: listing classes or pupils,
another pupil's record or answers, deleting a class's data. `hub/…` is the service's own and
is refused to everyone (and left out of every listing).
"""

from __future__ import annotations

from typing import Any

from .interface import Document, Store, StoreRefusedError

RESERVED = "hub/"
OWNERS = RESERVED + "owner/"
PUPIL_SPACES = ("room/", "room-codes", "limit/")
"""Names a pupil's pages use in full (rooms are shared by their players)."""


def in_pupil_space(name: str) -> bool:
    return name.startswith(PUPIL_SPACES)


def class_document(name: str) -> bool:
    """`class/CODE`"""
    parts = name.split("/")
    return len(parts) == 2 and parts[0] == "class" and bool(parts[1])


def pupil_record(name: str) -> tuple[str, str] | None:
    """(CODE, NICK) of `class/CODE/pupil/NICK`, else None."""
    parts = name.split("/")
    if len(parts) == 4 and parts[0] == "class" and parts[2] == "pupil" and all(parts[1::2]) and parts[3]:
        return parts[1], parts[3]
    return None


def pupil_log_of(name: str) -> str | None:
    """The record `class/CODE/pupil/NICK` whose log is `name` (`…/NICK/log`), else None."""
    record, _, last = name.rpartition("/")
    return record if last == "log" and pupil_record(record) else None


class GuardedStore(Store):
    """`store` as one caller of the service may use it (see the module docstring)."""

    def __init__(self, store: Store, user: str, teacher: bool) -> None:
        self.store = store
        self.url = store.url
        self.user = user
        self.teacher = teacher
        self.notifies = store.notifies

    # -- the rules -------------------------------------------------------------------------
    def _refuse(self, name: str) -> StoreRefusedError:
        return StoreRefusedError("store.refused", name=name)

    def _owner_key(self, record: str) -> str:
        code, nick = pupil_record(record) or ("", "")
        return f"{OWNERS}{code}/{nick}"

    def _owns(self, record: str) -> bool:
        owner = self.store.get(self._owner_key(record))
        found = self.store.get(record)
        if owner is None or found is None or not isinstance(found.value, dict):
            return False
        return owner.value == {"user": self.user, "token": found.value.get("token")}

    def _document(self, key: str, write: bool = False) -> None:
        """Raise unless the caller may read (or write) the document `key`."""
        if key.startswith(RESERVED):
            raise self._refuse(key)
        if self.teacher or in_pupil_space(key) or (class_document(key) and not write):
            return
        if pupil_record(key) and self._owns(key):
            return
        raise self._refuse(key)

    def _log(self, log: str) -> None:
        if log.startswith(RESERVED):
            raise self._refuse(log)
        if self.teacher or in_pupil_space(log):
            return
        record = pupil_log_of(log)
        if record is None or not self._owns(record):
            raise self._refuse(log)

    def _listing(self, prefix: str) -> None:
        if not self.teacher and not in_pupil_space(prefix):
            raise self._refuse(prefix or "*")

    # -- documents -------------------------------------------------------------------------
    def get(self, key: str) -> Document | None:
        self._document(key)
        return self.store.get(key)

    def put(self, key: str, value: Any, expected: int | None = None) -> int:
        record = pupil_record(key)
        if record and expected == 0 and not key.startswith(RESERVED):  # joining: a new record only
            if not self.teacher and self.store.get(f"class/{record[0]}") is None:
                raise self._refuse(key)
            version = self.store.put(key, value, expected=0)
            token = value.get("token") if isinstance(value, dict) else None
            self.store.put(self._owner_key(key), {"user": self.user, "token": token})
            return version
        self._document(key, write=True)
        return self.store.put(key, value, expected)

    def delete(self, key: str) -> bool:
        if not self.teacher and not in_pupil_space(key):
            raise self._refuse(key)
        self._document(key, write=True)
        deleted = self.store.delete(key)
        if pupil_record(key):
            self.store.delete(self._owner_key(key))
        return deleted

    def keys(self, prefix: str = "") -> list[str]:
        self._listing(prefix)
        return [key for key in self.store.keys(prefix) if not key.startswith(RESERVED)]

    # -- logs ------------------------------------------------------------------------------
    def append(self, log: str, seq: int, entry: Any) -> None:
        self._log(log)
        self.store.append(log, seq, entry)

    def read(self, log: str, since: int = 0) -> list[tuple[int, Any]]:
        self._log(log)
        return self.store.read(log, since)

    def length(self, log: str) -> int:
        self._log(log)
        return self.store.length(log)

    def logs(self, prefix: str = "") -> list[str]:
        self._listing(prefix)
        return [log for log in self.store.logs(prefix) if not log.startswith(RESERVED)]

    def delete_log(self, log: str) -> bool:
        if not self.teacher and not in_pupil_space(log):
            raise self._refuse(log)
        self._log(log)
        return self.store.delete_log(log)

    def wait(self, log: str, since: int, timeout: float) -> int:
        self._log(log)
        return self.store.wait(log, since, timeout)

    def ping(self) -> None:
        self.store.ping()

    def purge(self) -> None:
        """Only a teacher (who deletes classes) makes the store empty its write-ahead log."""
        if not self.teacher:
            raise self._refuse("purge")
        self.store.purge()
