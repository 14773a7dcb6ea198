"""A bound on how long one click may compute in a kernel of `kartenspiele serve`.

The server passes the bound to its kernels as `KARTENSPIELE_CLICK_LIMIT` (seconds). A kernel
that imports the tables then handles every widget message (a click, a choice) under a timer:
past the bound the computation is stopped with `ClickTimeoutError`, so one huge question cannot
hold a pupil's page (or the machine) for minutes. The bound counts the kernel's own CPU time,
not the clock's: on a busy laptop (a class, the projector, a browser beside it) an ordinary
click waits for the CPU and takes many times longer by the clock, and must not be stopped for
that. A click that waits rather than computes (for a store that does not answer) is stopped
after `WALL_FACTOR` times the bound by the clock. The error is raised wherever the computation
was; whoever listens (`when_stopped`: the game tables) is told afterwards, so the page shows a
message and draws itself again from its state instead of staying half drawn. A move being
applied is never stopped halfway (`uninterrupted`): the bound reached inside it stops the click
right after, with the state whole. After each message the bots' caches are kept small
(`memory`).
"""

from __future__ import annotations

import os
import signal
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..core.errors import ClickTimeoutError
from . import memory

ENVIRONMENT = "KARTENSPIELE_CLICK_LIMIT"
WALL_FACTOR = 6.0
"""A click is stopped after this many times its bound by the clock, however little it computes."""


_listeners: list[weakref.WeakMethod] = []
_critical = {"depth": 0, "deferred": False}


@dataclass
class Timer:
    """Whether the bound was reached."""

    fired: bool = False


def when_stopped(method: Callable[[], Any]) -> None:
    """Call the bound `method` (weakly held) after a click was stopped at the bound."""
    _listeners[:] = [ref for ref in _listeners if ref() is not None]
    _listeners.append(weakref.WeakMethod(method))  # type: ignore[arg-type]


def tell_stopped() -> None:
    """Tell every listener that a click was stopped (after the timer is cleared)."""
    for ref in list(_listeners):
        listener = ref()
        if listener is not None:
            listener()


@contextmanager
def uninterrupted() -> Iterator[None]:
    """A body the bound never stops halfway (a move changing the state, the room's log): a
    bound reached inside it stops the click as soon as the outermost such body is done."""
    _critical["depth"] += 1
    try:
        yield
    finally:
        _critical["depth"] -= 1
        due = _critical["depth"] == 0 and _critical["deferred"]
        if _critical["depth"] == 0:
            _critical["deferred"] = False
    if due:
        raise ClickTimeoutError("serve.click_too_long")


@contextmanager
def bounded(seconds: float, timer: Timer | None = None) -> Iterator[None]:
    """Run the body for at most `seconds` of this process's CPU time and `WALL_FACTOR` times
    that by the clock (main thread only; elsewhere no bound)."""
    import threading  # only under a bound: the browser's Python has no threads to ask about

    if seconds <= 0 or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield  # no bound (Windows has no interval timer signal)
        return
    timer = timer or Timer()

    def stop(_signum: int, _frame: Any) -> None:
        if timer.fired:
            return  # the other clock ran out too: one stop is enough
        timer.fired = True
        if _critical["depth"]:
            _critical["deferred"] = True  # `uninterrupted` stops the click when its body is done
            return
        raise ClickTimeoutError("serve.click_too_long")

    clocks = (
        (signal.ITIMER_PROF, signal.SIGPROF, seconds),
        (signal.ITIMER_REAL, signal.SIGALRM, seconds * WALL_FACTOR),
    )
    previous = [(number, signal.signal(number, stop)) for _clock, number, _after in clocks]
    for clock, _number, after in clocks:
        signal.setitimer(clock, after)
    try:
        yield
    finally:
        for clock, _number, _after in clocks:
            signal.setitimer(clock, 0)
        for number, handler in previous:
            signal.signal(number, handler)


def bound_handler(handler: Callable[..., Any], seconds: float) -> Callable[..., Any]:
    """`handler` run under the bound; when it is reached, the listeners are told."""

    def bounded_handler(*args: Any, **kwargs: Any) -> Any:
        timer = Timer()
        try:
            with bounded(seconds, timer):
                return handler(*args, **kwargs)
        except ClickTimeoutError:
            return None
        finally:
            if timer.fired:
                tell_stopped()
            memory.trim()  # every widget message of a served page passes here

    bounded_handler.__wrapped__ = handler  # type: ignore[attr-defined]
    return bounded_handler


def install_from_environment() -> bool:
    """In a kernel started by the server: bound the handling of widget messages; returns
    whether a bound was installed."""
    try:
        seconds = float(os.environ.get(ENVIRONMENT, "0"))
    except ValueError:
        return False
    if seconds <= 0:
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    handlers = getattr(kernel, "shell_handlers", None)
    if not handlers or "comm_msg" not in handlers or hasattr(handlers["comm_msg"], "__wrapped__"):
        return False
    handlers["comm_msg"] = bound_handler(handlers["comm_msg"], seconds)
    return True
