"""Subset sums and their relatives: pure functions for the engines and the lessons.

Two views of the same question "which cards make v?":

* by **position** (`subsets_with_sum`, `count_subsets_with_sum`): every subset of a list,
  as a pupil would list them — two equal cards give two different subsets;
* by **kind** (`groups_with_sum`, `disjoint_unions`, `largest_disjoint_union`): cards of
  equal kind are interchangeable, so each distinct multiset is produced once. A kind is a
  `(value, count)` pair; two kinds may share a value (a plain 8 and a rainbow 8).

Multisets of kinds are count vectors (one count per kind). Internally they are packed
into one integer with a guard bit per kind, so "does this group still fit?" is a single
subtraction (a borrow clears a guard bit).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

Kinds = Sequence[tuple[int, int]]
CountVector = tuple[int, ...]

_FIELD_BITS = 8  # 7 bits of count (up to 127 cards of a kind) and one guard bit
_GUARD = 1 << (_FIELD_BITS - 1)
_MASK = _GUARD - 1


# --- by position -------------------------------------------------------------------------


def subsets_with_sum(values: Sequence[int], target: int) -> Iterator[tuple[int, ...]]:
    """Yield the positions of every subset of `values` (positive ints) summing to `target`.

    Output-sensitive: a branch is cut as soon as the values left cannot reach the target.
    Positions come in increasing order within a subset; subsets in lexicographic order.
    """
    if target <= 0:
        return
    order = sorted(range(len(values)), key=lambda i: values[i])
    ordered = [values[i] for i in order]
    suffix = [0] * (len(ordered) + 1)
    for i in range(len(ordered) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + ordered[i]
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(start: int, rest: int) -> None:
        if rest == 0:
            found.append(tuple(sorted(order[i] for i in chosen)))
            return
        if suffix[start] < rest:
            return
        for i in range(start, len(ordered)):
            if ordered[i] > rest:
                break
            chosen.append(i)
            walk(i + 1, rest - ordered[i])
            chosen.pop()

    walk(0, target)
    yield from sorted(found)


def count_subsets_with_sum(values: Sequence[int], target: int) -> int:
    """How many subsets (by position) of `values` sum to `target`.

    This is the coefficient of x**target in the product of (1 + x**a) over the values,
    computed by the usual dynamic programme.
    """
    if target < 0:
        return 0
    ways = [1] + [0] * target
    for value in values:
        for total in range(target, value - 1, -1):
            ways[total] += ways[total - value]
    return ways[target] if target > 0 else 0


# --- by kind -----------------------------------------------------------------------------


def pack(counts: Sequence[int]) -> int:
    """A count vector as one integer (8 bits per kind; see the module's text)."""
    return int.from_bytes(bytes(counts), "little")


def unpack(code: int, size: int) -> CountVector:
    """The count vector of a packed multiset of `size` kinds."""
    return tuple(code.to_bytes(size, "little"))


@lru_cache(maxsize=64)
def guards(size: int) -> int:
    """The guard bits of `size` packed kinds."""
    return sum(_GUARD << (position * _FIELD_BITS) for position in range(size))


def contains(whole: int, part: int, size: int) -> bool:
    """Whether the packed multiset `part` lies within `whole` (both of `size` kinds)."""
    lifted = whole | guards(size)
    return (lifted - part) & guards(size) == guards(size)


def _relevant(kinds: Kinds, target: int) -> tuple[tuple[int, int], ...]:
    """The kinds up to the last one whose value can take part in a sum for `target`.

    Answers for this prefix are also answers for the whole list (the later kinds stay 0),
    and with kinds sorted by value many different tables share a prefix, so the caches
    below are keyed by it.
    """
    end = len(kinds)
    while end and kinds[end - 1][0] > target:
        end -= 1
    return tuple(kinds[:end])


def groups_with_sum(kinds: Kinds, target: int) -> list[CountVector]:
    """Every distinct non-empty multiset of the kinds whose values sum to `target`."""
    pad = (0,) * len(kinds)
    return [group + pad[len(group) :] for group in _groups(_relevant(kinds, target), target)]


@lru_cache(maxsize=1 << 16)
def _groups(kinds: tuple[tuple[int, int], ...], target: int) -> tuple[CountVector, ...]:
    found: list[CountVector] = []
    reach = [0] * (len(kinds) + 1)
    for i in range(len(kinds) - 1, -1, -1):
        reach[i] = reach[i + 1] + kinds[i][0] * kinds[i][1]
    counts = [0] * len(kinds)

    def walk(index: int, rest: int) -> None:
        if rest == 0:
            found.append(tuple(counts))
            return
        if index == len(kinds) or reach[index] < rest:
            return
        value, available = kinds[index]
        most = min(available, rest // value) if value > 0 else 0
        for taken in range(most, -1, -1):
            counts[index] = taken
            walk(index + 1, rest - taken * value)
        counts[index] = 0

    if target > 0:
        walk(0, target)
    return tuple(found)


def disjoint_unions(kinds: Kinds, target: int, limit: int | None = None) -> list[CountVector]:
    """Every distinct multiset that splits into pairwise disjoint groups summing to `target`.

    Breadth-first over the unions themselves, each reached once: the work grows with the
    number of answers times the number of groups, not with the number of subsets.
    With `limit`, at most `limit` unions with the fewest groups are returned, plus always
    one of the largest (`largest_disjoint_union`, exact within its search budget), for
    crowded tables.
    """
    size = len(kinds)
    return [unpack(code, size) for code in union_codes(kinds, target, limit)]


def union_codes(kinds: Kinds, target: int, limit: int | None = None) -> list[int]:
    """`disjoint_unions`, packed (see `pack`). Answers are remembered: tables repeat."""
    return list(_union_codes(_relevant(kinds, target), target, limit))


@lru_cache(maxsize=1 << 16)
def _union_codes(kinds: tuple[tuple[int, int], ...], target: int, limit: int | None) -> tuple[int, ...]:
    size = len(kinds)
    groups = [pack(group) for group in _groups(kinds, target)]
    if not groups:
        return ()
    guard = guards(size)
    start = pack([count for _, count in kinds])
    seen = {start}
    frontier = [start]
    capped = False
    while frontier and not capped:
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
                        if limit is not None and len(seen) > limit:
                            capped = True
                            break
            if capped:
                break
        frontier = following
    seen.discard(start)
    unions = [start - rest for rest in seen]
    if capped:
        largest = largest_disjoint_union(kinds, target)
        if largest is not None and pack(largest) not in unions:
            unions.append(pack(largest))
    return tuple(unions)


LARGEST_BUDGET = 4000
"""Multisets the exact search for the largest union may visit before it gives up."""


class _OverBudget(Exception):
    pass


def largest_disjoint_union(kinds: Kinds, target: int, budget: int | None = LARGEST_BUDGET) -> CountVector | None:
    """A union of pairwise disjoint groups for `target` with the most cards (None if none).

    Exact, by a memoised search in which the first card left either joins a group or stays,
    as long as it visits at most `budget` multisets (None: no bound); beyond that (tables of
    about 20 cards and more, never reached by the default listing of normal games) it falls back to `greedy_disjoint_union`, so its time stays bounded.
    """
    size = len(kinds)
    groups = groups_with_sum(kinds, target)
    if not groups:
        return None
    by_lowest: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for group in groups:
        by_lowest[next(i for i, c in enumerate(group) if c)].append((pack(group), sum(group)))
    guard = guards(size)
    memo: dict[int, tuple[int, int]] = {}

    def best(rest: int) -> tuple[int, int]:
        """(cards taken, packed union) for the multiset `rest`."""
        if rest == 0:
            return (0, 0)
        if rest in memo:
            return memo[rest]
        if budget is not None and len(memo) >= budget:
            raise _OverBudget
        first = ((rest & -rest).bit_length() - 1) // _FIELD_BITS  # the first kind left
        answer = best(rest - (1 << (first * _FIELD_BITS)))
        lifted = rest | guard
        for group, cards in by_lowest[first]:
            left = lifted - group
            if left & guard == guard:
                taken, union = best(left ^ guard)
                if taken + cards > answer[0]:
                    answer = (taken + cards, union + group)
        memo[rest] = answer
        return answer

    try:
        taken, union = best(pack([count for _, count in kinds]))
    except _OverBudget:
        return greedy_disjoint_union(kinds, target)
    return unpack(union, size) if taken else None


def greedy_disjoint_union(kinds: Kinds, target: int) -> CountVector | None:
    """A large union of pairwise disjoint groups for `target` (None if none), found greedily:
    again and again the group with the most cards (the smallest values) that still fits."""
    size = len(kinds)
    groups = sorted(groups_with_sum(kinds, target), key=lambda group: (-sum(group), group))
    if not groups:
        return None
    guard = guards(size)
    rest = pack([count for _, count in kinds])
    union = 0
    for group in map(pack, groups):
        while True:
            left = (rest | guard) - group
            if left & guard != guard:
                break
            rest = left ^ guard
            union += group
    return unpack(union, size)


def split_into_groups(values: Sequence[int], target: int) -> list[list[int]] | None:
    """Split the multiset `values` into groups that each sum to `target`, or None.

    Used to explain a capture ("8 = 8, 4 + 4 = 8"); larger groups of equal value come first.
    """
    if target <= 0 or any(v <= 0 for v in values) or sum(values) % target:
        return None
    pool = sorted(values, reverse=True)

    def fill(pool: list[int]) -> list[list[int]] | None:
        if not pool:
            return []
        first, rest = pool[0], pool[1:]
        if first == target:
            tail = fill(rest)
            return None if tail is None else [[first], *tail]
        for positions in subsets_with_sum(rest, target - first):
            chosen = set(positions)
            tail = fill([v for i, v in enumerate(rest) if i not in chosen])
            if tail is not None:
                return [[first, *(rest[i] for i in positions)], *tail]
        return None

    return fill(pool)
