"""Closing a page that is gone: every widget it built, shown or not.

`Widget.close()` closes one widget; its children, layouts and the widgets a page keeps aside
(a table's hidden panels, a room page's table) stay open and stay in the kernel until it ends.
`close_tree` follows a page's widgets and the package's helper objects it holds (a room page's
controller, a table's setup) and closes every widget on the way, except those in `keep`
(widgets the page shares with the page around it, such as the browser's memory). The kernel's
shared layouts and styles (`plain`) are not the page's: they stay open.

`resend_tree` follows the same widgets and sends each one's whole state again: after a click
stopped at the bound (`kernel.click_limit`), a value the kernel had just set may never have
reached the browser (the stop came between setting it and sending it), and drawing the page
again would not send it (an unchanged value travels no more).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import ipywidgets as widgets

from .deferred_open import closed
from .plain import is_shared

OWN_PACKAGES = ("kartenspiele.widgets", "kartenspiele.lessons")
"""Helper objects of these packages are followed (their widgets belong to the page)."""


def _followed(item: Any) -> bool:
    return isinstance(item, widgets.Widget) or type(item).__module__.startswith(OWN_PACKAGES)


def page_widgets(root: Any, keep: Iterable[widgets.Widget] = ()) -> Iterator[widgets.Widget]:
    """Every open widget reachable from `root` but those in `keep`."""
    seen: set[int] = {id(widget) for widget in keep}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or is_shared(item):
            continue
        seen.add(id(item))
        if isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif _followed(item):
            if isinstance(item, widgets.Widget):
                stack.extend(item._trait_values.values())  # children, layout, style
                if not closed(item):
                    yield item
            stack.extend(vars(item).values())


def close_tree(root: Any, keep: Iterable[widgets.Widget] = ()) -> int:
    """Close every widget reachable from `root` but those in `keep`; returns how many."""
    closed = list(page_widgets(root, keep))
    for widget in closed:
        widget.close()
    return len(closed)


def resend_tree(root: Any) -> int:
    """Send the whole state of every widget reachable from `root` again; returns how many."""
    sent = 0
    for widget in page_widgets(root):
        widget.send_state()
        sent += 1
    return sent
