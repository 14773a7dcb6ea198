"""Lesson 2, Gerade und ungerade: parity and sums with Tausch-Rausch's tasks.

The engine judges: whether chosen cards fulfil a task and why (`explain_selection`), every way
a hand can fulfil a task or what it lacks (`find`, `explain_finding`), and whether a task
can be fulfilled at all (`Task` rejects an impossible one with the reason). The lesson adds
the arithmetic around it: the parity of a sum, and the "points missing" of a sum bound.

Wrong answers get help for the mistake they show (pairs of odd cards taken to "make the sum
odd", the odd card left over missed, "at least" read as "exactly"); the worked solution waits for a
real attempt (`quiz`). The watched game comments only on the open tasks about parity or sums,
and stops at prepared positions for the pupil to predict the parity of the hand's sum.

The numbers live in `parity_numbers`, the task designer in `parity_widgets`; this module holds
the lesson's steps: its tables, problems, quizzes, watched game, exit ticket and answers.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from html import escape
from math import comb
from typing import Any

from IPython.display import HTML

from ..core.rng import derive_rng
from ..i18n import join_words, text
from ..tausch_rausch import DECK, Card, Sum, Task, find, task_by_id
from ..tausch_rausch.cards import format_cards, parse_cards
from ..tausch_rausch.reasons import sum_arith
from ..widgets.buttons import Spec
from .cards import cards_html
from .language import in_both_languages, language
from .levels import LevelPractice
from .parity_numbers import EVEN, HIGH_TASK, LOW_TASK, ODD, parity_word, points_missing, value_combinations
from .parity_widgets import design_feedback
from .quiz import CardQuiz, ChoiceQuiz, Feedback, NumberQuiz
from .reasoning import Begruende
from .sicherung import Sicherung
from .style import table as html_table
from .task_problems import CanFulfilProblem, SelectTaskProblem, finding_line, random_hand, sort_cards
from .watch import GameWatcher


@in_both_languages
def parity_of_sum_table(lang: str | None = None) -> HTML:
    """Even + even, even + odd, odd + odd: an example of each and the parity of the sum."""
    lang = lang or language()
    rows = []
    for left, right in ((4, 6), (4, 7), (3, 5)):
        rows.append(
            (
                f"{parity_word(left, lang)} + {parity_word(right, lang)}",
                f"{left} + {right} = {left + right}",
                parity_word(left + right, lang),
            )
        )
    head = [
        text("lessons.parity.column.kind", lang),
        text("lessons.parity.column.example", lang),
        text("lessons.parity.column.sum", lang),
    ]
    return HTML(html_table(head, rows))


@in_both_languages
def odd_count_table(lang: str | None = None, size: int = 5) -> HTML:
    """Five cards with 0–5 odd ones: an example sum and its parity each."""
    lang = lang or language()
    rows = []
    for odd in range(size + 1):
        values = [3] * odd + [4] * (size - odd)
        rows.append((odd, f"{' + '.join(map(str, values))} = {sum(values)}", parity_word(sum(values), lang)))
    head = [
        text("lessons.parity.column.odd_cards", lang),
        text("lessons.parity.column.example", lang),
        text("lessons.parity.column.sum", lang),
    ]
    return HTML(html_table(head, rows))


@in_both_languages
def sums_answer(lang: str | None = None) -> HTML:
    """Section 2's answer, once revealed: the sums of even and odd numbers, why, and the rule for
    many cards with its table (the rule the pupils were asked to find)."""
    lang = lang or language()
    why = escape(text("lessons.answer.sums.why", lang))
    rule = escape(text("lessons.answer.sums.rule", lang))
    return HTML(
        f"{parity_of_sum_table(lang=lang).data}<p>{why}</p><p><b>{rule}</b></p>{odd_count_table(lang=lang).data}"
    )


@in_both_languages
def bound_table(task_id: str, lang: str | None = None) -> HTML:
    """The value combinations of a sum task, each with its sum and its points missing."""
    lang = lang or language()
    task = task_by_id(task_id)
    towards = 10 if task.sum.at_least is not None else 1  # type: ignore[union-attr]
    head = [
        text("lessons.parity.column.values", lang),
        text("lessons.parity.column.sum", lang),
        text("lessons.parity.column.missing", lang, towards=towards),
    ]
    rows = [
        (sum_arith(values), sum(values), points_missing(values, towards))
        for values in sorted(value_combinations(task), key=sum, reverse=towards == 10)
    ]
    return HTML(html_table(head, rows))


# -- problems -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ParityProblem:
    """Is the sum of these cards even or odd?"""

    cards: tuple[Card, ...]

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.parity.sum.prompt', lang))}</p>"
            f"<div class='ks-row'>{cards_html(self.cards, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.parity.sum.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(EVEN, text("lessons.parity.even", lang)), Spec(ODD, text("lessons.parity.odd", lang))]

    @property
    def right(self) -> str:
        return EVEN if sum(card.value for card in self.cards) % 2 == 0 else ODD

    def explanation(self, lang: str) -> tuple[str, ...]:
        values = [card.value for card in self.cards]
        total = sum(values)
        odd = [v for v in values if v % 2]
        return (
            text(
                "lessons.parity.sum.odd_cards",
                lang,
                count=len(odd),
                values=join_words(odd, lang) or "–",
                parity=parity_word(len(odd), lang),
                result=parity_word(total, lang),
            ),
            text("lessons.parity.sum.total", lang, arith=sum_arith(values), result=parity_word(total, lang)),
        )

    def mistakes(self, answer: Hashable) -> list[str]:
        """The keys of help for what a wrong answer shows."""
        odd = sum(card.value % 2 for card in self.cards)
        keys = []
        if answer == ODD and odd and odd % 2 == 0:
            keys.append("lessons.parity.sum.pairs_of_odd")
        if answer == EVEN and odd % 2:
            keys.append("lessons.parity.sum.one_left")
        return keys

    def check(self, answer: Hashable, lang: str) -> Feedback:
        if answer == self.right:
            return Feedback(True, text("lessons.parity.sum.right", lang), (), self.explanation(lang))
        lines = (*(text(key, lang) for key in self.mistakes(answer)), text("lessons.parity.sum.count_odd", lang))
        return Feedback(False, text("lessons.parity.sum.wrong", lang), lines, self.explanation(lang))

    def __repr__(self) -> str:
        return f"ParityProblem({format_cards(self.cards)!r})"


@dataclass(frozen=True)
class CombinationCountProblem:
    """How many combinations of values make a sum of four cards of at least `at_least`?"""

    at_least: int
    count: int = 4

    @property
    def answers(self) -> range:
        """A count of value combinations: from 1 to every combination of `count` values 1–10."""
        return range(1, comb(10 + self.count - 1, self.count) + 1)

    def task(self) -> Task:
        return Task("knobelaufgabe", self.count, (Sum(at_least=self.at_least),))

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.parity.combinations.prompt', lang, count=self.count, total=self.at_least))}</p>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.parity.combinations.hint", lang, count=10 * self.count - self.at_least)

    def mistakes(self) -> dict[int, str]:
        """Wrong counts pupils typically give, each with the key of its own help."""
        found = value_combinations(self.task())
        exactly = sum(1 for values in found if sum(values) == self.at_least)
        above = len(found) - exactly
        known = {exactly: "lessons.parity.combinations.exactly", above: "lessons.parity.combinations.bound_left_out"}
        return {count: key for count, key in known.items() if count != len(found)}

    def check(self, answer: int, lang: str) -> Feedback:
        found = value_combinations(self.task())
        listed = tuple(sum_arith(values) for values in sorted(found, key=sum, reverse=True))
        if answer == len(found):
            return Feedback(True, text("lessons.parity.combinations.right", lang, found=len(found)), (), listed)
        known = self.mistakes().get(answer)
        lines = (text(known, lang, total=self.at_least),) if known else ()
        return Feedback(False, text("lessons.parity.combinations.wrong", lang, answer=answer), lines, listed)

    def __repr__(self) -> str:
        return f"CombinationCountProblem(at_least={self.at_least}, count={self.count})"


# -- seeded hands -------------------------------------------------------------------------


def parity_problems(count: int = 4, seed: int = 3) -> list[ParityProblem]:
    """Random hands of five cards; half of the sums even, half odd, in a seeded order."""
    keys = [EVEN, ODD] * (count // 2) + [EVEN] * (count % 2)
    derive_rng(seed, "lessons", "parity-key").shuffle(keys)
    problems: list[ParityProblem] = []
    attempt = 0
    for key in keys:
        while True:
            problem = ParityProblem(random_hand(seed, "parity", attempt))
            attempt += 1
            if problem.right == key:
                problems.append(problem)
                break
    return problems


def select_problems(count: int = 4, seed: int = 2) -> list[SelectTaskProblem]:
    """Hands of eight cards from which five even (or five odd) cards can be chosen, alternating."""
    problems: list[SelectTaskProblem] = []
    attempt = 0
    while len(problems) < count:
        task_id = ("five-even", "five-odd")[len(problems) % 2]
        hand = random_hand(seed, "select", attempt, size=8)
        attempt += 1
        if find(task_by_id(task_id), hand).possible:
            problems.append(SelectTaskProblem(task_id, hand))
    return problems


def can_fulfil_problems(count: int = 6, seed: int = 2) -> list[CanFulfilProblem]:
    """Hands of six high cards (for "sum at least 37") or low cards (for "at most 7"),
    alternately, half of them able to fulfil the task."""
    pools = {
        HIGH_TASK: [card for card in DECK if card.value >= 7],
        LOW_TASK: [card for card in DECK if card.value <= 4],
    }
    problems: list[CanFulfilProblem] = []
    attempt = 0
    while len(problems) < count:
        task_id = (HIGH_TASK, LOW_TASK)[len(problems) // 2 % 2]
        wanted = len(problems) % 2 == 0
        hand = random_hand(seed, "can", attempt, size=6, cards=pools[task_id])
        attempt += 1
        if find(task_by_id(task_id), hand).possible == wanted:
            problems.append(CanFulfilProblem(task_id, hand))
    return problems


def parity_commentary(state, lang: str) -> list[str]:
    """For the watched game: the hand's even and odd cards, its sum, and the open tasks about
    parity or sums (only those: a task that is not open is not in play)."""
    hand = state.hand_cards(state.to_move)
    values = [card.value for card in hand]
    even = [v for v in values if v % 2 == 0]
    lines = [
        text("lessons.watch.tr.head", lang, name=text("player.name", lang, number=state.to_move + 1)),
        text(
            "lessons.watch.parity.count",
            lang,
            even=len(even),
            odd=len(values) - len(even),
            arith=sum_arith(values),
            result=parity_word(sum(values), lang),
        ),
    ]
    tasks = [state.task(task_id) for task_id in state.open_tasks]
    about = [task for task in tasks if task.parity is not None or task.sum is not None]
    if not about:
        return [*lines, text("lessons.watch.parity.none_open", lang)]
    return [*lines, *(finding_line(task, hand, lang) for task in about)]


@dataclass(frozen=True)
class SumPrediction:
    """In the watched game: is the sum of the hand to move even or odd? (Before the move.)"""

    player: int
    cards: tuple[Card, ...]

    def prompt(self, lang: str) -> str:
        name = text("player.name", lang, number=self.player + 1)
        return (
            f"<p>{escape(text('lessons.parity.predict.prompt', lang, name=name))}</p>"
            f"<div class='ks-row'>{cards_html(self.cards, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.parity.sum.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return ParityProblem(self.cards).choices(lang)

    def check(self, answer: Hashable, lang: str) -> Feedback:
        return ParityProblem(self.cards).check(answer, lang)

    def __repr__(self) -> str:
        return f"SumPrediction({format_cards(self.cards)!r})"


PREDICT_EVERY = 4


def sum_prediction(state, move) -> SumPrediction | None:
    """A prepared position: every fourth move (each player in turn) while a task about parity or sums is open."""
    tasks = [state.task(task_id) for task_id in state.open_tasks]
    if state.turn % PREDICT_EVERY or not any(task.parity or task.sum for task in tasks):
        return None
    hand = tuple(sort_cards(state.hand_cards(state.to_move)))
    return SumPrediction(state.to_move, hand) if hand else None


# -- a designed task: possible? --------------------------------------------------------


@dataclass(frozen=True)
class PossibleProblem:
    """Can `count` cards (all even/odd) make exactly `total`? Yes or no, judged by the engine."""

    count: int
    parity: str | None
    total: int

    def question(self, lang: str) -> str:
        kind = text(f"lessons.parity.{self.parity or 'any'}.plural", lang)
        return text("lessons.parity.possible.prompt", lang, count=self.count, kind=kind, total=self.total)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(self.question(lang))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.parity.sum.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(True, text("lessons.word.yes", lang)), Spec(False, text("lessons.word.no", lang))]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        judged = design_feedback(self.count, self.parity, self.total, lang)
        why = (judged.headline, *judged.lines)
        if answer == judged.ok:
            return Feedback(True, text("lessons.can.right", lang), (), why)
        return Feedback(False, text("lessons.parity.possible.wrong", lang), (), why)

    def __repr__(self) -> str:
        return f"PossibleProblem({self.count}, {self.parity!r}, {self.total})"


# -- the lesson's widgets and solutions -------------------------------------------------

WATCH_SEED = 10
"""A game whose first open tasks are five odd cards, sum at least 37 and sum at most 7."""
WATCH_STOPS = 2
"""The watched game's prediction stops in the Kern (then it plays on without asking)."""


