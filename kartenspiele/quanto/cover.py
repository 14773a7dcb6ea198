"""Can chosen table cards still grow into groups for a target? A small exact search.

Table cards are counted by value (`Counts`: index 1–12, index 0 unused); a rainbow card
counts like a plain card of its value, and jokers are counted apart (each is a group of
its own). `Cover.cover(need, avail, target)` finds pairwise disjoint groups for `target`
within `avail` that together hold every card of `need`, or None. Only groups that touch
`need` are chosen, so the search is as deep as the selection is large, not the table;
answers are remembered, and two cheap bounds cut hopeless branches.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import le
from operator import sub as minus

Counts = tuple[int, ...]
Groups = tuple[Counts, ...]
VALUES = range(1, 13)
EMPTY: Counts = (0,) * 13


def counts_of(values: Iterable[int]) -> Counts:
    """The count vector of some card values (1–12)."""
    counts = [0] * 13
    for value in values:
        counts[value] += 1
    return tuple(counts)


def add(a: Counts, b: Counts) -> Counts:
    return tuple(map(int.__add__, a, b))


def sub(a: Counts, b: Counts) -> Counts:
    return tuple(map(minus, a, b))


def fits(part: Counts, whole: Counts) -> bool:
    return all(map(le, part, whole))


def one(value: int) -> Counts:
    counts = [0] * 13
    counts[value] = 1
    return tuple(counts)


def total(counts: Counts) -> int:
    return sum(value * count for value, count in enumerate(counts))


def values_of(counts: Counts) -> list[int]:
    """The values of a count vector, largest first."""
    return [value for value in range(12, 0, -1) for _ in range(counts[value])]


def _left(need: int, taken: int) -> int:
    return need - taken if need > taken else 0


@cache
def groups_for(target: int) -> tuple[Counts, ...]:
    """Every multiset of values 1–12 summing to `target` (at most 77 for 12)."""
    found: list[Counts] = []

    def walk(largest: int, rest: int, chosen: list[int]) -> None:
        if rest == 0:
            found.append(counts_of(chosen))
            return
        for value in range(min(largest, rest), 0, -1):
            chosen.append(value)
            walk(value, rest - value, chosen)
            chosen.pop()

    if 1 <= target <= 12:
        walk(12, target, [])
    return tuple(found)


@cache
def groups_with(target: int, value: int) -> tuple[Counts, ...]:
    """The groups for `target` that hold `value`, those with the fewest cards first."""
    return tuple(sorted((g for g in groups_for(target) if g[value]), key=sum))


def any_group(avail: Counts, target: int) -> Counts | None:
    """One group for `target` within `avail`, or None."""
    return next((g for g in groups_for(target) if fits(g, avail)), None)


def _fills_up(needed: int, extras: Counts, target: int) -> bool:
    """Whether some of the extra cards (those not needed, up to `target`) bring `needed`
    to a multiple of `target` — every union of groups sums to one."""
    sums = 1
    for value in range(1, target + 1):
        for _ in range(extras[value]):
            sums |= sums << value
    wanted = (-needed) % target
    return bool(sums & _every(target, wanted, sums.bit_length()))


@cache
def _every(target: int, start: int, length: int) -> int:
    """The bits start, start + target, start + 2·target, … below `length`."""
    bits = 0
    for position in range(start, length, target):
        bits |= 1 << position
    return bits


class Cover:
    """The search, with its answers remembered for one table (create one per query)."""

    def __init__(self) -> None:
        self._memo: dict[tuple[Counts, Counts, int], Groups | None] = {}

    def cover(self, need: Counts, avail: Counts, target: int) -> Groups | None:
        """Disjoint groups for `target` within `avail` holding every card of `need` (which
        lies within `avail`), or None. The empty need is covered by no groups."""
        if not any(need):
            return ()
        key = (need, avail, target)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = answer = self._search(need, avail, target)
        return answer

    def _search(self, need: Counts, avail: Counts, target: int) -> Groups | None:
        largest = max(v for v in VALUES if need[v])
        if largest > target:
            return None
        needed = total(need)
        groups_needed = -(-needed // target)
        if sum(v * avail[v] for v in range(1, target + 1)) < groups_needed * target:
            return None
        if not _fills_up(needed, sub(avail, need), target):
            return None
        for group in groups_with(target, largest):
            if not fits(group, avail):
                continue
            rest_need = tuple(map(_left, need, group))
            found = self.cover(rest_need, sub(avail, group), target)
            if found is not None:
                return (group, *found)
        return None

    def cover_with_bonus(self, need: Counts, avail: Counts, target: int) -> tuple[Groups, int | None] | None:
        """`cover`, where one card of `need` may instead be a rainbow bonus (any value).
        Returns the groups and the bonus value (None when no bonus is needed)."""
        too_big = [v for v in VALUES if need[v] and v > target]
        if len(too_big) > 1 or (too_big and need[too_big[0]] > 1):
            return None
        choices = too_big or [v for v in VALUES if need[v]]
        if not too_big:
            found = self.cover(need, avail, target)
            if found is not None:
                return found, None
        for value in choices:
            bonus = one(value)
            found = self.cover(sub(need, bonus), sub(avail, bonus), target)
            if found is not None:
                return found, value
        return None

    def cover_with_part(self, need: Counts, avail: Counts, part: int, target: int) -> tuple[Counts, Groups] | None:
        """One group for `part` (the cards that extend a Quanto) and disjoint groups for
        `target`, all within `avail`, holding every card of `need`; or None."""
        if part < 1:
            return None
        candidates = sorted(
            (g for g in groups_for(part) if fits(g, avail)), key=lambda g: -sum(min(n, x) for n, x in zip(need, g))
        )
        for group in candidates:
            rest_need = tuple(map(_left, need, group))
            found = self.cover(rest_need, sub(avail, group), target)
            if found is not None:
                return group, found
        return None


for _target in VALUES:  # build the small tables once, at import, not during a click
    for _value in VALUES:
        groups_with(_target, _value)
