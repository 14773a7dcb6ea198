"""Quanto's cards, their notation and the deck.

Notation: a plain card is its value (`8`), a rainbow card has an `R` before it (`R8`), a
joker is `J`. A list of cards is written with spaces or commas between them
(`"2 4 4 8 R7 J"`); `format_cards(parse_cards(text))` gives the same text back, normalised.
A `Card` is a face (what is printed); the physical cards of a game are the numbers 0–109,
each with a fixed face (`DECK[card_id]`), so identities stay stable within a game.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.errors import NotationError
from ..core.notation import card_tokens

VALUES = range(1, 13)
RAINBOW_VALUES = range(4, 13)
COPIES_PER_VALUE = 9
JOKERS = 2
CHIPS = tuple(range(5, 13))

_TOKEN = re.compile(r"^(?:(?P<joker>[Jj])|(?P<rainbow>[Rr])?(?P<value>[0-9]{1,2}))$")


@dataclass(frozen=True)
class Card:
    """A card face: a value 1–12 (None for a joker) and whether it is a rainbow card."""

    value: int | None
    rainbow: bool = False

    def __post_init__(self) -> None:
        if self.value is None:
            if self.rainbow:
                raise NotationError("quanto.notation.rainbow_joker")
        elif self.value not in VALUES:
            raise NotationError("quanto.notation.value", value=self.value)
        elif self.rainbow and self.value not in RAINBOW_VALUES:
            raise NotationError("quanto.notation.rainbow_value", value=self.value)

    def __hash__(self) -> int:  # cards are hashed in every move and every table: keep it cheap
        return (self.value or 0) * 2 + self.rainbow

    def __eq__(self, other: object) -> bool:  # compared in every move checked: keep it cheap
        if self is other:
            return True
        if other.__class__ is not Card:
            return NotImplemented
        return self.value == other.value and self.rainbow == other.rainbow  # type: ignore[attr-defined]

    @property
    def is_joker(self) -> bool:
        return self.value is None

    @property
    def notation(self) -> str:
        if self.value is None:
            return "J"
        return f"R{self.value}" if self.rainbow else str(self.value)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card({self.notation!r})"

    def sort_key(self) -> int:
        """Order for display: by value, plain before rainbow, jokers last."""
        return 26 if self.value is None else self.value * 2 + self.rainbow

    def _repr_html_(self) -> str:
        from .display import card_html

        return card_html(self)

    @classmethod
    def parse(cls, token: str) -> Card:
        """The card written as `token` (`8`, `R8`, `J`)."""
        match = _TOKEN.match(token.strip()) if isinstance(token, str) else None
        if match is None:
            raise NotationError("quanto.notation.token", token=token)
        if match["joker"]:
            return JOKER
        return cls(int(match["value"]), bool(match["rainbow"]))


JOKER = Card(None)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from notation: `"2 4 4 8 R7 J"` (or an iterable of tokens and cards)."""
    tokens = card_tokens(text, "quanto.notation.token")
    return [token if isinstance(token, Card) else Card.parse(token) for token in tokens]  # type: ignore[arg-type]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(card.notation for card in cards)


def deck_faces() -> tuple[Card, ...]:
    """The 110 faces of the deck, indexed by card id (ids are stable for every game)."""
    faces: list[Card] = []
    for value in VALUES:
        plain = COPIES_PER_VALUE - (1 if value in RAINBOW_VALUES else 0)
        faces.extend([Card(value)] * plain)  # one object per face: equal cards are identical
        if value in RAINBOW_VALUES:
            faces.append(Card(value, rainbow=True))
    faces.extend([JOKER] * JOKERS)
    return tuple(faces)


DECK: tuple[Card, ...] = deck_faces()
DECK_COUNTS: Counter[Card] = Counter(DECK)
FACE_CODE: tuple[int, ...] = tuple(face.sort_key() for face in DECK)
"""The sort key of each card id's face (2–25 by value, plain before rainbow; 26 the joker)."""
