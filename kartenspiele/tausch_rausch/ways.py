"""Counting a hand's choices without listing them, and reading one by its rank.

The move generator's hot path (random self-play, the planner's play-outs) asks how many
swaps and ways to fulfil a position has, and reads one of them; listing every way of a
40-card hand builds thousands of moves. Here:

* `HandCounts` counts a hand (card ids) by face, once per position, and keeps its cards per
  value for each colour and parity;
* `targets(task, counts)` are the value multisets of a task that a hand covers, remembered per
  task and per count of each value, levelled to the counts the task's targets ask for
  (`value_levels`: hands repeat those all the time), and `ready` asks whether there is one
  (for a task of any N allowed cards, by counting them);
* `Choices` are the multisets of k faces of a hand, in the order of `finder.choices`;
* `TaskWays` are the ways of `finder.find_ways`, in the same order: the length is a sum of
  products of small multiset counts, and reading a way unranks it (the last value varies
  fastest, as in the listing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import count as serial_numbers
from itertools import product
from operator import add, getitem

from ..core.lazy import LazySequence
from .cards import COLOURS, DECK, FACES, VALUES, Card
from .finder import Way, _targets, choices
from .tasks import Task, ValueCounts

FACE_SLOTS = 4 * 11  # Card.order = 4 · value + colour index: 4 … 43
ORDER_OF_ID: tuple[int, ...] = tuple(card.order for card in DECK)
_FACE_AT: dict[int, Card] = {face.order: face for face in FACES.values()}
_COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_MEMO_LIMIT = 1 << 16  # answers kept per task before its memo starts afresh
Levels = tuple[tuple[int, ...], ...]  # per value, indexed by a count of cards


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
    faces = [0] * (max(available, default=0) + 1)
    for count in available:
        faces[count] += 1
    return tuple((count, many) for count, many in enumerate(faces) if many and count)


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

    __slots__ = ("counts", "_vectors", "value_tables")

    def __init__(self, hand: Iterable[int]) -> None:
        self.counts = tally(hand)
        self._vectors: dict[tuple[int | None, int], ValueCounts] = {}
        # (value index, N) -> the multisets of 0 … N faces of that value the hand holds
        self.value_tables: dict[tuple[int, int], tuple[int, ...]] = {}

    @classmethod
    def of_cards(cls, cards: Iterable[Card]) -> HandCounts:
        """The counts of a hand given as faces."""
        hand = cls(())
        for card in cards:
            hand.counts[card.order] += 1
        return hand

    def vector(self, colour: int | None, levels: Levels, key: int) -> ValueCounts:
        """Cards per value in `colour` (None: any), each count replaced by its entry in that
        value's `levels`; `key` names the levels (the vectors are kept by it)."""
        slot = (colour, key)
        found = self._vectors.get(slot)
        if found is None:
            counts = self.counts
            plain: Iterable[int]
            if colour is None:
                plain = map(add, map(add, counts[4::4], counts[5::4]), map(add, counts[6::4], counts[7::4]))
            else:
                plain = counts[4 + colour :: 4]
            found = self._vectors[slot] = tuple(map(getitem, levels, plain))
        return found


# -- can a hand fulfil a task -----------------------------------------------------------

Sparse = tuple[tuple[int, int], ...]  # (value index, cards) pairs of a target
_Plan = tuple[
    Task,
    tuple[int | None, ...],  # the colour of each choice (None: any)
    Levels,  # per value: what a count of cards is worth to the task (`value_levels`)
    int,  # a number naming this plan's levels (the key of `HandCounts.vector`)
    dict[ValueCounts, tuple[tuple[ValueCounts, Sparse], ...]],  # levelled counts -> targets
    dict[ValueCounts, bool],  # levelled counts -> whether some target fits
]
_PLANS: dict[int, _Plan] = {}
_SERIAL = serial_numbers()


