"""The table's stage: an invisible anywidget whose browser side (`static/stage.js`) sizes the cards
to the window on an app page (`static/app.css`: the largest card height at which the game column
holds everything, between the sheet's `--ks-fit-min` and `--ks-fit-max`) and shows the moves moving
(`motion`: `lift` before the table is drawn again, `land` after)."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

import anywidget

from .plain import looks


class Stage(anywidget.AnyWidget):
    """Placed once in every game table (hidden by its class, `ks-stage`)."""

    browser_sets: ClassVar[dict] = {}  # the browser only reads (`kernel.update_guard`)
    _esm = resources.files("kartenspiele").joinpath("static", "stage.js").read_text(encoding="utf-8")

    def __init__(self) -> None:
        super().__init__(_dom_classes=("ks-stage",), **looks(anywidget.AnyWidget))

    def lift(self, sources: list[tuple[str, str]]) -> None:
        """Tell the browser where the elements a move takes are now: (key, selector) pairs."""
        self.send({"lift": sources})

    def land(self, targets: dict[str, str], cheers: list[str]) -> None:
        """Tell the browser where the lifted elements went (key: selector) and what to cheer."""
        self.send({"land": targets, "cheers": cheers})
