"""Exercises with instant feedback: a pupil answers in a widget, the engine checks and explains.

A *problem* knows its question and how to judge an answer (by asking the engine); a *quiz*
widget shows one problem after another ("Neue Aufgabe"). Three kinds of answer:

* `NumberQuiz` — type a whole number (problems with `check(number, lang)`);
* `ChoiceQuiz` — press one of a few buttons (`choices(lang)`, `check(key, lang)`);
* `CardQuiz` — pick cards, judged after every click (`cards`, `check(positions, lang)`).

Feedback is recomputed from the last answer when the language changes. A wrong answer gets
the problem's help for that answer (`Feedback.lines`); the worked solution
(`Feedback.solution`) is shown only after real attempts: "Lösung zeigen" appears after two
genuine tries (different wrong answers, each in the range the problem's answers can lie in:
`answers` where a problem states it, any choice, a complete pick of cards), and the solution
shows by itself after the third. A teacher can switch both off for the class
(`lesson_gate.solutions_hidden`): then only the help shows. A right answer shows its
explanation at once. Every judged answer, every hint and every revealed solution is reported
to `classroom.classes.pupil.record` (which
does nothing unless the pupil joined a class); locked lessons show a notice instead.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import ipywidgets as widgets

from ..classroom.classes import pupil
from ..classroom.classes.tasks import task_text
from ..i18n import LANGUAGES, text
from ..widgets.access import Access, tagged
from ..widgets.buttons import ButtonRow, Spec
from ..widgets.plain import looks, plain, set_shown
from .cards import Face, card_spec
from .language import follow, language
from .lesson_gate import solutions_hidden
from .style import message

TRIES_BEFORE_BUTTON = 2
"""Genuine tries (different wrong answers in range) after which "Lösung zeigen" appears."""
TRIES_BEFORE_SOLUTION = 3
"""Genuine tries after which the worked solution shows by itself."""


def in_range(problem: Any, answer: Any) -> bool:
    """Whether `answer` is a genuine try at `problem`: inside the problem's `answers` (the range
    its answers can lie in, for a typed number), or any answer where the problem states none."""
    answers = getattr(problem, "answers", None)
    return answers is None or answer in answers


@dataclass(frozen=True)
class Feedback:
    """The judgement of an answer: right (True), wrong (False) or not yet complete (None)."""

    ok: bool | None
    headline: str
    lines: tuple[str, ...] = ()
    solution: tuple[str, ...] = ()
    """The worked answer: shown with a right answer, after a wrong one only once revealed."""

    def html(self, revealed: bool = False) -> str:
        shown = self.lines + self.solution if self.ok else self.lines
        html = message(self.headline, shown, self.ok)
        if revealed and not self.ok and self.solution:
            html += message(text("lessons.quiz.solution", language()), self.solution)
        return html


class Problem(Protocol):
    """What every problem offers; the kinds below add how an answer is judged."""

    def prompt(self, lang: str) -> str:
        """The question, as HTML."""

    def hint(self, lang: str) -> str:
        """A hint, or "" for none."""


class NumberProblem(Problem, Protocol):
    answers: range
    """The whole numbers a serious answer lies in (for any problem of this kind)."""

    def check(self, answer: int, lang: str) -> Feedback: ...


class ChoiceProblem(Problem, Protocol):
    def choices(self, lang: str) -> list[Spec]: ...

    def check(self, answer: Hashable, lang: str) -> Feedback: ...


class CardProblem(Problem, Protocol):
    cards: Sequence[Face]

    def check(self, answer: tuple[int, ...], lang: str) -> Feedback | None: ...


class Quiz(widgets.VBox):
    """The frame of every exercise: question, answer area, feedback, hint and next problem."""

    ACTIVITY = "number"
    """What one problem asks of a class (`timing.MODEL`)."""

    def __init__(self, problems: Sequence[Any], title_key: str, name: str | None = None) -> None:
        # the kernel's shared layouts and styles (`widgets.plain`; parts hide by `set_shown`): a
        # lesson page has seven quizzes, and each empty model costs the page
        super().__init__(**looks(widgets.VBox))
        self.name = name
        if not problems:
            raise ValueError("a quiz needs at least one problem")
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.problems = list(problems)
        self.title_key = title_key
        self.index = 0
        self.stopwatch = pupil.Stopwatch()
        self.reported: Any = None  # the last answer reported to the class
        self.answer: Any = None
        self.showing_hint = False
        self.wrong: list[Any] = []  # the different wrong answers to the current problem
        self.solved = self.revealed = False
        self.title = plain(widgets.HTML)
        self.prompt = plain(widgets.HTML, _dom_classes=("ks-prompt",))
        self.feedback = plain(widgets.HTML)
        self.hint_button = plain(widgets.Button, icon="lightbulb-o")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.solution_button = plain(widgets.Button, icon="eye")
        self.solution_button.on_click(lambda _: self.reveal())
        self.next_button = plain(widgets.Button, icon="forward")
        self.next_button.on_click(lambda _: self.next_problem())
        self.round = plain(widgets.HTML, _dom_classes=("ks-round",))
        self.footer = plain(widgets.HBox, [self.hint_button, self.solution_button, self.next_button, self.round])
        self.children = (self.title, self.prompt, self.answer_area(), self.feedback, self.footer)
        self.redraw()
        follow(self)

    @property
    def problem(self) -> Any:
        return self.problems[self.index]

    def answer_area(self) -> widgets.Widget:
        raise NotImplementedError

    def clear_answer(self) -> None:
        """Forget the answer area's input (a new problem begins)."""

    def redraw_answer(self, lang: str) -> None:
        """Draw the answer area in `lang`."""

    @property
    def exercise(self) -> str:
        """The exercise's name in the class's evidence: the quiz and the problem's number."""
        quiz = self.name or self.title_key.removeprefix("lessons.").removesuffix(".title")
        return f"{quiz}#{self.index + 1}"

    def answer_text(self, answer: Any, lang: str = "de") -> str:
        """The answer as the teacher reads it (in `lang`)."""
        return str(answer)

    def give(self, answer: Any) -> None:
        """Answer the current problem (what a pupil's click or typing does)."""
        self.answer = answer
        self.showing_hint = False
        self.redraw_feedback()
        if answer == self.reported:
            return  # the same answer again (Enter, then "Prüfen") is not another try
        judged = self.problem.check(answer, "de")
        if judged is not None and judged.ok is not None:
            self.reported = answer
            if judged.ok:
                self.solved = True
            elif answer not in self.wrong and in_range(self.problem, answer):
                self.wrong.append(answer)
                self.revealed = self.revealed or (len(self.wrong) >= TRIES_BEFORE_SOLUTION and not solutions_hidden())
            self.redraw_feedback()
            pupil.record(
                "attempt",
                lesson=pupil.page_lesson(),
                exercise=self.exercise,
                answer=self.answer_text(answer),
                answer_words={lang: self.answer_text(answer, lang) for lang in LANGUAGES},
                ok=judged.ok,
                seconds=self.stopwatch.seconds(),
                task={lang: task_text(self.problem.prompt(lang)) for lang in LANGUAGES},
            )

    @property
    def solution_earned(self) -> bool:
        """Whether "Lösung zeigen" may show the worked solution now: two genuine tries, not
        solved or shown yet, and the class (if any) has not switched solutions off."""
        if self.solved or self.revealed or len(self.wrong) < TRIES_BEFORE_BUTTON:
            return False
        return not solutions_hidden()

    def reveal(self) -> None:
        """Show the worked solution — only once earned (`solution_earned`)."""
        if not self.solution_earned:
            return
        self.revealed = True
        self.showing_hint = False
        self.redraw_feedback()
        pupil.record("hint", lesson=pupil.page_lesson(), exercise=self.exercise, seconds=self.stopwatch.seconds())

    def show_hint(self) -> None:
        self.showing_hint = True
        self.redraw_feedback()
        pupil.record("hint", lesson=pupil.page_lesson(), exercise=self.exercise, seconds=self.stopwatch.seconds())

    def next_problem(self) -> None:
        self.stopwatch.reset()
        self.reported = None
        self.index = (self.index + 1) % len(self.problems)
        self.answer = None
        self.showing_hint = False
        self.wrong = []
        self.solved = self.revealed = False
        self.clear_answer()
        self.redraw()

    def redraw_feedback(self) -> None:
        lang = language()
        if self.showing_hint:
            self.feedback.value = message(self.problem.hint(lang))
            return
        judged = None if self.answer is None else self.problem.check(self.answer, lang)
        self.feedback.value = judged.html(self.revealed) if judged is not None else ""
        self.solution_button.description = text("lessons.quiz.show_solution", lang)
        set_shown(self.solution_button, self.solution_earned)

    def redraw(self) -> None:
        lang = language()
        self.title.value = f"<h3>{text(self.title_key, lang)}</h3>"
        session = pupil.current()
        locked = session is not None and session.locked(pupil.page_lesson())
        for part in self.children[1:]:
            set_shown(part, not locked)
        self.title.value += message(text("teacher.locked", lang)) if locked else ""
        if locked:
            return
        self.prompt.value = self.problem.prompt(lang)
        self.hint_button.description = text("lessons.quiz.hint", lang)
        set_shown(self.hint_button, bool(self.problem.hint(lang)))
        self.next_button.description = text("lessons.quiz.next", lang)
        many = len(self.problems) > 1
        set_shown(self.next_button, many)
        self.round.value = (
            text("lessons.quiz.round", lang, number=self.index + 1, count=len(self.problems)) if many else ""
        )
        self.redraw_answer(lang)
        self.redraw_feedback()

    def activities(self) -> dict[str, int]:
        """One activity of the quiz's kind per problem (`timing`)."""
        return {self.ACTIVITY: len(self.problems)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.problems[0]!r}, problems={len(self.problems)})"


