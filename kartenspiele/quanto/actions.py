"""Quanto moves as integers (actions), in the manner of OpenSpiel's `legal_actions()`.

The encoding is stable: it depends on the move alone, never on the position, so an action
means the same move in every game and every version that keeps this layout. Bit fields,
from the lowest bit:

* bits 0–3: the kind, its index in `moves.KINDS` (capture 0 … pass 8);
* bits 4–8: the card played, as its face code (`Card.sort_key()`: 2·value, +1 for a rainbow
  card, 26 for a joker; 0 when no card is played);
* bits 9–12: the value declared for a joker (0: none);
* bits 13–16: the chip of a Quanto being formed (0: none);
* bits 17–19: the other player whose Quanto a joker takes, plus one (0: none);
* from bit 20 on: the table cards taken, four bits per face code (a count at bits
  20 + 4·code … 23 + 4·code).

So "capture with 8: 4 4" is `0 | 16 << 4 | 2 << (20 + 4·8)`. `move_to_action` and
`action_to_move` convert; an integer that names no move raises `IllegalMoveError`.
"""

from __future__ import annotations

from ..core.errors import IllegalMoveError
from .cards import DECK, FACE_CODE, Card
from .moves import KINDS, Move

TAKES_SHIFT = 20
HEADER_MASK = (1 << TAKES_SHIFT) - 1
_KIND_INDEX = {kind: index for index, kind in enumerate(KINDS)}
FACE_OF_CODE: dict[int, Card] = {face.sort_key(): face for face in DECK}
ID_TAKES: tuple[int, ...] = tuple(1 << (4 * code) for code in FACE_CODE)
"""The takes code of one table card, by card id (sum them for a table)."""
JOKER_NIBBLE = 0xF << (4 * 26)
PREFIX: tuple[int, ...] = tuple(((1 << (8 * value + 8)) - 1) | JOKER_NIBBLE for value in range(13))
"""The takes-code bits of the cards of value ≤ v and of the jokers, by v."""
_NIBBLE_ONES = int("1" * 27, 16)


def kinds_present(code: int) -> int:
    """A takes code's kinds as bits: the lowest bit of each face code's nibble is set if
    that face is on the table."""
    kinds = code | code >> 1
    return (kinds | kinds >> 2) & _NIBBLE_ONES


def header(kind: str, card: Card | None, declared: int | None, chip: int | None, target: int | None) -> int:
    """The low 20 bits of the action of a move with these fields."""
    return (
        _KIND_INDEX[kind]
        | (0 if card is None else card.sort_key()) << 4
        | (declared or 0) << 9
        | (chip or 0) << 13
        | (0 if target is None else target + 1) << 17
    )


def takes_code(cards: tuple[Card, ...]) -> int:
    """The taken cards as counts per face code (4 bits each; not yet shifted)."""
    code = 0
    for card in cards:
        code += 1 << (4 * card.sort_key())
    return code


def cards_of(code: int) -> tuple[Card, ...]:
    """The cards of a takes code, in order (`Card.sort_key`), as in a `Move`."""
    cards: list[Card] = []
    face = 0
    while code:
        count = code & 15
        if count:
            cards.extend([FACE_OF_CODE[face]] * count)
        code >>= 4
        face += 1
    return tuple(cards)


def move_to_action(move: Move) -> int:
    """The action (integer) of a move; the move's fields must fit the layout above."""
    if not isinstance(move, Move):
        raise IllegalMoveError("quanto.illegal.not_a_move", move=repr(move))
    fields = (move.declared, move.chip, move.target)
    if (
        not all(value is None or (type(value) is int and 0 <= value <= 12) for value in fields)
        or (move.target is not None and move.target > 6)
        or not (move.card is None or isinstance(move.card, Card))
        or not all(isinstance(card, Card) for card in move.takes)
    ):
        raise IllegalMoveError("quanto.illegal.not_a_move", move=repr(move))
    return header(move.kind, move.card, move.declared, move.chip, move.target) | takes_code(move.takes) << TAKES_SHIFT


def action_to_move(action: int) -> Move:
    """The move an action names; an integer that names none raises `IllegalMoveError`."""
    if type(action) is not int or action < 0:
        raise IllegalMoveError("quanto.illegal.not_an_action", action=action)
    kind, face = action & 15, action >> 4 & 31
    declared, chip, target = action >> 9 & 15, action >> 13 & 15, action >> 17 & 7
    takes = action >> TAKES_SHIFT
    if (
        kind >= len(KINDS)
        or (face and face not in FACE_OF_CODE)
        or any(takes >> (4 * code) & 15 and code not in FACE_OF_CODE for code in range(27))
        or takes >> (4 * 27)
    ):
        raise IllegalMoveError("quanto.illegal.not_an_action", action=action)
    return Move.canonical(
        KINDS[kind],
        FACE_OF_CODE[face] if face else None,
        cards_of(takes),
        declared or None,
        chip or None,
        target - 1 if target else None,
    )
