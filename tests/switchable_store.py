"""A store that a test can make full (writes fail, reads work) or unreachable, in front of a
real one: every other call goes through."""

from __future__ import annotations

from kartenspiele.classroom.store.interface import StoreFullError, StoreUnavailableError

WRITES = ("put", "append", "delete", "delete_log")


class Switchable:
    def __init__(self, store, url: str = "sqlite:///test") -> None:
        self.store = store
        self.url_shown = url  # the address the store's messages name
        self.full = False
        self.down = False

    def __getattr__(self, name):
        attribute = getattr(self.store, name)
        if not callable(attribute):
            return attribute

        def call(*args, **kwargs):
            if self.down:
                raise StoreUnavailableError("store.unavailable", url=self.url_shown, reason="down")
            if self.full and name in WRITES:
                raise StoreFullError("store.full", url=self.url_shown, reason="database or disk is full")
            return attribute(*args, **kwargs)

        return call
