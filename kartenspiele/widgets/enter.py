"""Enter in a text box: the browser sends the box a `{"event": "submit"}` message on Enter.

ipywidgets 8 deprecates `Text.on_submit` in favour of watching `value`, but a changed value
also arrives when the box loses focus (a tap on "Prüfen" would then check twice) and not at
all when Enter is pressed twice on the same answer. So the message itself is handled here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

SUBMIT = {"event": "submit"}


def on_enter(box: widgets.Text, callback: Callable[[], None]) -> None:
    """Call `callback()` whenever Enter is pressed in `box`."""

    def handle(_: widgets.Widget, content: Any, buffers: list[Any]) -> None:
        if content == SUBMIT:
            callback()

    box.on_msg(handle)
