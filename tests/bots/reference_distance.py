"""The planner's closeness as it was first written (straightforward, cached by whole hands):
the reference that `bots.tausch_rausch.distance` must match exactly, cards kept included.

How many cards a hand lacks for a task, fast enough for play-outs.

The engine's finder (`tausch_rausch.finder.missing`) answers this exactly and in words; the
play-outs of the planner ask it thousands of times per decision, so this module counts
instead. For each colour the task allows it takes the hand cards that may take part and
finds the largest part of a fulfilling set they can form:

* a pattern (run, n of a kind, full house, adjacent pairs): the pattern's value sets (already
  filtered by parity and sum) covered as far as possible;
* otherwise: k of the cards whose sum can still be completed into the task's bounds by
  N − k cards of allowed values (how many copies are left is not checked).

So the count is exact for patterns and never more than the finder's for the other tasks
(a test compares them), and 0 exactly when the hand can fulfil the task.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter

from kartenspiele.tausch_rausch.cards import COLOURS, VALUES, Card
from kartenspiele.tausch_rausch.tasks import Task

Hand = tuple[Card, ...]
FACES = tuple(Card(colour, value) for colour in COLOURS for value in VALUES)
ORDER = attrgetter("order")


@lru_cache(maxsize=1024)
def _allowed(task: Task) -> int:
    """The cards that can take part in `task`, as a bit mask over `Card.order`."""
    colour = task.colour.which if task.colour.which in COLOURS else None
    return sum(
        1 << card.order for card in FACES if (colour is None or card.colour == colour) and task.allows_value(card.value)
    )


def _relevant(task: Task, hand: Sequence[Card]) -> Hand:
    """The hand cards that can take part in `task` (the cache key), sorted."""
    allowed = _allowed(task)
    return tuple(sorted([card for card in hand if allowed >> card.order & 1], key=ORDER))


def closeness(task: Task, hand: Sequence[Card]) -> tuple[int, Hand]:
    """(cards `hand` lacks for `task`, 0 if it can fulfil it; the hand cards kept toward it)."""
    return _closeness(task, _relevant(task, hand))


@lru_cache(maxsize=1 << 17)
def _closeness(task: Task, cards: Hand) -> tuple[int, Hand]:
    best: tuple[int, Hand] = (task.count, ())
    for colour in task.colour.options():
        usable = [card for card in cards if colour is None or card.colour == colour]
        found = _pattern(task, usable) if task.pattern is not None else _free(task, usable)
        if found[0] < best[0]:
            best = found
    return best


def _pattern(task: Task, usable: list[Card]) -> tuple[int, Hand]:
    by_value: dict[int, list[Card]] = {}
    for card in usable:
        by_value.setdefault(card.value, []).append(card)
    counts = tuple(min(len(by_value.get(value, ())), task.count) for value in VALUES)
    covered, sparse = _best_target(task, counts)
    return task.count - covered, tuple(card for i, n in sparse for card in by_value.get(i + 1, ())[:n])


@lru_cache(maxsize=1 << 16)
def _best_target(task: Task, counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The pattern target that `counts` (cards per value) cover most: (cards covered, target)."""
    best, chosen = -1, ()
    for _, sparse in task.pattern_targets:
        covered = sum(min(n, counts[i]) for i, n in sparse)
        if covered > best:
            best, chosen = covered, sparse
            if best == task.count:
                break
    return best, chosen


def _free(task: Task, usable: list[Card]) -> tuple[int, Hand]:
    count = task.count
    if task.sum is None:
        kept = tuple(usable[:count])
        return count - len(kept), kept
    low = task.sum.at_least if task.sum.at_least is not None else 0
    high = task.sum.at_most if task.sum.at_most is not None else 10 * count
    allowed = [value for value in VALUES if task.allows_value(value)]
    witnesses = _sums_by_size(tuple(usable), count)
    for size in range(min(count, len(usable)), -1, -1):
        extra = _completions(tuple(allowed), count - size)
        for total, kept in witnesses[size].items():
            if any(low <= total + add <= high for add in extra):
                return count - size, kept
    return count, ()


def _sums_by_size(cards: Hand, most: int) -> list[dict[int, Hand]]:
    """For j = 0 … most: every sum of j of the cards, with one set of cards giving it."""
    found: list[dict[int, Hand]] = [{0: ()}] + [{} for _ in range(most)]
    for card in cards:
        for size in range(most, 0, -1):
            for total, kept in found[size - 1].items():
                found[size].setdefault(total + card.value, (*kept, card))
    return found


@lru_cache(maxsize=256)
def _completions(allowed: tuple[int, ...], size: int) -> frozenset[int]:
    """Every sum of `size` values from `allowed` (repeats allowed)."""
    sums = {0}
    for _ in range(size):
        sums = {total + value for total in sums for value in allowed}
    return frozenset(sums)
