"""Lesson 3, Folgen: runs, adjacent pairs and first arithmetic sequences with Tausch-Rausch.

The runs and adjacent pairs are the engine's own task shapes (`Run().targets`,
`AdjacentPairs().targets`); what a hand lacks for a run is the task finder's answer
(`missing`, `explain_missing`). The lesson adds arithmetic sequences and their sums.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from html import escape
from math import comb
from typing import Any

from IPython.display import HTML

from ..i18n import text
from ..tausch_rausch import AdjacentPairs, Card, Run, Task, explain_missing, find, missing, parse_cards, task_by_id
from ..tausch_rausch.cards import COLOURS, COPIES, VALUES, format_cards
from ..widgets.buttons import Spec
from .cards import cards_html
from .language import in_both_languages, language
from .levels import LevelPractice
from .page_level import primary
from .quiz import CardQuiz, Feedback, NumberQuiz
from .reasoning import Begruende
from .sicherung import Sicherung
from .style import table as html_table
from .task_problems import SelectTaskProblem, finding_line, random_hand
from .watch import GameWatcher

RUN_TASK = "run-of-5"
LOW, HIGH = VALUES[0], VALUES[-1]


def runs(length: int, high: int = HIGH) -> list[tuple[int, ...]]:
    """Every run of `length` consecutive values among 1–`high` (the engine's task shape, 1–10)."""
    found = [tuple(sorted(shape)) for shape in Run().targets(length, COPIES * len(COLOURS))]
    return [run for run in found if run[-1] <= high]


def adjacent_pairs(pairs: int) -> list[tuple[int, ...]]:
    """Every shape a, a, a+1, a+1, … with `pairs` pairs among 1–10 (the engine's task shape)."""
    shapes = AdjacentPairs().targets(2 * pairs, COPIES * len(COLOURS))
    return [tuple(value for value, count in sorted(shape.items()) for _ in range(count)) for shape in shapes]


def arithmetic_sequences(length: int, low: int = LOW, high: int = HIGH) -> list[tuple[int, ...]]:
    """Every arithmetic sequence of `length` numbers from low to high with a step of at least 1."""
    found = []
    for step in range(1, high - low + 1):
        for start in range(low, high - step * (length - 1) + 1):
            found.append(tuple(start + step * i for i in range(length)))
    return found


def sequence_sum_rule(sequence: Sequence[int]) -> str:
    """Gauss's rule for an arithmetic sequence: "(3 + 7) · 5 : 2 = 25"."""
    first, last, count = sequence[0], sequence[-1], len(sequence)
    return f"({first} + {last}) · {count} : 2 = {(first + last) * count // 2}"


@in_both_languages
def pairs_table(lang: str | None = None) -> HTML:
    """Every shape of two and of three adjacent pairs."""
    lang = lang or language()
    head = [
        text("lessons.sequences.column.pairs", lang),
        text("lessons.sequences.column.count", lang),
        text("lessons.sequences.column.shapes", lang),
    ]
    rows = [
        (pairs, len(adjacent_pairs(pairs)), ", ".join("-".join(map(str, shape)) for shape in adjacent_pairs(pairs)))
        for pairs in (2, 3)
    ]
    return HTML(html_table(head, rows))


@in_both_languages
def arithmetic_table(length: int, lang: str | None = None) -> HTML:
    """The arithmetic sequences of `length` among 1–10, grouped by their step."""
    lang = lang or language()
    by_step: dict[int, list[tuple[int, ...]]] = {}
    for sequence in arithmetic_sequences(length):
        by_step.setdefault(sequence[1] - sequence[0], []).append(sequence)
    head = [
        text("lessons.sequences.column.step", lang),
        text("lessons.sequences.column.count", lang),
        text("lessons.sequences.column.sequences", lang),
    ]
    rows = [(step, len(found), ", ".join("-".join(map(str, s)) for s in found)) for step, found in by_step.items()]
    return HTML(html_table(head, rows))


# -- problems -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CountRunsProblem:
    """How many runs of `length` cards are there among 1–`high` (at most 10)?"""

    length: int
    high: int = HIGH
    answers = range(1, 2 * HIGH + 1)
    """A count of runs: from 1 to 20 (up and down counted apart)."""

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.sequences.count.prompt', lang, length=self.length, high=self.high))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.sequences.count.hint", lang, length=self.length)

    def check(self, answer: int, lang: str) -> Feedback:
        found = runs(self.length, self.high)
        listing = (", ".join("-".join(map(str, run)) for run in found),)
        right = len(found)
        if answer == right:
            return Feedback(True, text("lessons.sequences.count.right", lang, count=right, length=self.length), listing)
        mistakes = {
            self.high: "lessons.sequences.count.every_start",  # every number taken as a start
            right + 1: "lessons.sequences.count.one_too_many",  # the last start counted once too often
            2 * right: "lessons.sequences.count.both_ways",  # up and down counted as two
            self.length: "lessons.sequences.count.length",  # the number of cards, not of runs
        }
        key = mistakes.get(answer) or (
            "lessons.sequences.count.too_few" if answer < right else "lessons.sequences.count.too_many"
        )
        fields = {"answer": answer, "length": self.length, "high": self.high, "last": self.high - self.length + 1}
        return Feedback(False, text(key, lang, **fields), (), listing)

    def __repr__(self) -> str:
        high = "" if self.high == HIGH else f", high={self.high}"
        return f"CountRunsProblem({self.length}{high})"


@dataclass(frozen=True)
class SequenceSumProblem:
    """What is the sum of this sequence? (Gauss's rule helps.)"""

    sequence: tuple[int, ...]

    @property
    def answers(self) -> range:
        """A sum of these numbers: from the largest one to twice all of them as large as it
        (the pairs' sum times the count, not halved)."""
        return range(max(self.sequence), 2 * len(self.sequence) * max(self.sequence) + 1)

    def prompt(self, lang: str) -> str:
        shown = self.sequence if len(self.sequence) <= 10 else (*self.sequence[:3], "…", self.sequence[-1])
        return f"<p>{escape(text('lessons.sequences.sum.prompt', lang, sequence=' + '.join(map(str, shown))))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.sequences.sum.hint", lang)

    def check(self, answer: int, lang: str) -> Feedback:
        total = sum(self.sequence)
        lines = (text("lessons.sequences.sum.rule", lang, rule=sequence_sum_rule(self.sequence)),)
        if answer == total:
            return Feedback(True, text("lessons.sequences.sum.right", lang, answer=answer), lines)
        first, last, count = self.sequence[0], self.sequence[-1], len(self.sequence)
        mistakes = {
            (first + last) * count: "lessons.sequences.sum.not_halved",
            (first + last) * (count - 1) // 2: "lessons.sequences.sum.count_off",
            (first + last) * (count + 1) // 2: "lessons.sequences.sum.count_off",
            first + last: "lessons.sequences.sum.one_pair",
        }
        key = mistakes.get(answer, "lessons.sequences.sum.wrong")
        return Feedback(False, text(key, lang, answer=answer), (), lines)

    def __repr__(self) -> str:
        return f"SequenceSumProblem({self.sequence})"