def value_caps(task: Task) -> tuple[int, ...]:
    """Per value 1–10: the most cards of that value that any set fulfilling `task` takes,
    whatever the hand (0: the value takes no part). Cards beyond these change no answer, so
    the counts capped at them are the memos' keys."""
    if task.pattern is not None:
        caps = [0] * len(VALUES)
        for _, sparse in task.pattern_targets:
            for i, n in sparse:
                caps[i] = max(caps[i], n)
        return tuple(caps)
    size = task.count
    allowed = [value for value in VALUES if task.allows_value(value)]
    if task.sum is None:
        return tuple(size if value in allowed else 0 for value in VALUES)
    low = task.sum.at_least if task.sum.at_least is not None else 0
    high = task.sum.at_most if task.sum.at_most is not None else len(VALUES) * size
    sums = [{0}]  # sums[m]: every sum of m allowed values (repeats allowed)
    for _ in range(size):
        sums.append({total + value for total in sums[-1] for value in allowed})
    return tuple(
        max(
            (n for n in range(size + 1) if any(low <= n * value + rest <= high for rest in sums[size - n])),
            default=0,
        )
        if value in allowed
        else 0
        for value in VALUES
    )


def value_levels(task: Task) -> Levels:
    """Per value 1–10: a count of cards of that value (0 … 80) as the largest count at most
    that big that some target of `task` asks for — every count up to its `value_caps` entry,
    or for a pattern only the counts its value sets take (n of a kind: n). Counts that
    differ only above or between those levels have the same targets, so the levelled counts
    are the memos' keys."""
    caps = value_caps(task)
    levels = []
    for index, cap in enumerate(caps):
        if task.pattern is not None:
            asked = {n for _, sparse in task.pattern_targets for i, n in sparse if i == index}
        else:
            asked = set(range(1, cap + 1))
        levels.append(tuple(max((n for n in asked if n <= held), default=0) for held in range(len(DECK) + 1)))
    return tuple(levels)


def _plan(task: Task) -> _Plan:
    """The task's colour choices, value levels and memos (kept by the task's identity)."""
    entry = _PLANS.get(id(task))
    if entry is None or entry[0] is not task:
        if len(_PLANS) > 1024:
            _PLANS.clear()
        colours = tuple(None if colour is None else _COLOUR_INDEX[colour] for colour in task.colour.options())
        entry = _PLANS[id(task)] = (task, colours, value_levels(task), next(_SERIAL), {}, {})
    return entry


_SLOTS: dict[tuple[int | None, int], tuple[int, ...]] = {}


def _slots(colour: int | None, levels: Levels, key: int) -> tuple[int, ...]:
    """The faces (`Card.order`) of `colour` (None: every colour) whose value takes part."""
    found = _SLOTS.get((colour, key))
    if found is None:
        if len(_SLOTS) > 4096:
            _SLOTS.clear()
        every = range(4, FACE_SLOTS) if colour is None else range(4 + colour, FACE_SLOTS, 4)
        found = _SLOTS[colour, key] = tuple(slot for slot in every if levels[(slot >> 2) - 1][1])
    return found


def targets(task: Task, key: ValueCounts) -> tuple[tuple[ValueCounts, Sparse], ...]:
    """Every value multiset that fulfils `task` within `key` (cards per value, levelled by the
    task's `value_levels`, as `HandCounts.vector` gives them), in the order of the finder, each
    also as its (value index, cards) pairs; remembered per task."""
    memo = _plan(task)[4]
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        if task.pattern is not None:  # the pattern's targets carry their pairs already
            found = tuple(
                (target, sparse) for target, sparse in task.pattern_targets if all(key[i] >= n for i, n in sparse)
            )
        else:
            found = tuple((target, tuple((i, n) for i, n in enumerate(target) if n)) for target in _targets(task, key))
        memo[key] = found
    return found