def parity_quiz() -> ChoiceQuiz:
    """Even or odd sum? Five random cards at a time."""
    return ChoiceQuiz(parity_problems(), "lessons.parity.sum.title")


def select_quiz() -> CardQuiz:
    """Pick five even (odd) cards from a hand of eight."""
    return CardQuiz(select_problems(), "lessons.select.title.parity")


def can_quiz() -> ChoiceQuiz:
    """Can this hand make a sum of at least 37 (at most 7) with four cards?"""
    return ChoiceQuiz(can_fulfil_problems(), "lessons.can.title")


def challenge_quiz() -> NumberQuiz:
    """Count the value combinations of four cards with a large sum."""
    return NumberQuiz([CombinationCountProblem(36), CombinationCountProblem(35)], "lessons.parity.combinations.title")


def watcher() -> GameWatcher:
    """A game of three computer players (seeded), with the parity of the hand to move; at
    prepared positions the pupil first predicts whether its sum is even."""
    return GameWatcher(
        "tausch_rausch",
        3,
        WATCH_SEED,
        parity_commentary,
        predict=sum_prediction,
        name="parity.watch",
        stops=WATCH_STOPS,
    )


def practice() -> LevelPractice:
    """Endless practice at the pupil's (or the class's) level."""
    return LevelPractice("parity")


