"""Lesson 1's exercises: each problem asks its question, gives a hint and judges an answer.

Each answers the mistakes pupils typically make with their own help (only pairs counted, the
single card forgotten, the largest card chosen, the rainbow bonus forgotten) and keeps the
worked solution for after a real attempt (`quiz`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import Any

from ..arithmetic import count_subsets_with_sum
from ..i18n import join_words, text
from ..quanto import Move, format_cards
from ..quanto.cards import DECK, Card
from ..quanto.explain import card_name, the_card
from ..quanto.moves import CAPTURE
from ..widgets.buttons import Spec
from .cards import card_spec, cards_html
from .quiz import Feedback
from .subsets_numbers import (
    best_line,
    capture_events,
    capture_story,
    captures,
    group_text,
    groups,
    largest_capture,
    position,
    split_into_groups,
    values_of,
)


@dataclass(frozen=True)
class WaysProblem:
    """How many groups of the table make `target`?"""

    table: tuple[Card, ...]
    target: int

    @property
    def answer(self) -> int:
        return count_subsets_with_sum(values_of(self.table), self.target)

    @property
    def answers(self) -> range:
        """A count of groups: at least one, at most every choice of the table's cards."""
        return range(1, 2 ** len(self.table))

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
        found = tuple(group_text(group, lang) for group in groups(values_of(self.table), self.target))
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
            text("lessons.subsets.legal.why_yes", lang, groups=", ".join(group_text(g, lang) for g in parts))
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
