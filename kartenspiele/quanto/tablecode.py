"""The table packed into integers, for the move listing: `TableKinds` counts it by kind and
works out the unions of disjoint groups, `TableCode` holds it as one takes code (see
`actions`) and remembers the plays under integer keys; both give the plays of a kind and a
target as packed table cards.

The table is counted by kind (face). A multiset of table cards is a packed integer (see
`arithmetic.pack`) with the jokers in the last place: a joker on the table is a group by
itself for every value and never part of a sum, so it is added to each union separately.
Small tables are worked out by `smallplays`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence

from ..arithmetic import (
    contains,
    groups_with_sum,
    guards,
    is_crowded,
    largest_disjoint_union,
    largest_within,
    pack,
    union_bound,
    union_codes,
    unpack,
)
from . import smallplays
from .actions import ID_TAKES, JOKER_NIBBLE, PREFIX, kinds_present
from .cards import DECK, FACE_CODE, JOKER, Card
from .moves import CAPTURE, EXTEND, FORM, Move
from .smallplays import SmallTable

Candidate = tuple[str, Card, "int | None", "int | None", "int | None", int]

_JOKER_CODE = JOKER.sort_key()
_FACE_OF_CODE: dict[int, Card] = {face.sort_key(): face for face in DECK}

_RECENT_TABLES = 64
_recent_tables: dict[tuple[bytes, int | None], TableKinds] = {}
_RECENT_UNIONS = 1 << 15
_recent_unions: dict[tuple[tuple[tuple[int, int], ...], int, int | None, bool], tuple[int, ...]] = {}
_recent_partners: dict[tuple[tuple[tuple[int, int], ...], int], tuple[int, ...]] = {}
"""The unions (and the groups) of the plain cards up to a target, shared by every table
with those cards (the codes of the kinds up to the target are the same on all of them);
forgotten all at once when full."""
PlaysKey = tuple[str, int, int, int, int, "int | None"]
_recent_plays: dict[PlaysKey, tuple[int, ...]] = {}
"""The plays of one kind and target on the tables with the same cards up to the target
(see `TableCode.codes`); forgotten all at once when full."""
_RECENT_PLAYS = 1 << 16  # self-play asks about one new question a move: 1 << 15 filled within 40,000 moves
_JOKER_SHIFT = 4 * JOKER.sort_key()
_recent_shifts: dict[int, list[int]] = {}
"""The shifts of the kinds of a table (see `TableCode.shifts`), by the kinds present."""
_recent_bonus: dict[tuple[str, int, int, int | None], tuple[int, ...]] = {}
"""A rainbow card's plays (see `TableCode.bonus_codes`), by kind, target, table and limit."""
_has_group: dict[int, bool] = {}
"""Whether the plain cards up to a target on a table make a group for it (see `TableCode.has_group`)."""
_PLAIN_PREFIX = [prefix & ~JOKER_NIBBLE for prefix in PREFIX]


def memo_size() -> int:
    """How many answers the packed tables' memos hold (tables, unions, groups, plays)."""
    return (
        len(_recent_tables)
        + len(_recent_unions)
        + len(_recent_partners)
        + len(_recent_plays)
        + len(_recent_shifts)
        + len(_recent_bonus)
        + len(_has_group)
        + smallplays.memo_size()
    )


def clear_memos() -> None:
    """Forget the packed tables' memos (see `movegen.clear_memos`)."""
    memos = (_recent_tables, _recent_unions, _recent_partners, _recent_plays, _recent_shifts, _recent_bonus, _has_group)
    for memo in memos:
        memo.clear()
    smallplays.clear_memos()


