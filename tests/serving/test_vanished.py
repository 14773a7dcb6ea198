"""Kernels of pages gone without a word (closed socket, no unload) are shut down after a grace
time; open pages, pages that reconnected and kernels never connected keep theirs."""

import logging

from kartenspiele.serving.vanished import Vanished

from .test_unconnected import run_alone


class Manager:
    """The parts of Jupyter's kernel manager `Vanished` uses."""

    def __init__(self, kernels: list[str]) -> None:
        self.kernels = set(kernels)
        self.counted: dict[str, int] = {kernel: 0 for kernel in kernels}
        self.log = logging.getLogger("test")

    def __contains__(self, kernel: str) -> bool:
        return kernel in self.kernels

    def notify_connect(self, kernel: str) -> None:
        self.counted[kernel] += 1

    def notify_disconnect(self, kernel: str) -> None:
        self.counted[kernel] -= 1

    async def shutdown_kernel(self, kernel: str) -> None:
        self.kernels.discard(kernel)


def test_only_pages_gone_for_the_grace_time_lose_their_kernel():
    manager = Manager(["open", "gone", "back", "two_tabs", "pool"])
    watch = Vanished(manager, grace=120)
    watch.watch_connections()
    for kernel in ("open", "gone", "back", "two_tabs", "two_tabs"):
        manager.notify_connect(kernel)
    watch.disconnected("gone", now=0)  # (the manager's own count is told by `notify_disconnect`)
    watch.disconnected("back", now=0)  # a short network break …
    manager.notify_connect("back")  # … and the page connected again
    watch.disconnected("two_tabs", now=0)  # one of two connections closed
    assert manager.counted == {"open": 1, "gone": 1, "back": 2, "two_tabs": 2, "pool": 0}  # Jupyter still counts
    assert watch.overdue(now=119) == []
    assert watch.overdue(now=121) == ["gone"]  # never "pool": it was never connected
    assert watch.overdue(now=10_000) == []  # told once


def test_the_sweep_shuts_gone_pages_kernels_down_and_forgets_shut_ones():
    manager = Manager(["gone", "closed"])
    watch = Vanished(manager, grace=0)
    watch.watch_connections()
    for kernel in ("gone", "closed"):
        manager.notify_connect(kernel)
        manager.notify_disconnect(kernel)
    manager.kernels.discard("closed")  # the page's own shutdown came first
    run_alone(watch.sweep())
    assert manager.kernels == set() and watch.closed_since == {} and not watch.connections
