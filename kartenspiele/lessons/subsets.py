"""Lesson 1, Teilsummen: which table cards does a Quanto card capture? The lesson's steps,
what its notebook calls to show its parts.

Everything is asked of the engine: the groups of a value (`arithmetic.subsets_with_sum`),
their number (`count_subsets_with_sum`), the legal captures of a card
(`quanto.movegen.capture_moves`), whether a choice is a legal move (`state.is_legal`) and
the words for a capture (`quanto.narrate`, with its arithmetic "1 + 7 = 8, 3 + 5 = 8").
The computations are in `subsets_numbers` (the counting polynomial prod(1 + x**a), an
outlook for grades 9–10, among them), the exercises in `subsets_problems`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from IPython.display import HTML

from ..arithmetic import count_subsets_with_sum
from ..core.rng import derive_rng
from ..i18n import text
from ..quanto import format_cards, new_game, parse_cards
from ..quanto.cards import DECK, Card
from ..quanto.display import hand_html
from .language import in_both_languages, language
from .levels import LevelPractice
from .quiz import CardQuiz, ChoiceQuiz, NumberQuiz
from .reasoning import Begruende
from .sicherung import Sicherung
from .style import table as html_table
from .subsets_numbers import (
    best_line,
    capture_arith,
    captures,
    group_text,
    groups,
    largest_capture,
    polynomial,
    values_of,
)
from .subsets_problems import (
    BestCardProblem,
    CaptureProblem,
    EveryNumberChallenge,
    LegalCaptureProblem,
    WaysProblem,
    play_prediction,
)
from .tree_widget import SearchTree
from .watch import GameWatcher

LESSON_TABLE = "1 2 3 5 6 7"
LESSON_CARD = "8"
LESSON_VALUES = [card.value for card in parse_cards(LESSON_TABLE)]
POWERS_OF_TWO = "1 2 4 8"


def coefficient(values: Sequence[int], target: int) -> int:
    """The coefficient of x**target in the multiplied-out product."""
    coefficients = polynomial(values)
    return coefficients[target] if 0 <= target < len(coefficients) else 0


def _power(power: int, latex: bool) -> str:
    if power == 1:
        return "x"
    return f"x^{{{power}}}" if latex else f"x**{power}"


class Product:
    """The product of (1 + x**a) over the values, not yet multiplied out (for a notebook)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)

    def _repr_latex_(self) -> str:
        return "$" + ("".join(f"(1 + {_power(value, True)})" for value in self.values) or "1") + "$"

    def __repr__(self) -> str:
        return "*".join(f"(1 + {_power(value, False)})" for value in self.values) or "1"


def generating_function(values: Sequence[int]) -> Product:
    """The product of (1 + x**a) over the values, not yet multiplied out."""
    return Product(values)


class Expanded:
    """The multiplied-out product for a notebook: powers from small to large, a few terms per
    line, so that a pupil finds the term of x**8 quickly."""

    TERMS_PER_LINE = 9

    def __init__(self, values: Sequence[int]) -> None:
        self.terms = [(power, count) for power, count in enumerate(polynomial(values)) if count]

    @staticmethod
    def _term(power: int, count: int, latex: bool) -> str:
        factor = "" if count == 1 and power else str(count)
        if power == 0:
            return str(count)
        base = _power(power, latex)
        return f"{factor}{base}" if latex else (f"{factor}*{base}" if factor else base)

    def _repr_latex_(self) -> str:
        terms = [self._term(power, count, True) for power, count in self.terms]
        lines = [" + ".join(terms[i : i + self.TERMS_PER_LINE]) for i in range(0, len(terms), self.TERMS_PER_LINE)]
        return "$\\begin{aligned}&" + " \\\\ &+ ".join(lines) + "\\end{aligned}$"

    def __repr__(self) -> str:
        return " + ".join(self._term(power, count, False) for power, count in self.terms)


SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_text(power: int) -> str:
    """x to the `power` as plain text with superscript digits ("x⁸"): no typesetting needed."""
    return "x" if power == 1 else "x" + str(power).translate(SUPERSCRIPTS)


def expanded_html(values: Sequence[int], target: int, lang: str | None = None) -> HTML:
    """The multiplied-out product (a few terms per line) and the number in front of x**target:
    an answer (the groups for `target`), shown with `reveal.answer`."""
    lang = lang or language()
    terms = [
        str(count) if power == 0 else ("" if count == 1 else str(count)) + power_text(power)
        for power, count in Expanded(values).terms
    ]
    per_line = Expanded.TERMS_PER_LINE
    lines = [" + ".join(terms[i : i + per_line]) for i in range(0, len(terms), per_line)]
    formula = "<br>+ ".join(escape(line) for line in lines)
    said = text(
        "lessons.subsets.coefficient", lang, power=power_text(target), count=coefficient(values, target), target=target
    )
    return HTML(f"<p class='ks-formula' style='font-size:115%;line-height:1.6'>{formula}</p><p>{escape(said)}</p>")


