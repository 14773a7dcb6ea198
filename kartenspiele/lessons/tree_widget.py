"""A widget to step through the systematic search for groups (`tree.search`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..i18n import text
from ..quanto.cards import Card
from .cards import cards_html
from .language import follow, language
from .tree import FOUND, TOO_BIG, Node, found, search, subsets_to_check

TARGETS = range(1, 13)


class SearchTree(widgets.VBox):
    """`SearchTree([1, 2, 3, 5, 6, 7], 8, predict=6)`: the table's values and the value to make.

    "Schritt" shows the next node of the search; the pupil can go back and choose another value
    to make. The class predicts each of the first `predict` steps (the status line asks for it);
    "Bis zur nächsten Gruppe" and "Alles zeigen" open once those steps are shown, so nobody
    skips the part to try.
    """

    def __init__(self, values: Sequence[int], target: int, predict: int = 0) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.predict = predict
        self.values = list(values)
        self.shown = 0
        self.heading = widgets.HTML()
        self.target = widgets.Dropdown(
            options=list(TARGETS),
            value=target,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="10em"),
        )
        self.target.observe(lambda _: self.restart(), "value")
        self.buttons = {
            name: widgets.Button(icon=icon)
            for name, icon in (
                ("start", "fast-backward"),
                ("back", "step-backward"),
                ("step", "step-forward"),
                ("next_group", "forward"),
                ("all", "fast-forward"),
            )
        }
        self.buttons["step"].add_class("ks-main-action")
        for name, button in self.buttons.items():
            button.on_click(lambda _, name=name: self.press(name))
        self.status = widgets.HTML()
        self.tree = widgets.HTML()
        self.children = (self.heading, self.target, widgets.HBox(list(self.buttons.values())), self.status, self.tree)
        self.restart()
        follow(self)

    def restart(self) -> None:
        self.nodes = search(self.values, self.target.value)
        self.shown = 0
        self.redraw()

    def press(self, name: str) -> None:
        """What a button does: "start", "back", "step", "next_group" or "all"."""
        total = len(self.nodes)
        if name == "start":
            self.shown = 0
        elif name == "back":
            self.shown = max(0, self.shown - 1)
        elif name == "step":
            self.shown = min(total, self.shown + 1)
        elif name in ("next_group", "all") and self.shown < min(self.predict, total):
            pass  # the steps to predict come one by one
        elif name == "next_group":
            later = [i for i in range(self.shown, total) if self.nodes[i].status == FOUND]
            self.shown = later[0] + 1 if later else total
        elif name == "all":
            self.shown = total
        else:
            raise ValueError(f"no button {name!r}")
        self.redraw()

    def _line(self, node: Node, now: bool, lang: str) -> str:
        target = self.target.value
        if node.status == FOUND:
            note = text("lessons.tree.found", lang)
        elif node.status == TOO_BIG:
            note = text("lessons.tree.too_big", lang, target=target)
        else:
            note = text("lessons.tree.open", lang, missing=target - node.total)
        classes = f"ks-node ks-node-{node.status}" + (" ks-node-now" if now else "")
        indent = "    " * (node.depth - 1)
        return f'<div class="{classes}">{indent}{escape(node.sum_text())}  {escape(note)}</div>'

    def redraw(self) -> None:
        lang = language()
        target = self.target.value
        cards = [Card(value) for value in sorted(self.values)]
        self.heading.value = (
            f"<h3>{escape(text('lessons.tree.title', lang, target=target))}</h3>"
            f"<div class='ks-row'>{cards_html(cards, lang)}</div>"
        )
        self.target.description = text("lessons.tree.target", lang)
        for name, button in self.buttons.items():
            button.description = text(f"lessons.tree.button.{name}", lang)
        total = len(self.nodes)
        self.buttons["back"].disabled = self.buttons["start"].disabled = self.shown == 0
        for name in ("step", "next_group", "all"):
            self.buttons[name].disabled = self.shown == total
        for name in ("next_group", "all"):
            self.buttons[name].disabled |= self.shown < min(self.predict, total)
        visible = self.nodes[: self.shown]
        groups = [node.sum_text() for node in found(visible)]
        status = text("lessons.tree.status", lang, step=self.shown, steps=total, found=len(groups))
        if self.shown == total:
            status += " " + text(
                "lessons.tree.done", lang, count=len(groups), steps=total, subsets=subsets_to_check(self.values)
            )
        lines = [f"<b>{escape(status)}</b>"]
        if self.shown < min(self.predict, total):
            lines.append(escape(text("lessons.tree.predict", lang, count=self.predict)))
        if groups:
            lines.append(escape(text("lessons.tree.groups", lang, groups="; ".join(groups))))
        self.status.value = "<br>".join(lines)
        if not visible:
            self.tree.value = f"<div class='ks-tree'>{escape(text('lessons.tree.empty', lang))}</div>"
        else:
            body = "".join(self._line(node, i == self.shown - 1, lang) for i, node in enumerate(visible))
            self.tree.value = f"<div class='ks-tree'>{body}</div>"

    def activities(self) -> dict[str, int]:
        """A prediction for each of the first `predict` steps (`timing`); the rest is shown."""
        return {"prediction": self.predict}

    def __repr__(self) -> str:
        predict = f", predict={self.predict}" if self.predict else ""
        return f"SearchTree({self.values}, {self.target.value}{predict})"
