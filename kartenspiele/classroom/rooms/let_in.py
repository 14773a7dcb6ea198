"""Asking to come back to a seat: what a pupil does who lost the seat's token.

A seat is taken back only by its token (the page keeps it, the browser remembers it for
"Weiterspielen"); a name alone never moves a seat. A pupil on another tablet, or with a
cleared browser, types the code and their name; `Rooms.join` then says that they must ask
(`LetInNeededError`) and their page asks (`Requests.ask`): it draws a new token, and the
token's hash is kept in the document `room/CODE/ask/SEAT` — one per seat, the newest asking
page's. The waiting page asks again every few seconds; a request not renewed for
`REQUEST_SECONDS` is gone (the page was closed).

The opener's page (or the page of whoever stands in for an absent opener, `Rooms.leads`)
shows each request with one button, and so does the teacher's dashboard for the rooms of
the class. `Rooms.let_in` checks in the kernel that this page may
let pupils in and that the request it showed is still the seat's current one, then appends
a "rejoin" entry with the new token's hash: like every claim of a seat it is a log entry.
From then on the old token finds no seat, and the waiting page finds its own (`Rooms.admitted`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ...core.errors import KartenspieleError
from ..store.interface import Store

REQUEST_SECONDS = 20.0
"""A request not renewed for this long is no longer shown (the asking page was closed)."""


class LetInNeededError(KartenspieleError):
    """A name whose seat is taken, without the seat's token: the pupil asks to be let in
    (`Rooms.ask`); `room` and `seat` say where."""

    def __init__(self, key: str, room: Any, seat: int, **params: Any) -> None:
        super().__init__(key, **params)
        self.room = room
        self.seat = seat


@dataclass(frozen=True)
class Request:
    """A waiting page's request for `seat`: its new `token` (kept in that page's kernel only)
    and the hash stored with the request."""

    seat: int
    token: str
    hashed: str


def request_key(code: str, seat: int) -> str:
    return f"room/{code}/ask/{seat}"


class Requests:
    """The requests to come back, one document per seat of a room (deleted with the room)."""

    def __init__(self, store: Store, clock, hash_token) -> None:
        self.store = store
        self.clock = clock
        self.hash_token = hash_token

    def ask(self, code: str, log: str, seat: int, token: str | None = None) -> Request:
        """Ask for `seat` (again, with the page's `token`, to renew the request)."""
        token = token or secrets.token_urlsafe(16)
        hashed = self.hash_token(token)
        self.store.put(request_key(code, seat), {"token": hashed, "at": self.clock(), "log": log})
        return Request(seat, token, hashed)

    def current(self, code: str, log: str, seat: int) -> str | None:
        """The hash of the seat's current request, or None (none, too old, or of a deleted
        room that had this code)."""
        document = self.store.get(request_key(code, seat))
        if document is None:
            return None
        value = document.value
        if value.get("log") != log or self.clock() - float(value.get("at", 0.0)) > REQUEST_SECONDS:
            return None
        return str(value["token"])

    def pending(self, code: str, log: str, tokens: list[str | None], asker: int | None) -> list[tuple[int, str]]:
        """The current requests for seats with a name (`tokens`: each seat's token hash, None
        for a seat without a name), other than `asker`'s, that are not answered yet."""
        found = []
        for seat, token in enumerate(tokens):
            hashed = self.current(code, log, seat) if token is not None and seat != asker else None
            if hashed is not None and hashed != token:
                found.append((seat, hashed))
        return found

    def clear(self, code: str, seat: int) -> None:
        self.store.delete(request_key(code, seat))
