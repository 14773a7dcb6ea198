"""The Quanto move generator: every legal move of the player to move, each listed once.

The table and the table cards of the plays are packed integers (see `tablecode`).

The list is lazy, as OpenSpiel gives integer actions: the moves of one card and one kind
of play share a `Block` (kind, card, declared value, chip) and differ only in the packed
table cards they take; a `Move` is made only when it is read. `MoveList` is a read-only
sequence equal to the plain list of the same moves. `limit` bounds the unions considered
per card and value on crowded tables; the largest capture (exact) is always kept.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ..arithmetic import groups_with_sum
from ..core.lazy import LazySequence
from . import tablecode
from .actions import HEADER_MASK, TAKES_SHIFT, header
from .cards import DECK, FACE_CODE, Card
from .moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE, Move
from .tablecode import Candidate, TableCode, TableKinds, with_bonus, with_jokers

if TYPE_CHECKING:
    from .state import QuantoState

DEFAULT_LIMIT = 256
Header = tuple[str, Card, "int | None", "int | None", "int | None"]

_FACE_OF_CODE: dict[int, Card] = {face.sort_key(): face for face in DECK}
_LAYS = {code: Move.canonical(LAY, face, (), None, None, None) for code, face in _FACE_OF_CODE.items()}
_REFILL_TABLE, _REFILL_HAND, _PASS = Move(REFILL_TABLE), Move(REFILL_HAND), Move(PASS)
_PLAIN_ACTIONS = {
    id(move): header(move.kind, move.card, None, None, None)
    for move in (*_LAYS.values(), _REFILL_TABLE, _REFILL_HAND, _PASS)
}
"""The actions of the plain moves that a listing holds (these very objects), by identity."""


def memo_size() -> int:
    """How many answers the listing's memos hold (tables, unions, groups, plays: see `tablecode`)."""
    return tablecode.memo_size()


def clear_memos() -> None:
    """Forget the listing's memos (a served kernel keeps them small, see `kernel_memory`)."""
    tablecode.clear_memos()


Block = tuple[Header, Sequence[int]]


def _group_block(table: TableKinds, header: Header, target: int, need_group: bool) -> Block:
    codes = with_jokers(table, table.unions(target), need_group)
    if header[1].rainbow:
        codes = with_bonus(table, codes)
    return header, codes


def blocks(
    state: QuantoState, cards: Sequence[Card], table: TableKinds | TableCode, supply: Sequence[int] | None = None
) -> list[Block]:
    """Every A1–A5 play of each of `cards` in turn, each once, in blocks (laying, A6, is
    added by the caller); `supply` is the chips nobody holds, if known."""
    player = state.to_move
    chip = state.chip_of[player]
    if chip is None and supply is None:
        supply = state.supply()
    codes = table.codes
    found: list[Block] = []
    add = found.append
    made: Sequence[int]
    for card in cards:
        value = card.value
        if value is None:
            for declared in range(1, 13):
                if made := codes(CAPTURE, declared):
                    add(((CAPTURE, card, declared, None, None), made))
            if chip is not None and (made := codes(COLLECT, chip)):
                add(((COLLECT, card, chip, None, None), made))
            for other, held in enumerate(state.chip_of):
                if other != player and held is not None:
                    add(((JOKER_QUANTO, card, None, None, other), (0,)))
            continue
        # a rainbow card's bonus card may be of any kind on the table: not shared with others
        plays = table.bonus_codes if card.rainbow else codes
        if made := plays(CAPTURE, value):
            add(((CAPTURE, card, None, None, None), made))
        if value == chip and (made := plays(COLLECT, chip)):
            add(((COLLECT, card, None, None, None), made))
        if chip is None:
            assert supply is not None
            for chip_value in table.partner_chips(value, supply):
                if made := codes(FORM, chip_value, value):
                    add(((FORM, card, None, chip_value, None), made))
        elif value < chip and (made := codes(EXTEND, chip, value)):
            add(((EXTEND, card, None, None, None), made))
    return found