class NumberQuiz(Quiz):
    """Type a whole number and press "Prüfen" (or Enter)."""

    problems: list[NumberProblem]

    def answer_area(self) -> widgets.Widget:
        self.entry = widgets.Text(continuous_update=False, layout=widgets.Layout(width="8em"))
        self.entry.observe(lambda change: self._typed(change["new"]), "value")
        self.check_button = plain(widgets.Button, icon="check", _dom_classes=("ks-main-action",))
        self.check_button.on_click(lambda _: self._typed(self.entry.value))
        self.entry_access = Access()
        self.entry_access.set(
            tagged(self.entry, "ks-number-entry"),
            {"control:inputmode": "numeric", "control:aria-label": text("lessons.quiz.number", language())},
        )
        self.entry_access.flush()
        return plain(widgets.HBox, [self.entry_access, self.entry, self.check_button])

    def _typed(self, value: str) -> None:
        value = value.strip()
        if not value:
            return
        try:
            self.give(int(value.removesuffix("%").strip()))  # "50 %" is the whole number 50
        except ValueError:
            self.answer = None
            self.feedback.value = message(text("lessons.quiz.not_a_number", language(), value=value), ok=False)

    def clear_answer(self) -> None:
        self.entry.value = ""

    def redraw_answer(self, lang: str) -> None:
        self.check_button.description = text("lessons.quiz.check", lang)
        self.entry.placeholder = text("lessons.quiz.number", lang)