@dataclass(frozen=True)
class CountSequencesProblem:
    """How many arithmetic sequences of `length` numbers are there among 1–10?"""

    length: int

    @property
    def answers(self) -> range:
        """A count of sequences: from 1 to every choice of `length` of the numbers 1–10."""
        return range(1, comb(HIGH, self.length) + 1)

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.sequences.arithmetic.prompt', lang, length=self.length))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.sequences.arithmetic.hint", lang)

    def check(self, answer: int, lang: str) -> Feedback:
        found = arithmetic_sequences(self.length)
        if answer == len(found):
            steps: dict[int, int] = {}
            for sequence in found:
                steps[sequence[1] - sequence[0]] = steps.get(sequence[1] - sequence[0], 0) + 1
            lines = tuple(
                text("lessons.sequences.arithmetic.step", lang, step=step, count=count) for step, count in steps.items()
            )
            return Feedback(True, text("lessons.sequences.arithmetic.right", lang, count=len(found)), lines)
        by_step = [sum(1 for sequence in found if sequence[1] - sequence[0] == 1)]
        mistakes = {
            2 * len(found): "lessons.sequences.arithmetic.both_ways",  # 2-5-8 and 8-5-2 counted twice
            by_step[0]: "lessons.sequences.arithmetic.only_runs",  # only step 1
        }
        key = mistakes.get(answer) or (
            "lessons.sequences.arithmetic.too_few" if answer < len(found) else "lessons.sequences.arithmetic.too_many"
        )
        steps: dict[int, int] = {}
        for sequence in found:
            steps[sequence[1] - sequence[0]] = steps.get(sequence[1] - sequence[0], 0) + 1
        solution = tuple(
            text("lessons.sequences.arithmetic.step", lang, step=step, count=count) for step, count in steps.items()
        )
        return Feedback(False, text(key, lang, answer=answer), (), solution)

    def __repr__(self) -> str:
        return f"CountSequencesProblem({self.length})"