@in_both_languages
def ways_table(values: Sequence[int], lang: str | None = None, targets: Sequence[int] = range(1, 13)) -> HTML:
    """A table: each value, the number of groups (the coefficient), and the groups."""
    lang = lang or language()
    head = [
        text("lessons.subsets.column.value", lang),
        text("lessons.subsets.column.ways", lang),
        text("lessons.subsets.column.groups", lang),
    ]
    rows = [
        (
            target,
            count_subsets_with_sum(values, target),
            ", ".join(group_text(group, lang) for group in groups(values, target)) or "–",
        )
        for target in targets
    ]
    return HTML(html_table(head, rows))


class Table:
    """A table (Auslage) in an HTML cell of its own, for a notebook."""

    def __init__(self, cards: str, lang: str | None = None) -> None:
        self.cards = parse_cards(cards)
        self.lang = lang

    def _repr_html_(self) -> str:
        return hand_html(self.cards, self.lang)

    def __repr__(self) -> str:
        return f"Table({format_cards(self.cards)!r})"


@in_both_languages
def captures_table(cards: str, card: str, lang: str | None = None) -> HTML:
    """Every legal capture of `card` on the table `cards`: the cards taken and their groups."""
    lang = lang or language()
    table, played = parse_cards(cards), Card.parse(card)
    moves = sorted(captures(table, played), key=lambda move: (len(move.takes), [c.sort_key() for c in move.takes]))
    head = [
        text("lessons.subsets.column.taken", lang),
        text("lessons.subsets.column.groups", lang),
        text("lessons.subsets.column.count", lang),
    ]
    rows = [(format_cards(move.takes), capture_arith(table, move, lang), len(move.takes)) for move in moves]
    return HTML(html_table(head, rows))


# -- seeded positions ---------------------------------------------------------------------


def ways_problems(count: int = 3, seed: int = 1) -> list[WaysProblem]:
    """`count` tables of six plain cards with a value that 2–5 groups make (seeded), none of
    them the worked example of the lesson."""
    problems: list[WaysProblem] = []
    worked = (tuple(LESSON_VALUES), int(LESSON_CARD))
    attempt = 0
    while len(problems) < count:
        rng = derive_rng(seed, "lessons", "ways", attempt)
        attempt += 1
        values = sorted(rng.sample(range(1, 10), 6))
        target = rng.randint(6, 11)
        if 2 <= count_subsets_with_sum(values, target) <= 5 and (tuple(values), target) != worked:
            problems.append(WaysProblem(tuple(Card(v) for v in values), target))
    return problems


def capture_problems() -> list[CaptureProblem]:
    """The rules' example, three more tables and a rainbow card (the lesson's own table is the
    worked example in the text)."""
    return [
        CaptureProblem(tuple(parse_cards(table)), Card.parse(card))
        for table, card in (("2 4 4 8", "8"), ("1 2 3 4 5 6", "7"), ("1 3 4 5 6 9", "10"), ("2 3 4 5 7 8", "R9"))
    ]


def deal(seed: int, players: int = 5) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The table and the first player's hand of a new game (5 players: 5 cards each)."""
    state = new_game(players, seed=seed)
    return tuple(DECK[i] for i in state.table), tuple(DECK[i] for i in state.hands[0])


def best_card_problems(count: int = 5, first_seed: int = 1) -> list[BestCardProblem]:
    """Positions of new games (seeds from `first_seed` on) where exactly one hand card
    captures the most, and at least two table cards."""
    problems: list[BestCardProblem] = []
    seed = first_seed
    while len(problems) < count:
        problem = BestCardProblem(*deal(seed))
        seed += 1
        winners = problem.winners()
        best = problem.best[next(iter(winners))]
        if len(winners) == 1 and best is not None and len(best.takes) >= 2:
            problems.append(problem)
    return problems


def capture_commentary(state, lang: str) -> list[str]:
    """For the watched game: what each card of the player to move can capture at most."""
    table = [DECK[i] for i in state.table]
    lines = [text("lessons.watch.quanto.head", lang, name=text("player.name", lang, number=state.to_move + 1))]
    if not table:
        return [*lines, text("lessons.watch.quanto.empty", lang)]
    for card in sorted({DECK[i] for i in state.hands[state.to_move]}, key=Card.sort_key):
        lines.append(best_line(table, card, largest_capture(table, card), lang))
    return lines


