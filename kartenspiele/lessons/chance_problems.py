"""Lesson 4's problems, each judged by the engine: which task is more likely, +1 or +2, how
often in many hands, how many per cent (or, at Grundschule level, which of two is more likely);
the watched game's predictions; the practice exercises of the exit ticket. Every chance they
tell is said at the page's level (`chance_level.how_often`: counted hands, or per cent)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from ..i18n import text
from ..practice.base import Exercise
from ..practice.exercises import exercise
from ..tausch_rausch import probability, reward_for, task_by_id
from ..tausch_rausch.difficulty import REWARD_HAND
from ..widgets.buttons import Spec
from .cards import cards_html
from .chance_level import RARE_HANDS, how_often, in_words, words
from .chance_numbers import exact, show_percent, simulate
from .page_level import PRIMARY
from .quiz import Feedback


def _one_in(chance: Fraction) -> int:
    return round(1 / chance) if chance else 0


def likely_line(task_id: str, chance: Fraction, lang: str) -> str:
    """ "„Drei gleiche Karten“: etwa 61-mal in 1000 Händen" (Grundschule) or with per cent and
    "about once in 16 hands"."""
    title = task_by_id(task_id).title(lang)
    return words("lessons.chance.likely.line", lang, task=title, chance=how_often(chance, lang), one_in=_one_in(chance))


@dataclass(frozen=True)
class MoreLikelyProblem:
    """Which of two tasks can a random hand fulfil more often?"""

    first: str
    second: str
    size: int = 5

    def chances(self) -> tuple[Fraction, Fraction]:
        return exact(self.first, self.size), exact(self.second, self.size)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.likely.prompt', lang, size=self.size))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.likely.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [
            Spec(self.first, task_by_id(self.first).title(lang)),
            Spec(self.second, task_by_id(self.second).title(lang)),
            Spec("same", text("lessons.chance.likely.same", lang)),
        ]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        a, b = self.chances()
        right = "same" if a == b else self.first if a > b else self.second
        lines = tuple(likely_line(task_id, chance, lang) for task_id, chance in ((self.first, a), (self.second, b)))
        if answer != right:  # the numbers would give the answer away: only once revealed
            return Feedback(False, text("lessons.chance.likely.wrong", lang), (self.hint(lang),), lines)
        return Feedback(True, text("lessons.chance.likely.right", lang), lines)

    def __repr__(self) -> str:
        return f"MoreLikelyProblem({self.first!r}, {self.second!r}, size={self.size})"


@dataclass(frozen=True)
class RewardProblem:
    """Does this task earn +1 or +2? The engine's rule decides, from the exact chance."""

    task_id: str

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.reward.prompt', lang, task=task_by_id(self.task_id).title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return words("lessons.chance.reward.hint", lang, size=REWARD_HAND, rare=RARE_HANDS)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(1, "+1"), Spec(2, "+2")]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        task = task_by_id(self.task_id)
        reward = reward_for(task)
        chance = probability(task, REWARD_HAND)
        relation = "lessons.chance.reward.below" if reward == 2 else "lessons.chance.reward.above"
        line = words(
            "lessons.chance.reward.line",
            lang,
            size=REWARD_HAND,
            chance=how_often(chance, lang),
            relation=words(relation, lang, rare=RARE_HANDS),
            reward=reward,
        )
        if answer != reward:
            return Feedback(False, text("lessons.chance.reward.wrong", lang), (self.hint(lang),), (line,))
        return Feedback(True, text("lessons.chance.reward.right", lang), (line,))

    def __repr__(self) -> str:
        return f"RewardProblem({self.task_id!r})"


@dataclass(frozen=True)
class EstimateProblem:
    """In `hands` random hands, about how often can you fulfil the task? (Close is right.)"""

    task_id: str
    hands: int = 1000
    size: int = 5

    @property
    def answers(self) -> range:
        """How often in `hands` hands: 0 to all of them."""
        return range(self.hands + 1)

    def expected(self) -> Fraction:
        return self.hands * exact(self.task_id, self.size)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.estimate.prompt', lang, hands=self.hands, size=self.size, task=task_by_id(self.task_id).title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.estimate.hint", lang, hands=self.hands)

    def check(self, answer: int, lang: str) -> Feedback:
        expected = self.expected()
        close = abs(answer - expected) <= max(2, expected / 3)
        lines = (
            words(
                "lessons.chance.estimate.exact",
                lang,
                chance=show_percent(exact(self.task_id, self.size), lang),
                hands=self.hands,
                expected=round(expected),
            ),
            text(
                "lessons.chance.estimate.simulated",
                lang,
                hands=self.hands,
                count=sum(simulate(self.task_id, self.hands, self.size)),
            ),
        )
        if close:
            return Feedback(True, text("lessons.chance.estimate.right", lang, answer=answer), lines)
        per_cent = round(100 * exact(self.task_id, self.size))  # a hint that fits the mistake
        if answer == per_cent and abs(per_cent - expected) > 2 and not in_words():
            key = "lessons.chance.estimate.per_cent"
        elif answer > self.hands:
            key = "lessons.chance.estimate.more_than_hands"
        else:
            key = "lessons.chance.estimate.too_high" if answer > expected else "lessons.chance.estimate.too_low"
        return Feedback(False, text(key, lang, answer=answer, hands=self.hands), (self.hint(lang),), lines)

    def __repr__(self) -> str:
        return f"EstimateProblem({self.task_id!r}, hands={self.hands}, size={self.size})"


