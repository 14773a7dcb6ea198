"""Rows of buttons that are reused from redraw to redraw (cheap: only changed traits travel).

A `ButtonRow` shows a list of `Spec`s — label, tooltip, CSS classes, enabled — and calls
`on_press(key)` with the key of the pressed button. Cards are such buttons with the classes
of `static/tables.css` (big value, colour, rainbow, joker, selected, blocked). Given an
`Access` widget, a row also tells screen readers each button's name, pressed state and
description. The row's buttons share the kernel's plain layout and style (`plain`: their
looks come from the CSS classes); the row has its own layout (a page may hide it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import ipywidgets as widgets

from .access import Access, token
from .plain import plain


@dataclass(frozen=True)
class Spec:
    """One button: what it stands for (`key`), its text, tooltip and CSS classes."""

    key: Hashable
    label: str
    tooltip: str = ""
    classes: tuple[str, ...] = ()
    disabled: bool = False
    name: str = ""  # what a screen reader says (default: the label)
    pressed: bool | None = None  # a toggle's state (aria-pressed); None: not a toggle
    description: str = ""  # said after the name (why a card is blocked, …)


@dataclass
class _Slot:
    button: widgets.Button
    token: str
    key: Hashable = None
    classes: tuple[str, ...] = field(default_factory=tuple)


class ButtonRow(widgets.HBox):
    """A row of buttons drawn from `Spec`s; pressing one calls `on_press(key)`."""

    def __init__(
        self,
        on_press: Callable[[Hashable], None],
        base_class: str = "ks-btn",
        row_class: str = "ks-buttonrow",
        access: Access | None = None,
    ) -> None:
        super().__init__(_dom_classes=(row_class,))
        self._on_press = on_press
        self._access = access
        self._base = base_class
        self._slots: list[_Slot] = []
        self.specs: tuple[Spec, ...] = ()

    def _slot(self, index: int) -> _Slot:
        while len(self._slots) <= index:
            tag = token()
            button = plain(widgets.Button, _dom_classes=(self._base, tag))
            slot = _Slot(button, tag)
            button.on_click(lambda _b, slot=slot: self._on_press(slot.key))
            self._slots.append(slot)
        return self._slots[index]

    def show(self, specs: Sequence[Spec]) -> None:
        """Show exactly these buttons, in this order (each button's changes travel as one
        message)."""
        self.specs = tuple(specs)
        for index, spec in enumerate(self.specs):
            slot = self._slot(index)
            slot.key = spec.key
            button = slot.button
            with button.hold_sync():
                if button.description != spec.label:
                    button.description = spec.label
                if button.tooltip != spec.tooltip:
                    button.tooltip = spec.tooltip
                if button.disabled != spec.disabled:
                    button.disabled = spec.disabled
                if slot.classes != spec.classes:
                    kept = [name for name in button._dom_classes if name not in slot.classes]
                    button._dom_classes = (*kept, *(name for name in spec.classes if name not in kept))
                    slot.classes = spec.classes
            if self._access is not None:
                pressed = None if spec.pressed is None else str(spec.pressed).lower()
                self._access.set(
                    slot.token,
                    {
                        "aria-label": spec.name or spec.label,
                        "aria-pressed": pressed,
                        "aria-description": spec.description or None,
                    },
                )
        shown = tuple(slot.button for slot in self._slots[: len(self.specs)])
        if self.children != shown:
            self.children = shown

    def shown(self) -> list[tuple[Hashable, str]]:
        """The keys shown now, each with its button's selector (its token class)."""
        return [(slot.key, f".{slot.token}") for slot in self._slots[: len(self.specs)]]

    def button(self, key: Hashable) -> widgets.Button:
        """The button shown for `key` (for tests and keyboard focus)."""
        for slot in self._slots[: len(self.specs)]:
            if slot.key == key:
                return slot.button
        raise KeyError(key)

    def press(self, key: Hashable) -> None:
        """Press the button of `key` as a person would."""
        self.button(key).click()
