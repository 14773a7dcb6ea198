"""Lesson 2's widget: the task designer (`TaskDesigner`) and its judgement of a designed task
(`design_feedback`), which the exit ticket's "is this sum possible?" shares."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..core.errors import RuleOptionError
from ..i18n import text
from ..tausch_rausch.cards import VALUES
from ..tausch_rausch.reasons import sum_arith
from ..widgets.access import Access, tagged
from .language import follow, language
from .parity_numbers import EVEN, ODD, designed_task, example_values, parity_word
from .quiz import Feedback


def design_feedback(count: int, parity: str | None, total: int | None, lang: str) -> Feedback:
    """Whether the designed task can be fulfilled, with an example or the reasons why not."""
    if total is None or total < 1:
        return Feedback(False, text("lessons.design.total_positive", lang))
    try:
        task = designed_task(count, parity, total)
    except RuleOptionError as error:
        lines = []
        allowed = [v for v in VALUES if parity is None or v % 2 == (0 if parity == EVEN else 1)]
        if parity == ODD and count % 2 != total % 2:
            lines.append(
                text(
                    "lessons.design.odd_sum",
                    lang,
                    count=count,
                    parity=parity_word(count, lang),
                    total=total,
                    total_parity=parity_word(total, lang),
                )
            )
        elif parity == EVEN and total % 2:
            lines.append(text("lessons.design.even_sum", lang, total=total))
        low, high = count * allowed[0], count * allowed[-1]
        if not low <= total <= high:
            key = "lessons.design.range" if lines else "lessons.design.range_first"
            lines.append(text(key, lang, count=count, low=low, high=high))
        return Feedback(False, text("lessons.design.impossible", lang), tuple(lines or [error.message(lang)]))
    example = example_values(task)
    assert example is not None  # the engine accepted the task, so some cards fulfil it
    return Feedback(
        True,
        text("lessons.design.possible", lang, title=task.title(lang)),
        (text("lessons.design.example", lang, arith=sum_arith(example)),),
    )


class TaskDesigner(widgets.VBox):
    """Invent a task "N cards, all even/odd, sum exactly S" — the engine says if it can be done."""

    def __init__(self, count: int = 5, parity: str | None = ODD, total: int = 21) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.title = widgets.HTML()
        self.count = widgets.ToggleButtons(options=[2, 3, 4, 5, 6], value=count)
        self.parity = widgets.ToggleButtons(options=[("", EVEN), ("", ODD), ("", None)], value=parity)
        self.total = widgets.Text(value=str(total), continuous_update=False, layout=widgets.Layout(width="7em"))
        self.labels = [widgets.HTML() for _ in range(3)]
        self.feedback = widgets.HTML()
        self.drawing = False
        for control in (self.count, self.parity, self.total):
            control.observe(lambda _: self.redraw(), "value")
        rows = [
            widgets.HBox([label, control]) for label, control in zip(self.labels, (self.count, self.parity, self.total))
        ]
        self.access = Access()
        self.tags = [tagged(control) for control in (self.count, self.parity, self.total)]
        self.children = (self.access, self.title, *rows, self.feedback)
        self.redraw()
        follow(self)

    def choose(self, count: int, parity: str | None, total: int | str) -> None:
        """Set the three controls (as a pupil would)."""
        self.count.value, self.parity.value, self.total.value = count, parity, str(total)

    def typed_total(self) -> int | None:
        """The typed sum as a whole number (None if it is not one)."""
        value = self.total.value.strip()
        return int(value) if value.lstrip("-").isdigit() else None

    def redraw(self) -> None:
        if self.drawing:  # relabelling the parity buttons reports a change of value
            return
        self.drawing = True
        lang = language()
        self.title.value = f"<h3>{escape(text('lessons.design.title', lang))}</h3>"
        for label, key, tag in zip(self.labels, ("count", "parity", "total"), self.tags):
            label.value = f"<b>{escape(text(f'lessons.design.{key}', lang))}</b>"
            name = text(f"lessons.design.{key}", lang)
            self.access.set(
                tag, {"control:aria-label": name} if key == "total" else {"role": "group", "aria-label": name}
            )
        self.access.flush()
        value = self.parity.value
        self.parity.options = [
            (text("lessons.parity.even", lang), EVEN),
            (text("lessons.parity.odd", lang), ODD),
            (text("lessons.design.any", lang), None),
        ]
        self.parity.value = value
        self.drawing = False
        total = self.typed_total()
        if total is None and self.total.value.strip():
            self.feedback.value = Feedback(
                False, text("lessons.quiz.not_a_number", lang, value=self.total.value.strip())
            ).html()
            return
        self.feedback.value = design_feedback(self.count.value, self.parity.value, total, lang).html()

    def __repr__(self) -> str:
        return f"TaskDesigner({self.count.value}, {self.parity.value!r}, {self.total.value})"