class TableKinds:
    """The table as counts of kinds, with cached unions of disjoint groups per value."""

    def __init__(self, faces: Sequence[Card], limit: int | None) -> None:
        self._setup(sorted(face.sort_key() for face in faces), limit)

    @classmethod
    def of_ids(cls, table: Sequence[int], limit: int | None) -> TableKinds:
        """The table of these card ids (the same object for a table seen lately, with the
        unions it has worked out: tables recur from turn to turn)."""
        codes = sorted([FACE_CODE[card_id] for card_id in table])
        key = (bytes(codes), limit)
        kinds = _recent_tables.get(key)
        if kinds is None:
            if len(_recent_tables) >= _RECENT_TABLES:
                _recent_tables.clear()
            kinds = _recent_tables[key] = cls.__new__(cls)
            kinds._setup(codes, limit)
        return kinds

    def _setup(self, codes: list[int], limit: int | None) -> None:
        """Count the sorted face codes (see `FACE_CODE`) by kind; the unions, groups and
        crowding are worked out when first asked for."""
        counts: dict[int, int] = {}
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
        jokers = counts.pop(_JOKER_CODE, 0)
        self.counts = counts
        self.faces = [_FACE_OF_CODE[code] for code in counts]
        self.plain = len(self.faces)
        if jokers:
            self.faces.append(JOKER)
        self.size = len(self.faces)
        self.values = values = [code >> 1 for code in counts]
        self.kinds = tuple(zip(values, counts.values()))
        self.by_value: dict[int, list[int]] = {}
        for index, value in enumerate(values):
            self.by_value.setdefault(value, []).append(index)
        self.jokers = jokers
        self.joker_unit = 1 << (8 * self.plain)
        self.plain_mask = self.joker_unit - 1
        self.whole = int.from_bytes(bytes([*counts.values(), jokers] if jokers else counts.values()), "little")
        self.limit = limit
        options = 1
        for count in counts.values():
            options *= count + 1
        self.roomy = limit is None or options - 1 <= limit  # no more than `limit` sub-multisets: never crowded
        self.joker_codes = [count * self.joker_unit for count in range(jokers + 1)]
        self.guard = guards(self.size)
        self.units = [1 << (8 * index) for index in range(self.size)]
        self._unions: dict[tuple[int, int, bool], tuple[int, ...]] = {}
        self._crowded: dict[tuple[int, int], bool] = {}
        self._partners: dict[int, tuple[int, ...]] = {}

    def has_value(self, value: int) -> bool:
        """Whether a plain card of this value lies on the table."""
        return value in self.by_value

    def partner_chips(self, value: int, chips: Sequence[int]) -> list[int]:
        """The chips for which a card of `value` has a partner card on the table."""
        by_value = self.by_value
        return [chip for chip in chips if chip - value in by_value]

    def bonus_codes(self, kind: str, target: int) -> list[int]:
        """The packed table cards of a rainbow card's plays of one kind for `target`: each
        union (a capture needs a group), alone and with one more card as the bonus."""
        return with_bonus(self, with_jokers(self, self.unions(target), kind == CAPTURE))

    def positions_of_value(self, value: int) -> list[int]:
        """The kinds (positions) of the plain cards with this value (a plain and a rainbow one)."""
        return self.by_value.get(value, [])

    def move(self, candidate: Candidate) -> Move:
        """The move of a candidate on this table."""
        kind, card, declared, chip, target, taken = candidate
        return Move.canonical(kind, card, self.cards(taken), declared, chip, target)

    def unions(self, target: int, rest: int | None = None, largest: bool = True) -> tuple[int, ...]:
        """The empty union and every union of disjoint groups for `target` within `rest`
        (on a crowded table at most `limit` of them, and then the largest one too unless
        `largest` is False)."""
        key = (self.whole & self.plain_mask if rest is None else rest & self.plain_mask, target, largest)
        found = self._unions.get(key)
        if found is None:
            kinds = self.kinds_within(key[0], target)
            shared = (tuple(kinds), target, self.limit, largest)
            found = _recent_unions.get(shared)
            if found is None:
                if len(_recent_unions) >= _RECENT_UNIONS:
                    _recent_unions.clear()
                found = _recent_unions[shared] = (0, *union_codes(kinds, target, self.limit, largest))
            self._unions[key] = found
        return found

    def kinds_within(self, rest: int, target: int) -> Sequence[tuple[int, int]]:
        """The (value, count) kinds of the plain cards of `rest` up to the value `target`."""
        end = bisect_right(self.values, target)
        if rest == self.whole & self.plain_mask:
            return self.kinds[:end]
        counts = unpack(rest, self.plain)
        return [(value, counts[index]) for index, (value, _) in enumerate(self.kinds[:end])]

    def crowded(self, target: int, rest: int) -> bool:
        """Whether the unions for `target` within `rest` are more than `limit`."""
        if self.roomy:
            return False
        key = (rest & self.plain_mask, target)
        found = self._crowded.get(key)
        if found is None:
            found = self._crowded[key] = self.limit is not None and is_crowded(
                self.kinds_within(key[0], target), target, self.limit
            )
        return found

    def partners(self, value: int) -> tuple[int, ...]:
        """The groups for `value` on the table, packed."""
        found = self._partners.get(value)
        if found is None:
            kinds = self.kinds[: bisect_right(self.values, value)]
            found = _recent_partners.get((kinds, value))
            if found is None:
                if len(_recent_partners) >= _RECENT_UNIONS:
                    _recent_partners.clear()
                found = _recent_partners[kinds, value] = tuple([pack(group) for group in groups_with_sum(kinds, value)])
            self._partners[value] = found
        return found

    def codes(self, kind: str, target: int, value: int = 0) -> tuple[int, ...]:
        """The packed table cards of the plays of one kind for `target` (the value of the
        play, or the chip), by a card of `value` (for a Quanto) — a plain card or a joker.
        They depend on the cards up to `target` alone (`TableCode` remembers them so)."""
        if kind == FORM:
            made = _form_codes(self, value, target)
        elif kind == EXTEND:
            made = _extension_codes(self, value, target)
        else:
            made = with_jokers(self, self.unions(target), kind == CAPTURE)
        return tuple(made)  # tuples of ints: the garbage collector skips them

    def largest_code(self, target: int, without: int) -> int:
        """The plain cards of the largest union for `target` (exact) once one card of the
        kind `without` has left the table, packed (0 if there is none)."""
        counts = [0] * target
        for value, count in self.kinds:
            if value <= target:
                counts[value - 1] += count
        best = largest_within(tuple(counts), target, self.kinds[without][0])
        if best is None:
            return 0
        code = 0
        for index, (value, count) in enumerate(self.kinds):
            if value <= target:
                left = count - (index == without)
                taken = min(left, best[value - 1])
                best = best[: value - 1] + (best[value - 1] - taken,) + best[value:]
                code += taken << (8 * index)
        return code

    def bonus_choices(self, code: int) -> list[int]:
        """`code` plus one more card of each kind still on the table (a rainbow bonus)."""
        lifted = (self.whole | self.guard) - code
        guard = self.guard
        return [code + unit for unit in self.units if (lifted - unit) & guard == guard]

    def cards(self, code: int) -> tuple[Card, ...]:
        taken: list[Card] = []
        for face, count in zip(self.faces, code.to_bytes(self.size, "little")):
            if count:
                taken.extend([face] * count)
        return tuple(taken)

    def code_of(self, faces: list[Card]) -> int | None:
        """The packed multiset of `faces`, or None if they are not all on the table."""
        counts: dict[Card, int] = {}
        for face in faces:
            counts[face] = counts.get(face, 0) + 1
        code = 0
        for index, face in enumerate(self.faces):
            code += counts.pop(face, 0) << (8 * index)
        if counts or not contains(self.whole, code, self.size):
            return None
        return code