@dataclass(frozen=True)
class MissingCardProblem:
    """Which single card completes a run of five? The task finder knows."""

    hand: tuple[Card, ...]
    answers = range(LOW, HIGH + 1)
    """A card's number: 1 to 10."""

    def needed(self) -> set[int]:
        """The values of which one card would complete a run (the finder's options)."""
        shortfall = missing(task_by_id(RUN_TASK), self.hand)
        assert shortfall is not None and shortfall.cards == 1
        return {value for option in shortfall.options for need in option.needs for value in need.values}

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.sequences.missing.prompt', lang))}</p>"
            f"<div class='ks-row'>{cards_html(self.hand, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.sequences.missing.hint", lang)

    def check(self, answer: int, lang: str) -> Feedback:
        shortfall = missing(task_by_id(RUN_TASK), self.hand)
        told = explain_missing(shortfall, lang)  # type: ignore[arg-type]
        needed = self.needed()
        if answer in needed:
            run = find(task_by_id(RUN_TASK), self._run_with(answer)).ways[0]
            lines = [text("lessons.sequences.missing.run", lang, run="-".join(str(card.value) for card in run))]
            others = sorted(needed - {answer})
            if others:
                lines.append(text("lessons.sequences.missing.also", lang, value=others[0]))
            return Feedback(True, text("lessons.sequences.missing.right", lang, value=answer), tuple(lines))
        values = {card.value for card in self.hand}
        if answer in values:
            key = "lessons.sequences.missing.have_it"
        elif not LOW <= answer <= HIGH:
            key = "lessons.sequences.missing.no_card"
        else:
            key = "lessons.sequences.missing.wrong"
        return Feedback(False, text(key, lang, value=answer), (), (told,))

    def _run_with(self, value: int) -> tuple[Card, ...]:
        return (*self.hand, Card(COLOURS[0], value))

    def __repr__(self) -> str:
        return f"MissingCardProblem({format_cards(self.hand)!r})"


def select_run_problems(count: int = 2, seed: int = 3) -> list[SelectTaskProblem]:
    """Hands of eight cards that hold a run of five."""
    problems: list[SelectTaskProblem] = []
    attempt = 0
    while len(problems) < count:
        hand = random_hand(seed, "run", attempt, size=8)
        attempt += 1
        if find(task_by_id(RUN_TASK), hand).possible:
            problems.append(SelectTaskProblem(RUN_TASK, hand))
    return problems


def missing_card_problems(count: int = 5, seed: int = 3) -> list[MissingCardProblem]:
    """Hands of six cards that lack exactly one card for a run of five."""
    problems: list[MissingCardProblem] = []
    attempt = 0
    while len(problems) < count:
        hand = random_hand(seed, "missing", attempt, size=6)
        attempt += 1
        shortfall = missing(task_by_id(RUN_TASK), hand)
        if shortfall is not None and shortfall.cards == 1:
            problems.append(MissingCardProblem(hand))
    return problems


