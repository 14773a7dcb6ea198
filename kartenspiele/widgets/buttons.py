"""Rows of buttons, one button per key: a button always means what it showed.

A `ButtonRow` shows a list of `Spec`s — label, tooltip, CSS classes, enabled — and calls
`on_press(key)` with the key of the pressed button. Cards are such buttons with the classes
of `static/tables.css` (big value, colour, rainbow, joker, selected, blocked). Given an
`Access` widget, a row also tells screen readers each button's name, pressed state and
description. The row's buttons share the kernel's plain layout and style (`plain`: their
looks come from the CSS classes); the row has its own layout (a page may hide it).

A browser shows what the kernel sent a moment ago, so a tap may reach a kernel that has drawn
the row again meanwhile. A button therefore keeps what it shows: its `face` (a card's face, a
move; by default its key; equal faces told apart by their order in the row). Only a change of
its label, classes or state travels, and a tap always means the face the pupil saw, never
whatever a reused button holds by then: it calls `on_press` with the key now shown with that
face, or `on_gone(face)` when the face is no longer shown (default: `on_press(face)`). A row
keeps the buttons of `SPARE` faces it no longer shows (a face may come back, a late tap still
finds its button) and closes older ones. Faces, not keys, name the buttons: two copies of a
card look alike, and which copy a page holds must not show (the hidden-information test).
"""

from __future__ import annotations

from collections import Counter
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
    face: Hashable = None  # what the button shows, if not told by the key (a card's face)


SPARE = 30
"""Buttons of keys no longer shown that a row keeps (the ones shown longest ago are closed)."""


@dataclass
class _Slot:
    button: widgets.Button
    token: str
    classes: tuple[str, ...] = field(default_factory=tuple)


class ButtonRow(widgets.HBox):
    """A row of buttons drawn from `Spec`s; pressing one calls `on_press(key)` (see the module
    text for `on_gone`)."""

    def __init__(
        self,
        on_press: Callable[[Hashable], None],
        base_class: str = "ks-btn",
        row_class: str = "ks-buttonrow",
        access: Access | None = None,
        on_gone: Callable[[Hashable], None] | None = None,
    ) -> None:
        super().__init__(_dom_classes=(row_class,))
        self._on_press = on_press
        self._on_gone = on_gone
        self._access = access
        self._base = base_class
        self._slots: dict[Hashable, _Slot] = {}  # by (face, order among equal faces), shown longest ago first
        self._shown: dict[Hashable, Spec] = {}  # the same, of the specs shown now
        self._keys: dict[Hashable, Hashable] = {}  # key shown now: its button's (face, order)
        self.specs: tuple[Spec, ...] = ()

    def _slot(self, name: Hashable, spec: Spec) -> tuple[_Slot, bool]:
        """The button `name`d (made with `spec`'s looks if new) and whether it is new."""
        slot = self._slots.pop(name, None)
        made = slot is None
        if slot is None:
            tag = token()
            button = plain(
                widgets.Button,
                description=spec.label,
                tooltip=spec.tooltip,
                disabled=spec.disabled,
                _dom_classes=(self._base, tag, *spec.classes),
            )
            slot = _Slot(button, tag, spec.classes)
            button.on_click(lambda _b, name=name: self._pressed(name))
        self._slots[name] = slot  # now the one shown last
        return slot, made

    def _pressed(self, name: Hashable) -> None:
        spec = self._shown.get(name)
        if spec is not None:
            self._on_press(spec.key)
        elif self._on_gone is not None:
            self._on_gone(name[0])
        else:
            self._on_press(name[0])

    @staticmethod
    def _names(specs: Sequence[Spec]) -> list[Hashable]:
        """Each spec's button: its face and its order among the specs of that face."""
        counts: Counter[Hashable] = Counter()
        names = []
        for spec in specs:
            face = spec.key if spec.face is None else spec.face
            names.append((face, counts[face]))
            counts[face] += 1
        return names

    def show(self, specs: Sequence[Spec]) -> None:
        """Show exactly these buttons, in this order (each button's changes travel as one
        message); the keys must differ."""
        names = self._names(specs)
        self._keys = {spec.key: name for spec, name in zip(specs, names)}
        if len(self._keys) != len(specs):
            raise ValueError("a row shows each key once")
        self.specs = tuple(specs)
        self._shown = dict(zip(names, specs))
        for name, spec in zip(names, specs):
            slot, made = self._slot(name, spec)
            button = slot.button
            if not made:
                with button.hold_sync():
                    if button.description != spec.label:
                        button.description = spec.label
                    if button.tooltip != spec.tooltip:
                        button.tooltip = spec.tooltip
                    if button.disabled != spec.disabled:
                        button.disabled = spec.disabled
                    if slot.classes != spec.classes:
                        kept = [cls for cls in button._dom_classes if cls not in slot.classes]
                        button._dom_classes = (*kept, *(cls for cls in spec.classes if cls not in kept))
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
        children = tuple(self._slots[name].button for name in names)
        if self.children != children:
            self.children = children
        self._close_spares()

    def _close_spares(self) -> None:
        """Close the buttons of faces shown longest ago beyond the `SPARE` ones kept."""
        hidden = [name for name in self._slots if name not in self._shown]
        for name in hidden[: max(0, len(hidden) - SPARE)]:
            slot = self._slots.pop(name)
            slot.button.close()
            if self._access is not None:
                self._access.forget(slot.token)

    def shows(self, key: Hashable) -> bool:
        """Whether the row shows a button for `key` now."""
        return key in self._keys

    def shown(self) -> list[tuple[Hashable, str]]:
        """The keys shown now, each with its button's selector (its token class)."""
        return [(spec.key, f".{self._slots[name].token}") for name, spec in self._shown.items()]

    def button(self, key: Hashable) -> widgets.Button:
        """The button shown for `key` (for tests and keyboard focus)."""
        return self._slots[self._keys[key]].button

    def press(self, key: Hashable) -> None:
        """Press the button of `key` as a person would."""
        self.button(key).click()
