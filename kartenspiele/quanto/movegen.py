"""The Quanto move generator: every legal move of the player to move, each listed once.

Table cards are counted by kind (face); jokers on the table are groups by themselves for
every value and never part of a sum, so they are added to each union separately.
`limit` bounds the unions considered per card and value on crowded tables; the largest
capture is always kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..arithmetic import CountVector, disjoint_unions, groups_with_sum
from .cards import DECK, JOKER, Card
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE, Move

DEFAULT_LIMIT = 256


class TableKinds:
    """The table as counts of kinds, with cached unions of disjoint groups per value."""

    def __init__(self, faces: list[Card], limit: int | None) -> None:
        counts = Counter(face for face in faces if not face.is_joker)
        self.faces = sorted(counts, key=Card.sort_key)
        self.counts = tuple(counts[face] for face in self.faces)
        self.jokers = len(faces) - sum(self.counts)
        self.limit = limit
        self._unions: dict[tuple[tuple[int, ...], int], list[CountVector]] = {}

    def kinds(self, counts: tuple[int, ...]) -> list[tuple[int, int]]:
        return [(face.value, count) for face, count in zip(self.faces, counts)]  # type: ignore[misc]

    def unions(self, target: int, counts: tuple[int, ...] | None = None) -> list[CountVector]:
        """The empty union and every union of disjoint groups for `target` within `counts`."""
        counts = self.counts if counts is None else counts
        key = (counts, target)
        if key not in self._unions:
            found = disjoint_unions(self.kinds(counts), target, limit=self.limit)
            self._unions[key] = [tuple(0 for _ in counts), *found]
        return self._unions[key]

    def cards(self, vector: CountVector) -> tuple[Card, ...]:
        taken: list[Card] = []
        for face, count in zip(self.faces, vector):
            taken.extend([face] * count)
        return tuple(taken)

    def with_jokers(self, vector: CountVector) -> Iterator[tuple[Card, ...]]:
        """The union's cards, plus 0 … all table jokers (each a group by itself)."""
        base = self.cards(vector)
        for jokers in range(self.jokers + 1):
            yield base + (JOKER,) * jokers

    def bonus_choices(self, taken: tuple[Card, ...]) -> Iterator[Card]:
        """Each kind still on the table after `taken`: candidates for a rainbow bonus."""
        left = Counter(self.faces_with_jokers())
        left.subtract(taken)
        return (face for face, count in left.items() if count > 0)

    def faces_with_jokers(self) -> list[Card]:
        return self.cards(self.counts) + (JOKER,) * self.jokers


def _group_moves(table: TableKinds, kind: str, card: Card, target: int, declared: int | None,
                 chip: int | None = None, need_group: bool = True) -> Iterator[Move]:
    """Moves that take a union of disjoint groups for `target` (plus a rainbow bonus)."""
    for vector in table.unions(target):
        for taken in table.with_jokers(vector):
            if need_group and not taken:
                continue
            yield Move(kind, card, taken, declared, chip)
            if card.rainbow:
                for bonus in table.bonus_choices(taken):
                    yield Move(kind, card, taken + (bonus,), declared, chip)


def capture_moves(table: TableKinds, card: Card) -> Iterator[Move]:
    values = range(1, 13) if card.is_joker else (card.value,)
    for value in values:
        yield from _group_moves(table, CAPTURE, card, value, value if card.is_joker else None)


def collect_moves(table: TableKinds, card: Card, chip: int) -> Iterator[Move]:
    if card.is_joker or card.value == chip:
        yield from _group_moves(table, COLLECT, card, chip, chip if card.is_joker else None,
                                need_group=False)


def form_moves(table: TableKinds, card: Card, supply: list[int]) -> Iterator[Move]:
    if card.is_joker:
        return
    for chip in supply:
        partner_value = chip - card.value  # type: ignore[operator]
        for index, face in enumerate(table.faces):
            if face.value != partner_value or not table.counts[index]:
                continue
            rest = tuple(c - (i == index) for i, c in enumerate(table.counts))
            for vector in table.unions(chip, rest):
                for taken in table.with_jokers(vector):
                    yield Move(FORM, card, (face, *taken), chip=chip)


def extend_moves(table: TableKinds, card: Card, chip: int) -> Iterator[Move]:
    if card.is_joker or card.value >= chip:  # type: ignore[operator]
        return
    for partner in groups_with_sum(table.kinds(table.counts), chip - card.value):  # type: ignore[operator]
        rest = tuple(c - p for c, p in zip(table.counts, partner))
        for vector in table.unions(chip, rest):
            merged = tuple(p + v for p, v in zip(partner, vector))
            for taken in table.with_jokers(merged):
                yield Move(EXTEND, card, taken)


def play_moves(state, card: Card, table: TableKinds) -> Iterator[Move]:
    """Every A1–A5 move with `card` (laying, A6, is added by the caller)."""
    player = state.to_move
    chip = state.chip_of[player]
    yield from capture_moves(table, card)
    if chip is None:
        yield from form_moves(table, card, state.supply())
    else:
        yield from extend_moves(table, card, chip)
        yield from collect_moves(table, card, chip)
    if card.is_joker:
        for other, other_chip in enumerate(state.chip_of):
            if other != player and other_chip is not None:
                yield Move(JOKER_QUANTO, card, target=other)


def legal_moves(state, limit: int | None = DEFAULT_LIMIT) -> list[Move]:
    """The legal moves of `state`'s player to move, each listed once."""
    if state.over:
        return []
    table = TableKinds([DECK[i] for i in state.table], limit)
    faces = sorted({DECK[i] for i in state.playable()}, key=Card.sort_key)
    seen: set[Move] = set()
    moves: list[Move] = []
    for card in faces:
        for move in play_moves(state, card, table):
            if move not in seen:
                seen.add(move)
                moves.append(move)
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
