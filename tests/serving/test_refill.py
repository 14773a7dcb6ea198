"""Refilling the pools of ready kernels (`serving.refill`) on Voilà's own kernel manager: kernels
start one by one, a page takes the kernel furthest along, and never one still waiting for its
turn to start."""

import asyncio
import concurrent.futures
import time
from types import SimpleNamespace

from traitlets.config import Configurable, LoggingConfigurable
from voila.voila_kernel_manager import voila_kernel_manager_factory

from kartenspiele.serving.pools import START_PAGE, pool_plan
from kartenspiele.serving.refill import CalmGate, Refills, RefillSchedule

GAME = "notebooks/quanto.ipynb"


def run(coroutine):
    """`coroutine` run to its end on a thread of its own (an earlier test may have left an event
    loop running on this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Server(Configurable):
    """What Voilà's kernel manager reads from its Voilà application."""

    def __init__(self, root):
        super().__init__()
        self.root_dir = str(root)
        self.notebook_path = None
        self.base_url = self.server_url = "/"
        self.port = 8866


class Kernels(LoggingConfigurable):
    """The server's kernel manager below Voilà's: here kernel starts are only noted."""


class Manager(voila_kernel_manager_factory(Kernels, True, 0)):
    """Voilà's `VoilaKernelManager` (its own pools, filling and hand-out) whose kernel start
    (`_initialize`) notes the page and the time instead of starting a process."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.starts: list[tuple[str, float]] = []

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        self.starts.append((notebook_path, time.monotonic()))
        done = asyncio.get_running_loop().create_future()
        done.set_result(([], iter(())))
        renderer = SimpleNamespace(stop_generator=False, rendered_cache=[])
        return {"kernel_id": f"k{len(self.starts)}", "renderer": renderer, "task": done}


def calm() -> CalmGate:
    """A gate on a machine that is never busy."""
    return CalmGate(busy=lambda: 0.0, check=0.01)


def manager(tmp_path) -> Manager:
    return Manager(parent=Server(tmp_path))


async def settled(pools: Refills, timeout: float = 30) -> None:
    """Wait until every pool entry has started its kernel."""
    end = time.monotonic() + timeout
    while not all(task.done() for pool in pools.manager._pools.values() for task in pool):
        assert time.monotonic() < end, "the pools were not filled"
        await asyncio.sleep(0.01)


async def filled(tmp_path, sizes: dict[str, int], delay: float, spacing: float) -> tuple[Manager, Refills]:
    """Voilà's manager with `Refills` installed, once every pool is full."""
    voila = manager(tmp_path)
    pools = Refills(voila, sizes, RefillSchedule(delay=delay, spacing=spacing), calm())
    pools.install()
    await settled(pools)
    return voila, pools


def test_the_schedule_spaces_starts_and_keeps_the_delay():
    now = [100.0]
    schedule = RefillSchedule(delay=1, spacing=2, clock=lambda: now[0])
    assert [schedule.book() for _ in range(3)] == [101, 103, 105]
    assert schedule.book(delay=0) == 107  # asked for at once, but behind the others
    now[0] = 200.0
    assert schedule.book() == 201  # a quiet pool: one delay only
    assert schedule.book(delay=0) == 203


def test_a_class_plan_keeps_the_whole_class_for_the_start_page_and_less_elsewhere():
    plan = pool_plan(30)
    assert next(iter(plan)) == START_PAGE and plan[START_PAGE] == 30
    assert plan[GAME] == 5 and plan["lessons/02_gerade_ungerade.ipynb"] == 5
    assert plan["notebooks/quanto_tutorial.ipynb"] == 2
    assert len(plan) == 9 and sum(plan.values()) == 30 + 6 * 5 + 2 * 2
    assert set(pool_plan(1).values()) == {1}
    assert pool_plan(0) == {}


def test_pools_fill_one_kernel_at_a_time_the_start_page_first(tmp_path):
    async def scenario():
        voila = manager(tmp_path)
        pools = Refills(voila, {START_PAGE: 3, GAME: 2}, RefillSchedule(delay=0.01, spacing=0.05), calm())
        pools.install()
        assert voila.get_pool_size(START_PAGE) == 1  # the first may start at once, the others wait their turn
        await settled(pools)
        return voila

    voila = run(scenario())
    assert [page for page, _ in voila.starts] == [START_PAGE] * 3 + [GAME] * 2
    gaps = [b - a for (_, a), (_, b) in zip(voila.starts, voila.starts[1:])]
    assert min(gaps) >= 0.04  # never two at once (sleeps are never shorter; a busy machine makes them longer)
    assert voila.get_pool_size(START_PAGE) == 3 and voila.get_pool_size(GAME) == 2


