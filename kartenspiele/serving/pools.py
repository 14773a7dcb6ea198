"""Keep Voilà's pools of ready kernels whole.

Voilà starts kernels ahead of time for the pages a class opens at once (`--preheat`) and starts
a new one each time a page takes one. A kernel that fails to start, or one that dies while it
waits, stays in its pool: the pool looks full, is never refilled, and the page that takes it
gets no table. `mend_pools` drops such kernels and refills their pools. When the server stops,
`end_every_kernel` ends every kernel, whatever is still starting or ending beside it.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from jupyter_core.utils import ensure_async
from tornado.web import HTTPError

from ..catalogue import LESSONS

MEND_EVERY = 10.0
"""Seconds between two looks at the pools."""
START_PAGE = "notebooks/start.ipynb"
GAME_PAGES = ("notebooks/quanto.ipynb", "notebooks/tausch_rausch.ipynb")
TUTORIAL_PAGES = ("notebooks/quanto_tutorial.ipynb", "notebooks/tausch_rausch_tutorial.ipynb")
LESSON_PAGES = tuple(f"lessons/{lesson.file}" for lesson in LESSONS)
CLASS_SIZE = 30
"""The class `kartenspiele serve` keeps kernels ready for on a class network."""
ALONE = 2
"""... and on 127.0.0.1 (one person at this computer)."""


def pool_plan(class_size: int) -> dict[str, int]:
    """Ready kernels per page for a class of `class_size` that opens pages together: the whole
    class for the start page (every pupil opens it first), a sixth of it for each game and
    lesson, a fifteenth for each tutorial (at least one each); the start page first."""
    if class_size <= 0:
        return {}
    share = {START_PAGE: 1, **dict.fromkeys(GAME_PAGES + LESSON_PAGES, 6), **dict.fromkeys(TUTORIAL_PAGES, 15)}
    return {page: max(1, math.ceil(class_size / part)) for page, part in share.items()}


async def _broken(task: asyncio.Future, manager: Any) -> bool:
    """Whether a pool entry can never serve a page: its start failed or its kernel died."""
    if not task.done():
        return False
    if task.cancelled() or task.exception() is not None:
        return True
    kernel_id = task.result()["kernel_id"]
    return kernel_id not in manager or not await ensure_async(manager.get_kernel(kernel_id).is_alive())


async def mend_pools(manager: Any) -> list[str]:
    """Drop the pool entries that can never serve a page (a dead kernel is also shut down)
    and refill those pools; returns the pages whose pools were mended."""
    mended = []
    for page, pool in list(getattr(manager, "_pools", {}).items()):
        broken = [task for task in list(pool) if await _broken(task, manager)]
        for task in broken:
            if task in pool:
                pool.remove(task)
            if not task.cancelled() and task.exception() is None and task.result()["kernel_id"] in manager:
                await ensure_async(manager.shutdown_kernel(task.result()["kernel_id"], now=True))
        if broken:
            manager.log.warning("Pool of %s: %d kernel(s) failed or died; starting new ones", page, len(broken))
            manager.fill_if_needed(delay=0, notebook_name=page)
            mended.append(page)
    return mended


async def _end_kernel(manager: Any, kernel_id: str) -> None:
    """Shut kernel `kernel_id` down at once; one that ended meanwhile is left alone."""
    if kernel_id not in manager:
        return
    try:
        await ensure_async(manager.shutdown_kernel(kernel_id, now=True))
    except (HTTPError, KeyError):  # ended meanwhile (a page left, `mend_pools`, a culler)
        pass


async def end_every_kernel(manager: Any) -> None:
    """Cancel the pools' kernel starts still under way and shut every kernel down at once. Not
    Jupyter Server's `shutdown_all`: it lists the kernels first and fails with "Kernel does not
    exist" (HTTP 404) for one that another task ended before its turn came (seen in a CI run of a
    Ctrl+C while 40 kernels were being prepared), and for a kernel still starting. A kernel
    whose start was cancelled or is still under way dies with the server (`kernel/guard.py`)."""
    for pool in getattr(manager, "_pools", {}).values():
        for task in [task for task in pool if not task.done()]:
            task.cancel()
            pool.remove(task)
    await asyncio.gather(*(_end_kernel(manager, kernel_id) for kernel_id in manager.list_kernel_ids()))