def ready(task: Task, hand: HandCounts) -> bool:
    """Whether `hand` can fulfil `task`: the same answer as `finder.can_fulfil`."""
    entry = _PLANS.get(id(task))
    if entry is None or entry[0] is not task:
        entry = _plan(task)
    _, colours, levels, key, _, answers = entry
    plain = task.sum is None and task.pattern is None
    for colour in colours:
        counts = hand.vector(colour, levels, key)
        if plain:  # any N of the cards the task allows
            if sum(counts) >= task.count:
                return True
            continue
        answer = answers.get(counts)
        if answer is None:
            if len(answers) >= _MEMO_LIMIT:
                answers.clear()
            answer = answers[counts] = bool(targets(task, counts))
        if answer:
            return True
    return False


# -- multisets of faces, by rank --------------------------------------------------------


def small_multisets(size: int, faces: int, doubles: int, triples: int) -> int:
    """The multisets of `size` ≤ 3 faces from `faces` faces, of which `doubles` are held at
    least twice and `triples` at least three times."""
    if size == 0:
        return 1
    if size == 1:
        return faces
    if size == 2:
        return faces * (faces - 1) // 2 + doubles
    return faces * (faces - 1) * (faces - 2) // 6 + doubles * (faces - 1) + triples


def small_choice(counts: Sequence[int], size: int, rank: int, held: tuple[int, int, int]) -> tuple[Card, ...]:
    """`Choices(faces_of(counts), size)[rank]` for 1 ≤ `size` ≤ 3, read straight from the counts
    by face (`tally`); `held` is (faces, doubles, triples) as for `small_multisets`. Each face
    passed over is counted with a formula: the multisets whose first face it is."""
    faces, doubles, triples = held  # from here on: of the faces after the current one
    chosen: list[Card] = []
    left = size
    for slot in range(4, FACE_SLOTS):
        copies = counts[slot]
        if not copies:
            continue
        faces -= 1
        if copies >= 2:
            doubles -= 1
            if copies >= 3:
                triples -= 1
        if left == 1:
            if rank:
                rank -= 1
                continue
            chosen.append(_FACE_AT[slot])
            break
        if left == 2:
            if copies >= 2:
                if not rank:
                    chosen += (_FACE_AT[slot], _FACE_AT[slot])
                    break
                rank -= 1
            if rank < faces:  # this face once, then one of the faces after it
                chosen.append(_FACE_AT[slot])
                left = 1
            else:
                rank -= faces
            continue
        if copies >= 3:
            if not rank:
                return (_FACE_AT[slot],) * 3
            rank -= 1
        if copies >= 2:
            if rank < faces:  # this face twice, then one after it
                chosen += (_FACE_AT[slot], _FACE_AT[slot])
                left = 1
                continue
            rank -= faces
        pairs = faces * (faces - 1) // 2 + doubles
        if rank < pairs:  # this face once, then two after it
            chosen.append(_FACE_AT[slot])
            left = 2
        else:
            rank -= pairs
    return tuple(chosen)


def _suffix_table(available: Sequence[int], size: int) -> list[list[int]]:
    """suffix[i][j]: the multisets of j faces from the faces at position i and after, each
    face available as often as `available` says."""
    after = [1] + [0] * size
    suffix = [after]
    for held in reversed(available):
        row = [1]
        running = 1
        for j in range(1, size + 1):
            running += after[j]
            if j > held:
                running -= after[j - held - 1]
            row.append(running)
        suffix.append(row)
        after = row
    suffix.reverse()
    return suffix


