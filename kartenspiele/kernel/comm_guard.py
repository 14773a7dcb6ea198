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

The refused message itself was read and decoded before any handler runs; its memory is freed,
but C's allocator keeps freed blocks of that size for the process (12 messages of 9 MB sent at
once left 81 MB). So a refusal also asks the allocator, once the burst is handled, to give its
free memory back to the system (`malloc_trim`, glibc; elsewhere nothing is done).
"""

from __future__ import annotations

import asyncio
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
"""Seconds after a refusal when free memory is given back (one trim for a burst of refusals)."""
_trim_due: list[bool] = [False]


def give_back_memory() -> None:
    """Return the allocator's free memory to the system (glibc's `malloc_trim`; else nothing)."""
    _trim_due[0] = False
    name = ctypes.util.find_library("c")
    try:
        ctypes.CDLL(name).malloc_trim(0)
    except (OSError, AttributeError, TypeError):
        return


def _trim_soon() -> None:
    """Give memory back once the messages waiting now are handled (in a running kernel)."""
    if _trim_due[0]:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    _trim_due[0] = True
    loop.call_later(TRIM_DELAY, give_back_memory)


def refuse_widget(comm: Any, msg: dict) -> None:
    """The handler of `jupyter.widget` comms the browser opens: log, close, build nothing."""
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    state = data.get("state") if isinstance(data, dict) else None
    name = state.get("_model_name") if isinstance(state, dict) else None
    log.warning("refused a widget the browser opened: %s", repr(name)[:NAME_SHOWN])
    comm.close()
    _trim_soon()


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