class ChoiceQuiz(Quiz):
    """Press one of a few buttons (words or cards)."""

    ACTIVITY = "choice"

    problems: list[ChoiceProblem]

    def answer_area(self) -> widgets.Widget:
        self.buttons = ButtonRow(self.give)
        self.buttons.add_class("ks-cards")
        return self.buttons

    def give(self, answer: Hashable) -> None:
        super().give(answer)
        self.redraw_answer(language())

    def redraw_answer(self, lang: str) -> None:
        self.buttons.show([_mark(spec, spec.key == self.answer) for spec in self.problem.choices(lang)])

    def answer_text(self, answer: Any, lang: str = "de") -> str:
        return next((spec.label for spec in self.problem.choices(lang) if spec.key == answer), str(answer))


class CardQuiz(Quiz):
    """Pick cards by clicking them (again to put one back); judged after every click."""

    ACTIVITY = "cards"

    problems: list[CardProblem]

    def __init__(self, problems: Sequence[CardProblem], title_key: str, name: str | None = None) -> None:
        self.chosen: set[int] = set()
        super().__init__(problems, title_key, name)

    def answer_area(self) -> widgets.Widget:
        self.buttons = ButtonRow(self._toggle)
        self.buttons.add_class("ks-cards")
        return self.buttons

    def _toggle(self, position: int) -> None:
        self.chosen ^= {position}
        self.redraw_answer(language())
        self.give(tuple(sorted(self.chosen)))

    def pick(self, positions: Sequence[int]) -> None:
        """Choose exactly these cards (as if clicked)."""
        self.chosen = set(positions)
        self.redraw_answer(language())
        self.give(tuple(sorted(self.chosen)))

    def clear_answer(self) -> None:
        self.chosen = set()

    def answer_text(self, answer: Any, lang: str = "de") -> str:
        return " ".join(card_spec(position, self.problem.cards[position], lang).label for position in answer)

    def redraw_answer(self, lang: str) -> None:
        self.buttons.show(
            [
                card_spec(position, card, lang, position in self.chosen)
                for position, card in enumerate(self.problem.cards)
            ]
        )


def _mark(spec: Spec, chosen: bool) -> Spec:
    if not chosen:
        return spec
    return replace(spec, classes=(*spec.classes, "ks-selected"))