def sum_problems() -> list[SequenceSumProblem]:
    """Runs and other arithmetic sequences to add up."""
    return [
        SequenceSumProblem(sequence)
        for sequence in ((3, 4, 5, 6, 7), (6, 7, 8, 9, 10), (2, 4, 6, 8, 10), (1, 3, 5, 7, 9), tuple(range(1, 11)))
    ]


def longest_run(values: Sequence[int]) -> tuple[int, ...]:
    """The longest run among the values (the lowest one if several are as long)."""
    distinct = sorted(set(values))
    best: list[int] = []
    current: list[int] = []
    for value in distinct:
        current = [*current, value] if current and value == current[-1] + 1 else [value]
        if len(current) > len(best):
            best = current
    return tuple(best)


def is_sequence_task(task: Task) -> bool:
    """Whether a task asks for values that follow each other (a run or adjacent pairs)."""
    return isinstance(task.pattern, Run | AdjacentPairs)


def open_sequence_tasks(state: Any) -> list[Task]:
    """The open tasks of the position that ask for runs or adjacent pairs."""
    return [state.task(task_id) for task_id in state.open_tasks if is_sequence_task(state.task(task_id))]


def runs_commentary(state, lang: str) -> list[str]:
    """For the watched game: the longest run in the hand and what the open run and pair tasks
    still need (tasks that are not open are not mentioned)."""
    hand = state.hand_cards(state.to_move)
    run = longest_run([card.value for card in hand])
    lines = [
        text("lessons.watch.tr.head", lang, name=text("player.name", lang, number=state.to_move + 1)),
        text("lessons.watch.runs.longest", lang, run="-".join(map(str, run)), count=len(run)),
    ]
    tasks = open_sequence_tasks(state)
    lines += [finding_line(task, hand, lang) for task in tasks]
    if not tasks:
        lines.append(text("lessons.watch.runs.none_open", lang))
    return lines


@dataclass(frozen=True)
class NeedPrediction:
    """In the watched game: which number does the player to move lack for an open run or pair
    task? (The hand lacks exactly one card; the task finder knows which.)"""

    player: int
    task_id: str
    hand: tuple[Card, ...]

    def needed(self) -> set[int]:
        shortfall = missing(task_by_id(self.task_id), self.hand)
        assert shortfall is not None and shortfall.cards == 1
        return {value for option in shortfall.options for need in option.needs for value in need.values}

    def prompt(self, lang: str) -> str:
        name = text("player.name", lang, number=self.player + 1)
        task = task_by_id(self.task_id).title(lang)
        return f"<p>{escape(text('lessons.sequences.predict.prompt', lang, name=name, task=task))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.sequences.missing.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(value, str(value)) for value in VALUES]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        shortfall = missing(task_by_id(self.task_id), self.hand)
        told = (explain_missing(shortfall, lang),)  # type: ignore[arg-type]
        if answer in self.needed():
            return Feedback(True, text("lessons.sequences.predict.right", lang, value=answer), told)
        return Feedback(False, text("lessons.sequences.predict.wrong", lang, value=answer), (), told)

    def __repr__(self) -> str:
        return f"NeedPrediction({self.task_id!r}, {format_cards(self.hand)!r})"


def need_prediction(state: Any, move: Any) -> NeedPrediction | None:
    """A prepared position: the player to move lacks exactly one card for an open run or pair
    task (and cannot fulfil one already)."""
    hand = tuple(state.hand_cards(state.to_move))
    for task in open_sequence_tasks(state):
        shortfall = missing(task, hand)
        if shortfall is None:
            return None  # fulfillable now: nothing to predict
        if shortfall.cards == 1 and len({v for o in shortfall.options for n in o.needs for v in n.values}) <= 2:
            return NeedPrediction(state.to_move, task.id, hand)
    return None


# -- the lesson's widgets and solutions -------------------------------------------------

WATCH_SEED = 13  # open from the start: a run of 5, two adjacent pairs and a run of 4 in one colour
WATCH_STOPS = 2
"""The watched game's prediction stops in the Kern (then it plays on without asking)."""
COUNTED_RUNS = (5, 4)
"""The runs Übung 1 counts: of 5 and of 4 cards (the reason after it compares them)."""