def reason() -> Begruende:
    """Begründe: is the sum of six odd cards odd? (A claim to check, not the designer's case.)"""
    return Begruende("parity", "six_odd")


EXIT_HAND = "ge3 ro4 bl7 gr8 ro9"


def exit_questions() -> list[Any]:
    """The exit ticket: the parity of a sum; can three odd cards make 12, six odd cards 30?"""
    return [
        ParityProblem(tuple(parse_cards(EXIT_HAND))),
        PossibleProblem(3, ODD, 12),
        PossibleProblem(6, ODD, 30),
    ]


def sicherung() -> Sicherung:
    """Merksatz and exit ticket."""
    return Sicherung("parity", exit_questions())


@in_both_languages
def solutions(lang: str | None = None) -> HTML:
    """The answers to the lesson's exercises, for the teacher."""
    lang = lang or language()
    rows = []
    for problem in parity_problems():
        total = sum(card.value for card in problem.cards)
        rows.append(
            (
                text("lessons.parity.sum.title", lang),
                format_cards(problem.cards),
                f"{sum_arith([c.value for c in problem.cards])} → {parity_word(total, lang)}",
            )
        )
    for select in select_problems():
        way = find(select.task, select.cards).ways[0]
        rows.append(
            (
                text("lessons.select.title.parity", lang),
                f"{select.task.title(lang)}: {format_cards(select.cards)}",
                format_cards(way),
            )
        )
    for can in can_fulfil_problems():
        finding = find(can.task, can.hand)
        answer = text("lessons.word.yes" if finding.possible else "lessons.word.no", lang)
        rows.append(
            (
                text("lessons.can.title", lang),
                f"{can.task.title(lang)}: {format_cards(can.hand)}",
                f"{answer} – {' '.join(can.extreme_line(lang))}",
            )
        )
    for challenge in (CombinationCountProblem(36), CombinationCountProblem(35)):
        rows.append(
            (
                text("lessons.parity.combinations.title", lang),
                f"≥ {challenge.at_least}",
                len(value_combinations(challenge.task())),
            )
        )
    first, *possible = exit_questions()
    rows.append(
        (
            text("activity.exit.q1", lang),
            format_cards(first.cards),
            parity_word(sum(c.value for c in first.cards), lang),
        )
    )
    for number, asked in enumerate(possible, 2):
        can = design_feedback(asked.count, asked.parity, asked.total, lang).ok
        rows.append(
            (
                text(f"activity.exit.q{number}", lang),
                asked.question(lang),
                text("lessons.word.yes" if can else "lessons.word.no", lang),
            )
        )
    head = [
        text("lessons.solutions.exercise", lang),
        text("lessons.solutions.problem", lang),
        text("lessons.solutions.answer", lang),
    ]
    return HTML(html_table(head, rows))
