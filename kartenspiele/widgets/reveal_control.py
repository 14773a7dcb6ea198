"""The dashboard's "Aufdecken": one button per answer section of the lessons
(`classroom.classes.reveals`), revealing it to the chosen class or hiding it again; one button that
hides the lessons' optional parts ("Zusatz") from the class or shows them again; and one that
switches "Lösung zeigen" in the class's exercises off or on again.

The pupils' pages look every few seconds (`lessons.reveal`) and build the section once it is
revealed. Only the dashboard (a teacher's page) writes the class document.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..classroom.classes.classes import Classes
from ..classroom.classes.reveals import SECTIONS
from ..core.errors import KartenspieleError
from .texts import t


def _row(label: str, button: widgets.Button) -> widgets.HBox:
    """A label and its button on one line."""
    name = widgets.HTML(escape(label), layout=widgets.Layout(width="24em"))
    return widgets.HBox([name, button], layout=widgets.Layout(align_items="center"))


class RevealControl(widgets.VBox):
    """A row per answer section: its name and "Aufdecken" / "Wieder verdecken" for the class
    chosen in `class_choice`."""

    def __init__(self, classes: Classes, class_choice: widgets.Dropdown, lang: str) -> None:
        super().__init__()
        self.add_class("ks-reveal-control")
        self.classes, self.class_choice, self.lang = classes, class_choice, lang
        self.buttons: dict[str, widgets.Button] = {}
        rows = [widgets.HTML(f"<h3>{escape(t('reveal.title', lang))}</h3>")]
        for section in SECTIONS:
            made = widgets.Button()
            made.add_class("ks-reveal-" + section.replace(".", "-"))
            made.on_click(lambda _, section=section: self.toggle(section))
            self.buttons[section] = made
            rows.append(_row(t(f"reveal.section.{section}", lang), made))
        self.extras = widgets.Button()
        self.extras.add_class("ks-extras-toggle")
        self.extras.on_click(lambda _: self.toggle_extras())
        rows.append(_row(t("reveal.extras", lang), self.extras))
        self.solutions = widgets.Button()
        self.solutions.add_class("ks-solutions-toggle")
        self.solutions.on_click(lambda _: self.toggle_solutions())
        rows.append(_row(t("reveal.solutions", lang), self.solutions))
        self.status = widgets.HTML()
        self.children = (*rows, self.status)
        class_choice.observe(lambda _: self.redraw(), "value")
        self.redraw()

    def revealed(self) -> frozenset[str]:
        code = self.class_choice.value
        return self.classes.revealed(code) if code else frozenset()

    def toggle(self, section: str) -> None:
        """Reveal the section to the class, or hide it again if it is revealed."""
        self._change(lambda code: self.classes.reveal(code, section, section not in self.revealed()))

    def toggle_extras(self) -> None:
        """Hide the optional parts from the class, or show them again."""
        self._change(lambda code: self.classes.hide_extras(code, not self.classes.extras_hidden(code)))

    def toggle_solutions(self) -> None:
        """Switch "Lösung zeigen" off for the class, or on again."""
        self._change(lambda code: self.classes.hide_solutions(code, not self.classes.solutions_hidden(code)))

    def _change(self, change: Callable[[str], None]) -> None:
        """Apply `change` to the chosen class's document; a refusal is said below the buttons."""
        code = self.class_choice.value
        if not code:
            return
        try:
            change(code)
            self.status.value = ""
        except KartenspieleError as error:
            self.status.value = f"<span class='ks-dash-error'>{escape(error.message(self.lang))}</span>"
        self.redraw()

    def redraw(self) -> None:
        code = self.class_choice.value
        try:
            shown = self.revealed()
            hidden = bool(code) and self.classes.extras_hidden(code)
            no_solutions = bool(code) and self.classes.solutions_hidden(code)
        except KartenspieleError:
            shown, hidden, no_solutions = frozenset(), False, False
        self.extras.description = t("reveal.extras.show" if hidden else "reveal.extras.hide", self.lang)
        self.solutions.description = t("reveal.solutions.show" if no_solutions else "reveal.solutions.hide", self.lang)
        for section, made in self.buttons.items():
            made.description = t("reveal.hide" if section in shown else "reveal.show", self.lang)
            made.button_style = "success" if section in shown else ""
