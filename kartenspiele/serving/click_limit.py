"""A bound on how long one click may compute in a kernel of `kartenspiele serve`.

The server passes the bound to its kernels as `KARTENSPIELE_CLICK_LIMIT` (seconds). A kernel
that imports the tables then handles every widget message (a click, a choice) under a timer:
past the bound the computation is stopped with `ClickTimeoutError`, which the table shows as
a message, so one huge question cannot hold a pupil's page (or the machine) for minutes.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..core.errors import ClickTimeoutError

ENVIRONMENT = "KARTENSPIELE_CLICK_LIMIT"


@contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Run the body for at most `seconds` (main thread only; elsewhere no bound)."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: Any) -> None:
        raise ClickTimeoutError("serve.click_too_long")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def bound_handler(handler: Callable[..., Any], seconds: float) -> Callable[..., Any]:
    """`handler` run under the bound."""

    def bounded_handler(*args: Any, **kwargs: Any) -> Any:
        with bounded(seconds):
            return handler(*args, **kwargs)

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
