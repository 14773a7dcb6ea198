"""A served kernel that reached its memory bound ends itself.

`kartenspiele serve` starts each kernel under a bound on its memory (`guard`, `--kernel-memory`)
and tells it in `KARTENSPIELE_MEMORY_LIMIT` (bytes). An allocation past the bound fails with
`MemoryError`; Python would carry on half broken (a widget half drawn, a message lost). So a
kernel under the bound ends itself on the first `MemoryError` of a cell, a click or a widget
callback: its page shows "connection lost" and resumes the game from the store, and the memory
is given back at once.
"""

from __future__ import annotations

import os
import sys
from functools import wraps
from typing import Any, NoReturn

ENVIRONMENT = "KARTENSPIELE_MEMORY_LIMIT"
EXIT_STATUS = 3


def end_kernel(*_: Any) -> NoReturn:
    """Say why on the server's log (the kernel's stderr) and end the kernel at once."""
    limit = os.environ.get(ENVIRONMENT, "?")
    sys.__stderr__.write(f"Kartenspiele: this kernel reached its memory bound ({limit} bytes) and ends\n")
    sys.__stderr__.flush()
    os._exit(EXIT_STATUS)


def _ending_on_memory_error(method: Any) -> Any:
    """`method`, but a `MemoryError` raised in it (or being handled when it runs) ends the kernel."""

    @wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if isinstance(sys.exc_info()[1], MemoryError):
            end_kernel()
        try:
            return method(*args, **kwargs)
        except MemoryError:
            end_kernel()

    guarded.__kartenspiele_memory__ = True  # type: ignore[attr-defined]
    return guarded


def install_from_environment() -> bool:
    """In a kernel started by the server under a memory bound: end it on `MemoryError` in a
    cell, a widget message or a widget callback; returns whether it was installed (once)."""
    try:
        bounded = int(os.environ.get(ENVIRONMENT, "0")) > 0
    except ValueError:
        return False
    try:
        from comm.base_comm import BaseComm
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if not bounded or shell is None or getattr(shell.showtraceback, "__kartenspiele_memory__", False):
        return False
    shell.set_custom_exc((MemoryError,), end_kernel)  # a cell
    shell.showtraceback = _ending_on_memory_error(shell.showtraceback)  # a widget's callback
    if not getattr(BaseComm.handle_msg, "__kartenspiele_memory__", False):  # a widget's value set
        BaseComm.handle_msg = _ending_on_memory_error(BaseComm.handle_msg)  # type: ignore[method-assign]
    return True