class Choices(LazySequence[tuple[Card, ...]]):
    """The multisets of `size` faces from (face, how many) pairs, in the order of
    `finder.choices` (lexicographic by face position), each made only when it is read: the
    count of the multisets of the faces after one comes from how many of them are held once,
    twice, three times (up to 3 faces, the swaps) or from a table made with the total."""

    def __init__(self, faces: Sequence[tuple[Card, int]], size: int) -> None:
        self.faces = [face for face, _ in faces]
        self.available = available = [count if count < size else size for _, count in faces]
        self.size = size
        self._suffix: list[list[int]] | None = None
        if size <= 3:
            self._held = (len(available), sum(n >= 2 for n in available), sum(n >= 3 for n in available))
            self.total = small_multisets(size, *self._held)
            return
        self._suffix = _suffix_table(available, size)
        self.total = self._suffix[0][size]

    def __len__(self) -> int:
        return self.total

    def _small(self, rank: int) -> tuple[Card, ...]:
        """The multiset of this rank, for up to 3 faces: a face that is not the first one
        chosen is passed over with one count (those from it on, less those after it)."""
        faces, doubles, triples = self._held
        whole = self.total  # the multisets of `left` faces from this face on
        chosen: list[Card] = []
        left = self.size
        for index, available in enumerate(self.available):
            faces -= 1  # now: the faces after this one
            doubles -= available >= 2
            triples -= available >= 3
            rest = small_multisets(left, faces, doubles, triples)
            if rank >= whole - rest:  # none of this face
                rank -= whole - rest
                whole = rest
                continue
            for taken in range(min(available, left), 0, -1):
                block = small_multisets(left - taken, faces, doubles, triples)
                if rank < block:
                    chosen.extend([self.faces[index]] * taken)
                    left -= taken
                    break
                rank -= block
            if not left:
                break
            whole = small_multisets(left, faces, doubles, triples)
        return tuple(chosen)

    def _item(self, rank: int) -> tuple[Card, ...]:
        if self.size == 1:  # one face each, in order
            return (self.faces[rank],)
        if self._suffix is None:
            return self._small(rank)
        suffix = self._suffix
        chosen: list[Card] = []
        left = self.size
        for index, available in enumerate(self.available):
            if not left:
                break
            for taken in range(min(available, left), 0, -1):
                block = suffix[index + 1][left - taken]
                if rank < block:
                    chosen.extend([self.faces[index]] * taken)
                    left -= taken
                    break
                rank -= block
        return tuple(chosen)

    def rank(self, chosen: Sequence[Card]) -> int:
        """The position of the multiset `chosen` (faces in sort order) here; `ValueError` if
        it is not one of these multisets."""
        if len(chosen) != self.size:
            raise ValueError(chosen)
        taken = Counter(chosen)
        suffix = self._suffix or _suffix_table(self.available, self.size)
        rank, left = 0, self.size
        for index, (face, available) in enumerate(zip(self.faces, self.available)):
            count = taken.pop(face, 0)
            if count > available:
                raise ValueError(chosen)
            # the multisets that take more of this face come first
            rank += sum(suffix[index + 1][left - more] for more in range(count + 1, min(available, left) + 1))
            left -= count
        if taken:
            raise ValueError(chosen)
        return rank


# -- the ways to fulfil one task, by rank ----------------------------------------------