def test_a_late_start_does_not_let_the_next_one_follow_at_once(tmp_path):
    """The spacing holds between actual starts: here the first start, due at once, comes late
    (the process stalls, as on a busy machine), almost at the second one's booked time."""

    async def scenario():
        voila = manager(tmp_path)
        pools = Refills(voila, {GAME: 3}, RefillSchedule(delay=0, spacing=1.0), calm())
        pools.install()
        await asyncio.sleep(0)  # every entry has set its timer; the first is about to start…
        time.sleep(0.9)  # …when nothing runs for 0.9 s
        await asyncio.sleep(0.3)  # the second's booked time (1.0 s) has passed, its turn (1.9 s) not
        waiting = voila._pools[GAME][1]
        offered, queued = voila.get_pool_size(GAME), waiting in pools.queued
        await settled(pools)
        return voila, offered, queued, waiting in pools.queued

    voila, offered, queued, still_queued = run(scenario())
    gaps = [b - a for (_, a), (_, b) in zip(voila.starts, voila.starts[1:])]
    assert len(voila.starts) == 3 and min(gaps) >= 0.99
    assert offered == 1 and queued and not still_queued  # a page is offered only the started one


def test_a_page_takes_a_ready_kernel_and_its_replacement_is_booked_after_the_delay(tmp_path):
    async def scenario():
        voila, pools = await filled(tmp_path, {GAME: 2}, delay=0.3, spacing=0.05)
        taken_at = time.monotonic()
        _task, _cache, kernel = await voila.get_rendered_notebook(GAME)
        assert voila.get_pool_size(GAME) == 1  # the replacement is in the pool, not yet offered
        assert len(voila._pools[GAME]) == 2
        await settled(pools)
        return voila, kernel, taken_at

    voila, kernel, taken_at = run(scenario())
    assert kernel == "k1"  # the first ready one
    assert len(voila.starts) == 3 and voila.starts[-1][1] - taken_at >= 0.29
    assert voila.get_pool_size(GAME) == 2


def test_no_page_waits_for_a_replacement_whose_turn_has_not_come(tmp_path):
    """The page after the pool ran dry starts its own kernel at once (Voilà does so when the
    pool's size is 0); Voilà's own count would have handed it the waiting replacement."""

    async def scenario():
        voila, pools = await filled(tmp_path, {GAME: 1}, delay=60, spacing=0.05)
        await voila.get_rendered_notebook(GAME)
        waiting = list(voila._pools[GAME])
        sizes = (voila.get_pool_size(GAME), len(waiting))
        for task in waiting:
            task.cancel()
        return sizes

    assert run(scenario()) == (0, 1)


def test_a_ready_kernel_is_taken_before_one_still_starting_or_waiting(tmp_path):
    async def scenario():
        voila, pools = await filled(tmp_path, {GAME: 1}, delay=0, spacing=0)
        loop = asyncio.get_running_loop()
        waiting, starting = loop.create_future(), loop.create_future()
        pools.due[waiting] = time.monotonic() + 60
        pools.due[starting] = time.monotonic() - 1
        ready = voila._pools[GAME][0]
        voila._pools[GAME][:0] = [waiting, starting]  # Voilà hands out the first entry
        assert voila.get_pool_size(GAME) == 2  # the waiting one is not offered
        _task, _cache, kernel = await voila.get_rendered_notebook(GAME)
        order = pools.order(voila._pools[GAME])
        for future in (waiting, starting):
            future.cancel()
        return kernel, ready.result()["kernel_id"], order[:2] == [starting, waiting]

    kernel, ready_kernel, starting_next = run(scenario())
    assert kernel == ready_kernel and starting_next


def test_a_replacement_waits_while_the_machine_is_busy_and_no_page_takes_it_meanwhile(tmp_path):
    """A class starting its rooms needs the CPU more than the next page does: the replacement
    starts once the machine is calm; meanwhile it is not offered (a page would wait for it)."""
    readings = iter([90.0] * 8 + [20.0] * 100)  # busy for 8 checks of 0.05 s, then calm

    async def scenario():
        voila = manager(tmp_path)
        gate = CalmGate(busy=lambda: next(readings), check=0.05)
        pools = Refills(voila, {GAME: 1}, RefillSchedule(delay=0, spacing=0), gate)
        pools.install()
        await settled(pools)  # the first filling does not wait for calm
        started_first = len(voila.starts)
        taken_at = time.monotonic()
        await voila.get_rendered_notebook(GAME)
        await asyncio.sleep(0.15)
        offered_while_busy = voila.get_pool_size(GAME)
        await settled(pools)
        return voila, started_first, offered_while_busy, taken_at

    voila, started_first, offered_while_busy, taken_at = run(scenario())
    assert started_first == 1 and offered_while_busy == 0
    assert len(voila.starts) == 2 and voila.starts[1][1] - taken_at >= 0.3  # 7 busy checks after the first
    assert voila.get_pool_size(GAME) == 1


def test_a_replacement_waits_for_calm_no_longer_than_its_bound(tmp_path):
    async def scenario():
        voila = manager(tmp_path)
        gate = CalmGate(busy=lambda: 100.0, wait=0.3, check=0.05)
        pools = Refills(voila, {GAME: 1}, RefillSchedule(delay=0, spacing=0), gate)
        pools.install()
        await settled(pools)
        taken_at = time.monotonic()
        await voila.get_rendered_notebook(GAME)
        await settled(pools, timeout=5)
        return voila, taken_at

    voila, taken_at = run(scenario())
    assert len(voila.starts) == 2 and 0.3 <= voila.starts[1][1] - taken_at < 3
