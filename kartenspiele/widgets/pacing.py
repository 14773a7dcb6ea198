"""When the computer moves: after a pause a child can follow, at once, or step by step.

In a running kernel the pause is an `asyncio` timer, so the page stays responsive and every
move is drawn before the next one. Without an event loop (plain Python, widget tests) there
is no timer and the computer moves at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

SPEEDS = {"slow": 3.0, "normal": 1.5, "fast": 0.5, "instant": 0.0}
"""Seconds between two computer moves."""


class Handle(Protocol):
    def cancel(self) -> None: ...


Scheduler = Callable[[float, Callable[[], None]], "Handle | None"]
"""`schedule(delay, callback)`: a handle of the timer, or None when there is no timer
(the caller then goes on at once)."""


def event_loop_scheduler(delay: float, callback: Callable[[], None]) -> Handle | None:
    """A timer on the running event loop (None without one)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_later(delay, callback)