class TaskWays(LazySequence[Way]):
    """`finder.find_ways(task, hand)` as a lazy sequence: counted at once, read by rank."""

    def __init__(self, task: Task, hand: HandCounts) -> None:
        self.task = task
        self._hand = hand
        self._counted: tuple[list[tuple[int | None, ValueCounts, int]], int] | None = None
        self._total: int | None = None

    def _targets(self) -> Iterator[tuple[int | None, ValueCounts]]:
        """(colour, target) of every way, in the finder's order."""
        _, colours, levels, key, _, _ = _plan(self.task)
        for colour in colours:
            for target, _ in targets(self.task, self._hand.vector(colour, levels, key)):
                yield colour, target

    @property
    def _blocks(self) -> list[tuple[int | None, ValueCounts, int]]:
        """(colour, target, how many ways it has), counted on first need."""
        return self._count()[0]

    @property
    def total(self) -> int:
        """How many ways there are."""
        if self._total is None:
            task = self.task
            hand = self._hand
            _, colours, levels, key, memo, _ = _plan(task)
            if task.sum is None and task.pattern is None:
                # any N of the faces the task allows: the multisets of N of them, per colour
                counts = hand.counts
                size = task.count
                total = 0
                for colour in colours:
                    if colour is None:  # the copies of each face the task allows
                        copies: Sequence[int] = list(map(counts.__getitem__, _slots(colour, levels, key)))
                    else:  # one face per value: the levelled counts per value are the faces'
                        copies = hand._vectors.get((colour, key)) or hand.vector(colour, levels, key)
                    if sum(copies) < size:
                        continue
                    # faces by copies held (N or more count as N)
                    held = [(n, copies.count(n)) for n in range(1, size)]
                    held.append((size, len(copies) - copies.count(0) - sum(faces for _, faces in held)))
                    total += multisets(tuple((n, faces) for n, faces in held if faces), size)
                self._total = total
            elif colours[0] is not None:  # one face per value: each target is one way
                total = 0
                for colour in colours:
                    levelled = hand._vectors.get((colour, key)) or hand.vector(colour, levels, key)
                    found = memo.get(levelled)
                    total += len(targets(task, levelled) if found is None else found)
                self._total = total
            else:  # any colours: per target, the choices of faces for each value multiplied
                vector = hand._vectors.get((None, key)) or hand.vector(None, levels, key)
                self._total = sum(self._ways_of(sparse) for _, sparse in targets(task, vector))
        return self._total

    def _ways_of(self, sparse: Sparse) -> int:
        """The ways of one target in any colours: per value, the multisets of the faces held."""
        counts = self._hand.counts
        most = self.task.count
        tables = self._hand.value_tables
        ways = 1
        for value, wanted in sparse:
            table = tables.get((value, most))
            if table is None:
                table = tables[value, most] = _value_table(tuple(counts[4 * value + 4 : 4 * value + 8]), most)
            ways *= table[wanted]
        return ways

    def _count(self) -> tuple[list[tuple[int | None, ValueCounts, int]], int]:
        if self._counted is None:
            blocks: list[tuple[int | None, ValueCounts, int]] = []
            _, colours, levels, key, _, _ = _plan(self.task)
            for colour in colours:
                found = targets(self.task, self._hand.vector(colour, levels, key))
                if colour is not None:  # one face per value: each target is one way
                    blocks.extend((colour, target, 1) for target, _ in found)
                    continue
                blocks.extend((colour, target, self._ways_of(sparse)) for target, sparse in found)
            self._counted = (blocks, sum(count for _, _, count in blocks))
        return self._counted

    def _faces(self, colour: int | None, value: int) -> list[tuple[Card, int]]:
        """(face, how many) of one value in the hand, in `colour` (None: every colour)."""
        counts = self._hand.counts
        slots = range(4 * value, 4 * value + 4) if colour is None else (4 * value + colour,)
        return [(_FACE_AT[slot], counts[slot]) for slot in slots if counts[slot]]

    def __len__(self) -> int:
        return self.total

    def _item(self, rank: int) -> Way:
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

    def rank(self, way: Sequence[Card]) -> int:
        """The position of `way` (faces in sort order) here; `ValueError` if it is not a way."""
        wanted = [0] * len(VALUES)
        for card in way:
            wanted[card.value - 1] += 1
        target = tuple(wanted)
        colours = {_COLOUR_INDEX[card.colour] for card in way}
        offset = 0
        for colour, block, count in self._blocks:
            if block == target and (colour is None or colours == {colour}):
                rank = 0
                for value, n in enumerate(target):
                    if n:
                        part = Choices(self._faces(colour, value + 1), n)
                        rank = rank * len(part) + part.rank([card for card in way if card.value == value + 1])
                return offset + rank
            offset += count
        raise ValueError(way)

    def __iter__(self) -> Iterator[Way]:
        for colour, target in self._targets():
            parts = [choices(self._faces(colour, value + 1), wanted) for value, wanted in enumerate(target) if wanted]
            for combo in product(*parts):
                yield tuple(card for part in combo for card in part)