@dataclass(frozen=True)
class PercentProblem:
    """How many per cent (rounded) is the chance of a task for a hand of `size` cards?"""

    task_id: str
    size: int
    answers = range(101)
    """A share in per cent: 0 to 100."""

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.percent.prompt', lang, size=self.size, task=task_by_id(self.task_id).title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.percent.hint", lang, size=self.size)

    def check(self, answer: int, lang: str) -> Feedback:
        chance = exact(self.task_id, self.size)
        right = round(100 * chance)
        if answer == right:
            return Feedback(
                True,
                text("lessons.chance.percent.right", lang, answer=answer),
                (text("lessons.chance.percent.exact", lang, chance=show_percent(chance, lang)),),
            )
        mistakes = {
            round(100 * exact(self.task_id, 5)): "lessons.chance.percent.five_cards",
            100: "lessons.chance.percent.not_sure",
        }
        key = mistakes.get(answer, "lessons.chance.percent.wrong")
        solution = (text("lessons.chance.percent.exact", lang, chance=show_percent(chance, lang)),)
        return Feedback(False, text(key, lang, answer=answer, size=self.size), solution=solution)

    def __repr__(self) -> str:
        return f"PercentProblem({self.task_id!r}, {self.size})"


@dataclass(frozen=True)
class HalfProblem:
    """Grundschule's challenge: in a hand of `size` (odd) cards, are at least half of them more
    likely even, or odd, or is it the same? The same: the deck has as many even as odd cards,
    and one of the two always holds (never both)."""

    size: int = 9

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.half.prompt', lang, size=self.size, half=self.size // 2 + 1))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.half.hint", lang, size=self.size, half=self.size // 2 + 1)

    def choices(self, lang: str) -> list[Spec]:
        half = self.size // 2 + 1
        return [
            Spec("even", text("lessons.chance.half.even", lang, half=half)),
            Spec("odd", text("lessons.chance.half.odd", lang, half=half)),
            Spec("same", text("lessons.chance.likely.same", lang)),
        ]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        even, odd = exact("five-even", self.size), exact("five-odd", self.size)
        assert even == odd == Fraction(1, 2), "the trick needs as many even as odd cards"
        why = (text("lessons.chance.half.why", lang, size=self.size, half=self.size // 2 + 1),)
        if answer == "same":
            return Feedback(True, text("lessons.chance.likely.right", lang).rstrip(":"), (), why)
        return Feedback(False, text("lessons.chance.likely.wrong", lang).rstrip(":"), (self.hint(lang),), why)

    def __repr__(self) -> str:
        return f"HalfProblem({self.size})"


def likely_problems() -> list[MoreLikelyProblem]:
    """Pairs of tasks to compare (one pair equally likely, by the symmetry v → 11 − v)."""
    return [
        MoreLikelyProblem(a, b)
        for a, b in (
            ("three-of-a-kind", "four-of-a-kind"),
            ("five-even", "five-odd"),
            ("run-of-5", "full-house"),
            ("pair-one-colour", "pair-red"),
            ("four-sum-at-least-37", "four-sum-at-most-7"),
        )
    ]


def reward_problems() -> list[RewardProblem]:
    """Tasks of both rewards."""
    return [RewardProblem(task_id) for task_id in ("three-of-a-kind", "five-one-colour", "pair-red")]


def estimate_problems() -> list[EstimateProblem]:
    """Tasks from common to rarer, for 1000 hands of five."""
    return [EstimateProblem(task_id) for task_id in ("three-of-a-kind", "five-even", "pair-one-colour")]


@dataclass(frozen=True)
class MostLikelyPrediction:
    """In the watched game, at the start: which open task can a random hand of 7 cards fulfil
    most often? (The commentary, which shows the chances, waits for the answer.)"""

    tasks: tuple[str, ...]

    def chances(self) -> dict[str, Fraction]:
        return {task_id: probability(task_by_id(task_id), REWARD_HAND) for task_id in self.tasks}

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.chance.predict.likely', lang, size=REWARD_HAND))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.predict.likely_hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(task_id, task_by_id(task_id).title(lang)) for task_id in self.tasks]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        chances = self.chances()
        best = max(chances.values())
        lines = tuple(likely_line(t, c, lang) for t, c in sorted(chances.items(), key=lambda item: -item[1]))
        if chances.get(str(answer)) == best:
            return Feedback(True, text("lessons.chance.likely.right", lang), lines)
        return Feedback(False, text("lessons.chance.likely.wrong", lang), (self.hint(lang),), lines)

    def __repr__(self) -> str:
        return f"MostLikelyPrediction({self.tasks!r})"


@dataclass(frozen=True)
class FulfilPrediction:
    """In the watched game: the player to move is about to fulfil a task. Which one?"""

    player: int
    tasks: tuple[str, ...]
    fulfilled: str

    def prompt(self, lang: str) -> str:
        name = text("player.name", lang, number=self.player + 1)
        return f"<p>{escape(text('lessons.chance.predict.fulfil', lang, name=name))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.chance.predict.fulfil_hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(task_id, task_by_id(task_id).title(lang)) for task_id in self.tasks]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        task = task_by_id(self.fulfilled)
        line = words(
            "lessons.chance.predict.fulfil_line",
            lang,
            task=task.title(lang),
            reward=task.reward,
            chance=how_often(probability(task, REWARD_HAND), lang),
            size=REWARD_HAND,
        )
        if answer == self.fulfilled:
            return Feedback(True, text("lessons.chance.predict.fulfil_right", lang), (line,))
        return Feedback(False, text("lessons.chance.predict.fulfil_wrong", lang), (self.hint(lang),), (line,))

    def __repr__(self) -> str:
        return f"FulfilPrediction({self.fulfilled!r})"


def chance_prediction(state: Any, move: Any) -> MostLikelyPrediction | FulfilPrediction | None:
    """Prepared positions: at the start, which open task is most likely; before the computer
    fulfils a task, which one it will be."""
    if state.turn == 0:
        return MostLikelyPrediction(tuple(state.open_tasks))
    if move.kind == "fulfil" and move.task is not None and len(state.open_tasks) > 1:
        return FulfilPrediction(state.to_move, tuple(state.open_tasks), move.task)
    return None


class PracticeNumberProblem:
    """A generated practice exercise (a number answer) as a quiz problem."""

    def __init__(self, made: Exercise) -> None:
        self.made = made

    @property
    def answers(self) -> range:
        """The genuine tries of the practice exercise (`Exercise.answers`)."""
        return self.made.answers

    def prompt(self, lang: str) -> str:
        faces = self.made.faces()
        cards = f"<div class='ks-row'>{cards_html(faces, lang)}</div>" if faces else ""
        return f"{cards}<p>{escape(self.made.question_text(lang))}</p>"

    def hint(self, lang: str) -> str:
        return ""

    def check(self, answer: Hashable, lang: str) -> Feedback:
        solution = (self.made.solution_text(lang),)
        if answer == self.made.answer or answer == self.made.answer_text("de"):
            return Feedback(True, text("practice.f.right", lang), solution)
        key = self.made.mistakes.get(answer) if isinstance(answer, int) else None  # type: ignore[arg-type]
        shown: object = answer
        if self.made.choices and isinstance(answer, int):
            word = self.made.choice_texts(lang)[answer]
            shown = f"„{word}“" if lang == "de" else f"“{word}”"
        hint = (
            text(key, lang)
            if key
            else text("practice.f.other_choice" if self.made.choices else "lessons.quiz.again", lang)
        )
        return Feedback(False, text("practice.f.not_yet", lang, given=shown, hint=hint), (), solution)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.made.lesson}, {self.made.level!r}, {self.made.number})"


class PracticeChoiceProblem(PracticeNumberProblem):
    """A generated practice exercise with choices (sicher / möglich / unmöglich …)."""

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(index, label) for index, label in enumerate(self.made.choice_texts(lang))]


def practice_problem(made: Exercise) -> PracticeNumberProblem:
    return PracticeChoiceProblem(made) if made.choices else PracticeNumberProblem(made)


EXIT_EXERCISES = {
    PRIMARY: (("grundschule", 3), ("grundschule", 2), ("grundschule", 4)),
    "klasse56": (("grundschule", 3), ("grundschule", 2), ("klasse56", 6)),
}
"""The exit ticket: sicher/möglich/unmöglich, which is more likely, and at Grundschule level
whether drawing one card can help (counting the helping cards), from Klasse 5–6 on how many
cards help (with the chance as a fraction)."""


def exit_questions() -> list[PracticeNumberProblem]:
    chosen = EXIT_EXERCISES[PRIMARY if in_words() else "klasse56"]
    return [practice_problem(exercise(4, level, number)) for level, number in chosen]
