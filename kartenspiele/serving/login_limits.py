"""How often the class password may be tried: a budget per client address and one for the
whole server, kept in the server process.

A check is counted the moment it arrives — before the password is compared and before any
wait — so requests sent at once cannot all slip through one window: 600 guesses sent together
by one device get 5 comparisons, the rest a "Zu viele Versuche" page without any.

- Per client: `FREE_TRIES` wrong passwords, then the device waits 2 s, and after each further
  wrong one twice as long, at most `MAX_LOCK` (5 minutes): about 13 guesses in the first 9
  minutes, then 12 an hour. A pupil who mistypes five times waits 2 s. A right password ends the
  device's record. Other devices are not touched by one device's lock-out.
- For the server: at most `GLOBAL_BURST` failed checks at once and `GLOBAL_RATE` a second on
  average (a token bucket), however many addresses an attacker uses: at most 172,800 guesses a
  day. A class of 30 that all mistype at the same moment stays inside the burst; once it is
  used up, the next check waits at most 1/`GLOBAL_RATE` s (0.5 s), so the class is never shut
  out for long. A right password gives its token back.

A request whose client a trusted proxy did not name (`clients.UNKNOWN_CLIENT`) has no budget of
its own, only the server's: it is no one device. The same budgets count wrong teacher codes
(`?lehrkraft=…`, checked by the server before a page's kernel runs).

Memory stays bounded: a client is forgotten `FORGET_AFTER` seconds after its last wrong
password, and at most `MAX_CLIENTS` clients are remembered (the longest quiet ones go first).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .clients import UNKNOWN_CLIENT

FREE_TRIES = 5
"""Wrong passwords a device may type before it has to wait."""
MAX_LOCK = 300.0
"""The longest wait of one device, in seconds."""
GLOBAL_BURST = 30
"""Failed checks the whole server allows at once (a class mistyping at the same moment)."""
GLOBAL_RATE = 2.0
"""Failed checks the whole server allows per second, on average."""
FORGET_AFTER = 3600.0
"""Seconds after its last wrong password when a device's record is dropped."""
MAX_CLIENTS = 4096
"""Devices remembered at most (about 100 bytes each)."""


@dataclass
class Failures:
    """One device's wrong passwords: how many, since when it waits, when the last came."""

    count: int = 0
    locked_until: float = 0.0
    last: float = 0.0


class LoginAttempts:
    """The failure budgets of one server: `begin` before each comparison, `succeeded` after a
    right password. With `free_tries` 0 devices are not told apart: only the server's budget
    counts (`--login-tries 0` behind a reverse proxy, where every pupil has its address)."""

    def __init__(
        self,
        free_tries: int = FREE_TRIES,
        max_lock: float = MAX_LOCK,
        burst: int = GLOBAL_BURST,
        rate: float = GLOBAL_RATE,
        forget_after: float = FORGET_AFTER,
        max_clients: int = MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free_tries = free_tries
        self.max_lock = max_lock
        self.burst = burst
        self.rate = rate
        self.forget_after = forget_after
        self.max_clients = max_clients
        self.clock = clock
        self.clients: OrderedDict[str, Failures] = OrderedDict()
        self.tokens = float(burst)
        self.filled = clock()

    def lock(self, count: int) -> float:
        """Seconds a device waits after its `count`-th wrong password (0 before `free_tries`)."""
        if count < self.free_tries:
            return 0.0
        return min(2.0 ** (count - self.free_tries + 1), self.max_lock)

    def begin(self, client: str) -> float:
        """Count a password check of `client` as it arrives. 0.0: it may compare, and counts
        as a wrong password until `succeeded`; else the seconds to wait (nothing is counted)."""
        now = self.clock()
        self.forget(now)
        record = self.clients.get(client)
        if record is not None and record.locked_until > now:
            return record.locked_until - now
        self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
        self.filled = now
        if self.tokens < 1:
            return (1 - self.tokens) / self.rate
        self.tokens -= 1
        if self.free_tries <= 0 or client == UNKNOWN_CLIENT:  # no device to hold to (a proxy keeps its own)
            return 0.0
        record = record or Failures()
        record.count += 1
        record.last = now
        record.locked_until = now + self.lock(record.count)
        self.clients[client] = record
        self.clients.move_to_end(client)
        while len(self.clients) > self.max_clients:
            self.clients.popitem(last=False)
        return 0.0

    def succeeded(self, client: str) -> None:
        """The check `begin` let through was right: the device starts afresh, the server's
        budget gets its token back."""
        self.clients.pop(client, None)
        self.tokens = min(self.burst, self.tokens + 1)

    def forget(self, now: float) -> None:
        """Drop the devices whose last wrong password is `forget_after` seconds old (the
        oldest come first: every update moves a device to the end)."""
        while self.clients:
            client, record = next(iter(self.clients.items()))
            if now - record.last < self.forget_after:
                return
            del self.clients[client]


def retry_after(wait: float) -> int:
    """Whole seconds for the `Retry-After` header and the page (at least 1)."""
    return max(1, math.ceil(wait))
