"""The Quanto move generator: every legal move of the player to move, each listed once.

The table is counted by kind (face). A multiset of table cards is a packed integer (see
`arithmetic.pack`) with the jokers in the last place: a joker on the table is a group by
itself for every value and never part of a sum, so it is added to each union separately.
Candidates are produced as plain tuples `(kind, card, declared, chip, target, taken)` and
turned into `Move` values only at the end. `limit` bounds the unions considered per card
and value on crowded tables; the largest capture is always kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..arithmetic import contains, groups_with_sum, pack, union_codes, unpack
from .cards import DECK, JOKER, Card
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE, Move

DEFAULT_LIMIT = 256
Candidate = tuple[str, Card, "int | None", "int | None", "int | None", int]


class TableKinds:
    """The table as counts of kinds, with cached unions of disjoint groups per value."""

    def __init__(self, faces: list[Card], limit: int | None) -> None:
        counts = Counter(faces)
        jokers = counts.pop(JOKER, 0)
        self.faces = sorted(counts, key=Card.sort_key) + ([JOKER] if jokers else [])
        self.plain = len(counts)
        self.size = len(self.faces)
        self.counts = tuple(counts[face] for face in self.faces[: self.plain]) + ((jokers,) if jokers else ())
        self.jokers = jokers
        self.joker_unit = 1 << (8 * self.plain)
        self.plain_mask = self.joker_unit - 1
        self.whole = pack(self.counts)
        self.limit = limit
        self._unions: dict[tuple[int, int], list[int]] = {}

    def unions(self, target: int, rest: int | None = None) -> list[int]:
        """The empty union and every union of disjoint groups for `target` within `rest`."""
        rest = (self.whole if rest is None else rest) & self.plain_mask
        key = (rest, target)
        if key not in self._unions:
            counts = unpack(rest, self.plain)
            kinds = [(face.value, count) for face, count in zip(self.faces, counts)]
            self._unions[key] = [0, *union_codes(kinds, target, self.limit)]
        return self._unions[key]

    def with_jokers(self, code: int) -> Iterator[int]:
        """The union, plus 0 … all table jokers (each a group by itself)."""
        for jokers in range(self.jokers + 1):
            yield code + jokers * self.joker_unit

    def bonus_choices(self, code: int) -> Iterator[int]:
        """`code` plus one more card of each kind still on the table (a rainbow bonus)."""
        left = unpack(self.whole - code, self.size)
        for index, count in enumerate(left):
            if count:
                yield code + (1 << (8 * index))

    def cards(self, code: int) -> tuple[Card, ...]:
        taken: list[Card] = []
        for face, count in zip(self.faces, code.to_bytes(self.size, "little")):
            if count:
                taken.extend([face] * count)
        return tuple(taken)

    def code_of(self, faces: list[Card]) -> int | None:
        """The packed multiset of `faces`, or None if they are not all on the table."""
        counts = Counter(faces)
        code = 0
        for index, face in enumerate(self.faces):
            code += counts.pop(face, 0) << (8 * index)
        if counts or not contains(self.whole, code, self.size):
            return None
        return code


def _group_candidates(table: TableKinds, kind: str, card: Card, target: int, declared: int | None,
                      need_group: bool) -> Iterator[Candidate]:
    """Taking a union of disjoint groups for `target` (plus a rainbow bonus)."""
    for union in table.unions(target):
        for taken in table.with_jokers(union):
            if need_group and not taken:
                continue
            yield (kind, card, declared, None, None, taken)
            if card.rainbow:
                for with_bonus in table.bonus_choices(taken):
                    yield (kind, card, declared, None, None, with_bonus)


def _form_candidates(table: TableKinds, card: Card, supply: list[int]) -> Iterator[Candidate]:
    for chip in supply:
        partner_value = chip - card.value  # type: ignore[operator]
        for index in range(table.plain):
            if table.faces[index].value != partner_value:
                continue
            unit = 1 << (8 * index)
            for union in table.unions(chip, table.whole - unit):
                for taken in table.with_jokers(union + unit):
                    yield (FORM, card, None, chip, None, taken)


def _extend_candidates(table: TableKinds, card: Card, chip: int) -> Iterator[Candidate]:
    kinds = [(face.value, count) for face, count in zip(table.faces, table.counts[: table.plain])]
    for partner in groups_with_sum(kinds, chip - card.value):  # type: ignore[operator]
        partner_code = pack(partner)
        for union in table.unions(chip, table.whole - partner_code):
            for taken in table.with_jokers(union + partner_code):
                yield (EXTEND, card, None, None, None, taken)


def candidates(state, card: Card, table: TableKinds) -> Iterator[Candidate]:
    """Every A1–A5 play of `card` (laying, A6, is added by the caller)."""
    player = state.to_move
    chip = state.chip_of[player]
    for value in (range(1, 13) if card.is_joker else (card.value,)):
        yield from _group_candidates(table, CAPTURE, card, value, value if card.is_joker else None, True)
    if chip is None:
        if not card.is_joker:
            yield from _form_candidates(table, card, state.supply())
    else:
        if not card.is_joker and card.value < chip:  # type: ignore[operator]
            yield from _extend_candidates(table, card, chip)
        if card.is_joker or card.value == chip:
            yield from _group_candidates(table, COLLECT, card, chip, chip if card.is_joker else None, False)
    if card.is_joker:
        for other, other_chip in enumerate(state.chip_of):
            if other != player and other_chip is not None:
                yield (JOKER_QUANTO, card, None, None, other, 0)


def capture_moves(table_cards: list[Card], card: Card, limit: int | None = None) -> list[Move]:
    """Every capture (A1) of `card` on a table of these cards, each once — for lessons and
    benchmarks ("which card captures the most?")."""
    table = TableKinds(list(table_cards), limit)
    found = dict.fromkeys(candidate for value in (range(1, 13) if card.is_joker else (card.value,))
                          for candidate in _group_candidates(table, CAPTURE, card, value,
                                                             value if card.is_joker else None, True))
    return [to_move(table, candidate) for candidate in found]


def to_move(table: TableKinds, candidate: Candidate) -> Move:
    kind, card, declared, chip, target, taken = candidate
    return Move(kind, card, table.cards(taken), declared, chip, target)


def play_moves(state, card: Card, table: TableKinds) -> Iterator[Move]:
    """Every A1–A5 move with `card`, each once."""
    seen: set[Candidate] = set()
    for candidate in candidates(state, card, table):
        if candidate not in seen:
            seen.add(candidate)
            yield to_move(table, candidate)


_FACE_INDEX = {face: index for index, face in enumerate(sorted(set(DECK), key=Card.sort_key))}
_CARD_FACE = [_FACE_INDEX[face] for face in DECK]
_PLAYS: dict[tuple, tuple[Move, ...]] = {}
_PLAYS_SIZE = 1 << 17


def _plays_key(state, card: Card, table_key: tuple[int, ...], limit: int | None) -> tuple:
    """What the plays of `card` depend on: the table, the own chip, the free chips (to form)
    and, for a joker, who else holds a Quanto."""
    player = state.to_move
    chip = state.chip_of[player]
    others = tuple(p for p, c in enumerate(state.chip_of) if p != player and c is not None) if card.is_joker else ()
    return (table_key, card, chip, tuple(state.supply()) if chip is None else (), others, limit)


def legal_moves(state, limit: int | None = DEFAULT_LIMIT) -> list[Move]:
    """The legal moves of `state`'s player to move, each listed once.

    The plays of a card depend only on a few things (see `_plays_key`); they are remembered,
    since random and computer play meet the same small tables again and again.
    """
    if state.over:
        return []
    faces = sorted({DECK[i] for i in state.playable()}, key=Card.sort_key)
    table_key = tuple(sorted(_CARD_FACE[i] for i in state.table))
    table = None
    moves: list[Move] = []
    for card in faces:
        key = _plays_key(state, card, table_key, limit)
        plays = _PLAYS.get(key)
        if plays is None:
            if table is None:
                table = TableKinds([DECK[i] for i in state.table], limit)
            if len(_PLAYS) >= _PLAYS_SIZE:
                _PLAYS.clear()
            plays = _PLAYS[key] = tuple(play_moves(state, card, table))
        moves.extend(plays)
    if not state.options.lay_only_if_stuck or not moves:
        moves.extend(Move(LAY, card) for card in faces)
    if state.phase == "turn" and state.options.refill == "choice" and state.draw:
        if len(state.table) < state.table_size:
            moves.append(Move(REFILL_TABLE))
        if len(state.hands[state.to_move]) < state.hand_size:
            moves.append(Move(REFILL_HAND))
    if not moves:
        moves.append(Move(PASS))
    return moves
