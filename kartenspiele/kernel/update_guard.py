"""What a browser may set in this kernel: every widget message is checked before traitlets see it.

A browser changes a widget by sending its kernel an `update` of some synced traits (a typed
text, a chosen option, the games its localStorage kept). The browser is not trusted: a page's
console can send any update to any widget, e.g. 20,000 remembered games (which built 10,000
buttons and about 60 MB per message) or a text of a megabyte. `install` puts one guard in front
of every widget's message handler (`ipywidgets.Widget._handle_msg`). An update passes only if

- the whole message is small (`MAX_MESSAGE_SIZE`, counted without building anything),
- every key is a trait the browser may set on this kind of widget (a typed text's `value`, a
  choice's `index`, ...; see `BUILT_IN`), and
- every value has the right type and size (texts up to `TEXT_MAX_CHARS`, long answers up to
  `TEXTAREA_MAX_CHARS`).

Anything else is refused: the traits keep their values, the browser is sent them again, and the
refusal is logged. The package's own widgets name what the browser may set in a class attribute
`browser_sets` ({trait: check}); a widget of ipywidgets or of this package naming nothing may be
set by the browser not at all. Widgets of other packages (in a notebook of one's own) pass with
only the size bound. `custom` messages (a click, Enter in a text box) are bounded in size too.
"""

from __future__ import annotations

import itertools
import logging
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from .server_log import server_log

log = logging.getLogger(__name__)

Check = Callable[[Any, widgets.Widget], "str | None"]
"""A value's check: None if the browser may set it on this widget, else why not."""

MAX_MESSAGE_SIZE = 20_000
"""The largest update (characters of its texts plus one per number, list and entry)."""
MAX_CUSTOM_SIZE = 200
"""The largest custom message (a button's click is `{"event": "click"}`)."""
TEXT_MAX_CHARS = 200
"""The longest text a one-line box takes (names, codes and answers are far shorter)."""
TEXTAREA_MAX_CHARS = 4_000
"""The longest text a text area takes (a pupil's reasoning is kept up to 600 characters)."""
LARGEST_INT = 2**53
"""Numbers beyond this are no pupil's input (and lose precision in the browser)."""
GUARDED_PACKAGES = ("ipywidgets", "anywidget", "kartenspiele")
_END = object()


def size(value: Any, limit: int) -> int:
    """The size of a JSON value (characters of its texts and keys, one per other item), counted
    only up to just past `limit`, so that a huge value costs no more than a small one."""
    total, stack = 0, [iter((value,))]
    while stack and total <= limit:
        item = next(stack[-1], _END)
        if item is _END:
            stack.pop()
            continue
        total += 1
        if isinstance(item, str):
            total += len(item)
        elif isinstance(item, Mapping):
            stack.append(itertools.chain.from_iterable(item.items()))
        elif isinstance(item, (list, tuple)):
            stack.append(iter(item))
    return total


# -- checks -------------------------------------------------------------------------------------
def text(max_chars: int) -> Check:
    """A text of at most `max_chars` characters."""

    def check(value: Any, _widget: widgets.Widget) -> str | None:
        if not isinstance(value, str):
            return f"not a text: {type(value).__name__}"
        return f"text of {len(value)} characters (at most {max_chars})" if len(value) > max_chars else None

    return check


def boolean(value: Any, _widget: widgets.Widget) -> str | None:
    return None if isinstance(value, bool) else f"not true or false: {type(value).__name__}"


def integer(value: Any, _widget: widgets.Widget) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"not a whole number: {type(value).__name__}"
    return None if abs(value) <= LARGEST_INT else "number too large"


def number(value: Any, widget: widgets.Widget) -> str | None:
    if isinstance(value, float):
        return None if math.isfinite(value) and abs(value) <= LARGEST_INT else "number not finite or too large"
    return integer(value, widget)


def pair(check: Check) -> Check:
    """Two values (a range slider's ends), each passing `check`."""

    def checked(value: Any, widget: widgets.Widget) -> str | None:
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            return "not a pair"
        return check(value[0], widget) or check(value[1], widget)

    return checked


def optional(check: Check) -> Check:
    """`check`, or nothing (null)."""
    return lambda value, widget: None if value is None else check(value, widget)


def option_index(value: Any, widget: widgets.Widget) -> str | None:
    """The index of one of the widget's options (or none chosen)."""
    if value is None:
        return None
    return integer(value, widget) or (
        None if 0 <= value < len(getattr(widget, "_options_labels", ())) else f"no option {value}"
    )


def option_indices(value: Any, widget: widgets.Widget) -> str | None:
    """Indices of the widget's options, each at most once."""
    if not isinstance(value, (list, tuple)) or None in value:
        return "not a list of options"
    reason = next((reason for item in value if (reason := option_index(item, widget))), None)
    return reason or (None if len(set(value)) == len(value) else "an option twice")


