"""Lesson 1, Teilsummen: which table cards does a Quanto card capture?

Everything is asked of the engine: the groups of a value (`arithmetic.subsets_with_sum`),
their number (`count_subsets_with_sum`), the legal captures of a card
(`quanto.movegen.capture_moves`), whether a choice is a legal move (`state.is_legal`) and
the words for a capture (`quanto.narrate`, with its arithmetic "1 + 7 = 8, 3 + 5 = 8").
The counting polynomial prod(1 + x**a) (an outlook, grades 9–10) is multiplied out bracket by
bracket here (the tests compare it with sympy's expansion; the lesson's kernel stays small).

Each problem answers the mistakes pupils typically make with their own help (only pairs
counted, the single card forgotten, the largest card chosen, the rainbow bonus forgotten) and
keeps the worked solution for after a real attempt (`quiz`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import Any

from IPython.display import HTML

from ..arithmetic import count_subsets_with_sum, subsets_with_sum
from ..core.rng import derive_rng
from ..i18n import join_words, text
from ..quanto import Move, format_cards, from_scenario, narrate, new_game, parse_cards
from ..quanto.cards import DECK, Card
from ..quanto.explain import card_name, groups_sum, the_card
from ..quanto.movegen import capture_moves
from ..quanto.moves import CAPTURE
from ..widgets.buttons import Spec
from .cards import card_spec, cards_html
from .language import in_both_languages, language
from .levels import LevelPractice
from .quiz import CardQuiz, ChoiceQuiz, Feedback, NumberQuiz
from .reasoning import Begruende
from .sicherung import Sicherung
from .style import table as html_table
from .tree_widget import SearchTree
from .watch import GameWatcher

LESSON_TABLE = "1 2 3 5 6 7"
LESSON_CARD = "8"
LESSON_VALUES = [card.value for card in parse_cards(LESSON_TABLE)]
POWERS_OF_TWO = "1 2 4 8"


def values_of(cards: Sequence[Card]) -> list[int]:
    """The values of plain cards (jokers have none)."""
    return [card.value for card in cards if card.value is not None]


def groups(values: Sequence[int], target: int) -> list[tuple[int, ...]]:
    """Every group (by position) of `values` that sums to `target`, each as its values."""
    return [tuple(values[i] for i in positions) for positions in subsets_with_sum(values, target)]


def group_text(group: Sequence[int]) -> str:
    """ "1 + 7 = 8"; a single card "8 = 8"."""
    return f"{' + '.join(map(str, group))} = {sum(group)}"


def polynomial(values: Sequence[int]) -> list[int]:
    """prod(1 + x**a) multiplied out bracket by bracket: the coefficient of x**v (at index v)
    counts the groups for v. Multiplying by (1 + x**a) keeps every term ("card not taken") and
    adds it again shifted by a ("card taken")."""
    coefficients = [1]
    for value in values:
        grown = coefficients + [0] * value
        for power, count in enumerate(coefficients):
            grown[power + value] += count
        coefficients = grown
    return coefficients


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
            ", ".join(group_text(group) for group in groups(values, target)) or "–",
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
        from ..quanto.display import hand_html

        return hand_html(self.cards, self.lang)

    def __repr__(self) -> str:
        return f"Table({format_cards(self.cards)!r})"


# -- captures, as the engine sees them ------------------------------------------------------


def captures(table: Sequence[Card], card: Card) -> list[Move]:
    """Every legal capture of `card` on a table of these cards (each once)."""
    return capture_moves(list(table), card)


def largest_capture(table: Sequence[Card], card: Card) -> Move | None:
    """A capture of `card` that takes the most table cards (None if it captures nothing)."""
    return max(captures(table, card), key=lambda move: len(move.takes), default=None)


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


def position(table: Sequence[Card], card: Card):
    """A two-player position: `card` in player 1's hand, these cards on the table."""
    return from_scenario({"players": 2, "table": format_cards(table), "hands": [card.notation, ""]})


