"""How many wrong room codes one page, and one device's address, may type: at most
`PAGE_LIMIT` a minute per page and `ADDRESS_LIMIT` an hour per address.

Room codes are short (19^4 = 130,321 codes of four letters), so a page trying codes without
end would find rooms. `Rooms.join` asks its `CodeLimit` before looking a code up and counts
a code that names no room; a page (or address) held at the limit is told, kindly, how long to
wait, and no code is looked up meanwhile. The counting is `open_limit.OpenLimit`'s: the page's
tries in the kernel's memory, the address's (from the header `X-Kartenspiele-Client` that
`kartenspiele serve` sets) in the store under `limit/code/`, loopback addresses too.
A class behind one school address mistypes now and then: 60 wrong codes an hour leave room
for that, and give a guesser at most 60 of 130,321 codes an hour.
"""

from __future__ import annotations

import math

from ...core.errors import KartenspieleError
from .open_limit import ADDRESS_SECONDS, OpenLimit

PAGE_LIMIT = 5
PAGE_SECONDS = 60.0
ADDRESS_LIMIT = 60
COUNTS = "limit/code/"
"""Where the wrong codes per address are counted (one small document per address and hour)."""


class TooManyCodesError(KartenspieleError):
    """This page (or this device) has typed many wrong room codes just now; `wait` says how
    many seconds until it may try again."""


class CodeLimit(OpenLimit):
    """The wrong room codes of one page (in memory) and of its address (in the store)."""

    page_limit = PAGE_LIMIT
    page_seconds = PAGE_SECONDS
    device_limit = 0  # a guesser drops cookies: the address counts
    address_limit = ADDRESS_LIMIT
    address_seconds = ADDRESS_SECONDS
    prefix = COUNTS

    def refuse(self, wait: float) -> KartenspieleError:
        seconds = max(1, math.ceil(wait))
        if seconds <= 90:
            return TooManyCodesError("room.too_many_codes.seconds", count=seconds)
        return TooManyCodesError("room.too_many_codes.minutes", count=math.ceil(seconds / 60))