class TableCode:
    """The table as one takes code (`actions.ID_TAKES` summed), for the listing: the plays
    are remembered under integer keys (the cards up to the value that matters, and where
    the jokers stand), so a warm listing never counts the table by kind; only an answer not
    seen yet asks the `TableKinds` of the table. Codes are packed as by `TableKinds`."""

    def __init__(self, table: Sequence[int], limit: int | None) -> None:
        self.ids = table
        self.limit = limit
        self.code = sum([ID_TAKES[card_id] for card_id in table])
        self.jokers = self.code >> _JOKER_SHIFT
        self._kinds: TableKinds | None = None
        self._shifts: list[int] | None = None
        self._small: SmallTable | None = None

    @property
    def kinds(self) -> TableKinds:
        if self._kinds is None:
            self._kinds = TableKinds.of_ids(self.ids, self.limit)
        return self._kinds

    @property
    def small(self) -> SmallTable:
        if self._small is None:
            self._small = SmallTable(self.code, self.shifts, self.jokers, len(self.ids))
        return self._small

    @property
    def shifts(self) -> list[int]:
        """The takes-code shift of each kind on the table, in the order of `TableKinds`."""
        if self._shifts is None:
            code = self.code
            kinds = kinds_present(code)
            shifts = _recent_shifts.get(kinds)
            if shifts is None:
                if len(_recent_shifts) >= _RECENT_UNIONS:
                    _recent_shifts.clear()
                shifts = _recent_shifts[kinds] = [
                    shift for shift in range(8, _JOKER_SHIFT + 1, 4) if code >> shift & 15
                ]
            self._shifts = shifts
        return self._shifts

    def has_value(self, value: int) -> bool:
        """Whether a plain card of this value lies on the table."""
        return 0 < value <= 12 and self.code >> (8 * value) & 0xFF != 0

    def has_group(self, target: int) -> bool:
        """Whether some plain cards of the table add up to `target` (remembered under the
        plain cards up to `target`)."""
        key = self.code & _PLAIN_PREFIX[target] | target  # the lowest byte holds no card
        found = _has_group.get(key)
        if found is None:
            if len(_has_group) >= _RECENT_UNIONS:
                _has_group.clear()
            sums = 1  # bit s: some of the cards seen add up to s
            code = self.code
            for shift in self.shifts:
                value = shift >> 3
                if value > target:
                    break
                count = code >> shift & 15
                if value * count > target:
                    count = target // value
                for _ in range(count):
                    sums |= sums << value
            found = _has_group[key] = sums >> target & 1 == 1
        return found

    def partner_chips(self, value: int, chips: Sequence[int]) -> list[int]:
        """The chips for which a card of `value` has a partner card on the table."""
        code = self.code
        return [chip for chip in chips if chip > value and code >> (8 * (chip - value)) & 0xFF]

    def codes(self, kind: str, target: int, value: int = 0) -> tuple[int, ...]:
        """`TableKinds.codes`, remembered under the cards up to `target` and the jokers
        (with the number of plain kinds, which places the jokers in a packed code)."""
        if kind == EXTEND and not self.has_group(target - value):
            return ()  # no partner group: nothing to extend with, whatever the cards up to the chip
        key = (kind, target, value, self.code & PREFIX[target], len(self.shifts) if self.jokers else 0, self.limit)
        found = _recent_plays.get(key)
        if found is None:
            # a small table's walk sees a missing group at once
            made = self.small.codes(kind, target, value, self.limit)
            if made is None:  # a large table: its TableKinds is not made for a capture without a group
                no_group = kind == CAPTURE and not self.jokers and not self.has_group(target)
                made = () if no_group else self.kinds.codes(kind, target, value)
            found = self._remember(key, made)
        return found

    def bonus_codes(self, kind: str, target: int) -> tuple[int, ...]:
        """`TableKinds.bonus_codes`, remembered under the whole table (a bonus card may be
        any on it)."""
        key = (kind, target, self.code, self.limit)
        found = _recent_bonus.get(key)
        if found is None:
            small = self.small
            made = small.bonus_codes(kind, target, self.limit)
            if len(_recent_bonus) >= _RECENT_UNIONS:
                _recent_bonus.clear()
            found = _recent_bonus[key] = tuple(self.kinds.bonus_codes(kind, target) if made is None else made)
        return found

    @staticmethod
    def _remember(key: PlaysKey, codes: Sequence[int]) -> tuple[int, ...]:
        if len(_recent_plays) >= _RECENT_PLAYS:
            _recent_plays.clear()
        found = _recent_plays[key] = tuple(codes)
        return found

    def _counts(self, code: int) -> Iterator[tuple[int, int]]:
        """(takes-code shift, count) of each kind a packed multiset of this table holds."""
        for shift in self.shifts:
            if not code:
                return
            if code & 0xFF:
                yield shift, code & 0xFF
            code >>= 8

    def cards(self, code: int) -> tuple[Card, ...]:
        taken: list[Card] = []
        for shift, count in self._counts(code):
            taken.extend([_FACE_OF_CODE[shift >> 2]] * count)
        return tuple(taken)

    def takes_code(self, code: int) -> int:
        """A packed multiset of this table as a takes code (see `actions`)."""
        return sum([count << shift for shift, count in self._counts(code)])

    def taken_ids(self, code: int) -> list[int]:
        """The table's card ids that a packed multiset takes: by face in order, of each
        face the first on the table (as `rules` picks them for the cards of a move)."""
        ids: list[int] = []
        table = self.ids
        for shift, count in self._counts(code):
            face = shift >> 2
            for card_id in table:
                if FACE_CODE[card_id] == face:
                    ids.append(card_id)
                    count -= 1
                    if not count:
                        break
        return ids

    def packed(self, takes: int) -> int | None:
        """The packed multiset of this table with these takes, or None if a card is not on it."""
        code = 0
        for index, shift in enumerate(self.shifts):
            code += (takes >> shift & 15) << (8 * index)
            takes &= ~(15 << shift)
        return None if takes else code


