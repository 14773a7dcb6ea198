"""How many rooms one page, one browser and one address may open: at most `PAGE_LIMIT` a minute
per page, `DEVICE_LIMIT` an hour per browser and `ADDRESS_LIMIT` an hour per address (a class of
30 behind one school address or one reverse proxy opens rooms all period long).

The check is in the kernel (`Rooms.open` asks its `OpenLimit`), not in the browser: a page
that sends "Raum eröffnen" clicks over its websocket, with the button hidden, meets the same
count. A kernel serves one page, so the page's count is kept in memory (one `OpenLimit` per
lobby, the start page has one).

The address: Voilà gives a kernel only the page's request line and host (`QUERY_STRING`,
`SCRIPT_NAME`, `SERVER_NAME` …), never the client's address, but it passes request headers
named in `VoilaConfiguration.http_header_envs` as `HTTP_…` variables. `kartenspiele serve`
sets the header `X-Kartenspiele-Client` to the client's address on every page request (the TCP
peer, or the client a `--trusted-proxy` names: `serving.clients.client_address`, `unknown` when
that proxy names none; a value a browser sent is overwritten) and names it there, so its
kernels find the address in `HTTP_X_KARTENSPIELE_CLIENT`. The count per address is a small
document in the store (`limit/open/<hash of the address>`), shared by all kernels. Without the
variable (Voilà started otherwise, Binder) the address does not count. A loopback address counts
like any other: a reverse proxy on the same machine makes every pupil loopback, and a browser
that drops its cookies (a new device id with every page) would otherwise meet the page's limit
only (6 pages × 6 clicks opened 30 rooms).

The browser: `kartenspiele serve` also sets `X-Kartenspiele-Device` to the page's device id
(the signed device cookie, or the one given with this page: `serving.clients`), found in
`HTTP_X_KARTENSPIELE_DEVICE`, and counted under `limit/open/device-<hash>`. A browser that drops
its cookies gets a new id with every page, so the address's count stays the bound for it.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import deque

from ...core.errors import KartenspieleError
from ..store.interface import ConflictError, Store

PAGE_LIMIT = 5
PAGE_SECONDS = 60.0
DEVICE_LIMIT = 30
ADDRESS_LIMIT = 150
"""A class of 30 behind one address, five rooms each an hour."""
ADDRESS_SECONDS = 3600.0
ADDRESS_HEADER = "X-Kartenspiele-Client"
"""The request header `kartenspiele serve` fills with the client's address for its kernels."""
ADDRESS_ENVIRONMENT = "HTTP_X_KARTENSPIELE_CLIENT"
"""Where a kernel finds it (Voilà's name for the header)."""
DEVICE_HEADER = "X-Kartenspiele-Device"
"""The request header `kartenspiele serve` fills with the page's device id for its kernels."""
DEVICE_ENVIRONMENT = "HTTP_X_KARTENSPIELE_DEVICE"
COUNTS = "limit/open/"
"""Where the counts per address are kept (one small document per address and hour)."""
LIMITS = "limit/"
"""Where every limit (rooms opened, wrong room codes) keeps its counts per address."""


class TooManyRoomsError(KartenspieleError):
    """This page (or this device) has opened too many rooms just now."""


def counted_address(address: str | None) -> str | None:
    """The address to count rooms under (loopback and `unknown` too), or None (none known)."""
    return address.strip() if address and address.strip() else None


class OpenLimit:
    """The rooms opened by one page (in memory), by its browser and by its address (in the
    store). Other limits (`code_limit.CodeLimit`) count other things with the same rules: they
    change the class attributes (a `device_limit` of 0: the browser is not counted) and `refuse`."""

    page_limit = PAGE_LIMIT
    page_seconds = PAGE_SECONDS
    device_limit = DEVICE_LIMIT
    address_limit = ADDRESS_LIMIT
    address_seconds = ADDRESS_SECONDS
    prefix = COUNTS

    def __init__(self, store: Store, clock=time.time, address: str | None = None, device: str | None = None) -> None:
        self.store = store
        self.clock = clock
        self.given = address
        self.given_device = device
        self.opened: deque[float] = deque()

    @property
    def address(self) -> str | None:
        """The address counted (read when asked: a preheated kernel learns it with its page)."""
        return counted_address(os.environ.get(ADDRESS_ENVIRONMENT) if self.given is None else self.given)

    @property
    def key(self) -> str | None:
        address = self.address
        if address is None:
            return None
        return self.prefix + hashlib.sha256(address.encode()).hexdigest()[:24]

    @property
    def device_key(self) -> str | None:
        """Where the page's browser is counted (None: no device id, or not counted)."""
        device = (os.environ.get(DEVICE_ENVIRONMENT) if self.given_device is None else self.given_device) or ""
        if not device.strip() or self.device_limit <= 0:
            return None
        return self.prefix + "device-" + hashlib.sha256(device.strip().encode()).hexdigest()[:24]

    def counted(self) -> list[tuple[str, int]]:
        """(store key, limit) of every count this page adds to: its browser's, its address's."""
        pairs = ((self.device_key, self.device_limit), (self.key, self.address_limit))
        return [(key, limit) for key, limit in pairs if key is not None]

    def _window(self) -> int:
        return int(self.clock() // self.address_seconds)

    def refuse(self, wait: float) -> KartenspieleError:
        """The error for a page held at the limit; `wait`: seconds until it may go on."""
        return TooManyRoomsError("room.too_many")

    def check(self) -> None:
        """Raise `refuse(…)` if this page or its address has used up its count for now."""
        now = self.clock()
        while self.opened and now - self.opened[0] >= self.page_seconds:
            self.opened.popleft()
        if len(self.opened) >= self.page_limit:
            raise self.refuse(self.opened[0] + self.page_seconds - now)
        for key, limit in self.counted():
            document = self.store.get(key)
            value = document.value if document is not None else {}
            if value.get("window") == self._window() and int(value.get("count", 0)) >= limit:
                raise self.refuse((self._window() + 1) * self.address_seconds - now)

    def count(self) -> None:
        """Count one (a room opened, after it was opened)."""
        self.opened.append(self.clock())
        window = self._window()
        for key, _limit in self.counted():
            for _ in range(5):  # compare-and-set: pages of one address opening at once all count
                document = self.store.get(key)
                value = document.value if document is not None else {}
                count = int(value.get("count", 0)) if value.get("window") == window else 0
                try:
                    self.store.put(
                        key, {"window": window, "count": count + 1}, expected=document.version if document else 0
                    )
                    break
                except ConflictError:
                    continue


def forget_old_counts(store: Store, now: float) -> int:
    """Delete the counts of addresses from hours gone by, of every limit (the sweep calls this,
    so the store keeps one document per address and limit for the current hour only); returns
    how many went. A count written in the same instant for the new hour may go with it: the
    limit then counts afresh."""
    window = int(now // ADDRESS_SECONDS)
    forgotten = 0
    for key in store.keys(LIMITS):
        document = store.get(key)
        if document is not None and document.value.get("window") != window and store.delete(key):
            forgotten += 1
    return forgotten
