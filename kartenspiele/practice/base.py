"""What every practice exercise is, whichever lesson made it: the `Exercise` record, the check of
its arguments (`PracticeError`) and the anticipated mistakes kept for an answer.

An exercise is answered in one of three ways: a typed whole number (`answer`), one of a few
`choices` (`answer` is the right one's index), or by *picking* `pick` of the shown cards whose
values add up to `params["target"]` (`picks` holds every right pick; any one of them is right).
A pick is judged here, on the kernel's own record, never on what a browser sends back."""

from __future__ import annotations

from collections.abc import Iterable
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
    `choices`, the pupil picks one of them and the answer is the right one's index. With
    `pick`, the pupil picks that many of the shown cards (positions in `cards`); `picks` are
    the right picks (sorted positions) and `answer` is how many right picks there are."""

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
    pick: int = 0
    picks: tuple[tuple[int, ...], ...] = ()

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
        """The right answer as a pupil writes it (the chosen words, the right picks, or the number)."""
        if self.pick:
            return "; ".join(self.pick_text(pick) for pick in self.picks)
        return self.choice_texts(lang)[self.answer] if self.choices else str(self.answer)

    @property
    def answers(self) -> range:
        """The genuine tries at a typed or chosen answer: a choice offered, or a whole number
        from 1 (0 where the answer is 0) up to ten times the answer, at least 100."""
        if self.choices:
            return range(len(self.choices))
        return range(min(1, self.answer), max(100, 10 * self.answer) + 1)

    def in_range(self, given: object) -> bool:
        """Whether `given` is a genuine try (`answers`)."""
        return isinstance(given, int) and not isinstance(given, bool) and given in self.answers

    def read_pick(self, positions: Iterable[object]) -> tuple[int, ...] | None:
        """`positions` as a pick (sorted positions of `pick` different shown cards), or None when
        they are not one: too few or too many cards, or anything that is not a shown card's
        position (a forged value). Never raises."""
        if not self.pick:
            return None
        try:
            chosen = set(positions)
        except TypeError:
            return None
        shown = [p for p in chosen if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(self.cards)]
        if len(shown) != len(chosen) or len(shown) != self.pick:  # not a shown card's position, or a bool
            return None
        return tuple(sorted(shown))

    def is_right_pick(self, positions: Iterable[object]) -> bool:
        """Whether `positions` are one of the right picks."""
        return self.read_pick(positions) in self.picks

    def pick_text(self, pick: Iterable[int]) -> str:
        """The picked cards as a pupil writes them: "3 + 11"."""
        return " + ".join(self.cards[position] for position in pick)

    def pick_hint(self, positions: Iterable[object]) -> Phrase | None:
        """The hint for a wrong pick: its sum is too small or too large, or (when three cards are
        asked for) two of them already make the target; None for a right pick or no pick."""
        pick = self.read_pick(positions)
        if pick is None or pick in self.picks:
            return None
        faces = self.faces()
        values = [faces[position].value or 0 for position in pick]
        target = self.params["target"]
        total = sum(values)
        if len(values) > 2 and any(a + b == target for i, a in enumerate(values) for b in values[i + 1 :]):
            return Phrase("practice.m.pick_pair_inside", (("target", target),))
        key = "practice.m.pick_less" if total < target else "practice.m.pick_more"  # type: ignore[operator]
        return Phrase(key, (("sum", total), ("target", target)))

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
