"""Independent reference definitions for the tests: each default task as a plain predicate,
and a brute-force task finder that tries every subset of a hand.

A predicate sees a selection as its sorted values, their sum and its colour (None when the
cards are not all of one colour).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from kartenspiele.tausch_rausch.cards import COLOURS, Card

Predicate = Callable[[tuple[int, ...], int, "str | None"], bool]
Face = tuple[str, int]


def _run(values: tuple[int, ...]) -> bool:
    return values == tuple(range(values[0], values[0] + len(values)))


def _pairs(values: tuple[int, ...]) -> bool:
    return values == tuple(values[0] + i // 2 for i in range(len(values)))


def _even(values: tuple[int, ...]) -> bool:
    return all(v % 2 == 0 for v in values)


def _odd(values: tuple[int, ...]) -> bool:
    return all(v % 2 == 1 for v in values)


REFERENCE: dict[str, tuple[int, Predicate]] = {
    "five-even": (5, lambda v, t, c: _even(v)),
    "five-odd": (5, lambda v, t, c: _odd(v)),
    "five-one-colour": (5, lambda v, t, c: c is not None),
    "two-one-colour-sum-9": (2, lambda v, t, c: c is not None and t == 9),
    "four-sum-at-most-7": (4, lambda v, t, c: t <= 7),
    "four-sum-at-least-37": (4, lambda v, t, c: t >= 37),
    "run-of-5": (5, lambda v, t, c: _run(v)),
    "run-of-4-one-colour": (4, lambda v, t, c: c is not None and _run(v)),
    "full-house": (5, lambda v, t, c: sorted(Counter(v).values()) == [2, 3]),
    "four-of-a-kind": (4, lambda v, t, c: v[0] == v[-1]),
    "three-of-a-kind": (3, lambda v, t, c: v[0] == v[-1]),
    "pair-one-colour": (2, lambda v, t, c: c is not None and v[0] == v[1]),
    "two-adjacent-pairs": (4, lambda v, t, c: _pairs(v)),
    "three-adjacent-pairs": (6, lambda v, t, c: _pairs(v)),
    "two-green-sum-9": (2, lambda v, t, c: c == "gr" and t == 9),
    "four-yellow-sum-at-most-7": (4, lambda v, t, c: c == "ge" and t <= 7),
    "five-blue-sum-at-least-23": (5, lambda v, t, c: c == "bl" and t >= 23),
    "three-red-run": (3, lambda v, t, c: c == "ro" and _run(v)),
    "three-yellow-odd": (3, lambda v, t, c: c == "ge" and _odd(v)),
    "three-green-even": (3, lambda v, t, c: c == "gr" and _even(v)),
    "two-blue-sum-at-least-17": (2, lambda v, t, c: c == "bl" and t >= 17),
    "two-red-sum-at-most-5": (2, lambda v, t, c: c == "ro" and t <= 5),
    "pair-red": (2, lambda v, t, c: c == "ro" and v[0] == v[1]),
    "three-blue-sum-15": (3, lambda v, t, c: c == "bl" and t == 15),
}


def _sorted_faces(cards: Sequence[Card]) -> list[Face]:
    return sorted(((card.colour, card.value) for card in cards), key=lambda f: (f[1], COLOURS.index(f[0])))


def _colour(colours: tuple[str, ...]) -> str | None:
    return colours[0] if colours.count(colours[0]) == len(colours) else None


def holds(task_id: str, cards: Sequence[Card]) -> bool:
    """Whether exactly these cards fulfil the task, by the reference definition."""
    count, check = REFERENCE[task_id]
    faces = _sorted_faces(cards)
    values = tuple(v for _, v in faces)
    return len(cards) == count and check(values, sum(values), _colour(tuple(c for c, _ in faces)))


def brute_force(hand: Sequence[Card], task_ids: Sequence[str]) -> dict[str, set[tuple[Face, ...]]]:
    """For each task: every subset of the hand (by position) that fulfils it, as sorted faces."""
    faces = _sorted_faces(hand)  # subsets of a sorted list stay sorted
    values = [v for _, v in faces]
    colours = [c for c, _ in faces]
    by_size = {}
    found = {}
    for task_id in task_ids:
        count, check = REFERENCE[task_id]
        if count not in by_size:
            value_sets = list(combinations(values, count))
            by_size[count] = (
                value_sets,
                list(map(sum, value_sets)),
                [_colour(c) for c in combinations(colours, count)],
                list(combinations(faces, count)),
            )
        value_sets, totals, one_colour, subsets = by_size[count]
        found[task_id] = {subsets[i] for i in range(len(subsets)) if check(value_sets[i], totals[i], one_colour[i])}
    return found


def as_faces(way: Sequence[Card]) -> tuple[Face, ...]:
    return tuple((card.colour, card.value) for card in way)
