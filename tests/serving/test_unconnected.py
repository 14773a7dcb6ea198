"""Kernels of pages that never connected (closed while loading) are shut down after a grace time."""

import asyncio
import logging

from kartenspiele.serving.unconnected import Unconnected


class Manager:
    """The parts of Jupyter's kernel manager `Unconnected` uses."""

    def __init__(self, kernels: list[str]) -> None:
        self.kernels = set(kernels)
        self.connects: list[str] = []
        self.log = logging.getLogger("test")

    def __contains__(self, kernel: str) -> bool:
        return kernel in self.kernels

    def notify_connect(self, kernel: str) -> None:
        self.connects.append(kernel)

    async def shutdown_kernel(self, kernel: str) -> None:
        self.kernels.discard(kernel)


def test_only_pages_that_never_connected_lose_their_kernel():
    manager = Manager(["open", "closed", "early"])
    watch = Unconnected(manager, grace=90)
    watch.watch_connections()
    manager.notify_connect("early")  # connected while the page was still being sent
    for kernel in ("open", "closed", "early"):
        watch.sent(kernel, now=0)
    manager.notify_connect("open")
    assert manager.connects == ["early", "open"]  # Jupyter still counts the connections
    assert watch.overdue(now=89) == []
    assert watch.overdue(now=91) == ["closed"]
    assert watch.overdue(now=500) == []  # told once


def test_the_sweep_shuts_overdue_kernels_down_and_forgets_gone_ones():
    manager = Manager(["late", "shut"])
    watch = Unconnected(manager, grace=0.01)
    watch.watch_connections()
    watch.sent("late")
    watch.sent("shut")
    manager.kernels.discard("shut")  # the page's own shutdown came first
    asyncio.run(asyncio.sleep(0.05))
    asyncio.run(watch.sweep())
    assert manager.kernels == set() and watch.waiting == {}