def capture_events(table: Sequence[Card], move: Move) -> list:
    """The engine's events of a capture: the groups taken and a rainbow bonus."""
    events = position(table, move.card).apply(move)
    return [event for event in events if event.kind in ("captured", "rainbow_bonus")]


def capture_story(table: Sequence[Card], move: Move, lang: str) -> list[str]:
    """The engine's words for a capture, told to the player ("Du spielst 8. 1 + 7 = 8: …")."""
    return [narrate(event, lang, viewer=0) for event in capture_events(table, move)]


def capture_arith(table: Sequence[Card], move: Move, lang: str) -> str:
    """A capture's arithmetic: "1 + 7 = 8, 3 + 5 = 8", with a rainbow bonus named."""
    parts = []
    for event in capture_events(table, move):
        if event.kind == "captured":
            parts.append(groups_sum(event.groups, event.value, lang))
        else:
            parts.append(text("lessons.subsets.bonus", lang, card=card_name(event.card, lang)))
    return ", ".join(parts)


# -- problems -----------------------------------------------------------------------------


@dataclass(frozen=True)
class WaysProblem:
    """How many groups of the table make `target`?"""

    table: tuple[Card, ...]
    target: int

    @property
    def answer(self) -> int:
        return count_subsets_with_sum(values_of(self.table), self.target)

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.subsets.ways.prompt', lang, target=self.target))}</p>"
            f"<div class='ks-row'>{cards_html(self.table, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.subsets.ways.hint", lang, target=self.target)

    def mistakes(self) -> dict[int, str]:
        """The wrong counts pupils typically give, each with the key of its own help."""
        found = groups(values_of(self.table), self.target)
        right = len(found)
        sizes = [len(group) for group in found]
        known: dict[int, str] = {}
        if any(size >= 3 for size in sizes):
            known[sizes.count(2) + sizes.count(1)] = "lessons.subsets.ways.only_pairs"
        if 1 in sizes:
            known[right - sizes.count(1)] = "lessons.subsets.ways.no_single"
        return {count: key for count, key in known.items() if count != right and count >= 0}

    def check(self, answer: int, lang: str) -> Feedback:
        right = self.answer
        found = tuple(group_text(group) for group in groups(values_of(self.table), self.target))
        if answer == right:
            return Feedback(True, text("lessons.subsets.ways.right", lang, count=right, target=self.target), (), found)
        if answer < 0:
            return Feedback(False, text("lessons.subsets.ways.negative", lang))
        key = "lessons.subsets.ways.too_few" if answer < right else "lessons.subsets.ways.too_many"
        lines = tuple(text(k, lang, target=self.target) for a, k in self.mistakes().items() if a == answer)
        return Feedback(False, text(key, lang, answer=answer, target=self.target), lines, found)

    def __repr__(self) -> str:
        return f"WaysProblem({format_cards(self.table)!r}, {self.target})"


