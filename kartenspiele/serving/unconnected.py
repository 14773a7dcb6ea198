"""Kernels of pages that never connected: a page closed while it was loading.

Voilà shuts a page's kernel down when the page is closed, but only once the page's scripts have
loaded (they send the shutdown request on `beforeunload`). A page closed while loading, or one
whose scripts never loaded on a crowded network, leaves its kernel to the idle cull (10
minutes). `Unconnected` watches every kernel handed to a page: if no websocket connects to it
within `grace` seconds after the page was sent, nobody ever will, and the kernel is shut down.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from jupyter_core.utils import ensure_async

GRACE = 90.0
"""Seconds a sent page may take to connect to its kernel (a loaded page connects at once)."""
SWEEP_EVERY = 5.0


@dataclass
class Unconnected:
    """The kernels handed to pages that have not connected yet, with the time each page was sent."""

    manager: Any
    grace: float = GRACE
    waiting: dict[str, float] = field(default_factory=dict)
    connected: set[str] = field(default_factory=set)

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

    def overdue(self, now: float | None = None) -> list[str]:
        """Kernels whose page has not connected within the grace time (forgotten here)."""
        now = time.monotonic() if now is None else now
        self.connected = {kernel for kernel in self.connected if kernel in self.manager}
        gone = [kernel for kernel in self.waiting if kernel not in self.manager]
        late = [kernel for kernel, sent in self.waiting.items() if kernel in self.manager and now - sent > self.grace]
        for kernel in gone + late:
            del self.waiting[kernel]
        return late

    async def sweep(self) -> None:
        """Shut down the kernels of pages that never connected."""
        for kernel in self.overdue():
            self.manager.log.info("Kernel %s: its page never connected; shutting it down", kernel)
            await ensure_async(self.manager.shutdown_kernel(kernel))
