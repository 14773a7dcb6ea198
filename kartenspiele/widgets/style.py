"""The package's CSS as a widget: put it once into every table.

The colours and symbols of Tausch-Rausch's cards come from the engine's palette
(`tausch_rausch.display.PALETTE`), so notebooks and tables show the same cards.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import ipywidgets as widgets

from ..tausch_rausch.display import PALETTE
from .plain import Shared, looks, one

SHEETS = ("cards.css", "tables.css", "tablet.css", "app.css")


def colour_rules() -> str:
    """CSS for the four Tausch-Rausch colours: background, text colour and symbol."""
    rules = []
    for colour, (background, text, symbol) in PALETTE.items():
        rules.append(
            f".ks-table .ks-tr.ks-c-{colour}, .ks-position .ks-tr.ks-c-{colour} "
            f"{{ background: {background}; color: {text}; }}"
        )
        rules.append(
            f".ks-table button.jupyter-button.ks-tr.ks-c-{colour} {{ background: {background}; color: {text}; }}"
        )
        rules.append(
            f".ks-table button.jupyter-button.ks-tr.ks-c-{colour}::before, "
            f'.ks-table button.jupyter-button.ks-tr.ks-c-{colour}::after {{ content: "{symbol}"; }}'
        )
    return "\n".join(rules)


@lru_cache(maxsize=1)
def css() -> str:
    """The card and table CSS of the package."""
    root = resources.files("kartenspiele").joinpath("static")
    sheets = [root.joinpath(name).read_text(encoding="utf-8") for name in SHEETS]
    return "\n".join([*sheets, colour_rules()])


class StyleSheet(Shared, widgets.HTML):
    """The stylesheet's widget (hidden by its own rules; a `<style>` applies wherever it is)."""


def style_widget() -> widgets.HTML:
    """The kernel's one widget that carries the stylesheet: every table, lesson bar and page
    holds the same one, so its 33 kB travel once per kernel and the browser matches each rule
    once."""
    return one(StyleSheet, value=f"<style>{css()}</style>", _dom_classes=("ks-style-sheet",), **looks(widgets.HTML))