@dataclass(frozen=True)
class CaptureProblem:
    """Pick table cards that `card` may capture; the biggest capture is the goal."""

    cards: tuple[Card, ...]
    card: Card

    @cached_property
    def moves(self) -> list[Move]:
        """The legal captures of the card."""
        return captures(self.cards, self.card)

    @property
    def most(self) -> int:
        """The most table cards one capture takes."""
        return max((len(move.takes) for move in self.moves), default=0)

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.subsets.capture.prompt', lang, card=the_card(self.card, None, lang)))}</p>"
            f"<div class='ks-row'>{cards_html([self.card], lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.subsets.capture.hint", lang, target=self.card.value)

    def best_move(self) -> Move:
        return max(self.moves, key=lambda move: len(move.takes))

    def check(self, answer: tuple[int, ...], lang: str) -> Feedback | None:
        if not answer:
            return None
        chosen = [self.cards[i] for i in answer]
        target = self.card.value
        total = sum(values_of(chosen))
        sum_line = text(
            "lessons.subsets.capture.sum",
            lang,
            sum=f"{' + '.join(str(c.value) for c in chosen)} = {total}" if len(chosen) > 1 else total,
        )
        best = self.best_move()
        solution = (
            text("lessons.subsets.capture.solution", lang, count=len(best.takes)),
            *capture_story(self.cards, best, lang),
        )
        move = Move.capture(self.card, chosen)
        if position(self.cards, self.card).is_legal(move):
            story = capture_story(self.cards, move, lang)
            if len(chosen) == self.most:
                return Feedback(True, text("lessons.subsets.capture.best", lang, count=len(chosen)), tuple(story))
            return Feedback(
                True,
                text("lessons.subsets.capture.more", lang, count=len(chosen), most=self.most),
                (*story, self._more_help(move, lang)),
            )
        if any(_within(chosen, move.takes) for move in self.moves):
            return Feedback(None, text("lessons.subsets.capture.growing", lang), (sum_line,))
        lines = [sum_line]
        too_big = sorted({c.value for c in chosen if c.value is not None and c.value > target})
        if too_big and not self.card.rainbow:
            lines.append(text("lessons.subsets.capture.too_big", lang, value=too_big[0], target=target))
        return Feedback(False, text("lessons.subsets.capture.impossible", lang, target=target), tuple(lines), solution)

    def _more_help(self, move: Move, lang: str) -> str:
        """Why a legal capture is not yet the biggest: the rainbow bonus, or another group."""
        bonus = any(event.kind == "rainbow_bonus" for event in capture_events(self.cards, move))
        if self.card.rainbow and not bonus:
            return text("lessons.subsets.capture.use_bonus", lang, card=card_name(self.card, lang))
        rest = list(self.cards)
        for card in move.takes:
            rest.remove(card)
        if count_subsets_with_sum(values_of(rest), self.card.value or 0):
            return text("lessons.subsets.capture.group_left", lang, target=self.card.value)
        return text("lessons.subsets.capture.smaller_groups", lang)

    def __repr__(self) -> str:
        return f"CaptureProblem({format_cards(self.cards)!r}, {self.card.notation!r})"


def best_line(table: Sequence[Card], card: Card, move: Move | None, lang: str) -> str:
    """ "8: nimmt 4 Karten (1 + 7 = 8, 3 + 5 = 8)" or "5: nimmt nichts"."""
    name = card_name(card, lang)
    if move is None:
        return text("lessons.subsets.best.nothing", lang, card=name)
    return text(
        "lessons.subsets.best.line", lang, card=name, count=len(move.takes), arith=capture_arith(table, move, lang)
    )