def records(max_items: int, fields: Iterable[str], max_chars: int) -> Check:
    """A list of at most `max_items` objects, each with some of `fields` as texts of at most
    `max_chars` characters (what a browser remembers, for instance)."""
    allowed = frozenset(fields)

    def check(value: Any, _widget: widgets.Widget) -> str | None:
        if not isinstance(value, list):
            return f"not a list: {type(value).__name__}"
        if len(value) > max_items:
            return f"list of {len(value)} entries (at most {max_items})"
        for item in value:
            if not isinstance(item, dict) or not set(item) <= allowed:
                return "an entry is not an object of the known fields"
            if any(not isinstance(part, str) or len(part) > max_chars for part in item.values()):
                return f"an entry's field is not a text of at most {max_chars} characters"
        return None

    return check


BUILT_IN: tuple[tuple[type, dict[str, Check]], ...] = (
    (widgets.Textarea, {"value": text(TEXTAREA_MAX_CHARS)}),
    (widgets.Text, {"value": text(TEXT_MAX_CHARS)}),  # also Password and Combobox
    (widgets.ColorPicker, {"value": text(TEXT_MAX_CHARS)}),
    (widgets.widget_bool._Bool, {"value": boolean}),  # Checkbox, ToggleButton
    (widgets.widget_selection._Selection, {"index": option_index}),  # Dropdown, ToggleButtons, ...
    (widgets.widget_selection._MultipleSelection, {"index": option_indices}),
    (widgets.Play, {"value": integer, "playing": boolean, "repeat": boolean}),
    (widgets.widget_int._IntRange, {"value": pair(integer)}),
    (widgets.widget_float._FloatRange, {"value": pair(number)}),
    (widgets.widget_int._Int, {"value": integer}),  # IntText, BoundedIntText, IntSlider, ...
    (widgets.widget_float._Float, {"value": number}),
    (widgets.widget_selectioncontainer._SelectionContainer, {"selected_index": optional(integer)}),
)
"""What a browser may set on ipywidgets' own controls (a widget takes the rules of the nearest
of these classes it is built on)."""


def allowed(widget: widgets.Widget) -> dict[str, Check] | None:
    """The traits the browser may set on `widget` with their checks; None: not guarded (a
    widget of another package)."""
    for cls in type(widget).__mro__:
        own = cls.__dict__.get("browser_sets")
        if own is not None:
            return dict(own)
        for kind, checks in BUILT_IN:
            if cls is kind:
                return checks
    if type(widget).__module__.partition(".")[0] in GUARDED_PACKAGES:
        return {}
    return None


def refusal(widget: widgets.Widget, data: Any, buffers: Any) -> str | None:
    """Why the message `data` (with its binary `buffers`) must not reach `widget`; None if it may."""
    if not isinstance(data, dict):
        return "not an object"
    method = data.get("method")
    checks = allowed(widget)
    if checks is not None and (buffers or data.get("buffer_paths")):
        return "binary buffers"
    if method == "custom":
        return "custom message too large" if size(data.get("content"), MAX_CUSTOM_SIZE) > MAX_CUSTOM_SIZE else None
    if method != "update":
        return None  # "request_state" sends the state again; ipywidgets refuses the unknown
    state = data.get("state", {})
    if not isinstance(state, dict):
        return "state is not an object"
    limit = getattr(widget, "update_limit", MAX_MESSAGE_SIZE)  # a widget that takes more says so
    if size(state, limit) > limit:
        return f"update larger than {limit}"
    if checks is None:
        return None
    for key, value in state.items():
        check = checks.get(key)
        if check is None:
            return f"the browser may not set {key!r}"
        reason = check(value, widget)
        if reason:
            return f"{key}: {reason}"
    return None


def guarded(handle: Callable[[widgets.Widget, dict], Any]) -> Callable[[widgets.Widget, dict], Any]:
    """`handle` (a widget's message handler) behind the guard."""

    def guarded_handle_msg(self: widgets.Widget, msg: dict) -> Any:
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        reason = refusal(self, data, msg.get("buffers") if isinstance(msg, dict) else None)
        if reason is None:
            return handle(self, msg)
        log.warning("refused a message to %s %s: %s", type(self).__name__, getattr(self, "model_id", "?"), reason)
        state = data.get("state") if isinstance(data, dict) else None
        if isinstance(state, dict):
            keys = [key for key in self.keys if key in state]
            if keys:
                self.send_state(keys)  # the browser shows the kernel's values again
        return None

    guarded_handle_msg.__wrapped__ = handle  # type: ignore[attr-defined]
    return guarded_handle_msg


def install() -> bool:
    """Guard every widget created from now on; returns False if it already was. Refusals are
    written to the server's log, never into the page (`server_log`)."""
    handle = widgets.Widget._handle_msg
    if hasattr(handle, "__wrapped__"):
        return False
    server_log(__name__, logging.WARNING)
    widgets.Widget._handle_msg = guarded(handle)  # type: ignore[method-assign]
    return True
