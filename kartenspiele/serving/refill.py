"""Refill Voilà's pools of ready kernels ahead of demand, and never hand a page a kernel that
has not begun to start.

Voilà (`VoilaKernelManager`) starts a pool's replacement `fill_delay` seconds after a page took
a kernel, and counts a replacement still waiting for its delay as ready: a page that comes
meanwhile takes it and waits for the rest of the delay and the kernel's start (with the 30 s
delay used before, the 22–29 s pages of issue 23). `Refills` changes three things:

- a replacement starts `REFILL_DELAY` after its page took a kernel, but all pools together
  start at most one kernel every `spacing` seconds (`RefillSchedule`): a class that took 30
  kernels at once gets them back one by one, not 30 starts while its pages are still loading;
- the first filling at the server's start follows the same schedule, the start page first;
- a page is offered only entries whose start has begun (`size`), the one furthest along first
  (`take`); when there is none, Voilà starts the page's own kernel at once instead of making it
  wait for a replacement's turn.
"""

from __future__ import annotations

import asyncio
import math
import time
import weakref
from collections.abc import Callable, Iterable
from typing import Any

REFILL_DELAY = 1.0
"""Seconds after a page took a ready kernel before its replacement may start."""
REFILL_SPACING = 2.0
"""Seconds between two kernel starts for the pools (one start costs about one core-second)."""


class RefillSchedule:
    """When the pools' kernels start: each at least `delay` seconds after it was asked for and
    `spacing` seconds after the one booked before it."""

    def __init__(
        self, delay: float = REFILL_DELAY, spacing: float = REFILL_SPACING, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.delay = delay
        self.spacing = spacing
        self.clock = clock
        self.next_start = -math.inf

    def book(self, delay: float | None = None) -> float:
        """Book the next start (`delay`: at the earliest this many seconds from now, default
        `self.delay`); returns its time on `clock`."""
        start = max(self.clock() + (self.delay if delay is None else delay), self.next_start)
        self.next_start = start + self.spacing
        return start


class Refills:
    """The refill rules above, installed on a `VoilaKernelManager` (`install`)."""

    def __init__(self, manager: Any, sizes: dict[str, int], schedule: RefillSchedule | None = None) -> None:
        self.manager = manager
        self.sizes = dict(sizes)
        self.schedule = schedule or RefillSchedule()
        self.due: weakref.WeakKeyDictionary[asyncio.Future, float] = weakref.WeakKeyDictionary()
        self._fill = manager.fill_if_needed
        self._take = manager.get_rendered_notebook

    def install(self) -> None:
        """Take over the manager's filling, pool size and hand-out, and fill every pool (pages
        in the order of `sizes`)."""
        manager = self.manager
        manager.kernel_pools_config = {
            "default": {"pool_size": 0},
            **{page: {"pool_size": size} for page, size in self.sizes.items()},
        }
        manager.fill_if_needed = self.fill
        manager.get_pool_size = self.size
        manager.get_rendered_notebook = self.take
        for page in self.sizes:
            self.fill(delay=0, notebook_name=page)

    def pool(self, page: str | None) -> list[asyncio.Future]:
        return self.manager._pools.setdefault(page, [])

    def fill(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        """Start the kernels `notebook_name`'s pool lacks, each at its booked time (Voilà's
        `fill_if_needed`, which starts all that are missing after one delay)."""
        pool = self.pool(notebook_name)
        config = self.manager.kernel_pools_config
        for _ in range(self.sizes.get(notebook_name or "", 0) - len(pool)):
            start = self.schedule.book(delay)
            now = self.schedule.clock()
            before = set(pool)
            # Voilà fills up to the configured size: for one kernel, a size of one more
            self.manager.kernel_pools_config = {**config, notebook_name: {"pool_size": len(pool) + 1}}
            try:
                self._fill(max(0.0, start - now), notebook_name, **kwargs)
            finally:
                self.manager.kernel_pools_config = config
            for task in pool:
                if task not in before:
                    self.due[task] = start

    def started(self, task: asyncio.Future) -> bool:
        """Whether a pool entry has begun to start its kernel and has not failed."""
        if task.done():
            return not task.cancelled() and task.exception() is None
        return self.due.get(task, -math.inf) <= self.schedule.clock()

    def size(self, notebook_name: str) -> int:
        """The entries a page may take now (Voilà's `get_pool_size`)."""
        return sum(1 for task in self.pool(notebook_name) if self.started(task))

    def order(self, tasks: Iterable[asyncio.Future]) -> list[asyncio.Future]:
        """The entries in the order pages take them: ready, then starting (the earliest
        first), then the rest."""

        def rank(task: asyncio.Future) -> tuple[int, float]:
            if task.done() and self.started(task):
                return (0, 0.0)
            return (1 if self.started(task) else 2, self.due.get(task, -math.inf))

        return sorted(tasks, key=rank)

    async def take(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        """Voilà's `get_rendered_notebook`, which hands out its pool's first entry: that is
        the entry furthest along."""
        pool = self.pool(notebook_name)
        pool[:] = self.order(pool)
        return await self._take(notebook_name, *args, **kwargs)
