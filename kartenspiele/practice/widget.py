"""The practice widget: "Neue Aufgabe", the exercise number, an answer box and kind feedback.

A wrong answer gets a hint (a specific one for an anticipated mistake); the solution is shown
only after a real attempt: the third wrong try (with three choices: the second), or "Lösung
zeigen" after at least one try. Choice exercises (sicher / möglich / unmöglich …) show buttons;
a tried wrong choice is greyed out. "12 %" counts as 12.
In a notebook: `from kartenspiele.practice import Practice` and `Practice(lesson=1)`.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..i18n import text
from ..lessons.cards import cards_html
from ..lessons.style import lesson_style, message
from ..widgets.style import style_widget
from .exercises import LEVELS, check, exercise

TRIES_BEFORE_SOLUTION = 3


class Practice(widgets.VBox):
    """Endless practice for one lesson at a chosen level."""

    def __init__(self, lesson: int = 1, level: str = "grundschule", number: int = 1, lang: str = "de") -> None:
        check(lesson, level, number)
        self.lesson, self.lang = lesson, lang
        self.level_choice = widgets.ToggleButtons(
            options=[(text(f"practice.level.{name}", lang), name) for name in LEVELS],
            value=level,
            description=text("practice.level", lang),
        )
        self.new_button = widgets.Button(
            description=text("practice.new", lang), icon="refresh", layout=widgets.Layout(width="14em")
        )
        self.title = widgets.HTML()
        self.question = widgets.HTML()
        self.answer_box = widgets.Text(
            placeholder=text("practice.answer_placeholder", lang), layout=widgets.Layout(width="8em")
        )
        self.check_button = widgets.Button(description=text("practice.check", lang), button_style="primary")
        self.solution_button = widgets.Button(description=text("practice.show_solution", lang), disabled=True)
        self.feedback = widgets.HTML()
        self.choice_box = widgets.HBox()
        self.choice_box.add_class("ks-practice-choices")
        self.number_row = widgets.HBox([self.answer_box, self.check_button])
        self.new_button.on_click(lambda _: self.show(self.number + 1))
        self.check_button.on_click(lambda _: self.submit(self.answer_box.value))
        self.answer_box.on_submit(lambda _: self.submit(self.answer_box.value))
        self.solution_button.on_click(lambda _: self.reveal())
        self.level_choice.observe(lambda _: self.show(1), names="value")
        super().__init__(
            [
                style_widget(),
                lesson_style(),
                self.level_choice,
                self.title,
                self.question,
                widgets.HBox([self.number_row, self.choice_box, self.solution_button]),
                self.feedback,
                self.new_button,
            ]
        )
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.show(number)

    def show(self, number: int) -> None:
        """Show exercise `number` at the chosen level, with a fresh answer box."""
        self.number = number
        self.exercise = exercise(self.lesson, self.level_choice.value, number)
        self.tries = 0
        self.solved = self.revealed = False
        self.title.value = f"<b>{escape(text('practice.number', self.lang, number=number))}</b>"
        faces = self.exercise.faces()
        cards = f"<div class='ks-practice-cards'>{cards_html(faces, self.lang)}</div>" if faces else ""
        self.question.value = f"{cards}<p class='ks-prompt'>{escape(self.exercise.question_text(self.lang))}</p>"
        self.choice_buttons = [widgets.Button(description=label) for label in self.exercise.choice_texts(self.lang)]
        for index, button in enumerate(self.choice_buttons):
            button.on_click(lambda _, index=index: self.choose(index))
        self.choice_box.children = self.choice_buttons
        self.choice_box.layout.display = "" if self.choice_buttons else "none"
        self.number_row.layout.display = "none" if self.choice_buttons else ""
        self.answer_box.value = ""
        self.answer_box.disabled = self.check_button.disabled = False
        self.solution_button.disabled = True
        self.feedback.value = ""

    def submit(self, raw: str) -> None:
        """Judge a typed answer ("12", "12 %") and show the feedback it earns."""
        if self.solved or self.revealed:
            return
        value = raw.strip().removesuffix("%").strip()
        if not value.lstrip("-").isdigit():
            self.feedback.value = message(text("practice.f.not_number", self.lang))
            return
        self._judge(int(value), str(int(value)))

    def choose(self, index: int) -> None:
        """Judge a pressed choice button."""
        if self.solved or self.revealed or self.choice_buttons[index].disabled:
            return
        self.choice_buttons[index].disabled = index != self.exercise.answer
        self._judge(
            index,
            f"„{self.choice_buttons[index].description}“"
            if self.lang == "de"
            else f"“{self.choice_buttons[index].description}”",
        )

    def _judge(self, given: int, shown: str) -> None:
        self.tries += 1
        if given == self.exercise.answer:
            self.solved = True
            self._close()
            self.feedback.value = message(f"✓ {text('practice.f.right', self.lang)}", [self._solution()], ok=True)
            return
        limit = len(self.exercise.choices) - 1 if self.exercise.choices else TRIES_BEFORE_SOLUTION
        if self.tries >= limit:
            self.reveal()
            return
        self.solution_button.disabled = False
        key = self.exercise.mistakes.get(given)
        if self.exercise.choices:
            hint = text(key or "practice.f.other_choice", self.lang)
        else:
            direction = "practice.f.more" if given < self.exercise.answer else "practice.f.less"
            hint = text(key or direction, self.lang)
        self.feedback.value = message(text("practice.f.not_yet", self.lang, given=shown, hint=hint), ok=False)

    def _close(self) -> None:
        self.answer_box.disabled = self.check_button.disabled = self.solution_button.disabled = True
        for button in self.choice_buttons:
            button.disabled = True

    def reveal(self) -> None:
        """Show the engine's solution (only after at least one real try)."""
        if self.tries == 0 or self.solved:
            return
        self.revealed = True
        self._close()
        self.feedback.value = message(text("practice.f.solution", self.lang, solution=self._solution()))

    def _solution(self) -> str:
        return self.exercise.solution_text(self.lang)
