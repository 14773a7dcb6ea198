"""Pools of ready kernels: an entry that failed to start or whose kernel died is replaced."""

import asyncio
import logging

from kartenspiele.serving.pools import mend_pools


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

    asyncio.run(scenario())


def test_a_manager_without_pools_needs_nothing():
    assert asyncio.run(mend_pools(object())) == []
