"""Kernels of pages that never connected (closed while loading) are shut down after a grace time."""

import asyncio
import concurrent.futures
import logging
import time

from kartenspiele.serving.unconnected import STUCK, Unconnected


def run_alone(coroutine) -> None:
    """Run `coroutine` on an event loop of its own thread (a test before may leave one running here)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


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
    time.sleep(0.05)
    run_alone(watch.sweep())
    assert manager.kernels == set() and watch.waiting == {}


def loading_page(grace: float = 90) -> tuple[Manager, Unconnected]:
    """A page of device `d` sent at 0 s with kernel `k`; device `e` has another page."""
    manager = Manager(["k", "other"])
    owners = {"k": ("device:d",), "other": ("device:e",)}
    watch = Unconnected(manager, grace=grace, owners=lambda kernel: owners.get(kernel, ()))
    watch.watch_connections()
    watch.sent("k", now=0)
    watch.sent("other", now=0)
    return manager, watch


def test_a_page_still_fetching_its_scripts_after_the_grace_keeps_its_kernel():
    """Thirty tablets on school Wi-Fi: the page's scripts come one after another for minutes.
    Each request of the page's browser is a sign of life; the grace counts from the last one."""
    manager, watch = loading_page()
    for second in (30, 60, 90, 120):
        began = watch.began(("device:d",), now=second)
        watch.ended(("device:d",), began, now=second + 5)
    assert watch.overdue(now=150) == ["other"]  # its device sent nothing after the page
    assert watch.overdue(now=200) == []  # 75 s after the last script: still loading
    manager.notify_connect("k")  # the scripts have loaded: the page connects
    assert watch.overdue(now=1000) == []


def test_a_page_that_never_connects_goes_after_its_last_sign_of_life():
    manager, watch = loading_page()
    began = watch.began(("device:d",), now=100)
    watch.ended(("device:d",), began, now=110)
    assert watch.overdue(now=199) == ["other"]
    assert watch.overdue(now=201) == ["k"]  # 91 s without a sign after the last script
    assert watch.overdue(now=500) == []  # told once


def test_a_download_still_running_is_a_sign_of_life():
    """One large script over a slow network: the request runs for minutes."""
    _manager, watch = loading_page()
    began = watch.began(("device:d",), now=10)
    assert "k" not in watch.overdue(now=400)
    watch.ended(("device:d",), began, now=420)
    assert watch.overdue(now=500) == []
    assert watch.overdue(now=511) == ["k"]


def test_a_request_the_server_never_saw_end_stops_counting():
    _manager, watch = loading_page()
    watch.began(("device:d",), now=10)
    assert "k" not in watch.overdue(now=10 + STUCK - 1)
    assert "k" in watch.overdue(now=10 + STUCK + 1)
    assert watch.running == {} and watch.seen == {}  # nothing kept of quiet clients


def test_a_websocket_attempt_is_a_sign_of_life_of_its_own_page_only():
    _manager, watch = loading_page()
    watch.attempted("k", now=80)
    watch.attempted("unknown", now=80)  # no page of this server waits for it: nothing noted
    assert watch.overdue(now=169) == ["other"]
    assert watch.overdue(now=171) == ["k"]
    assert "unknown" not in watch.waiting