def with_jokers(table: TableKinds, unions: Sequence[int], need_group: bool) -> list[int]:
    """Each union, alone and with each number of the table's jokers (the empty one only
    when no group is needed)."""
    if table.jokers:
        codes = [union + jokers for union in unions for jokers in table.joker_codes]
    else:
        codes = list(unions)
    if need_group and codes and codes[0] == 0:
        del codes[0]
    return codes


def with_bonus(table: TableKinds, codes: Sequence[int]) -> list[int]:
    """The codes, each followed by itself plus one more card (a rainbow bonus), each once."""
    found: dict[int, None] = {}
    for code in codes:
        found[code] = None
        for bonus in table.bonus_choices(code):
            found[bonus] = None
    return list(found)


def _form_codes(table: TableKinds, value: int, chip: int) -> list[int]:
    """Forming a Quanto with `chip` by a card of `value`: a partner card worth chip − value,
    plus disjoint groups for the chip. On a crowded table the largest form (exact) is added."""
    found: dict[int, None] = {}
    positions = table.positions_of_value(chip - value)
    crowded = False
    for index in positions:
        unit = table.units[index]
        crowded = crowded or table.crowded(chip, table.whole - unit)
        shift = [unit + jokers for jokers in table.joker_codes]
        found.update(
            dict.fromkeys([union + more for union in table.unions(chip, table.whole - unit, False) for more in shift])
        )
    if crowded:
        best = table.largest_code(chip, positions[0])
        found[best + table.units[positions[0]] + table.jokers * table.joker_unit] = None
    return list(found)


