"""Widgets a lesson cell builds open once, with their finished state (`defer_in_cells`).

ipywidgets opens a widget's comm in its constructor, with the state it has then, and sends every
later change as an update of its own. A lesson's cell builds its exercise and then fills it in:
texts, hidden parts, classes. A lesson page's 17 cells sent 372 opens and 225 updates after the
page was asked for, each built and sent by the kernel and read twice by the server before the
page could end.

While a cell of a lesson runs (on the kernel's main thread), a widget that is built is not opened
yet: its changes stay in its traits. It opens, with everything it has by then, as soon as
anything needs its model id (a parent's state, its display, another module asking for it), and
at the latest when the cell ends. What the browser is sent is the same; only the updates before
the first look are gone.

Not deferred: `Output` widgets (they capture output through their open comm). A widget without
a comm is closed only if it is not waiting (`closed`). Custom messages a waiting widget sends are
not kept; lessons send none while they are built.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from IPython import get_ipython

from ..kernel.unseen_widgets import open_widget

_pending: dict[int, widgets.Widget] = {}
_deferring: list[bool] = [False]
_installed: list[bool] = []
_open = open_widget  # ipywidgets' own, or quiet while no browser has looked (`kernel.unseen_widgets`)
_close = widgets.Widget.close


def _defers(widget: widgets.Widget) -> bool:
    return (
        _deferring[0]
        and threading.current_thread() is threading.main_thread()
        and not isinstance(widget, widgets.Output)
    )


def open_now(widget: widgets.Widget) -> None:
    """Open `widget` now if it waits (with its state of now; what it holds opens first)."""
    if _pending.pop(id(widget), None) is not None:
        _open(widget)


def open_all() -> None:
    """Open every widget still waiting, in the order they were built."""
    while _pending:
        open_now(next(iter(_pending.values())))


def pending(widget: widgets.Widget) -> bool:
    """Whether `widget` was built and waits to be opened."""
    return id(widget) in _pending


def closed(widget: widgets.Widget) -> bool:
    """Whether `widget` is closed: it has no comm and does not wait for one."""
    return widget.comm is None and not pending(widget)


def _deferred_open(self: widgets.Widget) -> None:
    if self.comm is None and _defers(self):
        _pending.setdefault(id(self), self)
    else:
        _pending.pop(id(self), None)
        _open(self)


def _close_waiting(self: widgets.Widget) -> None:
    _pending.pop(id(self), None)
    _close(self)


def _opening(method: Callable[..., Any]) -> Callable[..., Any]:
    """`method` of a widget, called once the widget is open (it reads the model id)."""

    def opened_first(self: widgets.Widget, *args: Any, **kwargs: Any) -> Any:
        open_now(self)
        return method(self, *args, **kwargs)

    return opened_first


def _cell_starts(*_: Any) -> None:
    _deferring[0] = True


def _cell_ends(*_: Any) -> None:
    _deferring[0] = False
    open_all()


def defer_in_cells() -> bool:
    """From the next cell on, widgets built by a cell open with their finished state (once per
    kernel); False where there is no IPython shell."""
    shell = get_ipython()
    if shell is None:
        return False
    if not _installed:
        model_id = widgets.Widget.model_id
        widgets.Widget.open = _deferred_open  # type: ignore[method-assign]
        widgets.Widget.close = _close_waiting  # type: ignore[method-assign]
        widgets.Widget.model_id = property(_opening(model_id.fget), doc=model_id.__doc__)  # type: ignore[method-assign]
        widgets.Widget.get_view_spec = _opening(widgets.Widget.get_view_spec)  # type: ignore[method-assign]
        widgets.Widget._repr_mimebundle_ = _opening(widgets.Widget._repr_mimebundle_)  # type: ignore[method-assign]
        shell.events.register("pre_run_cell", _cell_starts)
        shell.events.register("post_run_cell", _cell_ends)
        _installed.append(True)
    return True