def count_quiz() -> NumberQuiz:
    """How many runs of 5 and of 4 cards are there?"""
    return NumberQuiz([CountRunsProblem(length) for length in COUNTED_RUNS], "lessons.sequences.count.title")


def select_quiz() -> CardQuiz:
    """Pick a run of five from a hand of eight."""
    return CardQuiz(select_run_problems(), "lessons.select.title.runs")


def missing_quiz() -> NumberQuiz:
    """Which card completes the run?"""
    return NumberQuiz(missing_card_problems(), "lessons.sequences.missing.title")


def sum_quiz() -> NumberQuiz:
    """Add up runs and other arithmetic sequences."""
    return NumberQuiz(sum_problems(), "lessons.sequences.sum.title")


def challenge_quiz() -> NumberQuiz:
    """Count the arithmetic sequences of three numbers; from Klasse 5 on, add 1 to 100 as well
    (its worked answer is Gauss's product, the outlook of the lesson)."""
    problems: list[Any] = [CountSequencesProblem(3)]
    if not primary("sequences"):
        problems.append(SequenceSumProblem(tuple(range(1, 101))))
    return NumberQuiz(problems, "lessons.sequences.challenge.title")


def watcher() -> GameWatcher:
    """A game of three computer players (seeded), with the runs of the hand to move; where a
    hand lacks one card for an open run or pair task, the pupil first names the number."""
    return GameWatcher(
        "tausch_rausch",
        3,
        WATCH_SEED,
        runs_commentary,
        predict=need_prediction,
        name="sequences.watch",
        stops=WATCH_STOPS,
    )


def practice() -> LevelPractice:
    """Endless practice at the pupil's (or the class's) level."""
    return LevelPractice("sequences")


def reason_runs() -> Begruende:
    """Begründe: why there is one run of 4 cards more than of 5 cards."""
    return Begruende("sequences", "one_more")


def reason_gauss() -> Begruende:
    """Begründe: why Gauss's pairs all have the same sum."""
    return Begruende("sequences", "gauss")


EXIT_HAND = "ge2 ro3 bl5 gr6 ge9 ro9"


def exit_questions() -> list[Any]:
    """The exit ticket: count runs of 6, count runs of 4 among 1–8, find the missing card."""
    return [
        CountRunsProblem(6),
        CountRunsProblem(4, high=8),
        MissingCardProblem(tuple(parse_cards(EXIT_HAND))),
    ]


def sicherung() -> Sicherung:
    """Merksatz and exit ticket."""
    return Sicherung("sequences", exit_questions())


@in_both_languages
def solutions(lang: str | None = None) -> HTML:
    """The answers to the lesson's exercises, for the teacher."""
    lang = lang or language()
    rows = [(text("lessons.sequences.count.title", lang), str(length), len(runs(length))) for length in COUNTED_RUNS]
    for select in select_run_problems():
        rows.append(
            (
                text("lessons.select.title.runs", lang),
                format_cards(select.cards),
                format_cards(find(select.task, select.cards).ways[0]),
            )
        )
    for problem in missing_card_problems():
        rows.append(
            (
                text("lessons.sequences.missing.title", lang),
                format_cards(problem.hand),
                " / ".join(map(str, sorted(problem.needed()))),
            )
        )
    for sums in sum_problems():
        rows.append(
            (
                text("lessons.sequences.sum.title", lang),
                "-".join(map(str, sums.sequence)),
                sequence_sum_rule(sums.sequence),
            )
        )
    rows.append((text("lessons.sequences.challenge.title", lang), "3", len(arithmetic_sequences(3))))
    rows.append((text("lessons.sequences.challenge.title", lang), "1 + … + 100", sequence_sum_rule(range(1, 101))))
    head = [
        text("lessons.solutions.exercise", lang),
        text("lessons.solutions.problem", lang),
        text("lessons.solutions.answer", lang),
    ]
    return HTML(html_table(head, rows))
