"""Until a browser looks, a Voilà page's widgets send nothing (`install`).

While Voilà runs a page's cells, no browser is connected to the page's kernel: every widget's
`comm_open`, update and `comm_close` of that time is read by the server's notebook client
alone, which has no use for them. The browser connects once the page has loaded; ipywidgets 8
then opens the control comm (`jupyter.widget.control`) and asks for every widget's state at
once (`request_states`). A lesson page's cells sent about 230 such messages after the page was
asked for, each built and sent by the kernel and read twice by the server before the page ended.

In a kernel Voilà started, a widget built before the first control comm opens gets a comm that
is registered as usual (the browser's messages reach it, `comm_info_request` lists it) but
publishes nothing while no browser has looked. From the first control comm on, every widget
sends as ipywidgets does, these too. `Output` widgets are left alone: the notebook client
captures a cell's output into them through their messages.
"""

from __future__ import annotations

import os
import threading
import uuid
from typing import Any

import comm
import ipywidgets as widgets

WIDGET_TARGET = "jupyter.widget"
CONTROL_TARGET = "jupyter.widget.control"
_unseen = [False]
_lock = threading.Lock()  # a widget a thread opens is registered before or after the browser looks
_comm_class: list[type] = []  # the quiet comm's class, once installed
_open = widgets.Widget.open
_send_state = widgets.Widget.send_state


def _unseen_comm_class() -> type:
    """ipykernel's comm that publishes nothing until a browser has looked (ipykernel is
    imported here: the browser's Python of the lite site has none)."""
    from ipykernel.comm.comm import BaseComm
    from ipykernel.kernelbase import Kernel

    class UnseenComm(BaseComm):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.kernel = Kernel.instance()  # ipywidgets sends only through a comm with a kernel

        def publish_msg(self, msg_type: str, *args: Any, **kwargs: Any) -> None:
            if not _unseen[0]:
                super().publish_msg(msg_type, *args, **kwargs)

    return UnseenComm


def unseen() -> bool:
    """Whether no browser has looked at this kernel's widgets yet (with `install` in effect)."""
    return _unseen[0]


def _kept_quiet(widget: widgets.Widget) -> bool:
    return _unseen[0] and not isinstance(widget, widgets.Output)


def open_widget(self: widgets.Widget) -> None:
    """`Widget.open`: a quiet comm while no browser has looked (else ipywidgets' own)."""
    if self.comm is None:
        with _lock:
            quiet = _kept_quiet(self)
            if quiet:
                unseen_comm = _comm_class[0](
                    target_name=WIDGET_TARGET, comm_id=self._model_id or uuid.uuid4().hex, primary=False
                )
                comm.get_comm_manager().register_comm(unseen_comm)
                self.comm = unseen_comm
        if quiet:
            _make_defaults(self)
            return
    _open(self)


def _make_defaults(widget: widgets.Widget) -> None:
    """Build the synced values a widget makes when first read (its layout, its style), as
    ipywidgets' own `open` does by reading the whole state: the browser's `request_states`
    reads every widget's state and must not meet new widgets while it does."""
    for name in widget.keys:
        if name not in widget._trait_values:
            getattr(widget, name)


def _send_state_when_seen(self: widgets.Widget, key: Any = None) -> None:
    if not _kept_quiet(self):  # unseen, the browser reads the whole state when it connects
        _send_state(self, key)


def _browser_looks(control: Any, msg: dict) -> None:
    """The control comm's target: from now on every widget sends; then ipywidgets' own handling."""
    with _lock:
        _unseen[0] = False
    widgets.Widget.handle_control_comm_opened(control, msg)


def started_by_voila() -> bool:
    """Whether Voilà started this kernel (for a page, or ahead of time for one)."""
    return "VOILA_PREHEAT" in os.environ


def install(enabled: bool | None = None) -> bool:
    """In a kernel Voilà started (or where `enabled`), keep widgets quiet until a browser looks
    (once per kernel; nothing where there is no kernel); returns whether they are quiet now."""
    if enabled is None:
        enabled = started_by_voila()
    if not enabled or _comm_class:
        return _unseen[0]
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:  # a Python without ipykernel's kernel (the lite site's browser)
        return False

    manager = comm.get_comm_manager()
    if Kernel.initialized() and hasattr(manager, "register_target"):
        _comm_class.append(_unseen_comm_class())
        widgets.Widget.open = open_widget  # type: ignore[method-assign]
        widgets.Widget.send_state = _send_state_when_seen  # type: ignore[method-assign]
        manager.register_target(CONTROL_TARGET, _browser_looks)
        _unseen[0] = True
    return _unseen[0]
