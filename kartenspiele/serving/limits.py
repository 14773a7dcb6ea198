"""How many kernels the server runs: in total and per client (one device's address).

Each page view starts a kernel. `KernelLimits` remembers which client started which kernel,
counts page requests still being rendered, and answers whether one more page may start. Kernels
that were shut down (page closed, culled) drop out of the count when it is taken, and kernels
started ahead of time that no page holds yet (`--preheat`) do not count: they are there to
serve the pages the cap allows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class KernelLimits:
    """`total` and `per_client` caps (0: no cap) and the kernels each client started."""

    total: int = 60
    per_client: int = 8
    owners: dict[str, str] = field(default_factory=dict)
    pending: Counter[str] = field(default_factory=Counter)

    def refusal(self, client: str, running: Iterable[str], ready: Iterable[str] = ()) -> tuple[str, int] | None:
        """None if `client` may open one more page; else why not: ("total", cap) or
        ("client", pages the client has open). `ready`: running kernels no page holds yet."""
        alive = set(running)
        for kernel in [kernel for kernel in self.owners if kernel not in alive]:
            del self.owners[kernel]
        in_use = len(alive - set(ready)) + sum(self.pending.values())
        if self.total and in_use >= self.total:
            return ("total", self.total)
        mine = sum(1 for owner in self.owners.values() if owner == client) + self.pending[client]
        if self.per_client and mine >= self.per_client:
            return ("client", mine)
        return None

    def begin(self, client: str) -> None:
        """A page for `client` is being rendered (its kernel is not started yet)."""
        self.pending[client] += 1

    def end(self, client: str) -> None:
        """The page for `client` has been rendered (or failed)."""
        self.pending[client] -= 1
        if self.pending[client] <= 0:
            del self.pending[client]

    def record(self, kernel_id: str, client: str) -> None:
        """`client` started `kernel_id`."""
        self.owners[kernel_id] = client


def ready_kernels(manager: object) -> set[str]:
    """The kernels Voilà keeps started ahead of time that no page holds yet (its kernel pools;
    none without `--preheat`)."""
    ready = set()
    for pool in getattr(manager, "_pools", {}).values():  # Voilà's pools: tasks giving {"kernel_id", …}
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                ready.add(task.result()["kernel_id"])
    return ready
