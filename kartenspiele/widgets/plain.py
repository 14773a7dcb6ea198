"""One plain layout and one plain style per kind, shared by the kernel's widgets.

ipywidgets gives every widget a layout model and most a style model of their own. A table's
widgets take their looks from CSS classes and leave both empty, yet each empty model is built
in the kernel, relayed by the server and built again in the browser: about 70 of a room table's
160 models. `plain(kind, …)` builds a widget that shares the kernel's plain layout and the plain
style of its kind instead. `one(kind, …)` keeps one widget of a `Shared` class for the whole
kernel (the stylesheet, `style.style_widget`).

A shared widget refuses every change (`SharedLooksError`). A widget hides and shows itself with
`set_shown(widget, shown)`: one with shared looks swaps to the kernel's shared hidden layout and
back, so hiding costs no model of its own; a widget with looks of its own (`own_layout=True`, a
width) sets them on its layout. Closing a page leaves the shared widgets open: they belong to the
kernel, not to a page (`is_shared`).
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any, TypeVar

import ipywidgets as widgets

from .deferred_open import closed, open_now

W = TypeVar("W", bound=widgets.DOMWidget)


class SharedLooksError(AttributeError):
    """A shared layout or style was asked to change (give the widget its own)."""


class Shared:
    """Mixed into a widget class: refuses changes to its synced traits once built (see `one`)."""

    _built = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._built and name in self.keys:
            raise SharedLooksError(
                f"{type(self).__name__}.{name}: this layout or style is shared by many widgets; "
                "build the widget with its own (plain(..., own_layout=True))"
            )
        super().__setattr__(name, value)


_lock = threading.Lock()
_kinds: dict[type[widgets.Widget], type[widgets.Widget]] = {}
_shared: dict[type[widgets.Widget], widgets.Widget] = {}

S = TypeVar("S", bound=Shared)


def _open(model: widgets.Widget | None) -> bool:
    """Whether `model` and the models it holds (its layout and style) are open."""
    if model is None or closed(model):
        return False
    return not any(closed(held) for held in model._trait_values.values() if isinstance(held, widgets.Widget))


def one(kind: type[S], **traits: Any) -> S:
    """The kernel's one open widget of the `Shared` class `kind`, built with `traits` the first
    time (and again after it or a model it holds was closed)."""
    with _lock:
        model = _shared.get(kind)
        if not _open(model):
            model = kind(**traits)
            open_now(model)  # opened before it refuses changes (a cell may have deferred it)
            model._built = True
            _shared[kind] = model
        return model  # type: ignore[return-value]


def _shared_kind(kind: type[widgets.Widget]) -> type[widgets.Widget]:
    """The `Shared` class of `kind` (a layout or a style), made the first time."""
    shared_kind = _kinds.get(kind)
    if shared_kind is None:
        with _lock:
            shared_kind = _kinds.setdefault(
                kind, type(f"Shared{kind.__name__}", (Shared, kind), {"__module__": __name__})
            )
    return shared_kind


def _one(kind: type[widgets.Widget]) -> widgets.Widget:
    """The kernel's shared model of `kind` (a layout or a style)."""
    return one(_shared_kind(kind))


def make_shared_kinds() -> None:
    """The `Shared` classes of the layout and of every ipywidgets style, made now: a class made
    while a page is built costs traitlets' whole class setup (the site's build makes them
    before its memory snapshot, `kartenspiele.site.prepare`)."""
    kinds: set[type[widgets.Widget]] = {widgets.Layout}
    found = [widgets.DOMWidget]
    while found:
        kind = found.pop()
        found.extend(kind.__subclasses__())
        style = _style_kind(kind)
        if style is not None and not issubclass(style, Shared):
            kinds.add(style)
    for kind in kinds:
        _shared_kind(kind)


class SharedHiddenLayout(Shared, widgets.Layout):
    """The kernel's one layout of hidden widgets (`set_shown`)."""


def plain_layout() -> widgets.Layout:
    """The kernel's shared empty layout."""
    return _one(widgets.Layout)  # type: ignore[return-value]


def hidden_layout() -> widgets.Layout:
    """The kernel's shared layout of hidden widgets (`display: none`)."""
    return one(SharedHiddenLayout, display="none")


def set_shown(widget: widgets.DOMWidget, shown: bool = True) -> None:
    """Show or hide `widget`: a widget with shared looks takes the shared plain or hidden layout,
    one with a layout of its own changes its `display`."""
    layout = widget._trait_values.get("layout")
    if layout is None or is_shared(layout):
        widget.layout = plain_layout() if shown else hidden_layout()
    else:
        layout.display = "" if shown else "none"


@cache
def _style_kind(kind: type[widgets.DOMWidget]) -> type[widgets.Widget] | None:
    trait = kind.class_traits().get("style")
    return None if trait is None else trait.klass


def plain_style(kind: type[widgets.DOMWidget]) -> widgets.Widget | None:
    """The kernel's shared default style for widgets of `kind` (None: the kind has no style)."""
    style_kind = _style_kind(kind)
    return None if style_kind is None else _one(style_kind)


def looks(kind: type[widgets.DOMWidget], own_layout: bool = False) -> dict[str, widgets.Widget]:
    """The shared layout (unless `own_layout`) and style for a widget of `kind`, as traits."""
    traits: dict[str, widgets.Widget] = {} if own_layout else {"layout": plain_layout()}
    style = plain_style(kind)
    if style is not None:
        traits["style"] = style
    return traits


def plain(kind: type[W], *args: Any, own_layout: bool = False, **traits: Any) -> W:
    """A widget of `kind` with the shared layout (unless `own_layout` or given) and style."""
    return kind(*args, **{**looks(kind, own_layout), **traits})


def is_shared(model: Any) -> bool:
    """Whether `model` is one of the kernel's shared widgets (layouts, styles, the style sheet)."""
    return isinstance(model, Shared)
