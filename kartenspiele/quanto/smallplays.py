"""The plays of a small table, worked out straight from its takes code (see `actions`).

Most tables of a game are small: a few kinds, a group or two for a value. On them the
listing needs no `TableKinds` and no bound: the unions of disjoint groups are found by the
same breadth-first search as `arithmetic._union_codes` (`search_unions`, so the same codes in
the same order), with the groups and the unions remembered under integer keys; those for a Quanto's
chip are the whole table's, less the ones that use its partner card or group. A table is small
for a target when its sub-multisets of cards up to the target, times the ways to add its
jokers, are no more than the listing's `limit` (and no more than `SMALL`): then no list is
ever cut, and a crowded table's extra (the largest play) never arises.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from operator import mul

from ..arithmetic import GUARDS, search_unions
from .moves import CAPTURE, EXTEND, FORM

SMALL = 256
_FEW_CARDS = 8  # 2 ** 8 == SMALL
_NO_JOKERS = [0]
_MEMO_LIMIT = 1 << 16
_groups: dict[int, tuple[int, ...]] = {}
_unions: dict[int, tuple[int, ...]] = {}
"""Keyed by `(counts << 96 | values) << 4 | target`: the packed counts and the values (a byte
each) of the table's kinds up to the target, and the target; a rainbow card and a plain one
of the same value count alike here. Forgotten all at once when full."""


def memo_size() -> int:
    """How many groups and unions the memos hold."""
    return len(_groups) + len(_unions)


def clear_memos() -> None:
    """Forget the groups and unions (see `movegen.clear_memos`)."""
    _groups.clear()
    _unions.clear()


class SmallTable:
    """A table's plain kinds (face codes in order) and jokers, packed as by `TableKinds`."""

    __slots__ = ("values", "shape", "whole", "jokers", "joker_codes", "options", "size", "few")

    def __init__(self, code: int, shifts: Sequence[int], jokers: int, cards: int) -> None:
        self.size = len(shifts)
        plain = shifts[:-1] if jokers else shifts
        self.values = [shift >> 3 for shift in plain]
        self.shape = int.from_bytes(bytes(self.values), "little")  # the values, a byte each
        self.whole = int.from_bytes(bytes([code >> shift & 15 for shift in plain]), "little")
        self.jokers = jokers
        self.joker_codes = [count << (8 * len(plain)) for count in range(jokers + 1)] if jokers else _NO_JOKERS
        self.few = cards <= _FEW_CARDS  # then small for every target (see `small`)
        # by the number of kinds from the first: their sub-multisets times the ways to add
        # jokers (made when `small` first needs them)
        self.options: list[int] = []

    def small(self, target: int, limit: int | None) -> bool:
        """Whether the plays for `target` are worked out here: the sub-multisets of the
        cards up to `target`, times the ways to add jokers (at most 2 ** cards), are no
        more than `limit` (and `SMALL`), so that no list can be cut."""
        bound = SMALL if limit is None or limit > SMALL else limit
        if self.few and bound == SMALL:
            return True
        if not self.options:
            counts = self.whole.to_bytes(len(self.values), "little")
            self.options = list(accumulate([count + 1 for count in counts], mul, initial=self.jokers + 1))
        return self.options[bisect_right(self.values, target)] <= bound

    def codes(self, kind: str, target: int, value: int, limit: int | None) -> tuple[int, ...] | None:
        """`TableKinds.codes` (the same codes in the same order), or None if the table is
        not small for `target`: its sub-multisets of cards up to `target`, times the ways
        to add jokers, exceed `limit` (or `SMALL`), so that a list might be cut."""
        if not self.small(target, limit):
            return None
        unions = self.unions(target)
        if kind == FORM or kind == EXTEND:  # a partner card or group, and unions for the chip
            need = target - value  # what the partner is worth
            if kind == FORM:
                partners: Sequence[int] = [
                    1 << (8 * index) for index, kind_value in enumerate(self.values) if kind_value == need
                ]
            else:
                partners = self.groups(need)
            found: dict[int, None] = {}
            for partner in partners:
                for union in self.within(unions, self.whole - partner):
                    for jokers in self.joker_codes:
                        found[union + partner + jokers] = None
            return tuple(found)
        if self.jokers:
            unions = tuple([union + jokers for union in unions for jokers in self.joker_codes])
        return unions[1:] if kind == CAPTURE else unions  # a capture needs a group: not the empty one

    def bonus_codes(self, kind: str, target: int, limit: int | None) -> list[int] | None:
        """`TableKinds.bonus_codes` (a rainbow card's plays: each code alone and with one
        more table card of any kind), or None if the table is not small for `target`."""
        codes = self.codes(kind, target, 0, limit)
        if codes is None:
            return None
        size = self.size
        whole = self.whole + self.joker_codes[-1]
        guard = GUARDS[size]
        units = [1 << (8 * index) for index in range(size)]
        found: dict[int, None] = {}
        for code in codes:
            found[code] = None
            lifted = (whole | guard) - code
            for unit in units:
                if (lifted - unit) & guard == guard:
                    found[code + unit] = None
        return list(found)

    def within(self, unions: tuple[int, ...], rest: int) -> list[int]:
        """Those of the whole table's `unions` for a target that lie within the plain cards
        `rest`: the unions for it within `rest`, in the same order (the search from `rest`
        finds a union of k groups at its k-th step, first from the same smaller union)."""
        guard = GUARDS[len(self.values)]
        lifted = rest | guard
        return [union for union in unions if (lifted - union) & guard == guard]

    def unions(self, target: int) -> tuple[int, ...]:
        """The empty union and every union of disjoint groups for `target` on the table
        (its plain cards, packed), as `TableKinds.unions` lists them."""
        size = bisect_right(self.values, target)
        mask = (1 << (8 * size)) - 1
        start = self.whole & mask
        key = (start << 96 | self.shape & mask) << 4 | target
        found = _unions.get(key)
        if found is None:
            if len(_unions) >= _MEMO_LIMIT:
                _unions.clear()
            groups = _groups.get(key)
            if groups is None:
                groups = self._walk_groups(key, start, size, target)
            found = _unions[key] = (0, *search_unions(start, groups, size)[0])
        return found

    def groups(self, target: int) -> tuple[int, ...]:
        """The groups for `target` on the table (its plain cards, packed), in the order of
        `arithmetic`'s walk (the most of the first kind first); remembered as `unions`."""
        size = bisect_right(self.values, target)
        mask = (1 << (8 * size)) - 1
        start = self.whole & mask
        key = (start << 96 | self.shape & mask) << 4 | target
        found = _groups.get(key)
        if found is None:
            found = self._walk_groups(key, start, size, target)
        return found

    def _walk_groups(self, key: int, start: int, size: int, target: int) -> tuple[int, ...]:
        """`groups`, found by a walk and remembered under `key`."""
        if len(_groups) >= _MEMO_LIMIT:
            _groups.clear()
        made: list[int] = []
        values = self.values
        counts = start.to_bytes(size, "little")
        full = (1 << (target + 1)) - 1
        sums = [1] * (size + 1)  # bit s of sums[i]: the kinds from i on can make s
        for index in range(size - 1, -1, -1):
            reached = below = sums[index + 1]
            value = values[index]
            for _ in range(counts[index]):
                below = below << value & full
                if not below:
                    break
                reached |= below
            sums[index] = reached
        if sums[0] >> target & 1:
            _walk(values, counts, sums, 0, target, 0, made)
        found = _groups[key] = tuple(made)
        return found


def _walk(values: list[int], caps: bytes, sums: list[int], index: int, rest: int, code: int, out: list[int]) -> None:
    """Every way to make `rest` (> 0) from the kinds from `index` on, the most of each
    first; bit s of `sums[i]` tells whether the kinds from i on can make s, so that no step
    is taken that cannot end in a group."""
    value = values[index]
    unit = 1 << (8 * index)
    taken = caps[index]
    if taken * value > rest:
        taken = rest // value
    below = sums[index + 1]
    left = rest - taken * value
    code += taken * unit
    while taken >= 0:
        if below >> left & 1:
            if left:
                _walk(values, caps, sums, index + 1, left, code, out)
            else:
                out.append(code)
        taken -= 1
        left += value
        code -= unit
