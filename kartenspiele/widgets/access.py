"""What ipywidgets cannot say to the browser: accessible names and states, the keyboard, focus.

`Access` is an invisible anywidget placed inside a table. Python gives a control a token
(a CSS class, `token()`) and `set(token, {"aria-label": …, "aria-pressed": "true"})`; the
browser side (`static/access.js`) puts these attributes on every element with that class,
also after ipywidgets redraws it. The same script moves the focus with the arrow keys within
and between rows of cards and buttons, plays the offered move on a key (P or Z), and focuses
what `request_focus` names once it can be focused (after a move: the hand).
"""

from __future__ import annotations

import itertools
from importlib import resources
from typing import ClassVar

import anywidget
import traitlets

from .plain import hidden_layout

_tokens = itertools.count(1)
Attributes = dict[str, "str | None"]


def token() -> str:
    """A fresh CSS class that names one control for `Access.set`."""
    return f"ks-a-{next(_tokens)}"


def tagged(widget, name: str | None = None) -> str:
    """Give `widget` a fresh token class and return it (`name`: a fixed class instead)."""
    cls = name or token()
    widget.add_class(cls)
    return cls


class Access(anywidget.AnyWidget):
    """Attributes per token, and focus requests, for the table around this widget."""

    browser_sets: ClassVar[dict] = {}  # the browser only reads (`kernel.update_guard`)
    _esm = resources.files("kartenspiele").joinpath("static", "access.js").read_text(encoding="utf-8")
    attrs = traitlets.Dict().tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)
    focus_serial = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__(layout=hidden_layout())
        self._pending: dict[str, Attributes | None] = {}

    def set(self, cls: str, attributes: Attributes) -> None:
        """Give every element of class `cls` these attributes (None removes one); call
        `flush` to send the changes."""
        self._pending[cls] = {key: value for key, value in attributes.items()}

    def forget(self, cls: str) -> None:
        """Drop the attributes of `cls` (its control is gone for good); sent with `flush`."""
        self._pending[cls] = None

    def flush(self) -> None:
        """Send the attributes set since the last flush (only when they changed)."""
        merged = dict(self.attrs)
        for cls, attributes in self._pending.items():
            if attributes is None:
                merged.pop(cls, None)
            else:
                merged[cls] = attributes
        self._pending = {}
        if merged != self.attrs:
            self.attrs = merged

    def request_focus(self, target: str) -> None:
        """Focus `target` in the browser as soon as it can be: "hand" (the first hand card,
        else the first action), "table" (the game) or "result" (the end screen)."""
        self.focus = target
        self.focus_serial += 1