def candidates(
    state: QuantoState, card: Card, table: TableKinds, supply: Sequence[int] | None = None
) -> list[Candidate]:
    """Every A1–A5 play of `card`, each once, as `(kind, card, declared, chip, target,
    taken)` tuples (laying, A6, is added by the caller)."""
    return [(*header, code) for header, codes in blocks(state, (card,), table, supply) for code in codes]


class MoveList(LazySequence[Move]):
    """The legal moves of one position, read lazily: blocks of plays (one header, many
    packed table codes) followed by the plain moves (laying, refilling, passing: this
    module's own objects, see `_PLAIN_ACTIONS`). A move read from the list carries the mark
    `origin` of its position (see `Move.listed_in`)."""

    def __init__(
        self, table: TableKinds | TableCode | None, plays: list[Block], plain: list[Move], origin: object = None
    ) -> None:
        self.table = table
        self.plays = plays
        self.plain = plain
        self.origin = origin
        self.ends: list[int] = []
        total = 0
        for _, codes in plays:
            total += len(codes)
            self.ends.append(total)
        self.played = total
        self.total = total + len(plain)
        self.read: tuple[int | None, int] = (None, 0)  # the last action read by an `ActionList`, and where

    def __len__(self) -> int:
        return self.total

    def _item(self, position: int) -> Move:
        if position >= self.played:
            move = self.plain[position - self.played]
            if self.origin is None:
                return move
            return Move.canonical(move.kind, move.card, (), None, None, None, self.origin)
        block = bisect_right(self.ends, position)
        (kind, card, declared, chip, target), codes = self.plays[block]
        code = codes[position - (self.ends[block] - len(codes))]
        assert self.table is not None
        return Move.canonical(kind, card, self.table.cards(code), declared, chip, target, self.origin)

    def __iter__(self) -> Iterator[Move]:
        table, origin = self.table, self.origin
        for (kind, card, declared, chip, target), codes in self.plays:
            assert table is not None
            for code in codes:
                yield Move.canonical(kind, card, table.cards(code), declared, chip, target, origin)
        if origin is None:
            yield from self.plain
        else:
            for move in self.plain:
                yield Move.canonical(move.kind, move.card, (), None, None, None, origin)

    def listed_move(self, action: int) -> Move | None:
        """The move of this list that the action (see `actions`) names, marked as listed;
        None if the list does not hold it."""
        position = self.locate(action)
        return None if position is None else self._item(position)

    def locate(self, action: int) -> int | None:
        """The position of the move that the action (see `actions`) names, or None if the
        list does not hold it."""
        if type(action) is not int:
            return None
        if action == self.read[0]:
            return self.read[1]
        head, takes = action & HEADER_MASK, action >> TAKES_SHIFT
        if not takes:
            for index, move in enumerate(self.plain):
                if header(move.kind, move.card, None, None, None) == action:
                    return self.played + index
        table = self.table
        for block, ((kind, card, declared, chip, target), codes) in enumerate(self.plays):
            if header(kind, card, declared, chip, target) == head:
                assert isinstance(table, TableCode)
                code = table.packed(takes)
                if code is None or code not in codes:
                    return None
                return self.ends[block] - len(codes) + codes.index(code)
        return None

    def play_at(self, position: int) -> tuple[Header, int]:
        """The header and the packed table cards of the play at `position` (< `played`)."""
        block = bisect_right(self.ends, position)
        fields, codes = self.plays[block]
        return fields, codes[position - (self.ends[block] - len(codes))]


