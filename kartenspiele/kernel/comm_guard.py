"""Which comms a browser may open in this kernel: never a widget.

A page's widgets are made by its kernel; the browser only draws them and sends their updates
(checked by `update_guard`). But ipywidgets also takes a `comm_open` of the target
`jupyter.widget` from the browser: `Widget.handle_comm_opened` builds whatever model the message
names and sets its whole state, past every check of `update_guard`. Twelve such messages of 9 MB
from a page's console grew its kernel from 44 to 190 MB in 11 s, and 150 to 878 MB.

`install` answers that target instead: the comm is closed at once, nothing is built, and a line
goes to the server's log (`kartenspiele.kernel.comm_guard WARNING refused a widget …`). The
other comms a Voilà page opens stay as they are: `jupyter.widget.control` (the front end asks
for every widget's state once, when it connects) and those of other targets.

The refused message itself was read and decoded before any handler runs. The kernel keeps it
as the "parent" of its output until the next message arrives (and every task or timer started
meanwhile keeps a copy of that context), so the refusal empties the message's data and buffers in
place. C's allocator still keeps freed blocks of that size for the process (12 messages of 9 MB
sent at once left 81 MB), so the allocator is also asked to give its free memory back to the
system half a second after the last refusal of a burst (`malloc_trim`, glibc; elsewhere nothing).
"""

from __future__ import annotations

import asyncio
import contextvars
import ctypes
import ctypes.util
import logging
import sys
from typing import Any

log = logging.getLogger(__name__)

WIDGET_TARGET = "jupyter.widget"
NAME_SHOWN = 60
"""Characters of the asked model's name written to the log (the name is the browser's)."""
TRIM_DELAY = 0.5
"""Seconds after the last refusal of a burst when free memory is given back."""
_pending_trim: list[asyncio.TimerHandle] = []


def give_back_memory() -> None:
    """Return the allocator's free memory to the system (glibc's `malloc_trim`; else nothing)."""
    _pending_trim.clear()
    name = ctypes.util.find_library("c")
    try:
        ctypes.CDLL(name).malloc_trim(0)
    except (OSError, AttributeError, TypeError):
        return


def _trim_after_burst() -> None:
    """Give memory back `TRIM_DELAY` s after this refusal unless another one follows (in a
    running kernel). The timer runs in an empty context, so it holds no message."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    for handle in _pending_trim:
        handle.cancel()
    _pending_trim[:] = [loop.call_later(TRIM_DELAY, give_back_memory, context=contextvars.Context())]


def refuse_widget(comm: Any, msg: dict) -> None:
    """The handler of `jupyter.widget` comms the browser opens: log, close, build nothing."""
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    state = data.get("state") if isinstance(data, dict) else None
    name = state.get("_model_name") if isinstance(state, dict) else None
    log.warning("refused a widget the browser opened: %s", repr(name)[:NAME_SHOWN])
    if isinstance(content, dict):  # emptied in place: the kernel still holds the message
        content["data"] = {}
    if isinstance(msg, dict):
        msg["buffers"] = []
    comm.close()
    _trim_after_burst()


def install() -> bool:
    """Refuse browser-opened widgets in this kernel from now on; False where there is no kernel
    (plain Python, tests without one). Refusals go to the kernel's own error stream (the server's
    log), never into the page."""
    import comm  # comes with ipykernel and ipywidgets

    manager = comm.get_comm_manager()
    if manager is None or not hasattr(manager, "register_target"):
        return False
    if not log.handlers and sys.__stderr__ is not None:
        stream = logging.StreamHandler(sys.__stderr__)
        stream.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
        log.addHandler(stream)
    manager.register_target(WIDGET_TARGET, refuse_widget)
    return True
