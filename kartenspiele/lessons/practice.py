"""The practice widget: "Neue Aufgabe", the exercise number, an answer box and kind feedback.

A wrong answer gets a hint (a specific one for an anticipated mistake); the solution is shown
only after a real attempt: the third wrong try (with three choices: the second), or "Lösung
zeigen" after at least one try. Choice exercises (sicher / möglich / unmöglich …) show buttons;
a tried wrong choice is greyed out. "12 %" counts as 12.
In a notebook: `from kartenspiele.lessons.practice import Practice` and `Practice(lesson=1)`; in a
lesson, `lessons.levels.LevelPractice` places it with the class's level. Without a fixed
`lang` the widget follows the lesson's language switch; every judged answer is reported to
the class (`classroom.pupil.record`, nothing without a class).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..catalogue import PRACTICE_LEVELS
from ..classroom import pupil
from ..i18n import text
from ..practice.base import check
from ..practice.exercises import exercise
from ..widgets.enter import on_enter
from ..widgets.style import style_widget
from .cards import cards_html
from .language import follow, language
from .style import lesson_style, message

TRIES_BEFORE_SOLUTION = 3


class Practice(widgets.VBox):
    """Endless practice for one lesson at a chosen level."""

    def __init__(
        self, lesson: int = 1, level: str = "grundschule", number: int = 1, lang: str | None = None, name: str = ""
    ) -> None:
        check(lesson, level, number)
        self.lesson, self.fixed_lang = lesson, lang
        self.name = name or f"practice{lesson}"
        self.level_choice = widgets.ToggleButtons(options=[(name, name) for name in PRACTICE_LEVELS], value=level)
        self.new_button = widgets.Button(icon="refresh", layout=widgets.Layout(width="14em"))
        self.title = widgets.HTML()
        self.question = widgets.HTML()
        self.answer_box = widgets.Text(layout=widgets.Layout(width="8em"))
        self.check_button = widgets.Button(button_style="primary")
        self.solution_button = widgets.Button(disabled=True)
        self.feedback = widgets.HTML()
        self.stopwatch = pupil.Stopwatch()
        self.choice_box = widgets.HBox()
        self.choice_box.add_class("ks-practice-choices")
        self.choice_buttons: list[widgets.Button] = []
        self.number_row = widgets.HBox([self.answer_box, self.check_button])
        self.new_button.on_click(lambda _: self.show(self.number + 1))
        self.check_button.on_click(lambda _: self.submit(self.answer_box.value))
        on_enter(self.answer_box, lambda: self.submit(self.answer_box.value))
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
        self.add_class("ks-practice")
        self.show(number)
        follow(self)

    @property
    def lang(self) -> str:
        return self.fixed_lang or language()

    @property
    def exercise_name(self) -> str:
        """The exercise in the class's evidence: the widget's name, the level and the number."""
        return f"{self.name}.{self.exercise.level}#{self.number}"

    def show(self, number: int) -> None:
        """Show exercise `number` at the chosen level, with a fresh answer box."""
        self.number = number
        self.exercise = exercise(self.lesson, self.level_choice.value, number)
        self.tries = 0
        self.solved = self.revealed = False
        self.feedback_key: tuple[str, dict[str, object]] | None = None
        self.stopwatch.reset()
        self.choice_buttons = [widgets.Button() for _ in self.exercise.choices]
        for index, button in enumerate(self.choice_buttons):
            button.on_click(lambda _, index=index: self.choose(index))
        self.choice_box.children = self.choice_buttons
        self.choice_box.layout.display = "" if self.choice_buttons else "none"
        self.number_row.layout.display = "none" if self.choice_buttons else ""
        self.answer_box.value = ""
        self.answer_box.disabled = self.check_button.disabled = False
        self.solution_button.disabled = True
        self.redraw()

    def redraw(self) -> None:
        """Draw every text in the current language (the feedback too)."""
        lang = self.lang
        value = self.level_choice.value
        self.level_choice.options = [(text(f"practice.level.{name}", lang), name) for name in PRACTICE_LEVELS]
        self.level_choice.value = value
        self.level_choice.description = text("practice.level", lang)
        self.new_button.description = text("practice.new", lang)
        self.answer_box.placeholder = text("practice.answer_placeholder", lang)
        self.check_button.description = text("practice.check", lang)
        self.solution_button.description = text("practice.show_solution", lang)
        self.title.value = f"<b>{escape(text('practice.number', lang, number=self.number))}</b>"
        faces = self.exercise.faces()
        cards = f"<div class='ks-practice-cards'>{cards_html(faces, lang)}</div>" if faces else ""
        self.question.value = f"{cards}<p class='ks-prompt'>{escape(self.exercise.question_text(lang))}</p>"
        for button, label in zip(self.choice_buttons, self.exercise.choice_texts(lang)):
            button.description = label
        self._draw_feedback()

    def submit(self, raw: str) -> None:
        """Judge a typed answer ("12", "12 %") and show the feedback it earns."""
        if self.solved or self.revealed:
            return
        value = raw.strip().removesuffix("%").strip()
        if not value.lstrip("-").isdigit():
            self.feedback_key = ("practice.f.not_number", {})
            self._draw_feedback()
            return
        self._judge(int(value))

    def choose(self, index: int) -> None:
        """Judge a pressed choice button (a tried wrong one is greyed out and counts once)."""
        if self.solved or self.revealed or self.choice_buttons[index].disabled:
            return
        self.choice_buttons[index].disabled = index != self.exercise.answer
        self._judge(index)

    def _judge(self, given: int) -> None:
        self.tries += 1
        pupil.record(
            "attempt",
            lesson=pupil.page_lesson(),
            exercise=self.exercise_name,
            answer=self.exercise.choice_texts("de")[given] if self.exercise.choices else str(given),
            ok=given == self.exercise.answer,
            seconds=self.stopwatch.seconds(),
        )
        limit = len(self.exercise.choices) - 1 if self.exercise.choices else TRIES_BEFORE_SOLUTION
        if given == self.exercise.answer:
            self.solved = True
            self._close()
            self.feedback_key = ("right", {})
        elif self.tries >= limit:
            self.reveal()
            return
        else:
            self.solution_button.disabled = False
            key = self.exercise.mistakes.get(given)
            if self.exercise.choices:
                hint = key or "practice.f.other_choice"
            else:
                hint = key or ("practice.f.more" if given < self.exercise.answer else "practice.f.less")
            self.feedback_key = ("practice.f.not_yet", {"given": given, "hint": hint})
        self._draw_feedback()

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
        self.feedback_key = ("practice.f.solution", {})
        self._draw_feedback()
        pupil.record("hint", lesson=pupil.page_lesson(), exercise=self.exercise_name)

    def _draw_feedback(self) -> None:
        lang = self.lang
        if self.feedback_key is None:
            self.feedback.value = ""
            return
        key, params = self.feedback_key
        if key == "right":
            self.feedback.value = message(f"✓ {text('practice.f.right', lang)}", [self._solution()], ok=True)
        elif key == "practice.f.solution":
            self.feedback.value = message(text(key, lang, solution=self._solution()))
        elif key == "practice.f.not_yet":
            hint = text(str(params["hint"]), lang)
            given = params["given"]
            if self.exercise.choices:  # the words of the choice, in quotes
                word = self.exercise.choice_texts(lang)[int(given)]  # type: ignore[call-overload]
                given = f"„{word}“" if lang == "de" else f"“{word}”"
            self.feedback.value = message(text(key, lang, given=given, hint=hint), ok=False)
        else:
            self.feedback.value = message(text(key, lang))

    def _solution(self) -> str:
        return self.exercise.solution_text(self.lang)
