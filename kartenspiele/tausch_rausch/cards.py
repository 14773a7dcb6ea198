"""Tausch-Rausch's number cards, their notation and the deck.

Notation: a card is its colour's two letters and its value — `ge7` (gelb), `gr7` (grün),
`bl7` (blau), `ro7` (rot). A list of cards is written with spaces or commas between them
(`"ge2 bl4 ro10"`); `format_cards(parse_cards(text))` gives the same text back, normalised.
A `Card` is a face; the physical cards of a game are the numbers 0–79, each with a fixed
face (`DECK[card_id]`): two copies of every face, so identities stay stable within a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter

from ..core.errors import NotationError
from ..core.notation import card_tokens
from ..i18n import text

COLOURS = ("ge", "gr", "bl", "ro")
VALUES = range(1, 11)
COPIES = 2
STALL_SIZES = (1, 2, 2, 2, 3)  # the market stalls from the left
_COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_TOKEN = re.compile(r"^(?P<colour>ge|gr|bl|ro)(?P<value>[0-9]{1,2})$", re.IGNORECASE)


def check_colour(colour: object) -> str:
    """`colour` if it is one of the four colour codes; otherwise `NotationError`."""
    if colour not in _COLOUR_INDEX:
        raise NotationError("tausch_rausch.notation.colour", colour=colour, allowed=", ".join(COLOURS))
    return colour  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Card:
    """A card face: a colour code (`ge`, `gr`, `bl`, `ro`) and a value 1–10."""

    colour: str
    value: int
    order: int = field(init=False, repr=False, compare=False)  # rank in the sort order, for fast sorting

    def __post_init__(self) -> None:
        check_colour(self.colour)
        if not isinstance(self.value, int) or isinstance(self.value, bool) or self.value not in VALUES:
            raise NotationError("tausch_rausch.notation.value", value=self.value)
        object.__setattr__(self, "order", self.value * len(COLOURS) + _COLOUR_INDEX[self.colour])

    @property
    def notation(self) -> str:
        return f"{self.colour}{self.value}"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card({self.notation!r})"

    def sort_key(self) -> tuple[int, int]:
        """Order for hands and moves: by value, then gelb, grün, blau, rot."""
        return (self.value, _COLOUR_INDEX[self.colour])

    def name(self, lang: str | None = None, dative: bool = False) -> str:
        """The card as a child reads it: "blaue 4" / "blue 4"; after "mit" (`dative`) "blauer 4"."""
        return text("tausch_rausch.card", lang, colour=colour_adjective(self.colour, lang, dative), value=self.value)

    def _repr_html_(self) -> str:
        from .display import card_html

        return card_html(self)

    @classmethod
    def parse(cls, token: str | Card) -> Card:
        """The card written as `token` (`ge7`, `RO10`); a `Card` is returned as it is."""
        if isinstance(token, Card):
            return token
        match = _TOKEN.match(token.strip()) if isinstance(token, str) else None
        if match is None:
            raise NotationError("tausch_rausch.notation.token", token=token)
        value = int(match["value"])
        if value not in VALUES:
            raise NotationError("tausch_rausch.notation.value", value=value)
        return FACES[(match["colour"].lower(), value)]


def colour_name(colour: str, lang: str | None = None) -> str:
    """The colour as a word: "blau" / "blue"."""
    return text(f"tausch_rausch.colour.{colour}", lang)


def colour_adjective(colour: str, lang: str | None = None, dative: bool = False) -> str:
    """The colour before a number: "blaue" / "blue"; in the dative ("mit blauer 4") "blauer"."""
    return text(f"tausch_rausch.colour.{colour}.{'dative' if dative else 'adjective'}", lang)


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Cards from notation: `"ge2 bl4 ro10"` (or an iterable of tokens and cards)."""
    tokens = card_tokens(cards, "tausch_rausch.notation.token")
    return [Card.parse(token) for token in tokens]  # type: ignore[arg-type]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(card.notation for card in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the order of `Card.sort_key`: by value, then colour."""
    return tuple(sorted(cards, key=_ORDER))


_ORDER = attrgetter("order")


def _all_faces() -> dict[tuple[str, int], Card]:
    return {(colour, value): Card(colour, value) for colour in COLOURS for value in VALUES}


FACES: dict[tuple[str, int], Card] = _all_faces()
DECK: tuple[Card, ...] = tuple(FACES[(colour, value)] for colour in COLOURS for value in VALUES for _ in range(COPIES))
"""The 80 physical cards by id: id = 20 · colour + 2 · (value − 1) + copy."""
