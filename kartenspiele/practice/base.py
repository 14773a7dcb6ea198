"""What every practice exercise is, whichever lesson made it: the `Exercise` record, the check of
its arguments (`PracticeError`) and the anticipated mistakes kept for an answer."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..catalogue import PRACTICE_KINDS as KINDS
from ..catalogue import PRACTICE_LESSONS as LESSONS
from ..catalogue import PRACTICE_LEVELS as LEVELS
from ..core.errors import KartenspieleError
from ..i18n import text
from ..quanto.cards import parse_cards as parse_quanto
from ..tausch_rausch.cards import parse_cards as parse_tausch_rausch
from .phrases import Phrase, render_all

__all__ = ["KINDS", "LESSONS", "LEVELS", "Exercise", "PracticeError", "check", "only_wrong"]


class PracticeError(KartenspieleError, ValueError):
    """An unknown lesson or level, or an exercise number that is not a whole number ≥ 1."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: its question (an i18n key with fields), the cards shown, the engine's
    answer, its worked solution, and the anticipated wrong answers with a hint each. With
    `choices`, the pupil picks one of them and the answer is the right one's index."""

    lesson: int
    level: str
    number: int
    question: str
    params: dict[str, object]
    cards: tuple[str, ...]
    answer: int
    solution: str
    solution_params: dict[str, object]
    mistakes: dict[int, str] = field(default_factory=dict)
    choices: tuple[Phrase, ...] = ()

    @property
    def kind(self) -> str:
        return KINDS[self.lesson]

    def question_text(self, lang: str) -> str:
        return text(self.question, lang, **render_all(self.params, lang))

    def solution_text(self, lang: str) -> str:
        return text(self.solution, lang, **render_all(self.solution_params, lang))

    def choice_texts(self, lang: str) -> list[str]:
        return [choice.render(lang) for choice in self.choices]

    def answer_text(self, lang: str) -> str:
        """The right answer as a pupil writes it (the chosen words, or the number)."""
        return self.choice_texts(lang)[self.answer] if self.choices else str(self.answer)

    def faces(self) -> list:
        """The shown cards as the game's card objects (Quanto for lesson 1, else Tausch-Rausch)."""
        parse = parse_quanto if self.lesson == 1 else parse_tausch_rausch
        return list(parse(" ".join(self.cards))) if self.cards else []


def check(lesson: object, level: object, number: object) -> tuple[int, str, int]:
    """The arguments if valid; otherwise `PracticeError` (nothing else happens)."""
    if lesson not in LESSONS:
        raise PracticeError("practice.error.lesson", lesson=lesson, allowed=", ".join(map(str, LESSONS)))
    if level not in LEVELS:
        raise PracticeError("practice.error.level", level=level, allowed=", ".join(LEVELS))
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise PracticeError("practice.error.number", number=number)
    return lesson, level, number  # type: ignore[return-value]


def only_wrong(mistakes: dict[int, str], answer: int) -> dict[int, str]:
    """The anticipated mistakes that differ from the answer (the first key of a value wins)."""
    kept: dict[int, str] = {}
    for value, key in mistakes.items():
        if value != answer and value >= 0 and value not in kept:
            kept[value] = key
    return kept
