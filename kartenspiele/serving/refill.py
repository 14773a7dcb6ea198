"""Refill Voilà's pools of ready kernels ahead of demand, and never hand a page a kernel that
has not begun to start.

Voilà (`VoilaKernelManager`) starts a pool's replacement `fill_delay` seconds after a page took
a kernel, and counts a replacement still waiting for its delay as ready: a page that comes
meanwhile takes it and waits for the rest of the delay and the kernel's start (with the 30 s
delay used before, the 22–29 s pages of issue 23). `Refills` changes three things:

- a replacement starts `REFILL_DELAY` after its page took a kernel, but all pools together
  start at most one kernel every `spacing` seconds (`RefillSchedule`): a class that took 30
  kernels at once gets them back one by one, not 30 starts while its pages are still loading.
  The spacing holds between actual starts (`RefillSchedule.turn`), not only booked ones: on a
  busy machine a late start does not let the next one follow at once;
- the first filling at the server's start follows the same schedule, the start page first;
- a replacement whose turn has come still waits while the machine is busy (`CalmGate`: more
  than `CALM_PERCENT` of its CPU in use), at most `CALM_WAIT` seconds: a kernel start costs one
  to two core-seconds, and a class starting its rooms on two cores needs every one of them
  (measured: replacements took half the CPU while 10 rooms started at once);
- a page is offered only entries whose start has begun (`size`), the one furthest along first
  (`take`); when there is none, Voilà starts the page's own kernel at once instead of making it
  wait for a replacement's turn or for calm.
"""

from __future__ import annotations

import asyncio
import math
import time
import weakref
from collections.abc import Callable, Iterable
from typing import Any

import psutil

REFILL_DELAY = 1.0
"""Seconds after a page took a ready kernel before its replacement may start."""
REFILL_SPACING = 2.0
"""Seconds between two kernel starts for the pools (one start costs about one core-second)."""
CALM_PERCENT = 50.0
"""A replacement starts only while less than this share of the machine's CPU is in use…"""
CALM_WAIT = 30.0
"""…or once it has waited this many seconds for that (a pool never stays empty for long)."""
CALM_CHECK = 0.5
"""Seconds over which the CPU in use is measured, again and again while a replacement waits."""


def machine_busy() -> float:
    """The share of the machine's CPU in use (percent) since the last call."""
    return psutil.cpu_percent(interval=None)


class CalmGate:
    """Replacements pass one by one, each when the machine is calm or after `wait` seconds."""

    def __init__(
        self,
        busy: Callable[[], float] = machine_busy,
        calm: float = CALM_PERCENT,
        wait: float = CALM_WAIT,
        check: float = CALM_CHECK,
    ) -> None:
        self.busy, self.calm, self.wait, self.check = busy, calm, wait, check
        self.waiting: weakref.WeakSet[asyncio.Future] = weakref.WeakSet()
        self._turn: asyncio.Lock | None = None

    async def passage(self, entry: asyncio.Future | None) -> None:
        """Return when `entry` may start its kernel (it counts as waiting until then)."""
        if entry is not None:
            self.waiting.add(entry)
        try:
            self._turn = self._turn or asyncio.Lock()
            async with self._turn:  # one looks at a time: the one before is starting meanwhile
                end = time.monotonic() + self.wait
                self.busy()  # the measurement begins now
                while time.monotonic() < end:
                    await asyncio.sleep(self.check)
                    if self.busy() < self.calm:
                        return
        finally:
            if entry is not None:
                self.waiting.discard(entry)


class RefillSchedule:
    """When the pools' kernels start: each at least `delay` seconds after it was asked for and
    `spacing` seconds after the one booked before it, and after the one that actually started
    before it."""

    def __init__(
        self, delay: float = REFILL_DELAY, spacing: float = REFILL_SPACING, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.delay = delay
        self.spacing = spacing
        self.clock = clock
        self.next_start = -math.inf
        self.last_start = -math.inf

    def book(self, delay: float | None = None) -> float:
        """Book the next start (`delay`: at the earliest this many seconds from now, default
        `self.delay`); returns its time on `clock`."""
        start = max(self.clock() + (self.delay if delay is None else delay), self.next_start)
        self.next_start = start + self.spacing
        return start

    async def turn(self) -> None:
        """Return when a start may begin (`spacing` seconds after the last one began), noting
        it as begun."""
        while (wait := self.last_start + self.spacing - self.clock()) > 0:
            await asyncio.sleep(wait)
        self.last_start = self.clock()  # no await since the check: no other start slips in


class Refills:
    """The refill rules above, installed on a `VoilaKernelManager` (`install`)."""

    def __init__(
        self,
        manager: Any,
        sizes: dict[str, int],
        schedule: RefillSchedule | None = None,
        gate: CalmGate | None = None,
    ) -> None:
        self.manager = manager
        self.sizes = dict(sizes)
        self.schedule = schedule or RefillSchedule()
        self.gate = gate or CalmGate()
        self.due: weakref.WeakKeyDictionary[asyncio.Future, float] = weakref.WeakKeyDictionary()
        self.replacements: weakref.WeakSet[asyncio.Future] = weakref.WeakSet()
        self.queued: weakref.WeakSet[asyncio.Future] = weakref.WeakSet()
        self._fill = manager.fill_if_needed
        self._take = manager.get_rendered_notebook
        self._initialize = manager._initialize

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
        manager._initialize = self.initialize
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
                    if delay is None:  # Voilà's call after a page took a kernel
                        self.replacements.add(task)

    async def initialize(self, notebook_name: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
        """Voilà's kernel start (`_initialize`); a pool entry waits for its turn, a replacement
        first passes the calm gate."""
        entry = asyncio.current_task()
        if kernel_id is None and entry in self.due:
            if entry in self.replacements:
                await self.gate.passage(entry)
            self.queued.add(entry)
            try:
                await self.schedule.turn()
            finally:
                self.queued.discard(entry)
        return await self._initialize(notebook_name, kernel_id, **kwargs)

    def started(self, task: asyncio.Future) -> bool:
        """Whether a pool entry has begun to start its kernel and has not failed."""
        if task.done():
            return not task.cancelled() and task.exception() is None
        waiting = task in self.gate.waiting or task in self.queued
        return self.due.get(task, -math.inf) <= self.schedule.clock() and not waiting

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
