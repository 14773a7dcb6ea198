"""Pools of ready kernels: an entry that failed to start or whose kernel died is replaced."""

import asyncio
import concurrent.futures
import logging

import pytest

from kartenspiele.serving.pools import end_every_kernel, mend_pools


def run(coroutine):
    """`coroutine` run to its end on a thread of its own (an earlier test may have left an event
    loop running on this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Kernel:
    def __init__(self, alive):
        self.alive = alive

    async def is_alive(self):
        return self.alive


class Manager:
    """Voilà's kernel manager as the mending sees it: pools of tasks, kernels, refills."""

    def __init__(self, pools, kernels):
        self._pools = pools
        self.kernels = kernels
        self.refilled = []
        self.shut_down = []
        self.log = logging.getLogger("test-pools")

    def __contains__(self, kernel_id):
        return kernel_id in self.kernels

    def get_kernel(self, kernel_id):
        return self.kernels[kernel_id]

    async def shutdown_kernel(self, kernel_id, now=False):
        self.shut_down.append(kernel_id)
        del self.kernels[kernel_id]

    def fill_if_needed(self, delay=None, notebook_name=None):
        self.refilled.append((notebook_name, delay, len(self._pools[notebook_name])))


def test_failed_starts_and_dead_kernels_leave_the_pool_and_it_is_refilled():
    async def scenario():
        loop = asyncio.get_running_loop()

        def ready(kernel_id):
            future = loop.create_future()
            future.set_result({"kernel_id": kernel_id})
            return future

        failed = loop.create_future()
        failed.set_exception(RuntimeError("Kernel didn't respond in 60 seconds"))
        starting = loop.create_future()  # still starting: it stays
        quanto = [ready("k1"), failed, ready("k-dead"), ready("k-gone"), starting]
        tausch = [ready("k2"), ready("k3")]
        kernels = {name: Kernel(alive=name != "k-dead") for name in ("k1", "k-dead", "k2", "k3")}
        manager = Manager({"quanto.ipynb": quanto, "tausch.ipynb": tausch}, kernels)
        assert await mend_pools(manager) == ["quanto.ipynb"]
        assert manager._pools["quanto.ipynb"] == [quanto[0], starting]
        assert manager.shut_down == ["k-dead"]  # the dead kernel is also forgotten by the server
        assert manager._pools["tausch.ipynb"] == tausch  # a whole pool is left alone
        assert manager.refilled == [("quanto.ipynb", 0, 2)]
        assert await mend_pools(manager) == []  # nothing more to mend
        starting.cancel()

    run(scenario())


def test_a_manager_without_pools_needs_nothing():
    assert run(mend_pools(object())) == []


def test_every_kernel_ends_while_another_is_still_starting(tmp_path):
    """Ctrl+C while a kernel is starting: Jupyter Server's `shutdown_all` fails with "Kernel
    does not exist" (HTTP 404) for the kernel that is still starting (a CI run printed that
    traceback in the window); `end_every_kernel` ends the ready kernel and leaves the starting one
    (its process dies with the server)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from tornado.web import HTTPError

    async def stop_while_starting(stop) -> tuple[list[str], str]:
        manager = AsyncMappingKernelManager(connection_dir=str(tmp_path))
        ready = await manager.start_kernel()
        starting = asyncio.ensure_future(manager.start_kernel())
        while not manager._pending_kernels:
            await asyncio.sleep(0.01)
        try:
            await stop(manager)
            return manager.list_kernel_ids(), ready
        finally:
            await starting
            for kernel_id in manager.list_kernel_ids():
                await manager.shutdown_kernel(kernel_id, now=True)

    with pytest.raises(HTTPError, match="Kernel does not exist"):
        asyncio.run(stop_while_starting(lambda manager: manager.shutdown_all(now=True)))
    left, ready = asyncio.run(stop_while_starting(end_every_kernel))
    assert ready not in left
