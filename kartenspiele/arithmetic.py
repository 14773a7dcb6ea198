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
from itertools import product
from operator import mul

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


GUARDS = [guards(size) for size in range(32)]
"""`guards(size)` made once, by size (for the searches that need it at every step)."""


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


def _capped(kinds: Kinds, target: int) -> tuple[tuple[int, int], ...]:
    """`_relevant`, each count cut to what one group for `target` can hold: the groups stay
    the same, and tables that differ only in plentiful cards share the cached answer."""
    return _cut(_relevant(kinds, target), target)


def _cut(kinds: Kinds, target: int) -> tuple[tuple[int, int], ...]:
    """Each count of the kinds (of values up to `target`) cut as by `_capped`."""
    return tuple(
        [
            (value, count if value * count <= target else target // value) if value > 0 else (value, 0)
            for value, count in kinds
        ]
    )


def groups_with_sum(kinds: Kinds, target: int) -> list[CountVector]:
    """Every distinct non-empty multiset of the kinds whose values sum to `target`."""
    pad = (0,) * len(kinds)
    return [group + pad[len(group) :] for group in _groups(_capped(kinds, target), target)]


@lru_cache(maxsize=1 << 16)
def _groups(kinds: tuple[tuple[int, int], ...], target: int) -> tuple[CountVector, ...]:
    """The groups by kind (counts cut as by `_cut`), in the order of a walk over the kinds
    taking the most first: the descending order of their count vectors."""
    if target > _MASK:  # counts too large to pack
        return _search_groups(kinds, target)
    size = len(kinds)
    return tuple([unpack(code, size) for code in _packed_groups(kinds, target)])


@lru_cache(maxsize=1 << 12)
def _packed_groups(kinds: tuple[tuple[int, int], ...], target: int) -> list[int]:
    """`_groups`, packed: those of the kinds with every count as large as a group may hold
    (`_full_groups`) that fit into these counts. Filtering keeps their order, and tables
    with the same kinds share the one search."""
    guard = guards(len(kinds))
    lifted = pack([count for _, count in kinds]) | guard
    return [
        code for code in _full_groups(tuple([value for value, _ in kinds]), target) if (lifted - code) & guard == guard
    ]


@lru_cache(maxsize=1 << 10)
def _full_groups(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """The groups (packed) of kinds of these values, each with as many cards as a group
    for `target` may hold."""
    kinds = tuple([(value, target // value if value > 0 else 0) for value in values])
    return tuple([pack(group) for group in _search_groups(kinds, target)])


def _search_groups(kinds: tuple[tuple[int, int], ...], target: int) -> tuple[CountVector, ...]:
    """The groups by kind, found by a walk over the kinds taking the most first. On a table
    of many kinds the sums are found once by value, then each value's cards are shared out
    over its kinds (and the groups sorted into the walk's order)."""
    if len(kinds) <= _FEW_KINDS:
        return _walk_groups(kinds, target)
    places: dict[int, list[int]] = {}
    for index, (value, count) in enumerate(kinds):
        if value > 0 and count > 0:
            places.setdefault(value, []).append(index)
    found: list[CountVector] = []
    for partition in _partitions(tuple((value, sum(kinds[i][1] for i in places[value])) for value in places), target):
        choices = [_share(count, [kinds[i][1] for i in places[value]]) for value, count in partition]
        for shares in product(*choices):
            counts = [0] * len(kinds)
            for (value, _), share in zip(partition, shares):
                for index, taken in zip(places[value], share):
                    counts[index] = taken
            found.append(tuple(counts))
    found.sort(reverse=True)
    return tuple(found)


_FEW_KINDS = 8


def _walk_groups(kinds: tuple[tuple[int, int], ...], target: int) -> tuple[CountVector, ...]:
    """The groups by kind, by a walk over the kinds taking the most of each first."""
    found: list[CountVector] = []
    counts = [0] * len(kinds)
    sums = _sums(kinds, target)

    def walk(index: int, rest: int) -> None:
        if rest == 0:
            found.append(tuple(counts))
            return
        value, available = kinds[index]
        following = sums[index + 1]
        for taken in range(min(available, rest // value) if value > 0 else 0, -1, -1):
            if following >> (rest - taken * value) & 1:  # else the kinds left cannot make it
                counts[index] = taken
                walk(index + 1, rest - taken * value)
        counts[index] = 0

    if target > 0 and sums[0] >> target & 1:
        walk(0, target)
    return tuple(found)


def _sums(kinds: Sequence[tuple[int, int]], target: int) -> list[int]:
    """For each position, the sums up to `target` that the kinds from there on can make, as
    a bit set (bit s for the sum s; only 0 at the end): a walk takes no step that cannot end
    in an answer, and finds the same answers in the same order."""
    full = (1 << (target + 1)) - 1
    sums = [1] * (len(kinds) + 1)
    for index in range(len(kinds) - 1, -1, -1):
        value, available = kinds[index]
        made = shifted = sums[index + 1]
        if value > 0:
            for _ in range(min(available, target // value)):
                shifted <<= value
                made |= shifted
        sums[index] = made & full
    return sums


@lru_cache(maxsize=1 << 12)
def _partitions(values: tuple[tuple[int, int], ...], target: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The ways to make `target` from (value, how many) pairs, as (value, taken) pairs."""
    found: list[tuple[tuple[int, int], ...]] = []
    chosen: list[tuple[int, int]] = []
    sums = _sums(values, target)

    def walk(index: int, rest: int) -> None:
        if rest == 0:
            found.append(tuple(chosen))
            return
        value, available = values[index]
        following = sums[index + 1]
        for taken in range(min(available, rest // value), -1, -1):
            if following >> (rest - taken * value) & 1:  # else the values left cannot make it
                if taken:
                    chosen.append((value, taken))
                walk(index + 1, rest - taken * value)
                if taken:
                    chosen.pop()

    if target > 0 and sums[0] >> target & 1:
        walk(0, target)
    return tuple(found)


def _share(count: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to put `count` cards into places holding at most `caps` each."""
    if len(caps) == 1:
        return [(count,)] if count <= caps[0] else []
    first, rest = caps[0], caps[1:]
    return [(taken, *tail) for taken in range(min(first, count), -1, -1) for tail in _share(count - taken, rest)]


def disjoint_unions(kinds: Kinds, target: int, limit: int | None = None) -> list[CountVector]:
    """Every distinct multiset that splits into pairwise disjoint groups summing to `target`.

    Breadth-first over the unions themselves, each reached once: the work grows with the
    number of answers times the number of groups, not with the number of subsets.
    With `limit`, at most `limit` unions with the fewest groups are returned, plus always
    one of the largest (`largest_disjoint_union`, exact), for crowded tables.
    """
    size = len(kinds)
    return [unpack(code, size) for code in union_codes(kinds, target, limit)]


def union_codes(kinds: Kinds, target: int, limit: int | None = None, largest: bool = True) -> list[int]:
    """`disjoint_unions`, packed (see `pack`). Answers are remembered: tables repeat.
    With `largest=False` a bounded list does not add the largest union."""
    relevant = _relevant(kinds, target)
    unions, capped = _union_codes(relevant, target, limit)
    if capped and largest:
        union = largest_disjoint_union(relevant, target)
        if union is not None and pack(union) not in unions:
            return [*unions, pack(union)]
    return list(unions)


def is_crowded(kinds: Kinds, target: int, limit: int) -> bool:
    """Whether there are more than `limit` unions for `target` (the bounded list is cut)."""
    return _union_codes(_relevant(kinds, target), target, limit)[1]


_UNBOUNDED = float("inf")  # no limit on the unions listed


@lru_cache(maxsize=1 << 16)
def _union_codes(kinds: tuple[tuple[int, int], ...], target: int, limit: int | None) -> tuple[tuple[int, ...], bool]:
    """The unions in the order found (those of fewer groups first; of as many, by the union
    they grew from and the group added), at most `limit` + 1 of them, and whether the list
    was cut. A union found by adding the group of index i is grown only by groups from
    i on: one with an earlier group j is also (union − group i + group j) + group i, seen
    already, as that union came earlier in the frontier (so the same unions are found in
    the same order)."""
    size = len(kinds)
    groups = _packed_groups(_cut(kinds, target), target)  # `kinds` are `_relevant` already
    return search_unions(pack([count for _, count in kinds]), groups, size, limit)


def search_unions(
    start: int, groups: Sequence[int], size: int, limit: int | None = None
) -> tuple[tuple[int, ...], bool]:
    """The unions of disjoint `groups` within the cards `start` (all packed, of `size`
    kinds) as `_union_codes` finds them, and whether the list was cut at `limit`."""
    if not groups:
        return (), False
    guard = GUARDS[size] if size < len(GUARDS) else guards(size)
    most = _UNBOUNDED if limit is None else limit
    found: list[int] = []  # what is left of the table after each union, in the order found
    if len(groups) == 1:  # the group once, twice, … while the cards last (cut as below)
        group = groups[0]
        rest = start | guard
        while (rest - group) & guard == guard and len(found) < most:
            rest -= group
            found.append(rest ^ guard)
        return tuple([start - rest for rest in found]), len(found) >= most
    if len(groups) == 2:  # k groups: k of the first, then one of them traded for the second at a time
        first, second = groups
        lifted = start | guard
        unions: list[int] = []
        count = 1
        while True:
            union, level = count * first, len(unions)
            for _ in range(count + 1):
                if (lifted - union) & guard == guard:
                    unions.append(union)
                    if len(unions) >= most:
                        return tuple(unions), True
                union += second - first
            if len(unions) == level:
                return tuple(unions), False
            count += 1
    seen = {start}
    frontier, firsts = [start], [0]  # the unions left to grow, and their first group's index
    capped = False
    while frontier and not capped:
        following: list[int] = []
        lasts: list[int] = []
        for rest, first in zip(frontier, firsts):
            lifted = rest | guard
            index = first
            for group in groups[first:]:
                left = lifted - group
                if left & guard == guard:
                    left ^= guard
                    if left not in seen:
                        seen.add(left)
                        following.append(left)
                        lasts.append(index)
                        if len(seen) > most:
                            capped = True
                            break
                index += 1
            if capped:
                break
        found.extend(following)
        frontier, firsts = following, lasts
    return tuple([start - rest for rest in found]), capped


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


def largest_within(counts: CountVector, target: int, value: int) -> CountVector | None:
    """`largest_by_value` of the cards `counts` less one card of `value`, helped by the
    answer for all of them: unchanged if that answer leaves a card of `value` out, and
    never larger."""
    whole = largest_by_value(counts, target)
    rest = tuple(count - (index + 1 == value) for index, count in enumerate(counts))
    if whole is None or (value <= target and whole[value - 1] < counts[value - 1]) or value > target:
        return whole
    return largest_by_value(rest, target, sum(whole))


@lru_cache(maxsize=1 << 12)
def largest_by_value(counts: CountVector, target: int, upper: int | None = None) -> CountVector | None:
    """The most cards of a union of disjoint groups for `target`, by value: `counts[v - 1]`
    cards of value v are on the table; the answer is a count vector of the same shape.

    Iterative deepening on the number of cards: for k from an upper bound down, a search in
    which the largest card left either joins a group (with smaller cards) or stays finds a
    union of at least k cards or proves there is none; proofs are remembered ("from these
    cards fewer than k"), across searches, in one memo with the bound (`_card_bound`) that
    cuts every branch that cannot reach k. `upper`, if given, is known to be at least the answer's card count.
    """
    by_largest, guard = _groups_by_largest(target)
    most = _search_memo(target)

    def reach(rest: int, need: int) -> int | None:
        """A union within `rest` of at least `need` cards, or None."""
        if need <= 0:
            return 0
        bound = most.get(rest)
        if bound is None:
            bound = most[rest] = _card_bound(rest, target) if rest else 0
        if bound < need:
            return None
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
        most[rest] = need - 1  # fewer than `need` cards: less than the bound
        return None

    whole = pack(counts)
    start = _card_bound(whole, target)
    for need in range(start if upper is None else min(start, upper), 0, -1):
        union = reach(whole, need)
        if union is not None:
            return unpack(union, target)
    return None


def union_bound(kinds: Kinds, target: int) -> int:
    """At least as many cards as the largest union of disjoint groups for `target` holds
    (see `_card_bound`); cheap, for pruning."""
    counts = [0] * (target + 1)
    for value, count in kinds:
        if 0 < value <= target:
            counts[value] += count
    return _card_bound(pack(counts[1:]), target)


_MEMO_LIMIT = 1 << 18
_memos: dict[int, dict[int, int]] = {}


def _search_memo(target: int) -> dict[int, int]:
    """What the searches for `target` learnt, shared by all of them (facts about a set of
    cards, whatever table it came from): at most how many cards of a set form a union (its
    `_card_bound`, or one less than a number of cards a search could not reach). Forgotten
    when it grows beyond `_MEMO_LIMIT` entries."""
    memo = _memos.get(target)
    if memo is None or len(memo) > _MEMO_LIMIT:
        memo = _memos[target] = {}
    return memo


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
        have = counts[need - 1]
        if have:
            prefix += need * have
            spare += need * have
        index = target - need - 1
        wanted = counts[index]
        if wanted:
            used = spare // need
            if used > wanted:
                used = wanted
            spare -= used * need
            big += used
            if wanted * need > prefix:
                counts[index] = prefix // need
    most = small + big
    total = sum(map(mul, counts, range(1, target + 1)))
    budget = total - total % target
    cards = 0
    value = 0
    for count in counts:
        value += 1
        if count * value <= budget:
            budget -= count * value
            cards += count
            if cards >= most:
                return most
        else:
            cards += budget // value
            break
    return cards if cards < most else most


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
