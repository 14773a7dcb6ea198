"""Lesson 1's computations, without widgets: the groups of a value, the counting polynomial
prod(1 + x**a) and a card's captures as the engine sees them, with their words
("1 + 7 = 8, 3 + 5 = 8").

The polynomial (an outlook, grades 9–10) is multiplied out bracket by bracket here (the tests
compare it with sympy's expansion; the lesson's kernel stays small).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..arithmetic import split_into_groups as split
from ..arithmetic import subsets_with_sum
from ..i18n import text
from ..quanto import Move, format_cards, from_scenario, narrate
from ..quanto.cards import Card
from ..quanto.explain import card_name, exact, groups_sum
from ..quanto.movegen import capture_moves


def values_of(cards: Sequence[Card]) -> list[int]:
    """The values of plain cards (jokers have none)."""
    return [card.value for card in cards if card.value is not None]


def groups(values: Sequence[int], target: int) -> list[tuple[int, ...]]:
    """Every group (by position) of `values` that sums to `target`, each as its values."""
    return [tuple(values[i] for i in positions) for positions in subsets_with_sum(values, target)]


def group_text(group: Sequence[int], lang: str | None = None) -> str:
    """ "1 + 7 = 8"; a single card "8 passt genau" (no sum "8 = 8")."""
    if len(group) == 1:
        return exact(str(group[0]), lang)
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


# -- captures, as the engine sees them ------------------------------------------------------


def captures(table: Sequence[Card], card: Card) -> list[Move]:
    """Every legal capture of `card` on a table of these cards (each once)."""
    return capture_moves(list(table), card)


def largest_capture(table: Sequence[Card], card: Card) -> Move | None:
    """A capture of `card` that takes the most table cards (None if it captures nothing)."""
    return max(captures(table, card), key=lambda move: len(move.takes), default=None)


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


def best_line(table: Sequence[Card], card: Card, move: Move | None, lang: str) -> str:
    """ "8: nimmt 4 Karten (1 + 7 = 8, 3 + 5 = 8)" or "5: nimmt nichts"."""
    name = card_name(card, lang)
    if move is None:
        return text("lessons.subsets.best.nothing", lang, card=name)
    return text(
        "lessons.subsets.best.line", lang, card=name, count=len(move.takes), arith=capture_arith(table, move, lang)
    )


def split_into_groups(values: Sequence[int], target: int) -> list[tuple[int, ...]]:
    """The values split into groups of `target` each (largest first), or [] if they cannot be."""
    found = split(list(values), target)
    return [tuple(group) for group in found] if found else []