def _within(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    rest = list(whole)
    for card in part:
        if card not in rest:
            return False
        rest.remove(card)
    return True


@dataclass(frozen=True)
class BestCardProblem:
    """Which hand card captures the most table cards?"""

    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    from_game: bool = True  # the position comes from a real game (the prompt says so)

    @cached_property
    def best(self) -> dict[int, Move | None]:
        """The largest capture of each hand card (by position)."""
        return {i: largest_capture(self.table, card) for i, card in enumerate(self.hand)}

    def winners(self) -> set[int]:
        """The hand positions whose capture takes the most cards."""
        sizes = {i: len(move.takes) if move else 0 for i, move in self.best.items()}
        top = max(sizes.values())
        return {i for i, size in sizes.items() if size == top}

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.subsets.best.prompt' if self.from_game else 'lessons.subsets.best.prompt_plain', lang))}</p>"
            f"<div class='ks-row'><b>{escape(text('lessons.word.table', lang))}</b> "
            f"{cards_html(self.table, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.subsets.best.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [card_spec(i, card, lang) for i, card in enumerate(self.hand)]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        lines = tuple(dict.fromkeys(best_line(self.table, self.hand[i], move, lang) for i, move in self.best.items()))
        if answer in self.winners():
            return Feedback(True, text("lessons.subsets.best.right", lang), (), lines)
        assert isinstance(answer, int)
        chosen, move = self.hand[answer], self.best[answer]
        help_lines = [best_line(self.table, chosen, move, lang)]
        values = [card.value or 0 for card in self.hand]
        winner = self.hand[next(iter(self.winners()))]
        if move is None:
            help_lines.append(text("lessons.subsets.best.nothing_help", lang, card=card_name(chosen, lang)))
        elif (chosen.value or 0) == max(values):
            help_lines.append(text("lessons.subsets.best.largest", lang))
        elif winner.rainbow:
            help_lines.append(text("lessons.subsets.best.rainbow", lang))
        help_lines.append(text("lessons.subsets.best.others", lang))
        return Feedback(False, text("lessons.subsets.best.wrong", lang), tuple(help_lines), lines)

    def __repr__(self) -> str:
        return f"BestCardProblem(table={format_cards(self.table)!r}, hand={format_cards(self.hand)!r})"


@dataclass(frozen=True)
class EveryNumberChallenge:
    """Choose `size` cards with which every number from 1 to their sum can be made."""

    cards: tuple[Card, ...] = tuple(Card(value) for value in range(1, 13))
    size: int = 4
    goal: int = 15

    def prompt(self, lang: str) -> str:
        return f"<p>{escape(text('lessons.subsets.challenge.prompt', lang, size=self.size, goal=self.goal))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.subsets.challenge.hint", lang)

    def check(self, answer: tuple[int, ...], lang: str) -> Feedback | None:
        if len(answer) < self.size:
            return Feedback(None, text("lessons.subsets.challenge.pick", lang, count=self.size - len(answer)))
        if len(answer) > self.size:
            return Feedback(False, text("lessons.subsets.challenge.too_many", lang, size=self.size))
        values = [self.cards[i].value for i in answer]
        missing = [v for v in range(1, self.goal + 1) if count_subsets_with_sum(values, v) == 0]
        if missing:
            return Feedback(False, text("lessons.subsets.challenge.missing", lang, numbers=join_words(missing, lang)))
        return Feedback(True, text("lessons.subsets.challenge.right", lang, goal=self.goal))

    def __repr__(self) -> str:
        return f"EveryNumberChallenge(size={self.size}, goal={self.goal})"


@dataclass(frozen=True)
class LegalCaptureProblem:
    """May `card` capture exactly these table cards? (Yes or no, judged by the engine.)"""

    table: tuple[Card, ...]
    card: Card
    takes: tuple[Card, ...]

    @property
    def legal(self) -> bool:
        return position(self.table, self.card).is_legal(Move.capture(self.card, self.takes))

    def prompt(self, lang: str) -> str:
        return (
            f"<p>{escape(text('lessons.subsets.legal.prompt', lang, card=the_card(self.card, None, lang)))}</p>"
            f"<div class='ks-row'><b>{escape(text('lessons.word.table', lang))}</b> {cards_html(self.table, lang)}</div>"
            f"<div class='ks-row'><b>{escape(text('lessons.subsets.legal.takes', lang))}</b> "
            f"{cards_html(self.takes, lang)}</div>"
        )

    def hint(self, lang: str) -> str:
        return text("lessons.subsets.capture.hint", lang, target=self.card.value)

    def choices(self, lang: str) -> list[Spec]:
        return [Spec(True, text("lessons.word.yes", lang)), Spec(False, text("lessons.word.no", lang))]

    def check(self, answer: Hashable, lang: str) -> Feedback:
        target = self.card.value or 0
        parts = split_into_groups(values_of(self.takes), target)
        why = (
            text("lessons.subsets.legal.why_yes", lang, groups=", ".join(group_text(g) for g in parts))
            if parts
            else text("lessons.subsets.legal.why_no", lang, target=target)
        )
        if answer == self.legal:
            return Feedback(True, text("lessons.subsets.legal.right", lang), (why,))
        return Feedback(False, text("lessons.subsets.legal.wrong", lang, target=target), (), (why,))

    def __repr__(self) -> str:
        return (
            f"LegalCaptureProblem({format_cards(self.table)!r}, {self.card.notation!r}, {format_cards(self.takes)!r})"
        )


