"""The practice widget: "Neue Aufgabe", the exercise number, an answer box and kind feedback.

A wrong answer gets a hint (a specific one for an anticipated mistake); the solution is shown
only after real attempts, as in every quiz (`quiz`): "Lösung zeigen" after two genuine tries
(different wrong answers in range: `Exercise.in_range`), by itself after the third (with
choices: when one choice is left, shown with the last try's hint), and neither when the
teacher switched solutions off for the class. Choice exercises (sicher /
möglich / unmöglich …) show buttons; a tried wrong choice is greyed out. "12 %" counts as 12.
Pick exercises ("Wähle zwei Karten …") show the cards as toggle buttons: the pupil taps the
cards and presses "Prüfen"; the exercise (`Exercise.read_pick`, `is_right_pick`) judges the
positions the kernel holds, so a key the browser did not get from this widget is refused.
In a notebook: `from kartenspiele.lessons.practice import Practice` and `Practice(lesson=1)`; in a
lesson, `lessons.levels.LevelPractice` places it with the class's level. Without a fixed
`lang` the widget follows the lesson's language switch; every judged answer is reported to
the class (`classroom.classes.pupil.record`, nothing without a class).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape

import ipywidgets as widgets

from ..catalogue import PRACTICE_LEVELS
from ..classroom.classes import pupil
from ..classroom.classes.tasks import task_text
from ..i18n import LANGUAGES, text
from ..practice.base import check
from ..practice.exercises import exercise
from ..practice.phrases import Phrase
from ..sections import mistake_kind
from ..widgets.access import Access
from ..widgets.buttons import ButtonRow
from ..widgets.enter import on_enter
from ..widgets.plain import plain, set_shown
from ..widgets.style import style_widget
from .cards import card_spec, cards_html
from .language import follow, language
from .lesson_gate import solutions_hidden
from .quiz import TRIES_BEFORE_BUTTON, TRIES_BEFORE_SOLUTION
from .style import lesson_style, message


class Practice(widgets.VBox):
    """Endless practice for one lesson at a chosen level."""

    def __init__(
        self, lesson: int = 1, level: str = "grundschule", number: int = 1, lang: str | None = None, name: str = ""
    ) -> None:
        check(lesson, level, number)
        self.on_progress: list[Callable[[], None]] = []  # told after a new exercise and a right answer
        self.lesson, self.fixed_lang = lesson, lang
        self.name = name or f"practice{lesson}"
        self.level_choice = plain(
            widgets.ToggleButtons, options=[(name, name) for name in PRACTICE_LEVELS], value=level
        )
        self.new_button = plain(widgets.Button, icon="refresh", layout=widgets.Layout(width="14em"))
        self.title = plain(widgets.HTML)
        self.question = plain(widgets.HTML)
        self.answer_box = plain(widgets.Text, layout=widgets.Layout(width="8em"))
        self.check_button = plain(widgets.Button, button_style="primary")
        self.solution_button = plain(widgets.Button, disabled=True)
        self.feedback = plain(widgets.HTML)
        self.stopwatch = pupil.Stopwatch()
        self.choice_box = plain(widgets.HBox)
        self.choice_box.add_class("ks-practice-choices")
        self.choice_buttons: list[widgets.Button] = []
        self.access = Access()
        self.pick_row = ButtonRow(self.toggle, row_class="ks-cards", access=self.access)
        self.pick_row.add_class("ks-practice-pick")
        self.chosen: set[int] = set()
        self.number_row = plain(widgets.HBox, [self.answer_box, self.check_button])
        self.new_button.on_click(lambda _: self.show(self.number + 1))
        self.check_button.on_click(lambda _: self.press_check())
        on_enter(self.answer_box, lambda: self.submit(self.answer_box.value))
        self.solution_button.on_click(lambda _: self.reveal())
        self.level_choice.observe(lambda _: self.show(1), names="value")
        super().__init__(
            [
                style_widget(),
                lesson_style(),
                self.level_choice,
                self.access,
                self.title,
                self.question,
                self.pick_row,
                plain(widgets.HBox, [self.number_row, self.choice_box, self.solution_button]),
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

    def task_text(self, lang: str) -> str:
        """The exercise's question and cards as the class's record keeps them."""
        return task_text(f"<p>{escape(self.exercise.question_text(lang))}</p>{cards_html(self.exercise.faces(), lang)}")

    def show(self, number: int) -> None:
        """Show exercise `number` at the chosen level, with a fresh answer box."""
        self.number = number
        self.exercise = exercise(self.lesson, self.level_choice.value, number)
        self.tries = 0
        self.wrong: list[object] = []  # the genuine wrong tries (different, in range)
        self.solved = self.revealed = False
        self.feedback_key: tuple[str, dict[str, object]] | None = None
        self.stopwatch.reset()
        self.choice_buttons = [plain(widgets.Button) for _ in self.exercise.choices]
        for index, button in enumerate(self.choice_buttons):
            button.on_click(lambda _, index=index: self.choose(index))
        self.choice_box.children = self.choice_buttons
        set_shown(self.choice_box, bool(self.choice_buttons))
        set_shown(self.number_row, not self.choice_buttons)
        self.chosen = set()
        set_shown(self.pick_row, bool(self.exercise.pick))
        set_shown(self.answer_box, not self.exercise.pick)
        self.answer_box.value = ""
        self.answer_box.disabled = self.check_button.disabled = False
        self.solution_button.disabled = True
        self.redraw()
        self._tell_progress()

    def _tell_progress(self) -> None:
        for callback in self.on_progress:
            callback()

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
        shown = faces and not self.exercise.pick  # a pick exercise shows its cards as buttons
        cards = f"<div class='ks-practice-cards'>{cards_html(faces, lang)}</div>" if shown else ""
        how = f"<p>{escape(text('practice.pick_how', lang))}</p>" if self.exercise.pick else ""
        self.question.value = f"{cards}<p class='ks-prompt'>{escape(self.exercise.question_text(lang))}</p>{how}"
        for button, label in zip(self.choice_buttons, self.exercise.choice_texts(lang)):
            button.description = label
        self._draw_picks()
        self._draw_feedback()

    def _draw_picks(self) -> None:
        """The shown cards as toggle buttons (a pick exercise only); a chosen card is lifted."""
        if not self.exercise.pick:
            self.pick_row.show([])
            return
        closed = self.solved or self.revealed
        specs = []
        for position, face in enumerate(self.exercise.faces()):
            chosen = position in self.chosen
            spec = card_spec(position, face, self.lang, chosen)
            specs.append(replace(spec, disabled=closed, pressed=chosen, name=spec.tooltip))
        self.pick_row.show(specs)
        self.access.flush()

    def toggle(self, key: object) -> None:
        """Pick a shown card, or put it back (what tapping it does). Anything but the position of
        a shown card is ignored: the kernel knows which cards it showed."""
        if not self.exercise.pick or self.solved or self.revealed:
            return
        if type(key) is not int or not 0 <= key < len(self.exercise.cards):
            return
        self.chosen ^= {key}
        self._draw_picks()

    def press_check(self) -> None:
        """What "Prüfen" does: judge the picked cards, or the typed answer."""
        if self.exercise.pick:
            self.submit_pick(self.chosen)
        else:
            self.submit(self.answer_box.value)

    def submit_pick(self, positions: object) -> None:
        """Judge picked cards (positions among the shown cards). A pick of the wrong size, or of
        anything that is not a shown card, is refused with a kind word and is not a try."""
        if not self.exercise.pick or self.solved or self.revealed:
            return
        pick = self.exercise.read_pick(positions)  # type: ignore[arg-type]
        if pick is None:
            self.feedback_key = ("practice.f.pick_count", {"count": self.exercise.pick})
            self._draw_feedback()
            return
        given = self.exercise.pick_text(pick)
        hint = self.exercise.pick_hint(pick)
        self._judge_with(self.exercise.is_right_pick(pick), given, given, hint, genuine=True)

    def submit(self, raw: str) -> None:
        """Judge a typed answer ("12", "12 %") and show the feedback it earns."""
        if self.solved or self.revealed or self.exercise.choices or self.exercise.pick:
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
        key = self.exercise.mistakes.get(given)
        if self.exercise.choices:
            hint = key or "practice.f.other_choice"
            answer = self.exercise.choice_texts("de")[given]
            words = {lang: self.exercise.choice_texts(lang)[given] for lang in LANGUAGES}
        else:
            hint = key or ("practice.f.more" if given < self.exercise.answer else "practice.f.less")
            answer, words = str(given), {}
        genuine = self.exercise.in_range(given)
        self._judge_with(given == self.exercise.answer, given, answer, hint, words, genuine)

    def _judge_with(
        self,
        ok: bool,
        given: object,
        answer: str,
        hint: str | Phrase | None,
        words: dict[str, str] | None = None,
        genuine: bool = False,
    ) -> None:
        """Count a try, report it to the class and show what it earns: praise, a hint, or (at
        the last genuine try) the hint with the solution. The report names the anticipated mistake a
        wrong answer shows (`sections.mistake_kind`) and the right answer, for the unit view."""
        self.tries += 1
        kind = None if ok else mistake_kind(hint.key if isinstance(hint, Phrase) else hint)
        if not ok and genuine and given not in self.wrong:
            self.wrong.append(given)
        pupil.record(
            "attempt",
            lesson=pupil.page_lesson(),
            exercise=self.exercise_name,
            answer=answer,
            answer_words=words or {},
            ok=ok,
            seconds=self.stopwatch.seconds(),
            task={lang: self.task_text(lang) for lang in LANGUAGES},
            right={lang: self.exercise.answer_text(lang) for lang in LANGUAGES},
            **({"mistake": kind} if kind else {}),
        )
        limit = len(self.exercise.choices) - 1 if self.exercise.choices else TRIES_BEFORE_SOLUTION
        if ok:
            self.solved = True
            self._close()
            self.feedback_key = ("right", {})
            self._draw_feedback()
            self._tell_progress()
            return
        wrong = {"given": given, "hint": hint or "practice.f.other_choice"}
        if len(self.wrong) >= limit and self.reveal(wrong):
            return
        self.solution_button.disabled = not self.solution_earned
        self.feedback_key = ("practice.f.not_yet", wrong)
        self._draw_feedback()

    def _close(self) -> None:
        self.answer_box.disabled = self.check_button.disabled = self.solution_button.disabled = True
        for button in self.choice_buttons:
            button.disabled = True
        self._draw_picks()

    @property
    def solution_earned(self) -> bool:
        """Whether the solution may show: two genuine tries, not solved or shown yet, and the
        class (if any) has not switched solutions off."""
        if self.solved or self.revealed or len(self.wrong) < TRIES_BEFORE_BUTTON:
            return False
        return not solutions_hidden()

    def reveal(self, wrong: dict[str, object] | None = None) -> bool:
        """Show the engine's solution, once earned (`solution_earned`); after the last genuine
        try (`wrong`: what was given and its hint) that try's hint comes first. Whether it shows."""
        if not self.solution_earned:
            return False
        self.revealed = True
        self._close()
        self.feedback_key = ("practice.f.solution", wrong or {})
        self._draw_feedback()
        pupil.record("hint", lesson=pupil.page_lesson(), exercise=self.exercise_name, seconds=self.stopwatch.seconds())
        return True

    def _draw_feedback(self) -> None:
        lang = self.lang
        if self.feedback_key is None:
            self.feedback.value = ""
            return
        key, params = self.feedback_key
        if key == "right":
            self.feedback.value = message(f"✓ {text('practice.f.right', lang)}", [self._solution()], ok=True)
        elif key == "practice.f.solution":
            before = self._not_yet(params, lang) if params else ""
            self.feedback.value = before + message(text(key, lang, solution=self._solution()))
        elif key == "practice.f.not_yet":
            self.feedback.value = self._not_yet(params, lang)
        else:
            self.feedback.value = message(text(key, lang, **params))

    def _not_yet(self, params: dict[str, object], lang: str) -> str:
        """The message "… stimmt noch nicht" with the hint for this wrong answer."""
        hint = params["hint"]
        said = hint.render(lang) if isinstance(hint, Phrase) else text(str(hint), lang)
        given = params["given"]
        if self.exercise.choices:  # the words of the choice, in quotes
            word = self.exercise.choice_texts(lang)[int(given)]  # type: ignore[call-overload]
            given = f"„{word}“" if lang == "de" else f"“{word}”"
        return message(text("practice.f.not_yet", lang, given=given, hint=said), ok=False)

    def _solution(self) -> str:
        return self.exercise.solution_text(self.lang)
