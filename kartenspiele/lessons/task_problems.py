"""Problems about Tausch-Rausch's tasks, judged by the engine (lessons 2 and 3).

`SelectTaskProblem`: pick cards of a hand that fulfil a task — while the pupil is choosing, a
kind word on how many cards are still to come and whether the cards so far fit; once the task's
number is chosen, the engine says step by step why they do or not (`explain_selection`). `CanFulfilProblem`: can this
hand fulfil a task at all? The task finder answers with its ways or with what is missing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from html import escape

from IPython.display import HTML

from ..core.rng import derive_rng
from ..i18n import current_language, set_language, text
from ..tausch_rausch import DECK, Card, Task, explain_finding, explain_selection, find, task_by_id
from ..tausch_rausch.cards import format_cards, sort_cards
from ..tausch_rausch.display import task_html
from ..tausch_rausch.reasons import judge, sum_arith
from ..widgets.buttons import Spec
from .cards import cards_html
from .language import in_both_languages
from .quiz import Feedback


@in_both_languages
def task_cards(*task_ids: str, lang: str | None = None) -> HTML:
    """Task cards of the default deck, side by side (the cards speak the current language)."""
    before = current_language()
    set_language(lang or before)
    try:
        cards = "".join(
            f"<div style='display:inline-block;vertical-align:top'>{task_html(task_by_id(task_id), notation=False)}</div>"
            for task_id in task_ids
        )
    finally:
        set_language(before)
    return HTML(f"<div>{cards}</div>")


def finding_line(task: Task, hand: Sequence[Card], lang: str) -> str:
    """One line of the task finder's answer: "✓ „…“ geht (2 Möglichkeiten)" or what is missing."""
    finding = find(task, hand)
    if finding.possible:
        return text("lessons.finding.ways", lang, task=task.title(lang), count=len(finding.ways))
    return text("lessons.finding.missing", lang, task=task.title(lang), missing=explain_finding(finding, lang)[0])


def random_hand(seed: int | str, *labels: object, size: int = 5, cards: Sequence[Card] = DECK) -> tuple[Card, ...]:
    """`size` cards drawn at random (seeded) from `cards`, sorted."""
    return sort_cards(derive_rng(seed, "lessons", *labels).sample(list(cards), size))


@dataclass(frozen=True)
class SelectTaskProblem:
    """Choose cards of a hand that fulfil a task; the engine judges every click."""

    task_id: str
    cards: tuple[Card, ...]

    @property
    def task(self) -> Task:
        return task_by_id(self.task_id)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.select.prompt', lang, task=self.task.title(lang)))}</p>"

    def hint(self, lang: str) -> str:
        return text(f"lessons.select.hint.{self.task_id}", lang)

    def check(self, answer: tuple[int, ...], lang: str) -> Feedback | None:
        if not answer:
            return None
        chosen = [self.cards[i] for i in answer]
        if len(chosen) < self.task.count:  # still choosing: how many are to come, and whether these can stay
            steps = [step for step in judge(self.task, chosen) if not step.key.startswith("count.")]
            wrong = [step for step in steps if not step.ok]
            if self.can_complete(chosen):
                return Feedback(None, text("lessons.select.so_far", lang, count=self.task.count - len(chosen)))
            said = tuple(step.render(lang) for step in wrong) or (text("lessons.select.no_way", lang),)
            return Feedback(None, text("lessons.select.so_far.bad", lang, count=self.task.count - len(chosen)), said)
        headline, *reasons = explain_selection(self.task, chosen, lang)
        if self.task.holds(chosen):
            return Feedback(True, headline, tuple(reasons))
        return Feedback(None if len(chosen) < self.task.count else False, headline, tuple(reasons))

    def can_complete(self, chosen: Sequence[Card]) -> bool:
        """Whether the cards chosen so far are part of a way the task finder knows for this hand."""
        wanted = Counter(chosen)
        return any(not wanted - Counter(way) for way in find(self.task, self.cards).ways)

    def __repr__(self) -> str:
        return f"SelectTaskProblem({self.task_id!r}, {format_cards(self.cards)!r})"


@dataclass(frozen=True)
class CanFulfilProblem:
    """Can this hand fulfil the task? The task finder answers, with its ways or what is missing."""

    task_id: str
    hand: tuple[Card, ...]

    @property
    def task(self) -> Task:
        return task_by_id(self.task_id)

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.can.prompt', lang, task=self.task.title(lang)))}</p>"
            f"<div class='ks-row'>{cards_html(self.hand, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text(self.hint_key, lang)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(True, text("lessons.word.yes", lang)), Spec(False, text("lessons.word.no", lang))]

    def extreme_line(self, lang: str) -> list[str]:
        """For a sum bound: the sum of the hand's largest (smallest) cards, the best it can do."""
        bound = self.task.sum
        if bound is None or (bound.at_least is None) == (bound.at_most is None):
            return []
        values = sorted(card.value for card in self.hand)
        high = bound.at_least is not None
        extreme = values[-self.task.count :] if high else values[: self.task.count]
        return [
            text(
                "lessons.can.extreme.high" if high else "lessons.can.extreme.low",
                lang,
                count=self.task.count,
                arith=sum_arith(extreme),
            )
        ]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        """Right: the finder's ways (or what is missing). Wrong: help to look again — the
        whole answer only after a real attempt."""
        finding = find(self.task, self.hand)
        solution = (*self.extreme_line(lang), *explain_finding(finding, lang))
        if answer == finding.possible:
            return Feedback(True, text("lessons.can.right", lang), (), solution)
        bound = self.task.sum
        if bound is not None and (bound.at_least is None) != (bound.at_most is None):
            key = "lessons.can.wrong_no" if finding.possible else "lessons.can.wrong_yes"
            help_line = text(key, lang, count=self.task.count)
        else:
            help_line = text(self.hint_key, lang)
        return Feedback(False, text("lessons.can.wrong", lang), (help_line,), solution)

    @property
    def hint_key(self) -> str:
        return f"lessons.can.hint.{self.task_id}"

    def __repr__(self) -> str:
        return f"CanFulfilProblem({self.task_id!r}, {format_cards(self.hand)!r})"