def _extension_codes(table: TableKinds, value: int, chip: int) -> list[int]:
    """Extending the Quanto with a card of `value`: a partner group for chip − value, plus
    disjoint groups for the chip. On a crowded table the partners are listed until `limit` moves, and the
    largest extension (exact) is added."""
    found: dict[int, None] = {}
    crowded = False
    for partner_code in table.partners(chip - value):
        rest = table.whole - partner_code
        crowded = crowded or table.crowded(chip, rest)
        shift = [partner_code + jokers for jokers in table.joker_codes]
        found.update(dict.fromkeys([union + more for union in table.unions(chip, rest, False) for more in shift]))
        if table.limit is not None and len(found) > table.limit:
            crowded = True
            break
    if crowded:
        best = _largest_extension(table, chip - value, chip)
        if best is not None:
            found[best + table.jokers * table.joker_unit] = None
    return list(found)


def _largest_extension(table: TableKinds, need: int, chip: int) -> int | None:
    """The plain cards of the extension with the most cards: a partner group for `need` and
    the largest union for `chip` in the rest. Partners are tried from the most hopeful
    (its cards and a bound on the rest's union) until none can beat the best found."""
    hopes = []
    for partner in groups_with_sum(table.kinds, need):
        rest = [(value, count - taken) for (value, count), taken in zip(table.kinds, partner)]
        hopes.append((sum(partner) + union_bound(rest, chip), partner, rest))
    hopes.sort(key=lambda hope: -hope[0])
    best: tuple[int, int] | None = None
    for hope, partner, rest in hopes:
        if best is not None and hope <= best[0]:
            break
        union = largest_disjoint_union(rest, chip)
        cards = sum(partner) + (sum(union) if union else 0)
        if best is None or cards > best[0]:
            best = (cards, pack(partner) + (pack(union) if union else 0))
    return None if best is None else best[1]
