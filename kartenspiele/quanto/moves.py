"""Quanto moves: small immutable values that say what a player does.

A move names its kind, the card played, the value declared for a joker, the chip (for a
Quanto), the other player (joker on a foreign Quanto) and the table cards it takes, as
faces: moves that differ only in which of several equal cards they take are one move.
How the taken cards split into groups is worked out by the engine when the move is applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..core.errors import IllegalMoveError, NotationError
from .cards import Card, format_cards, parse_cards

CAPTURE = "capture"
FORM = "form"
EXTEND = "extend"
COLLECT = "collect"
JOKER_QUANTO = "joker_quanto"
LAY = "lay"
REFILL_TABLE = "refill_table"
REFILL_HAND = "refill_hand"
PASS = "pass"

KINDS = (CAPTURE, FORM, EXTEND, COLLECT, JOKER_QUANTO, LAY, REFILL_TABLE, REFILL_HAND, PASS)
PLAYS = (CAPTURE, FORM, EXTEND, COLLECT, JOKER_QUANTO, LAY)


def _cards(value: str | Iterable[str | Card] | None) -> tuple[Card, ...]:
    if value is None:
        return ()
    return tuple(sorted(parse_cards(value), key=Card.sort_key))


@dataclass(frozen=True)
class Move:
    """One move. Build it with the class methods (`Move.capture("8", "8 4 4")`) or take it
    from `state.legal_moves()`."""

    kind: str
    card: Card | None = None
    takes: tuple[Card, ...] = ()
    declared: int | None = None
    chip: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise IllegalMoveError("quanto.illegal.unknown_kind", kind=self.kind)
        if len(self.takes) > 1:
            object.__setattr__(self, "takes", tuple(sorted(self.takes, key=Card.sort_key)))
        elif type(self.takes) is not tuple:
            object.__setattr__(self, "takes", tuple(self.takes))

    @classmethod
    def canonical(
        cls,
        kind: str,
        card: Card | None,
        takes: tuple[Card, ...],
        declared: int | None,
        chip: int | None,
        target: int | None,
        origin: object = None,
    ) -> Move:
        """A move whose fields are already checked and whose cards are already in order
        (the move generator's fast path). `origin` marks a move listed by a position
        (see `listed_in`)."""
        move = object.__new__(cls)
        fields: dict[str, object] = {
            "kind": kind,
            "card": card,
            "takes": takes,
            "declared": declared,
            "chip": chip,
            "target": target,
        }
        if origin is not None:
            fields["_origin"] = (origin, (kind, card, takes, declared, chip, target))
        object.__setattr__(move, "__dict__", fields)
        return move

    def listed_in(self, origin: object) -> bool:
        """Whether this move was read from the move list of the position marked `origin`
        and still has the fields it was listed with (then it is legal there)."""
        mark = self.__dict__.get("_origin")
        return (
            mark is not None
            and mark[0] is origin
            and mark[1] == (self.kind, self.card, self.takes, self.declared, self.chip, self.target)
        )

    # -- construction -------------------------------------------------------------------
    @classmethod
    def capture(cls, card: str | Card, takes: str | Iterable[str | Card], declared: int | None = None) -> Move:
        return cls(CAPTURE, _card(card), _cards(takes), declared)

    @classmethod
    def form(cls, card: str | Card, chip: int, takes: str | Iterable[str | Card]) -> Move:
        return cls(FORM, _card(card), _cards(takes), chip=chip)

    @classmethod
    def extend(cls, card: str | Card, takes: str | Iterable[str | Card]) -> Move:
        return cls(EXTEND, _card(card), _cards(takes))

    @classmethod
    def collect(cls, card: str | Card, takes: str | Iterable[str | Card] = (), declared: int | None = None) -> Move:
        return cls(COLLECT, _card(card), _cards(takes), declared)

    @classmethod
    def joker_quanto(cls, target: int) -> Move:
        return cls(JOKER_QUANTO, Card(None), target=target)

    @classmethod
    def lay(cls, card: str | Card) -> Move:
        return cls(LAY, _card(card))

    @classmethod
    def refill_table(cls) -> Move:
        return cls(REFILL_TABLE)

    @classmethod
    def refill_hand(cls) -> Move:
        return cls(REFILL_HAND)

    @classmethod
    def pass_turn(cls) -> Move:
        return cls(PASS)

    # -- text and JSON ------------------------------------------------------------------
    def __str__(self) -> str:
        card = "" if self.card is None else self.card.notation
        if self.declared is not None:
            card += f"={self.declared}"
        takes = format_cards(self.takes)
        if self.kind == CAPTURE:
            return f"capture with {card}: {takes}"
        if self.kind == FORM:
            return f"form Quanto {self.chip} with {card}: {takes}"
        if self.kind == EXTEND:
            return f"extend Quanto with {card}: {takes}"
        if self.kind == COLLECT:
            return f"collect Quanto with {card}" + (f": {takes}" if takes else "")
        if self.kind == JOKER_QUANTO:
            return f"joker takes the Quanto of player {(self.target or 0) + 1}"
        if self.kind == LAY:
            return f"lay {card}"
        return self.kind.replace("_", " ")

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind}
        if self.card is not None:
            data["card"] = self.card.notation
        if self.takes:
            data["takes"] = format_cards(self.takes)
        for name in ("declared", "chip", "target"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Move:
        """The move written by `to_json`; a malformed one raises `NotationError`."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise NotationError("move.malformed", data=data)
        unknown = set(data) - {"kind", "card", "takes", "declared", "chip", "target"}
        if unknown:
            raise NotationError("move.malformed", data=data)
        numbers = {}
        for name in ("declared", "chip", "target"):
            value = data.get(name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise NotationError("move.malformed", data=data)
            numbers[name] = value
        card = data.get("card")
        takes = data.get("takes", "")
        if (card is not None and not isinstance(card, str)) or not isinstance(takes, str):
            raise NotationError("move.malformed", data=data)
        return cls(str(data["kind"]), None if card is None else Card.parse(card), _cards(takes), **numbers)


def _card(card: str | Card) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)
