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
    one of the largest (`largest_disjoint_union`, exact), for crowded tables.
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


def largest_disjoint_union(kinds: Kinds, target: int) -> CountVector | None:
    """A union of pairwise disjoint groups for `target` with the most cards (None if none).

    Exact on tables of any size. Kinds of equal value are interchangeable in sums, so the
    search runs on counts by value (`largest_by_value`), and its answer is shared out over
    the kinds in their order.
    """
    counts = [0] * (target + 1)
    for value, count in kinds:
        if 0 < value <= target:
            counts[value] += count
    best = largest_by_value(tuple(counts[1:]), target) if target > 0 else None
    if best is None:
        return None
    left = [0, *best]
    union = []
    for value, count in kinds:
        taken = min(count, left[value]) if 0 < value <= target else 0
        union.append(taken)
        if taken:
            left[value] -= taken
    return tuple(union)


@lru_cache(maxsize=1 << 12)
def largest_by_value(counts: CountVector, target: int) -> CountVector | None:
    """The most cards of a union of disjoint groups for `target`, by value: `counts[v - 1]`
    cards of value v are on the table; the answer is a count vector of the same shape.

    Iterative deepening on the number of cards: for k from an upper bound down, a search in
    which the largest card left either joins a group (with smaller cards) or stays finds a
    union of at least k cards or proves there is none; proofs are remembered ("from these
    cards fewer than k"). The bound (`_card_bound`) cuts every branch that cannot reach k.
    """
    by_largest, guard = _groups_by_largest(target)
    failed: dict[int, int] = {}

    def reach(rest: int, need: int) -> int | None:
        """A union within `rest` of at least `need` cards, or None."""
        if need <= 0:
            return 0
        if failed.get(rest, need + 1) <= need:
            return None
        if rest and _card_bound(rest, target) >= need:
            top = (rest.bit_length() - 1) // _FIELD_BITS
            lifted = rest | guard
            for group, cards in by_largest[top]:
                left = lifted - group
                if left & guard == guard:
                    found = reach(left ^ guard, need - cards)
                    if found is not None:
                        return found + group
            found = reach(rest - (1 << (top * _FIELD_BITS)), need)
            if found is not None:
                return found
        if failed.get(rest, need + 1) > need:
            failed[rest] = need
        return None

    whole = pack(counts)
    for need in range(_card_bound(whole, target), 0, -1):
        union = reach(whole, need)
        if union is not None:
            return unpack(union, target)
    return None


@lru_cache(maxsize=16)
def _groups_by_largest(target: int) -> tuple[list[list[tuple[int, int]]], int]:
    """The groups for `target` by value (packed), listed under their largest value (index
    value − 1), those with the most cards first; and the guard bits."""
    groups = groups_with_sum([(value, target // value) for value in range(1, target + 1)], target)
    by_largest: list[list[tuple[int, int]]] = [[] for _ in range(target)]
    for group in groups:
        top = max(index for index, count in enumerate(group) if count)
        by_largest[top].append((pack(group), sum(group)))
    for listed in by_largest:
        listed.sort(key=lambda entry: -entry[1])
    return by_largest, guards(target)


def _card_bound(rest: int, target: int) -> int:
    """At most this many cards of `rest` (counts by value, packed) form disjoint groups for
    `target`. Two bounds, the smaller counts:

    * each card above target/2 needs its own group, filled up by smaller cards worth
      target − value: the most such cards that the smaller ones can fill (those needing the
      least first), plus every card up to target/2;
    * the union's sum is a multiple of `target`, within the sum of the cards (cards above
      target/2 counted only as far as the smaller ones can fill them): the smallest cards
      that fit into it.
    """
    counts = list(rest.to_bytes(target, "little"))
    small = sum(counts[: target // 2])
    big = counts[target - 1]
    spare = prefix = 0
    for need in range(1, (target + 1) // 2):
        prefix += need * counts[need - 1]
        spare += need * counts[need - 1]
        index = target - need - 1
        used = min(counts[index], spare // need)
        spare -= used * need
        big += used
        if counts[index] * need > prefix:
            counts[index] = prefix // need
    total = 0
    for index, count in enumerate(counts):
        total += (index + 1) * count
    budget = total - total % target
    cards = 0
    for index, count in enumerate(counts):
        value = index + 1
        if count * value <= budget:
            budget -= count * value
            cards += count
        else:
            cards += budget // value
            break
    return min(cards, small + big)


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
