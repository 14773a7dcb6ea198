"""Subset sums against brute force (hypothesis)."""

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kartenspiele.arithmetic import (
    _search_groups,
    count_subsets_with_sum,
    disjoint_unions,
    groups_with_sum,
    guards,
    largest_disjoint_union,
    pack,
    search_unions,
    split_into_groups,
    subsets_with_sum,
    unpack,
)

values_lists = st.lists(st.integers(1, 12), max_size=11)
targets = st.integers(1, 14)


def brute_subsets(values, target):
    return sorted(
        c
        for n in range(1, len(values) + 1)
        for c in combinations(range(len(values)), n)
        if sum(values[i] for i in c) == target
    )


def brute_splits(values, target):
    values = sorted(values)
    if not values:
        return True
    first, rest = values[0], values[1:]
    return any(
        first + sum(rest[i] for i in c) == target
        and brute_splits([v for i, v in enumerate(rest) if i not in c], target)
        for n in range(len(rest) + 1)
        for c in combinations(range(len(rest)), n)
    )


def kinds_of(values):
    counts = Counter(values)
    return sorted(counts.items())


@settings(max_examples=300, deadline=None)
@given(values_lists, targets)
def test_subsets_and_counts(values, target):
    assert list(subsets_with_sum(values, target)) == brute_subsets(values, target)
    assert count_subsets_with_sum(values, target) == len(brute_subsets(values, target))


@settings(max_examples=300, deadline=None)
@given(values_lists, targets)
def test_groups_unions_and_largest(values, target):
    kinds = kinds_of(values)
    vector = lambda sub: tuple(Counter(sub)[v] for v, _ in kinds)
    subs = {
        tuple(sorted(values[i] for i in c))
        for n in range(1, len(values) + 1)
        for c in combinations(range(len(values)), n)
    }
    assert {vector(s) for s in subs if sum(s) == target} == set(groups_with_sum(kinds, target))
    unions = {vector(s) for s in subs if brute_splits(list(s), target)}
    assert set(disjoint_unions(kinds, target)) == unions
    largest = largest_disjoint_union(kinds, target)
    assert (largest is None) == (not unions)
    if unions:
        assert largest in unions and sum(largest) == max(sum(u) for u in unions)


@settings(max_examples=200, deadline=None)
@given(values_lists, targets)
def test_split_into_groups(values, target):
    split = split_into_groups(values, target)
    assert (split is not None) == brute_splits(values, target)
    if split is not None:
        assert all(sum(group) == target for group in split)
        assert sorted(v for group in split for v in group) == sorted(values)


def test_bounded_unions_keep_the_largest():
    kinds = [(v, 3) for v in range(1, 8)]
    every = disjoint_unions(kinds, 12)
    bounded = disjoint_unions(kinds, 12, limit=10)
    assert len(bounded) <= 11 < len(every)
    assert max(sum(u) for u in bounded) == max(sum(u) for u in every)


def test_generating_function_coefficient():
    import sympy

    x = sympy.symbols("x")
    values = [2, 4, 4, 8, 1, 3]
    product = sympy.expand(sympy.prod([1 + x**a for a in values]))
    assert product.coeff(x, 8) == count_subsets_with_sum(values, 8)


def reference_largest(kinds, target):
    """The largest union by an unbounded memoised search over every multiset left (the
    first kind left joins a group or stays): exact, slow on crowded tables."""
    groups = [tuple(g) for g in groups_with_sum(kinds, target)]
    memo = {}

    def best(rest):
        if not any(rest):
            return 0
        if rest not in memo:
            first = next(i for i, c in enumerate(rest) if c)
            answer = best(rest[:first] + (rest[first] - 1,) + rest[first + 1 :])
            for group in groups:
                if group[first] and all(g <= r for g, r in zip(group, rest)):
                    answer = max(answer, sum(group) + best(tuple(r - g for r, g in zip(rest, group))))
            memo[rest] = answer
        return memo[rest]

    return best(tuple(count for _, count in kinds))