# -- the lesson's widgets and solutions -------------------------------------------------

WATCH_SEED = 2
WATCH_STOPS = 2
"""The watched game's prediction stops in the Kern (then it plays on without asking)."""
TREE_PREDICTIONS = 6
"""The first steps of the search tree the class predicts: the first group (✓) and cuts (✂)."""


def search_tree() -> SearchTree:
    """The search tree of the lesson's table for its card; the class predicts its first steps."""
    return SearchTree(values_of(parse_cards(LESSON_TABLE)), int(LESSON_CARD), predict=TREE_PREDICTIONS)


def ways_quiz() -> NumberQuiz:
    """How many groups make the value? Six cards at a time."""
    return NumberQuiz(ways_problems(), "lessons.subsets.ways.title")


def capture_quiz() -> CardQuiz:
    """Pick the table cards a card captures, judged after every click."""
    return CardQuiz(capture_problems(), "lessons.subsets.capture.title")


def best_card_quiz() -> ChoiceQuiz:
    """Which hand card captures the most? Positions of new games."""
    return ChoiceQuiz(best_card_problems(), "lessons.subsets.best.title")


def challenge_quiz() -> CardQuiz:
    """Four cards that make every number from 1 to 15."""
    return CardQuiz([EveryNumberChallenge()], "lessons.subsets.challenge.title")


def watcher() -> GameWatcher:
    """A game of three computer players (seeded), with the captures of every hand card; at
    prepared positions the pupil first predicts the card played."""
    return GameWatcher(
        "quanto", 3, WATCH_SEED, capture_commentary, predict=play_prediction, name="subsets.watch", stops=WATCH_STOPS
    )


def practice() -> LevelPractice:
    """Endless practice at the pupil's (or the class's) level."""
    return LevelPractice("subsets")


def reason() -> Begruende:
    """Begründe: why cutting a branch of the search tree misses no group."""
    return Begruende("subsets", "cut")


EXIT_TABLE = "1 2 3 4 6 9"


def exit_questions() -> list[Any]:
    """The exit ticket: count groups, judge a group (exactly the card's value?), find the best card."""
    table = tuple(parse_cards(EXIT_TABLE))
    return [
        WaysProblem(table, 10),
        LegalCaptureProblem(table, Card(7), tuple(parse_cards("1 2 3"))),
        BestCardProblem(table, tuple(parse_cards("5 8 10")), from_game=False),
    ]


def sicherung() -> Sicherung:
    """Merksatz and exit ticket."""
    return Sicherung("subsets", exit_questions())


@in_both_languages
def solutions(lang: str | None = None) -> HTML:
    """The answers to the lesson's exercises, for the teacher."""
    lang = lang or language()
    rows = [
        (text("lessons.subsets.ways.title", lang), f"{format_cards(p.table)} → {p.target}", p.answer)
        for p in ways_problems()
    ]
    for problem in capture_problems():
        best = max(problem.moves, key=lambda move: len(move.takes))
        rows.append(
            (
                text("lessons.subsets.capture.title", lang),
                f"{format_cards(problem.cards)} ← {problem.card}",
                f"{problem.most}: {capture_arith(problem.cards, best, lang)}",
            )
        )
    for problem in best_card_problems():
        winner = next(iter(problem.winners()))
        rows.append(
            (
                text("lessons.subsets.best.title", lang),
                f"{format_cards(problem.table)} / {format_cards(problem.hand)}",
                best_line(problem.table, problem.hand[winner], problem.best[winner], lang),
            )
        )
    rows.append((text("lessons.subsets.challenge.title", lang), "", POWERS_OF_TWO))
    ways, legal, best = exit_questions()
    winner = next(iter(best.winners()))
    rows += [
        (text("activity.exit.q1", lang), f"{format_cards(ways.table)} → {ways.target}", ways.answer),
        (
            text("activity.exit.q2", lang),
            f"{legal.card} ← {format_cards(legal.takes)}",
            text("lessons.word.yes" if legal.legal else "lessons.word.no", lang),
        ),
        (
            text("activity.exit.q3", lang),
            f"{format_cards(best.table)} / {format_cards(best.hand)}",
            best_line(best.table, best.hand[winner], best.best[winner], lang),
        ),
    ]
    head = [
        text("lessons.solutions.exercise", lang),
        text("lessons.solutions.problem", lang),
        text("lessons.solutions.answer", lang),
    ]
    return HTML(html_table(head, rows))