def split_into_groups(values: Sequence[int], target: int) -> list[tuple[int, ...]]:
    """The values split into groups of `target` each (largest first), or [] if they cannot be."""
    from ..arithmetic import split_into_groups as split

    found = split(list(values), target)
    return [tuple(group) for group in found] if found else []


@dataclass(frozen=True)
class PlayPrediction:
    """In the watched game: which card will the player to move play? (They take the most.)"""

    player: int
    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    played: Card

    def prompt(self, lang: str) -> str:
        name = text("player.name", lang, number=self.player + 1)
        return f"<p>{escape(text('lessons.subsets.predict.prompt', lang, name=name))}</p>"

    def hint(self, lang: str) -> str:
        return text("lessons.subsets.best.hint", lang)

    def choices(self, lang: str) -> list[Spec]:
        return [card_spec(card.notation, card, lang) for card in sorted(set(self.hand), key=Card.sort_key)]

    def lines(self, lang: str) -> tuple[str, ...]:
        return tuple(
            best_line(self.table, card, largest_capture(self.table, card), lang)
            for card in sorted(set(self.hand), key=Card.sort_key)
        )

    def check(self, answer: Hashable, lang: str) -> Feedback:
        if answer == self.played.notation:
            return Feedback(True, text("lessons.subsets.predict.right", lang), (), self.lines(lang))
        chosen = Card.parse(str(answer))
        line = best_line(self.table, chosen, largest_capture(self.table, chosen), lang)
        return Feedback(False, text("lessons.subsets.predict.wrong", lang), (line,), self.lines(lang))

    def __repr__(self) -> str:
        return f"PlayPrediction({format_cards(self.table)!r}, {format_cards(self.hand)!r})"


def play_prediction(state: Any, move: Move) -> PlayPrediction | None:
    """A prepared position: the computer captures with the one hand card that takes the most
    (at least two table cards), so the pupil can work out its move."""
    if move.kind != CAPTURE or move.card is None or move.card.value is None or not state.table:
        return None
    table = tuple(DECK[i] for i in state.table)
    hand = tuple(DECK[i] for i in state.hands[state.to_move])
    if any(card.value is None for card in hand):
        return None  # a joker may declare any value: not for this lesson
    sizes = {card: len(best.takes) if (best := largest_capture(table, card)) else 0 for card in set(hand)}
    top = max(sizes.values())
    winners = [card for card, size in sizes.items() if size == top]
    if top < 2 or winners != [move.card] or len(move.takes) != top:
        return None
    return PlayPrediction(state.to_move, table, hand, move.card)


# -- seeded positions ---------------------------------------------------------------------


def ways_problems(count: int = 5, seed: int = 1) -> list[WaysProblem]:
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


def search_tree() -> SearchTree:
    """The search tree of the lesson's table for its card."""
    return SearchTree(values_of(parse_cards(LESSON_TABLE)), int(LESSON_CARD))


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
    return GameWatcher("quanto", 3, WATCH_SEED, capture_commentary, predict=play_prediction, name="subsets.watch")


def practice() -> LevelPractice:
    """Endless practice at the pupil's (or the class's) level."""
    return LevelPractice("subsets")


def reason() -> Begruende:
    """Begründe: why cutting a branch of the search tree misses no group."""
    return Begruende("subsets", "cut")


EXIT_TABLE = "1 2 3 4 6 9"


def exit_questions() -> list[Any]:
    """The exit ticket: count groups, judge a capture, find the best card."""
    table = tuple(parse_cards(EXIT_TABLE))
    return [
        WaysProblem(table, 10),
        LegalCaptureProblem(table, Card(7), tuple(parse_cards("1 6 3 4 2"))),
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
