"""The plays of a small table, worked out straight from its takes code (see `actions`).

Most tables of a game are small: a few kinds, a group or two for a value. On them the
listing needs no `TableKinds` and no bound: the unions of disjoint groups are found by the
same breadth-first search as `arithmetic.union_codes` (so the same codes in the same
order), with the groups and the unions remembered under integer keys. A table is small
for a target when its sub-multisets of cards up to the target, times the ways to add its
jokers, are no more than the listing's `limit` (and no more than `SMALL`): then no list is
ever cut, and a crowded table's extra (the largest play) never arises.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..arithmetic import guards
from .actions import PREFIX

SMALL = 256
_MEMO_LIMIT = 1 << 16
_groups: dict[int, tuple[int, ...]] = {}
_unions: dict[int, tuple[int, ...]] = {}
"""Keyed by `(start << 112 | prefix) << 4 | target`: the packed counts, the takes code of the
table's cards up to the target (which places the kinds) and the target; forgotten all at
once when full."""


def memo_size() -> int:
    return len(_groups) + len(_unions)


def clear_memos() -> None:
    _groups.clear()
    _unions.clear()


class SmallTable:
    """A table's plain kinds (face codes in order) and jokers, packed as by `TableKinds`."""

    __slots__ = ("values", "counts", "whole", "jokers", "joker_codes", "prefix")

    def __init__(self, code: int, shifts: Sequence[int], jokers: int) -> None:
        plain = shifts[:-1] if jokers else shifts
        self.values = [shift >> 3 for shift in plain]
        self.counts = counts = [code >> shift & 15 for shift in plain]
        self.whole = int.from_bytes(bytes(counts), "little")
        self.jokers = jokers
        unit = 1 << (8 * len(plain))
        self.joker_codes = [count * unit for count in range(jokers + 1)]
        self.prefix = code

    def small(self, target: int, limit: int | None) -> bool:
        """Whether the plays for `target` are worked out here (no list can be cut): the
        sub-multisets of the cards up to `target`, times the ways to add jokers."""
        options = self.jokers + 1
        for count in self.counts[: bisect_right(self.values, target)]:
            options *= count + 1
        return options <= (SMALL if limit is None or limit > SMALL else limit)

    def unions(self, target: int, rest: int) -> tuple[int, ...]:
        """The empty union and every union of disjoint groups for `target` within the plain
        cards `rest` (packed), as `TableKinds.unions` lists them."""
        size = bisect_right(self.values, target)
        start = rest & ((1 << (8 * size)) - 1)
        key = (start << 112 | self.prefix & PREFIX[target]) << 4 | target
        found = _unions.get(key)
        if found is None:
            if len(_unions) >= _MEMO_LIMIT:
                _unions.clear()
            found = _unions[key] = (0, *_search(start, self._groups(target, start, size), size))
        return found

    def _groups(self, target: int, start: int, size: int) -> tuple[int, ...]:
        """The groups for `target` within `start`, packed, in the order of `arithmetic`'s
        walk (the most of the first kind first)."""
        values = self.values
        caps = [0] * size
        capped = 0
        for index, count in enumerate(start.to_bytes(size, "little")):
            value = values[index]
            if value * count > target:
                count = target // value
            caps[index] = count
            capped |= count << (8 * index)
        key = (capped << 112 | self.prefix & PREFIX[target]) << 4 | target
        found = _groups.get(key)
        if found is None:
            if len(_groups) >= _MEMO_LIMIT:
                _groups.clear()
            made: list[int] = []
            reach = [0] * (size + 1)
            for index in range(size - 1, -1, -1):
                reach[index] = reach[index + 1] + values[index] * caps[index]
            _walk(values, caps, reach, 0, target, 0, made)
            found = _groups[key] = tuple(made)
        return found

    def with_jokers(self, unions: tuple[int, ...], need_group: bool) -> list[int]:
        """As `movegen._with_jokers`."""
        if self.jokers:
            codes = [union + jokers for union in unions for jokers in self.joker_codes]
        else:
            codes = list(unions)
        if need_group and codes and codes[0] == 0:
            del codes[0]
        return codes

    def form_codes(self, value: int, chip: int) -> list[int]:
        """As `movegen._form_codes` on a table that is not crowded."""
        found: dict[int, None] = {}
        partner = chip - value
        for index, kind_value in enumerate(self.values):
            if kind_value == partner:
                unit = 1 << (8 * index)
                for union in self.unions(chip, self.whole - unit):
                    for jokers in self.joker_codes:
                        found[union + unit + jokers] = None
        return list(found)

    def extension_codes(self, value: int, chip: int) -> list[int]:
        """As `movegen._extension_codes` on a table that is not crowded."""
        found: dict[int, None] = {}
        need = chip - value
        size = bisect_right(self.values, need)
        for partner in self._groups(need, self.whole & ((1 << (8 * size)) - 1), size):
            for union in self.unions(chip, self.whole - partner):
                for jokers in self.joker_codes:
                    found[union + partner + jokers] = None
        return list(found)


def _walk(values: list[int], caps: list[int], reach: list[int], index: int, rest: int, code: int, out: list[int]) -> None:
    """Every way to make `rest` from the kinds from `index` on, the most of each first."""
    if rest == 0:
        out.append(code)
        return
    if reach[index] < rest:
        return
    value = values[index]
    unit = 1 << (8 * index)
    taken = caps[index]
    if taken * value > rest:
        taken = rest // value
    while taken >= 0:
        _walk(values, caps, reach, index + 1, rest - taken * value, code + taken * unit, out)
        taken -= 1


def _search(start: int, groups: tuple[int, ...], size: int) -> tuple[int, ...]:
    """The breadth-first search of `arithmetic._union_codes` (never cut): the same unions
    in the same order."""
    if not groups:
        return ()
    guard = guards(size)
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for rest in frontier:
            lifted = rest | guard
            for group in groups:
                left = lifted - group
                if left & guard == guard:
                    left ^= guard
                    if left not in seen:
                        seen.add(left)
                        following.append(left)
        frontier = following
    seen.discard(start)
    return tuple([start - rest for rest in seen])
