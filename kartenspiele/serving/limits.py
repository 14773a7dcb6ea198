"""How many kernels the server runs: in total, per device and per address without a device.

Each page view starts a kernel. `KernelLimits` remembers whom each kernel was started for,
counts page requests still being rendered, and answers whether one more page may start. A
page is counted under its browser's device id (the signed cookie of `clients`), so a class
behind one address (a NAT, a reverse proxy) gets pages for every pupil. A request without a
device cookie gets a new id and is counted under it and also under its address's budget for
pages without a cookie (`per_address`): a client that drops its cookies is still capped there,
while a class of 30 opening its first page at once stays under it.

Kernels that were shut down (page closed, culled) drop out of the count when it is taken, and
kernels started ahead of time that no page holds yet (`--preheat`) do not count: they are there
to serve the pages the cap allows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

DEVICE = "device:"
ADDRESS = "address:"
PER_ADDRESS = 40
"""Pages open at once that came without a device cookie from one address (a class of 30 that
opens its first page together, plus some)."""


def client_keys(device: str | None, address: str) -> tuple[str, ...]:
    """What a request is counted under: its device, or its address when it brought no device
    cookie (its page then counts under both: the device id it is given and the address)."""
    return (DEVICE + device,) if device is not None else (ADDRESS + address,)


@dataclass
class KernelLimits:
    """`total`, `per_client` (per device) and `per_address` (pages without a device cookie
    per address) caps (0: no cap) and whom each kernel was started for."""

    total: int = 60
    per_client: int = 8
    per_address: int = PER_ADDRESS
    owners: dict[str, tuple[str, ...]] = field(default_factory=dict)
    pending: Counter[str] = field(default_factory=Counter)

    def cap(self, key: str) -> int:
        return self.per_client if key.startswith(DEVICE) else self.per_address

    def count(self, key: str) -> int:
        """Pages open or being rendered under `key`."""
        return sum(1 for keys in self.owners.values() if key in keys) + self.pending[key]

    def refusal(self, keys: Iterable[str], running: Iterable[str], ready: Iterable[str] = ()) -> tuple[str, int] | None:
        """None if a page counted under `keys` may open; else why not: ("total", cap),
        ("client", pages the device has open) or ("address", pages without a cookie open from
        its address). `ready`: running kernels no page holds yet."""
        alive = set(running)
        for kernel in [kernel for kernel in self.owners if kernel not in alive]:
            del self.owners[kernel]
        rendering = sum(count for key, count in self.pending.items() if key.startswith(DEVICE))  # one per page
        in_use = len(alive - set(ready)) + rendering
        if self.total and in_use >= self.total:
            return ("total", self.total)
        for key in keys:
            mine, cap = self.count(key), self.cap(key)
            if cap and mine >= cap:
                return ("client" if key.startswith(DEVICE) else "address", mine)
        return None

    def begin(self, keys: tuple[str, ...]) -> None:
        """A page counted under `keys` is being rendered (its kernel is not started yet)."""
        for key in keys:
            self.pending[key] += 1

    def end(self, keys: tuple[str, ...]) -> None:
        """The page counted under `keys` has been rendered (or failed) without being given a
        kernel (`record` ends it otherwise)."""
        for key in keys:
            self.pending[key] -= 1
            if self.pending[key] <= 0:
                del self.pending[key]

    def record(self, kernel_id: str, keys: tuple[str, ...]) -> None:
        """A page counted under `keys` was given `kernel_id`: from now on its kernel counts, not
        the page being rendered (counting both, 20 pages of a class at once counted 40)."""
        self.owners[kernel_id] = keys
        self.end(keys)


def ready_kernels(manager: object) -> set[str]:
    """The kernels Voilà keeps started ahead of time that no page holds yet (its kernel pools;
    none without `--preheat`)."""
    ready = set()
    for pool in getattr(manager, "_pools", {}).values():  # Voilà's pools: tasks giving {"kernel_id", …}
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                ready.add(task.result()["kernel_id"])
    return ready
