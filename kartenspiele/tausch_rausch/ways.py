"""Counting a hand's choices without listing them, and reading one by its rank.

The move generator's hot path (random self-play, the planner's play-outs) asks how many
swaps and ways to fulfil a position has, and reads one of them; listing every way of a
40-card hand builds thousands of moves. Here:

* `HandCounts` counts a hand (card ids) by face, once per position, and keeps its cards per
  value for each colour and parity;
* `targets(task, counts)` are the value multisets of a task that a hand covers, remembered per
  task and per count of each value (capped at the task's size: hands repeat those counts all
  the time), and `ready` asks whether there is one;
* `Choices` are the multisets of k faces of a hand, in the order of `finder.choices`;
* `TaskWays` are the ways of `finder.find_ways`, in the same order: the length is a sum of
  products of small multiset counts, and reading a way unranks it (the last value varies
  fastest, as in the listing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import product
from operator import add
from typing import overload

from .cards import COLOURS, DECK, FACES, Card
from .finder import Way, _targets, choices
from .tasks import Task, ValueCounts

FACE_SLOTS = 4 * 11  # Card.order = 4 · value + colour index: 4 … 43
ORDER_OF_ID: tuple[int, ...] = tuple(card.order for card in DECK)
_FACE_AT: dict[int, Card] = {face.order: face for face in FACES.values()}
_COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_MEMO_LIMIT = 1 << 16  # answers kept per task before its memo starts afresh


def tally(hand: Iterable[int]) -> list[int]:
    """How many cards of each face a hand of card ids holds, indexed by `Card.order`."""
    counts = [0] * FACE_SLOTS
    order = ORDER_OF_ID
    for card_id in hand:
        counts[order[card_id]] += 1
    return counts


def faces_of(counts: Sequence[int]) -> list[tuple[Card, int]]:
    """(face, how many) for every face held, in sort order."""
    return [(_FACE_AT[order], count) for order, count in enumerate(counts) if count]


def histogram(available: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """(copies held, how many faces are held that often) pairs, the key of `multisets`."""
    return tuple(sorted(Counter(count for count in available if count).items()))


@lru_cache(maxsize=4096)
def multisets(held: tuple[tuple[int, int], ...], size: int) -> int:
    """How many multisets of `size` faces a hand holds, from its `histogram`."""
    ways = [1] + [0] * size
    for count, faces in held:
        for _ in range(faces if count else 0):
            # multiply by 1 + x + … + x^count, keeping the powers up to `size`
            running = 0
            widened = [0] * (size + 1)
            for k in range(size + 1):
                running += ways[k]
                if k > count:
                    running -= ways[k - count - 1]
                widened[k] = running
            ways = widened
    return ways[size]


@lru_cache(maxsize=4096)
def _value_table(held: tuple[int, ...], most: int) -> tuple[int, ...]:
    """For n = 0 … most: the multisets of n faces of one value, each face held `held` times."""
    pairs = tuple(sorted(Counter(held).items()))
    return tuple(multisets(pairs, n) if n else 1 for n in range(most + 1))


class HandCounts:
    """A hand counted by face (`tally`), with its cards per value for each colour and parity
    made once and kept (the keys of the task memo)."""

    __slots__ = ("counts", "_vectors")

    def __init__(self, hand: Iterable[int]) -> None:
        self.counts = tally(hand)
        self._vectors: dict[tuple[int | None, tuple[int, ...] | None], ValueCounts] = {}

    @classmethod
    def of_cards(cls, cards: Iterable[Card]) -> HandCounts:
        """The counts of a hand given as faces."""
        hand = cls(())
        for card in cards:
            hand.counts[card.order] += 1
        return hand

    def vector(self, colour: int | None, allowed: tuple[int, ...] | None) -> ValueCounts:
        """Cards per value in `colour` (None: any), values outside `allowed` counted 0."""
        key = (colour, allowed)
        found = self._vectors.get(key)
        if found is None:
            counts = self.counts
            if colour is None:
                plain = tuple(map(add, map(add, counts[4::4], counts[5::4]), map(add, counts[6::4], counts[7::4])))
            else:
                plain = tuple(counts[4 + colour :: 4])
            found = plain if allowed is None else tuple(c if ok else 0 for c, ok in zip(plain, allowed))
            self._vectors[key] = found
        return found


# -- can a hand fulfil a task -----------------------------------------------------------

Sparse = tuple[tuple[int, int], ...]  # (value index, cards) pairs of a target
_Plan = tuple[
    Task,
    tuple[int | None, ...],  # the colour of each choice (None: any)
    tuple[int, ...] | None,  # per value: may it take part (None: every value)
    dict[ValueCounts, tuple[tuple[ValueCounts, Sparse], ...]],  # capped counts -> targets
    dict[ValueCounts, bool],  # counts -> whether some target fits
]
_PLANS: dict[int, _Plan] = {}


def _plan(task: Task) -> _Plan:
    """The task's colour choices, allowed values and memos (kept by the task's identity)."""
    entry = _PLANS.get(id(task))
    if entry is None or entry[0] is not task:
        if len(_PLANS) > 1024:
            _PLANS.clear()
        colours = tuple(None if colour is None else _COLOUR_INDEX[colour] for colour in task.colour.options())
        allowed = None if task.parity is None else tuple(int(task.allows_value(value)) for value in range(1, 11))
        entry = _PLANS[id(task)] = (task, colours, allowed, {}, {})
    return entry


def targets(task: Task, counts: ValueCounts) -> tuple[tuple[ValueCounts, Sparse], ...]:
    """Every value multiset that fulfils `task` within `counts` (cards per value, the values
    the task forbids at 0), in the order of the finder, each also as its (value index, cards)
    pairs; remembered per task."""
    memo = _plan(task)[3]
    cap = task.count
    key = tuple(c if c < cap else cap for c in counts)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[key] = tuple(
            (target, tuple((i, n) for i, n in enumerate(target) if n)) for target in _targets(task, key)
        )
    return found


def ready(task: Task, hand: HandCounts) -> bool:
    """Whether `hand` can fulfil `task`: the same answer as `finder.can_fulfil`."""
    entry = _PLANS.get(id(task))
    if entry is None or entry[0] is not task:
        entry = _plan(task)
    _, colours, allowed, _, answers = entry
    for colour in colours:
        counts = hand.vector(colour, allowed)
        answer = answers.get(counts)
        if answer is None:
            if len(answers) >= _MEMO_LIMIT:
                answers.clear()
            answer = answers[counts] = bool(targets(task, counts))
        if answer:
            return True
    return False


# -- multisets of faces, by rank --------------------------------------------------------


class Choices(Sequence[tuple[Card, ...]]):
    """The multisets of `size` faces from (face, how many) pairs, in the order of
    `finder.choices` (lexicographic by face position), each made only when it is read: the
    count of the multisets after a face comes from the `histogram` of the faces left."""

    def __init__(self, faces: Sequence[tuple[Card, int]], size: int) -> None:
        self.faces = [face for face, _ in faces]
        self.available = [min(count, size) for _, count in faces]
        self.size = size
        self.total = multisets(histogram(self.available), size)

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, rank: int) -> tuple[Card, ...]: ...
    @overload
    def __getitem__(self, rank: slice) -> list[tuple[Card, ...]]: ...
    def __getitem__(self, rank: int | slice) -> tuple[Card, ...] | list[tuple[Card, ...]]:
        if isinstance(rank, slice):
            return [self[i] for i in range(*rank.indices(self.total))]
        if rank < 0:
            rank += self.total
        if not 0 <= rank < self.total:
            raise IndexError(rank)
        chosen: list[Card] = []
        left = self.size
        after = Counter(self.available)  # copies -> faces from this one on
        for index, available in enumerate(self.available):
            if not left:
                break
            after[available] -= 1
            rest = tuple((copies, after[copies]) for copies in range(1, self.size + 1) if after[copies] > 0)
            for taken in range(min(available, left), 0, -1):
                block = multisets(rest, left - taken)
                if rank < block:
                    chosen.extend([self.faces[index]] * taken)
                    left -= taken
                    break
                rank -= block
        return tuple(chosen)


# -- the ways to fulfil one task, by rank ----------------------------------------------


class TaskWays(Sequence[Way]):
    """`finder.find_ways(task, hand)` as a lazy sequence: counted at once, read by rank."""

    def __init__(self, task: Task, hand: HandCounts) -> None:
        self.task = task
        self._hand = hand
        self._counted: tuple[list[tuple[int | None, ValueCounts, int]], int] | None = None

    def _targets(self) -> Iterator[tuple[int | None, ValueCounts]]:
        """(colour, target) of every way, in the finder's order."""
        _, colours, allowed, _, _ = _plan(self.task)
        for colour in colours:
            for target, _ in targets(self.task, self._hand.vector(colour, allowed)):
                yield colour, target

    @property
    def _blocks(self) -> list[tuple[int | None, ValueCounts, int]]:
        """(colour, target, how many ways it has), counted on first need."""
        return self._count()[0]

    @property
    def total(self) -> int:
        """How many ways there are."""
        return self._count()[1]

    def _count(self) -> tuple[list[tuple[int | None, ValueCounts, int]], int]:
        if self._counted is None:
            counts = self._hand.counts
            most = self.task.count
            blocks: list[tuple[int | None, ValueCounts, int]] = []
            _, colours, allowed, _, _ = _plan(self.task)
            for colour in colours:
                found = targets(self.task, self._hand.vector(colour, allowed))
                if colour is not None:  # one face per value: each target is one way
                    blocks.extend((colour, target, 1) for target, _ in found)
                    continue
                tables: dict[int, tuple[int, ...]] = {}
                for target, sparse in found:
                    count = 1
                    for value, wanted in sparse:
                        table = tables.get(value)
                        if table is None:
                            table = tables[value] = _value_table(tuple(counts[4 * value + 4 : 4 * value + 8]), most)
                        count *= table[wanted]
                    blocks.append((colour, target, count))
            self._counted = (blocks, sum(count for _, _, count in blocks))
        return self._counted

    def _faces(self, colour: int | None, value: int) -> list[tuple[Card, int]]:
        """(face, how many) of one value in the hand, in `colour` (None: every colour)."""
        counts = self._hand.counts
        slots = range(4 * value, 4 * value + 4) if colour is None else (4 * value + colour,)
        return [(_FACE_AT[slot], counts[slot]) for slot in slots if counts[slot]]

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, rank: int) -> Way: ...
    @overload
    def __getitem__(self, rank: slice) -> list[Way]: ...
    def __getitem__(self, rank: int | slice) -> Way | list[Way]:
        if isinstance(rank, slice):
            return [self[i] for i in range(*rank.indices(self.total))]
        if rank < 0:
            rank += self.total
        if not 0 <= rank < self.total:
            raise IndexError(rank)
        block = 0
        while rank >= self._blocks[block][2]:
            rank -= self._blocks[block][2]
            block += 1
        colour, target, _ = self._blocks[block]
        parts = [Choices(self._faces(colour, value + 1), wanted) for value, wanted in enumerate(target) if wanted]
        pieces = []
        for part in reversed(parts):
            rank, within = divmod(rank, len(part))
            pieces.append(part[within])
        return tuple(card for piece in reversed(pieces) for card in piece)

    def __iter__(self) -> Iterator[Way]:
        for colour, target in self._targets():
            parts = [choices(self._faces(colour, value + 1), wanted) for value, wanted in enumerate(target) if wanted]
            for combo in product(*parts):
                yield tuple(card for part in combo for card in part)
