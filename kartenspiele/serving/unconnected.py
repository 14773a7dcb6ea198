"""Kernels of pages that never connected: a page closed while it was loading.

Voilà shuts a page's kernel down when the page is closed, but only once the page's scripts have
loaded (they send the shutdown request on `beforeunload`). A page closed while loading, or one
whose scripts never loaded, leaves its kernel to the idle cull (10 minutes). `Unconnected`
watches every kernel handed to a page until a websocket connects to it, and shuts it down when
the page has shown no sign of life for `grace` seconds.

A page that is still loading is never given up: thirty tablets fetching the page's scripts at
once over school Wi-Fi, or a laptop under load, may take minutes. Its signs of life are:
- the page itself being sent (`sent`);
- any request of its browser (its device cookie, else its address: `client_keys`) beginning or
  ending, such as the page's scripts and styles, and every request still running counts as
  alive (a slow download of one large script) — except websockets and the banner's question
  whether the kernel lives (`/kartenspiele/alive/`: a page stuck forever asks it too);
- an attempt to open the kernel's websocket (`/api/kernels/<id>/channels`), before it connects.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from jupyter_core.utils import ensure_async

GRACE = 90.0
"""Seconds a page may go without a sign of life before it connects to its kernel."""
SWEEP_EVERY = 5.0
STUCK = 600.0
"""A request running longer than this no longer counts as a sign of life (a connection the
server never saw end; the idle cull takes such a kernel)."""
CHANNELS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
"""A kernel's websocket address (the page's attempt to connect names its kernel)."""

Owners = Callable[[str], Iterable[str]]
"""The client keys a kernel was started for (`KernelLimits.owners`)."""


def _nobody(_kernel: str) -> tuple[str, ...]:
    return ()


@dataclass
class Unconnected:
    """The kernels handed to pages that have not connected yet, and their pages' signs of life."""

    manager: Any
    grace: float = GRACE
    owners: Owners = _nobody
    waiting: dict[str, float] = field(default_factory=dict)  # kernel: its own last sign of life
    connected: set[str] = field(default_factory=set)
    seen: dict[str, float] = field(default_factory=dict)  # client key: its last request began or ended
    running: dict[str, Counter[float]] = field(default_factory=dict)  # client key: its requests' starts

    def watch_connections(self) -> None:
        """Learn of every websocket connection from the kernel manager."""
        notify = self.manager.notify_connect

        def notify_connect(kernel_id: str) -> None:
            self.connected.add(kernel_id)
            self.waiting.pop(kernel_id, None)
            notify(kernel_id)

        self.manager.notify_connect = notify_connect

    def sent(self, kernel_id: str, now: float | None = None) -> None:
        """A page using `kernel_id` has been sent to the browser."""
        if kernel_id not in self.connected:  # a page may connect before its last byte is sent
            self.waiting[kernel_id] = time.monotonic() if now is None else now

    def attempted(self, kernel_id: str, now: float | None = None) -> None:
        """The page of `kernel_id` tries to open its websocket."""
        if kernel_id in self.waiting:
            self.waiting[kernel_id] = time.monotonic() if now is None else now

    def began(self, keys: Iterable[str], now: float | None = None) -> float:
        """A request of the client `keys` began; returns its start (to hand to `ended`)."""
        now = time.monotonic() if now is None else now
        for key in keys:
            self.seen[key] = now
            self.running.setdefault(key, Counter())[now] += 1
        return now

    def ended(self, keys: Iterable[str], began: float, now: float | None = None) -> None:
        """The request of the client `keys` that began at `began` ended."""
        now = time.monotonic() if now is None else now
        for key in keys:
            self.seen[key] = now
            starts = self.running.get(key)
            if starts is not None and starts[began] > 0:
                starts[began] -= 1
                if not starts[began]:
                    del starts[began]
                if not starts:
                    del self.running[key]

    def last_sign(self, kernel_id: str, now: float) -> float:
        """When the page of `kernel_id` last showed a sign of life (now, while its browser has a
        request running)."""
        last = self.waiting[kernel_id]
        for key in self.owners(kernel_id):
            if any(now - start < STUCK for start in self.running.get(key, ())):
                return now
            last = max(last, self.seen.get(key, last))
        return last

    def overdue(self, now: float | None = None) -> list[str]:
        """Kernels whose page has shown no sign of life for the grace time (forgotten here)."""
        now = time.monotonic() if now is None else now
        self.connected = {kernel for kernel in self.connected if kernel in self.manager}
        gone = [kernel for kernel in self.waiting if kernel not in self.manager]
        late = [
            kernel
            for kernel in self.waiting
            if kernel in self.manager and now - self.last_sign(kernel, now) > self.grace
        ]
        for kernel in gone + late:
            del self.waiting[kernel]
        self._forget_quiet_clients(now)
        return late

    def _forget_quiet_clients(self, now: float) -> None:
        """Drop the clients without a running request whose last one is older than the grace."""
        for key in [key for key, starts in self.running.items() if all(now - start >= STUCK for start in starts)]:
            del self.running[key]
        for key in [key for key, at in self.seen.items() if now - at > self.grace and key not in self.running]:
            del self.seen[key]

    async def sweep(self) -> None:
        """Shut down the kernels of pages that never connected."""
        for kernel in self.overdue():
            self.manager.log.info(
                "Kernel %s: its page never connected (no sign of life for %.0f s); shutting it down", kernel, self.grace
            )
            await ensure_async(self.manager.shutdown_kernel(kernel))
