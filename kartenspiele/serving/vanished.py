"""Kernels of pages that are gone without saying so: a crashed tab, a closed browser, a tablet
that sleeps or left the Wi-Fi.

A page closed normally shuts its kernel down itself (on `beforeunload`). A page that vanishes
sends nothing: its websocket just closes (or falls silent, until the server's pings time out
and close it, `PING_EVERY`/`PING_TIMEOUT`), and the kernel would wait for the idle cull
(10 minutes) while still counting against the device's pages ("Server voll"). `Vanished`
counts each kernel's websocket connections: a kernel whose last connection has been closed
for `grace` seconds is shut down. Its game is in the store: a page that comes back shows
"connection lost" and resumes it. An open page keeps its kernel however long it is idle (a
pupil thinking), and kernels that were never connected (ready in a pool, or a page still
loading: `unconnected`) are not touched here.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from jupyter_core.utils import ensure_async

GRACE = 120.0
"""Seconds a page's kernel waits for the page to connect again (a page reconnects after a
short network break within seconds)."""
PING_EVERY = 10.0
"""Seconds between the server's pings on each page's websocket."""
PING_TIMEOUT = 30.0
"""Seconds without an answer to the pings after which the server closes a websocket (a tablet
gone from the Wi-Fi leaves its connection open without a word)."""
SWEEP_EVERY = 5.0


@dataclass
class Vanished:
    """Each kernel's open websocket connections, and since when a kernel has had none."""

    manager: Any
    grace: float = GRACE
    connections: Counter[str] = field(default_factory=Counter)
    closed_since: dict[str, float] = field(default_factory=dict)

    def watch_connections(self) -> None:
        """Learn of every websocket connecting and closing from the kernel manager."""
        connect, disconnect = self.manager.notify_connect, self.manager.notify_disconnect

        def notify_connect(kernel_id: str) -> None:
            self.connected(kernel_id)
            connect(kernel_id)

        def notify_disconnect(kernel_id: str) -> None:
            self.disconnected(kernel_id)
            disconnect(kernel_id)

        self.manager.notify_connect = notify_connect
        self.manager.notify_disconnect = notify_disconnect

    def connected(self, kernel_id: str) -> None:
        self.connections[kernel_id] += 1
        self.closed_since.pop(kernel_id, None)

    def disconnected(self, kernel_id: str, now: float | None = None) -> None:
        self.connections[kernel_id] -= 1
        if self.connections[kernel_id] <= 0:
            del self.connections[kernel_id]
            self.closed_since[kernel_id] = time.monotonic() if now is None else now

    def overdue(self, now: float | None = None) -> list[str]:
        """Kernels whose page has been gone for longer than the grace time (forgotten here)."""
        now = time.monotonic() if now is None else now
        for kernel in [kernel for kernel in self.connections if kernel not in self.manager]:
            del self.connections[kernel]
        gone = [kernel for kernel in self.closed_since if kernel not in self.manager]
        late = [
            kernel for kernel, since in self.closed_since.items() if kernel in self.manager and now - since > self.grace
        ]
        for kernel in gone + late:
            del self.closed_since[kernel]
        return late

    async def sweep(self) -> None:
        """Shut down the kernels of pages that are gone."""
        for kernel in self.overdue():
            self.manager.log.info("Kernel %s: its page has been gone for %.0f s; shutting it down", kernel, self.grace)
            await ensure_async(self.manager.shutdown_kernel(kernel))