class ActionList(LazySequence[int]):
    """The legal actions of one position (integers, see `actions`), read lazily from its
    `MoveList`: item by item `move_to_action` of the listed moves."""

    def __init__(self, moves: MoveList) -> None:
        self.moves = moves

    def __len__(self) -> int:
        return self.moves.total

    @overload
    def __getitem__(self, position: int) -> int: ...
    @overload
    def __getitem__(self, position: slice) -> list[int]: ...
    def __getitem__(self, position: int | slice) -> int | list[int]:
        if type(position) is int and 0 <= position < self.moves.total:  # the common case, read at once
            return self._item(position)
        return super().__getitem__(position)

    def _item(self, position: int) -> int:
        moves = self.moves
        if position >= moves.played:
            action = _PLAIN_ACTIONS[id(moves.plain[position - moves.played])]
        else:
            block = bisect_right(moves.ends, position)
            fields, codes = moves.plays[block]
            table = moves.table
            assert isinstance(table, TableCode)
            action = (
                header(*fields) | table.takes_code(codes[position - (moves.ends[block] - len(codes))]) << TAKES_SHIFT
            )
        moves.read = (action, position)
        return action

    def __contains__(self, action: object) -> bool:
        return type(action) is int and self.moves.listed_move(action) is not None


def capture_moves(table_cards: list[Card], card: Card, limit: int | None = None) -> list[Move]:
    """Every capture (A1) of `card` on a table of these cards, each once — for lessons and
    benchmarks ("which card captures the most?")."""
    table = TableKinds(list(table_cards), limit)
    found: list[Block] = []
    for value in range(1, 13) if card.is_joker else (card.value,):
        found.append(_group_block(table, (CAPTURE, card, value if card.is_joker else None, None, None), value, True))  # type: ignore[arg-type]
    return list(MoveList(table, [block for block in found if block[1]], []))


def play_moves(state: QuantoState, card: Card, table: TableKinds, supply: Sequence[int] | None = None) -> list[Move]:
    """Every A1–A5 move with `card`, each once."""
    return list(MoveList(table, blocks(state, (card,), table, supply), []))


def legal_moves(state: QuantoState, limit: int | None = DEFAULT_LIMIT) -> MoveList:
    """The legal moves of `state`'s player to move, each listed once."""
    if state.over:
        return MoveList(None, [], [])
    codes = sorted({FACE_CODE[i] for i in state.playable()})
    faces = [_FACE_OF_CODE[code] for code in codes]
    plays: list[Block] = []
    table: TableCode | None = None
    if faces:
        table = TableCode(state.table, limit)
        plays = blocks(state, faces, table)
    plain = [_LAYS[code] for code in codes] if not plays or not state.options.lay_only_if_stuck else []
    if state.phase == "turn" and state.options.refill == "choice" and state.draw:
        if len(state.table) < state.table_size:
            plain.append(_REFILL_TABLE)
        if len(state.hands[state.to_move]) < state.hand_size:
            plain.append(_REFILL_HAND)
    if not plays and not plain:
        plain.append(_PASS)
    return MoveList(table, plays, plain, state.epoch)


def can_play_beyond_laying(state: QuantoState) -> bool:
    """Whether any A1–A5 move exists with a playable card (for `lay_only_if_stuck`),
    decided without listing: a group for the card's value or a joker on the table, a
    partner for a Quanto, or a Quanto to collect or to take."""
    table = TableKinds.of_ids(state.table, 1)
    player = state.to_move
    chip = state.chip_of[player]
    supply = state.supply()
    for card in {DECK[i] for i in state.playable()}:
        if card.value is None:
            if table.size or chip is not None or any(held is not None for held in state.chip_of):
                return True
            continue
        if table.jokers or groups_with_sum(table.kinds, card.value):
            return True
        if chip is None:
            if any(table.positions_of_value(s - card.value) for s in supply):
                return True
        elif card.value == chip or (card.value < chip and groups_with_sum(table.kinds, chip - card.value)):
            return True
    return False


def no_move_but_passing(state: QuantoState) -> bool:
    """Whether passing is the only legal move: nothing to play and nothing to refill."""
    if state.over or state.playable():
        return False
    refill = state.phase == "turn" and state.options.refill == "choice" and state.draw
    return not (refill and (len(state.table) < state.table_size or len(state.hands[state.to_move]) < state.hand_size))
