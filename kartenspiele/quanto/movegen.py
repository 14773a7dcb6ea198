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

from ..arithmetic import contains, groups_with_sum, pack, union_codes, unpack
from .cards import DECK, JOKER, Card
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE, Move

DEFAULT_LIMIT = 256
Candidate = tuple[str, Card, "int | None", "int | None", "int | None", int]


class TableKinds:
    """The table as counts of kinds, with cached unions of disjoint groups per value."""

    def __init__(self, faces: list[Card], limit: int | None) -> None:
        counts: dict[Card, int] = {}
        for face in faces:
            counts[face] = counts.get(face, 0) + 1
        jokers = counts.pop(JOKER, 0)
        plain = sorted(counts, key=Card.sort_key)
        self.faces = plain + [JOKER] if jokers else plain
        self.plain = len(plain)
        self.size = len(self.faces)
        self.kinds = [(face.value, counts[face]) for face in plain]
        self.jokers = jokers
        self.joker_unit = 1 << (8 * self.plain)
        self.joker_codes = [count * self.joker_unit for count in range(jokers + 1)]
        self.plain_mask = self.joker_unit - 1
        self.whole = pack([count for _, count in self.kinds] + ([jokers] if jokers else []))
        self.limit = limit
        self._unions: dict[tuple[int, int], list[int]] = {}

    def positions_of_value(self, value: int) -> list[int]:
        """The kinds (positions) of the plain cards with this value (a plain and a rainbow one)."""
        return [index for index, (kind_value, _) in enumerate(self.kinds) if kind_value == value]

    def move(self, candidate: Candidate) -> Move:
        """The move of a candidate on this table."""
        kind, card, declared, chip, target, taken = candidate
        return Move.canonical(kind, card, self.cards(taken), declared, chip, target)

    def unions(self, target: int, rest: int | None = None) -> list[int]:
        """The empty union and every union of disjoint groups for `target` within `rest`."""
        key = (self.whole & self.plain_mask if rest is None else rest & self.plain_mask, target)
        found = self._unions.get(key)
        if found is None:
            kinds = (
                self.kinds
                if rest is None
                else [(value, count) for (value, _), count in zip(self.kinds, unpack(key[0], self.plain))]
            )
            found = self._unions[key] = [0, *union_codes(kinds, target, self.limit)]
        return found

    def bonus_choices(self, code: int) -> list[int]:
        """`code` plus one more card of each kind still on the table (a rainbow bonus)."""
        left = unpack(self.whole - code, self.size)
        return [code + (1 << (8 * index)) for index, count in enumerate(left) if count]

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


def _add_groups(
    found: list[Candidate],
    table: TableKinds,
    kind: str,
    card: Card,
    target: int,
    declared: int | None,
    need_group: bool,
) -> None:
    """Taking a union of disjoint groups for `target`, each table joker a group of its own,
    plus (for a rainbow card) one more card of any kind."""
    for union in table.unions(target):
        for jokers in table.joker_codes:
            taken = union + jokers
            if need_group and not taken:
                continue
            found.append((kind, card, declared, None, None, taken))
            if card.rainbow:
                found.extend((kind, card, declared, None, None, bonus) for bonus in table.bonus_choices(taken))


def _add_forms(found: list[Candidate], table: TableKinds, card: Card, supply: list[int]) -> None:
    for chip in supply:
        for index in table.positions_of_value(chip - card.value):  # type: ignore[operator]
            unit = 1 << (8 * index)
            for union in table.unions(chip, table.whole - unit):
                for jokers in table.joker_codes:
                    found.append((FORM, card, None, chip, None, union + unit + jokers))


def _add_extensions(found: list[Candidate], table: TableKinds, card: Card, chip: int) -> None:
    for partner in groups_with_sum(table.kinds, chip - card.value):  # type: ignore[operator]
        partner_code = pack(partner)
        for union in table.unions(chip, table.whole - partner_code):
            for jokers in table.joker_codes:
                found.append((EXTEND, card, None, None, None, union + partner_code + jokers))


def candidates(state, card: Card, table: TableKinds, supply: list[int] | None = None) -> list[Candidate]:
    """Every A1–A5 play of `card`, each once (laying, A6, is added by the caller)."""
    player = state.to_move
    chip = state.chip_of[player]
    found: list[Candidate] = []
    if card.is_joker:
        for value in range(1, 13):
            _add_groups(found, table, CAPTURE, card, value, value, True)
    else:
        _add_groups(found, table, CAPTURE, card, card.value, None, True)  # type: ignore[arg-type]
    if chip is None:
        if not card.is_joker:
            _add_forms(found, table, card, state.supply() if supply is None else supply)
    else:
        if not card.is_joker and card.value < chip:  # type: ignore[operator]
            _add_extensions(found, table, card, chip)
        if card.is_joker or card.value == chip:
            _add_groups(found, table, COLLECT, card, chip, chip if card.is_joker else None, False)
    if card.is_joker:
        found.extend(
            (JOKER_QUANTO, card, None, None, other, 0)
            for other, other_chip in enumerate(state.chip_of)
            if other != player and other_chip is not None
        )
    return list(dict.fromkeys(found))


def capture_moves(table_cards: list[Card], card: Card, limit: int | None = None) -> list[Move]:
    """Every capture (A1) of `card` on a table of these cards, each once — for lessons and
    benchmarks ("which card captures the most?")."""
    table = TableKinds(list(table_cards), limit)
    found: list[Candidate] = []
    for value in range(1, 13) if card.is_joker else (card.value,):
        _add_groups(found, table, CAPTURE, card, value, value if card.is_joker else None, True)  # type: ignore[arg-type]
    return [table.move(candidate) for candidate in dict.fromkeys(found)]


def play_moves(state, card: Card, table: TableKinds, supply: list[int] | None = None) -> list[Move]:
    """Every A1–A5 move with `card`, each once."""
    return [table.move(candidate) for candidate in candidates(state, card, table, supply)]


def legal_moves(state, limit: int | None = DEFAULT_LIMIT) -> list[Move]:
    """The legal moves of `state`'s player to move, each listed once."""
    if state.over:
        return []
    faces = sorted({DECK[i] for i in state.playable()}, key=Card.sort_key)
    table = TableKinds([DECK[i] for i in state.table], limit)
    supply = state.supply()
    moves: list[Move] = []
    for card in faces:
        moves.extend(play_moves(state, card, table, supply))
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
