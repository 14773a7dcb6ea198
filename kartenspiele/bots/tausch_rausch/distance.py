"""How many cards a hand lacks for a task, fast enough for play-outs.

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

from ...tausch_rausch.cards import COLOURS, COPIES, VALUES, Card
from ...tausch_rausch.tasks import SAME, Task
from ...tausch_rausch.ways import value_caps

Hand = tuple[Card, ...]
Target = tuple[tuple[int, int], ...]  # (value index, cards) pairs
FACES = tuple(Card(colour, value) for colour in COLOURS for value in VALUES)
_FACE_AT = {card.order: card for card in FACES}
ORDER = attrgetter("order")
_VALUE_OF = bytes(order >> 2 for order in range(256))  # `bytes.translate` table: a face's value
_OTHER_COLOURS = tuple(bytes(order for order in range(256) if order & 3 != index) for index in range(len(COLOURS)))


# A pattern's targets for scoring all at once: the distinct (value index, cards) pairs they
# hold, as two tuples; for the k-th pair of every target, the index of that pair (the number of
# pairs for a target with fewer); the targets.
_Targets = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[Target, ...]]
_Entry = tuple[
    Task,
    list[int],
    int,
    dict[bytes, tuple[int, Hand]],
    dict[tuple[int, ...], tuple[int, Target]],
    _Targets,  # the pattern's targets, for `_best_target`
    bool,  # whether a group can hold more cards than count (else no hand needs cutting)
    bytes,  # the faces that take no part (deleted from a hand's bytes)
]
_ENTRIES: dict[int, _Entry] = {}
_MEMO_LIMIT = 1 << 17  # answers kept per task before its memo starts afresh


def _entry(task: Task) -> _Entry:
    """Per task (by identity): the group of each face that may take part (-1: it may not), how
    many cards of a group count, and the memos of `closeness` and of the pattern targets."""
    entry = _ENTRIES.get(id(task))
    if entry is None or entry[0] is not task:
        if len(_ENTRIES) > 1024:
            _ENTRIES.clear()
        colour = task.colour.which if task.colour.which in COLOURS else None
        # a value that no set fulfilling the task takes (by parity, sum or pattern, whatever
        # the hand: `value_caps` 0) is in no set the search keeps, nor in a set that could
        # become one: leaving its cards out changes no answer
        caps = value_caps(task)
        group = [-1] * 44
        for card in FACES:
            if (colour is None or card.colour == colour) and caps[card.value - 1]:
                group[card.order] = card.order if task.colour.which == SAME else card.value
        # at most this many cards of a group take part: N, or for a pattern the most cards of
        # one value that any of its value sets asks for
        limit = task.count
        targets = task.pattern_targets if task.pattern is not None else ()
        if targets:
            limit = max(n for _, sparse in targets for _, n in sparse)
        pairs = sorted({pair for _, sparse in targets for pair in sparse})
        slot = {pair: k for k, pair in enumerate(pairs)}
        width = max((len(sparse) for _, sparse in targets), default=0)
        columns = tuple(
            tuple(slot[sparse[k]] if k < len(sparse) else len(pairs) for _, sparse in targets) for k in range(width)
        )
        parts = (tuple(i for i, _ in pairs), tuple(n for _, n in pairs), columns, tuple(s for _, s in targets))
        # a group is one face (two copies) or one value in one colour (two) or in all four
        largest = COPIES * (len(COLOURS) if colour is None and task.colour.which != SAME else 1)
        left_out = bytes(order for order in range(len(group)) if group[order] < 0)
        entry = _ENTRIES[id(task)] = (task, group, limit, {}, {}, parts, limit < largest, left_out)
    return entry


def memo_size() -> int:
    """How many answers the memos of every task hold (a served kernel keeps this bounded)."""
    return sum(len(entry[3]) + len(entry[4]) for entry in _ENTRIES.values())


def clear_memos() -> None:
    """Forget every memo (the next answers are computed afresh)."""
    _ENTRIES.clear()


def closeness(task: Task, hand: Sequence[Card]) -> tuple[int, Hand]:
    """(cards `hand` lacks for `task`, 0 if it can fulfil it; the hand cards kept toward it)."""
    return closeness_sorted(task, sorted_hand(hand))


def sorted_hand(hand: Sequence[Card]) -> bytes:
    """The hand's faces (`Card.order`, 4 … 43), sorted, as bytes: for `closeness_sorted` on
    many tasks."""
    return bytes(sorted(map(ORDER, hand)))


def closeness_sorted(task: Task, hand: bytes | Sequence[int]) -> tuple[int, Hand]:
    """`closeness` for a hand given by `sorted_hand`."""
    entry = _ENTRIES.get(id(task))
    if entry is None or entry[0] is not task:
        entry = _entry(task)
    _, group, limit, memo, _, _, cut, left_out = entry
    # The hand cards that can take part, sorted; of each value only the first few (of each
    # face, for a one-colour task): no set of N cards needs more than N (a pattern no more
    # than its value sets ask for), and the search takes the first ones. Their positions are
    # the memo's key. (Sorted, the cards of a group come one after the other.)
    orders: bytes | list[int] = (hand if isinstance(hand, bytes) else bytes(hand)).translate(None, left_out)
    if cut and len(orders) > limit:
        kept = []
        last, taken = -1, 0
        for order in orders:
            if group[order] != last:
                last, taken = group[order], 0
            if taken < limit:
                taken += 1
                kept.append(order)
        orders = kept
    key = bytes(orders)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        if task.pattern is not None:
            found = _pattern_closeness(task, key)
        else:
            found = _closeness(task, tuple(map(_FACE_AT.__getitem__, key)))
        memo[key] = found
    return found


def _pattern_closeness(task: Task, orders: bytes) -> tuple[int, Hand]:
    """`_closeness` of a pattern task, on the sorted faces the memo keeps (at most the
    pattern's cards per value): the same answer, counted on positions."""
    best: tuple[int, Hand] = (task.count, ())
    for colour in task.colour.options():
        usable = orders if colour is None else orders.translate(None, _OTHER_COLOURS[COLOURS.index(colour)])
        values = usable.translate(_VALUE_OF)  # sorted: the cards of a value together
        counts = tuple(map(values.count, VALUES))
        covered, sparse = _best_target(task, counts)
        if task.count - covered < best[0]:
            kept = []
            for i, n in sparse:
                if counts[i]:
                    first = values.index(i + 1)
                    kept.extend(usable[first : first + min(n, counts[i])])
            best = (task.count - covered, tuple(map(_FACE_AT.__getitem__, kept)))
    return best


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


def _best_target(task: Task, counts: tuple[int, ...]) -> tuple[int, Target]:
    """The pattern target that `counts` (cards per value) cover most: (cards covered, target)."""
    _, _, limit, _, memo, parts, _, _ = _entry(task)
    if max(counts) > limit:
        counts = tuple(c if c < limit else limit for c in counts)
    found = memo.get(counts)
    if found is None:
        values, wanted, columns, sparses = parts
        # every target's cards covered, in the targets' order: the first best one is chosen
        covers = [*map(min, map(counts.__getitem__, values), wanted), 0].__getitem__
        covered = [*map(sum, zip(*(map(covers, column) for column in columns)))]
        best = max(covered, default=-1)
        chosen = sparses[covered.index(best)] if covered else ()
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[counts] = (best, chosen)
    return found


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
            # is some completion `add` in [low - total, high - total]? (bit `add` of `extra`)
            least = max(low - total, 0)
            if high - total >= least and (extra >> least) & ((1 << (high - total - least + 1)) - 1):
                return count - size, kept
    return count, ()


def _sums_by_size(cards: Hand, most: int) -> list[dict[int, Hand]]:
    """For j = 0 … most: every sum of j of the cards, with one set of cards giving it (the
    first found, card by card). A card whose value came `most` times before adds no sum: a set
    of at most `most` cards with it could take an earlier card of that value instead."""
    found: list[dict[int, Hand]] = [{0: ()}] + [{} for _ in range(most)]
    seen = [0] * (len(VALUES) + 1)
    for card in cards:
        value = card.value
        if seen[value] >= most:
            continue
        seen[value] += 1
        for size in range(min(most, sum(seen)), 0, -1):
            here = found[size]
            # (the sums reached anew, in the order of the sums they extend)
            here.update(
                {total + value: (*kept, card) for total, kept in found[size - 1].items() if total + value not in here}
            )
    return found


@lru_cache(maxsize=256)
def _completions(allowed: tuple[int, ...], size: int) -> int:
    """Every sum of `size` values from `allowed` (repeats allowed), as the bits of a number."""
    sums = {0}
    for _ in range(size):
        sums = {total + value for total in sums for value in allowed}
    return sum(1 << total for total in sums)