def test_largest_union_is_exact_on_crowded_tables():
    rng = random.Random(11)
    deck = [value for value in range(1, 13) for _ in range(9)]
    for size in (12, 18, 22):
        for _ in range(6):
            values = rng.sample(deck, size)
            kinds = sorted((value, values.count(value)) for value in set(values))
            for target in range(1, 13):
                found = largest_disjoint_union(kinds, target)
                expected = reference_largest(kinds, target)
                assert (found is None) == (expected == 0)
                if found is not None:
                    assert sum(found) == expected
                    chosen = [v for (v, _), n in zip(kinds, found) for _ in range(n)]
                    assert split_into_groups(chosen, target) is not None


def test_largest_union_shares_equal_values_over_kinds():
    kinds = [(4, 2), (4, 1), (8, 1)]  # two plain 4s, a rainbow 4, an 8
    assert largest_disjoint_union(kinds, 8) == (2, 0, 1)
    assert largest_disjoint_union([(5, 3)], 8) is None


def reference_bounded_unions(kinds, target, limit):
    """The bounded breadth-first union search tried every group on every union: the same
    unions must come out, in the same order: as found, those of fewer groups first (kinds
    sorted by value; those above the target left out, so the vectors are shorter)."""
    kinds = [(value, count) for value, count in kinds if value <= target]
    size = len(kinds)
    groups = [pack(group) for group in groups_with_sum(kinds, target)]
    start = pack([count for _, count in kinds])
    return [unpack(union, size) for union in reference_search(start, groups, size, limit)]


def reference_search(start, groups, size, limit):
    """The unions (packed) of the `groups` within `start`, by the full breadth-first search."""
    guard = guards(size)
    seen, frontier, capped, found = {start}, [start], False, []
    while frontier and not capped:
        following = []
        for rest in frontier:
            for group in groups:
                left = (rest | guard) - group
                if left & guard == guard and (left ^ guard) not in seen:
                    seen.add(left ^ guard)
                    following.append(left ^ guard)
                    if limit is not None and len(seen) > limit:
                        capped = True
                        break
            if capped:
                break
        found.extend(following)
        frontier = following
    return [start - rest for rest in found]


def test_two_groups_are_searched_as_every_union_is():
    """Two groups (a shortcut of `search_unions`) give the unions the full search gives, in
    its order, cut at the same place."""
    rng = random.Random(8)
    checked = 0
    for _ in range(3000):
        kinds = sorted((rng.randint(1, 12), rng.randint(0, 9)) for _ in range(rng.randint(1, 6)))
        target = rng.randint(1, 12)
        groups = [pack(group) for group in groups_with_sum(kinds, target)]
        if len(groups) < 2:
            continue
        start, size = pack([count for _, count in kinds]), len(kinds)
        for pair in (groups[:2], rng.sample(groups, 2)):
            for limit in (None, 1, 2, 3, 16):
                expected = reference_search(start, pair, size, limit)
                assert search_unions(start, pair, size, limit) == (
                    tuple(expected),
                    limit is not None and len(expected) >= limit,
                )
                checked += 1
    assert checked > 5000


def test_groups_and_bounded_unions_keep_their_order():
    """Groups come in descending order of their count vectors, whichever way they are found
    (filtered from the largest counts, or searched on many kinds of shared values), and the
    pruned union search lists what the full one lists, in its order."""
    rng = random.Random(5)
    deck = [(value, False) for value in range(1, 13) for _ in range(8)] + [(v, True) for v in range(4, 13)]
    for size in (10, 30, 60):
        for _ in range(4):
            faces = Counter(rng.sample(deck, size))
            kinds = [(value, count) for (value, _), count in sorted(faces.items())]
            for target in range(1, 13):
                groups = groups_with_sum(kinds, target)
                assert groups == sorted(groups, reverse=True)
                capped = tuple((v, c if v * c <= target else target // v) for v, c in kinds if v <= target)
                assert [g[: len(capped)] for g in groups] == list(_search_groups(capped, target))
                for limit in (16, 256) if size > 10 else (16, 256, None):
                    expected = reference_bounded_unions(kinds, target, limit)
                    listed = disjoint_unions(kinds, target, limit)[: len(expected)]
                    assert [union[: len(e)] for union, e in zip(listed, expected)] == expected
                    cards = [sum(value * count for (value, _), count in zip(kinds, union)) for union in listed]
                    assert cards == sorted(cards)  # fewer groups first
