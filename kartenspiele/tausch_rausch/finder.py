"""The task finder: every way a hand can fulfil a task, or what is missing.

Ways are distinct by values and colours (two copies of the same face make no new way).
The search works on value counts: for each colour the task allows, it lists the value
multisets of the task's shape that the hand can cover, then spreads each over the colours
the hand holds. When no way exists, `missing` names the fewest cards that would complete
the task — as specific cards ("a blue 5") for a pattern, or as a kind of card ("one more odd
card", "two cards with a sum of at most 4") for the other tasks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .cards import COLOURS, COPIES, FACES, VALUES, Card
from .tasks import Parity, Task, ValueCounts

Way = tuple[Card, ...]


def face_counts(hand: Iterable[Card] | Mapping[Card, int]) -> Counter[Card]:
    """How many cards of each face a hand holds."""
    return Counter(hand) if not isinstance(hand, Mapping) else Counter(dict(hand))


@dataclass(frozen=True)
class _Pool:
    """The cards of a hand that one colour choice of a task may use."""

    colour: str | None  # None: any colour
    counts: ValueCounts  # usable cards per value
    faces: tuple[tuple[tuple[Card, int], ...], ...]  # per value: (face, how many)


class HandIndex:
    """A hand counted by face, with its pools per colour choice and parity built once, so
    that many tasks can be asked about the same hand cheaply."""

    def __init__(self, hand: Iterable[Card] | Mapping[Card, int]) -> None:
        self.counts = face_counts(hand)
        by_colour: dict[str | None, list[list[tuple[Card, int]]]] = {None: [[] for _ in VALUES]}
        for face, count in sorted(self.counts.items(), key=lambda item: item[0].order):
            if count > 0:
                by_colour[None][face.value - 1].append((face, count))
                by_colour.setdefault(face.colour, [[] for _ in VALUES])[face.value - 1].append((face, count))
        self._by_colour = by_colour
        self._pools: dict[tuple[str | None, str | None], _Pool] = {}

    def pool(self, colour: str | None, parity: Parity | None) -> _Pool:
        key = (colour, None if parity is None else parity.which)
        found = self._pools.get(key)
        if found is None:
            source = self._by_colour.get(colour) or [[] for _ in VALUES]
            faces = tuple(
                tuple(per_value) if parity is None or parity.allows(value) else ()
                for value, per_value in zip(VALUES, source)
            )
            counts = tuple([sum(n for _, n in per_value) if per_value else 0 for per_value in faces])
            found = self._pools[key] = _Pool(colour, counts, faces)
        return found


Hand = Iterable[Card] | Mapping[Card, int] | HandIndex


def _index(hand: Hand) -> HandIndex:
    return hand if isinstance(hand, HandIndex) else HandIndex(hand)


def _pools(task: Task, hand: HandIndex) -> list[_Pool]:
    return [hand.pool(colour, task.parity) for colour in task.colour.options()]


def _free_targets(counts: ValueCounts, size: int, low: int | None, high: int | None) -> Iterator[ValueCounts]:
    """Every multiset of `size` values within `counts` whose sum lies in [low, high]."""
    avail = [(v, counts[v - 1]) for v in VALUES if counts[v - 1]]
    suffix = [0] * (len(avail) + 1)
    for i in range(len(avail) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i][1]
    top = avail[-1][0] if avail else 0
    chosen = [0] * len(VALUES)

    def walk(i: int, left: int, total: int) -> Iterator[ValueCounts]:
        if left == 0:
            if low is None or total >= low:
                yield tuple(chosen)
            return
        if suffix[i] < left:
            return
        value, available = avail[i]
        if high is not None and total + left * value > high:
            return
        if low is not None and total + left * top < low:
            return
        for taken in range(min(available, left), -1, -1):
            chosen[value - 1] = taken
            yield from walk(i + 1, left - taken, total + taken * value)
        chosen[value - 1] = 0

    yield from walk(0, size, 0)


def _targets(task: Task, counts: ValueCounts) -> Iterator[ValueCounts]:
    """The value multisets that fulfil `task` and that `counts` can cover."""
    if task.pattern is not None:
        for target, sparse in task.pattern_targets:
            for i, n in sparse:
                if counts[i] < n:
                    break
            else:
                yield target
        return
    bounds = task.sum
    low = None if bounds is None else bounds.at_least
    high = None if bounds is None else bounds.at_most
    yield from _free_targets(counts, task.count, low, high)


def choices(faces: Sequence[tuple[Card, int]], size: int) -> list[Way]:
    """Every multiset of `size` faces from (face, how many) pairs, faces kept in order.
    (Works on positions, whose tuples hash fast, and maps them to faces at the end.)"""
    expanded = [index for index, (_, available) in enumerate(faces) for _ in range(min(available, size))]
    face_at = [face for face, _ in faces].__getitem__
    return [tuple(map(face_at, combo)) for combo in dict.fromkeys(combinations(expanded, size))]


def _spread(target: ValueCounts, pool: _Pool) -> Iterator[Way]:
    parts = [choices(pool.faces[i], n) for i, n in enumerate(target) if n]
    for combo in product(*parts):
        yield tuple(card for part in combo for card in part)


def find_ways(task: Task, hand: Hand) -> list[Way]:
    """Every distinct way (by values and colours) to fulfil `task` with cards of `hand`;
    each way is sorted by value, then colour."""
    ways: list[Way] = []
    for pool in _pools(task, _index(hand)):
        for target in _targets(task, pool.counts):
            ways.extend(_spread(target, pool))
    return ways


def ways_including(task: Task, hand: Hand, chosen: Iterable[Card]) -> list[Way]:
    """The ways to fulfil `task` with `hand` that contain every card of `chosen` — what a
    partial selection can still become (empty: it cannot become the task)."""
    wanted = Counter(chosen)
    return [way for way in find_ways(task, hand) if not wanted - Counter(way)]


def covers(task: Task, counts: ValueCounts) -> bool:
    """Whether cards with these counts per value, all in colours the task may use together,
    can fulfil `task`."""
    usable = tuple(c if task.allows_value(v) else 0 for v, c in zip(VALUES, counts))
    return next(_targets(task, usable), None) is not None


def can_fulfil(task: Task, hand: Hand) -> bool:
    """Whether `hand` can fulfil `task` at all (faster than listing the ways)."""
    return any(next(_targets(task, pool.counts), None) is not None for pool in _pools(task, _index(hand)))


# -- what is missing ----------------------------------------------------------------------


@dataclass(frozen=True)
class Need:
    """`count` more cards, each with a value among `values`, in `colour` (None: any colour),
    whose values add up to between `at_least` and `at_most` (None: no bound)."""

    count: int
    values: tuple[int, ...]
    colour: str | None
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True)
class Option:
    """One way to complete the task: keep these hand cards and get the needed cards."""

    keep: tuple[Card, ...]
    needs: tuple[Need, ...]

    @property
    def missing(self) -> int:
        return sum(need.count for need in self.needs)


@dataclass(frozen=True)
class Shortfall:
    """The fewest cards (`cards`) a hand lacks for a task, and every option with that many."""

    task: Task
    cards: int
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Finding:
    """The task finder's answer: the ways, or (if there is none) what is missing."""

    task: Task
    ways: list[Way]
    missing: Shortfall | None

    @property
    def possible(self) -> bool:
        return bool(self.ways)


def _keep(target: ValueCounts, pool: _Pool) -> tuple[Card, ...]:
    """Hand cards for the part of `target` the hand covers (the first faces of each value)."""
    kept: list[Card] = []
    for i, wanted in enumerate(target):
        for face, available in pool.faces[i]:
            taken = min(wanted, available)
            kept.extend([face] * taken)
            wanted -= taken
    return tuple(kept)


def _pattern_options(task: Task, pool: _Pool) -> list[tuple[int, ValueCounts]]:
    """(cards missing, target) for every target of the pattern."""
    return [(sum(t - c for t, c in zip(target, pool.counts) if t > c), target) for target, _ in task.pattern_targets]


def _pattern_option(target: ValueCounts, pool: _Pool) -> Option:
    needs = tuple(Need(t - c, (i + 1,), pool.colour) for i, (t, c) in enumerate(zip(target, pool.counts)) if t > c)
    return Option(_keep(tuple(min(t, c) for t, c in zip(target, pool.counts)), pool), needs)


def _totals(avail: Sequence[int], size: int) -> int:
    """A bit set: bit t is on if some `size` cards drawn from `avail` (cards left per value)
    add up to t."""
    sums = [1] + [0] * size
    for i, available in enumerate(avail):
        if available:
            for j in range(size, 0, -1):
                reached = sums[j]
                for taken in range(1, min(available, j) + 1):
                    reached |= sums[j - taken] << (taken * (i + 1))
                sums[j] = reached
    return sums[size]


def _free_need(task: Task, pool: _Pool, avail: list[int], kept_sum: int, size: int) -> Need | None:
    low = None if task.sum is None or task.sum.at_least is None else task.sum.at_least - kept_sum
    high = None if task.sum is None or task.sum.at_most is None else task.sum.at_most - kept_sum
    if high is not None and high < 0:
        return None
    top = high if high is not None else len(VALUES) * size
    window = ((1 << (top + 1)) - 1) & ~((1 << max(low or 0, 0)) - 1)
    totals = _totals(avail, size)
    if not totals & window:
        return None
    values = []
    for i, available in enumerate(avail):
        if available:
            fewer = list(avail)
            fewer[i] -= 1
            if (_totals(fewer, size - 1) << (i + 1)) & window:
                values.append(i + 1)
    smallest, largest = (totals & -totals).bit_length() - 1, totals.bit_length() - 1
    if size == 1 or (low is not None and smallest >= low):
        low = None
    if size == 1 or (high is not None and largest <= high):
        high = None
    return Need(size, tuple(values), pool.colour, low, high)


def _free_options(task: Task, pool: _Pool, missing: int) -> list[Option]:
    copies = COPIES * (len(COLOURS) if pool.colour is None else 1)
    avail = [copies - c if task.allows_value(v) else 0 for v, c in zip(VALUES, pool.counts)]
    keep_size = task.count - missing
    if sum(pool.counts) < keep_size:
        return []
    low = task.sum.at_least if task.sum else None
    high = task.sum.at_most if task.sum else None
    values = sorted(v for v in VALUES for _ in range(pool.counts[v - 1]))
    if low is not None and high is not None:
        kept_choices = list(_free_targets(pool.counts, keep_size, None, None))
    else:
        chosen = values[len(values) - keep_size :] if low is not None else values[:keep_size]
        kept_choices = [tuple(chosen.count(v) for v in VALUES)]
    options: dict[Need, Option] = {}
    for kept in kept_choices:
        need = _free_need(task, pool, avail, sum((i + 1) * n for i, n in enumerate(kept)), missing)
        if need is not None and need not in options:
            options[need] = Option(_keep(kept, pool), (need,))
    return list(options.values())


def missing(task: Task, hand: Hand) -> Shortfall | None:
    """What `hand` lacks for `task`: None if it can fulfil the task already."""
    pools = _pools(task, _index(hand))
    if any(next(_targets(task, pool.counts), None) is not None for pool in pools):
        return None
    if task.pattern is not None:
        scored = [(cost, target, pool) for pool in pools for cost, target in _pattern_options(task, pool)]
        fewest = min(cost for cost, _, _ in scored)
        return Shortfall(
            task, fewest, tuple(_pattern_option(target, pool) for cost, target, pool in scored if cost == fewest)
        )
    for count in range(1, task.count + 1):
        options = [option for pool in pools for option in _free_options(task, pool, count)]
        if options:
            return Shortfall(task, count, tuple(options))
    # A task is possible with the 80 cards (checked when it is made), so N cards always do.
    raise AssertionError(f"no completion found for {task.id}")


def find(task: Task, hand: Hand) -> Finding:
    """Every way to fulfil `task` with `hand`, or — if there is none — what is missing."""
    index = _index(hand)
    ways = find_ways(task, index)
    return Finding(task, ways, None if ways else missing(task, index))


def find_all(tasks: Iterable[Task], hand: Hand) -> dict[str, Finding]:
    """The finder's answer for each task (by id), counting the hand once."""
    index = _index(hand)
    return {task.id: find(task, index) for task in tasks}


def example_cards(option: Option, hand: Hand) -> list[Card] | None:
    """Concrete cards that realise `option` and are not all in `hand` already (None if none)."""
    counts = _index(hand).counts
    chosen: list[Card] = []

    def fill(needs: Sequence[Need]) -> bool:
        if not needs:
            return True
        need, rest = needs[0], needs[1:]
        colours = COLOURS if need.colour is None else (need.colour,)
        faces = [FACES[(c, v)] for v in need.values for c in colours]

        def pick(start: int, left: int, total: int) -> bool:
            if left == 0:
                ok = (need.at_least is None or total >= need.at_least) and (
                    need.at_most is None or total <= need.at_most
                )
                return ok and fill(rest)
            for index in range(start, len(faces)):
                face = faces[index]
                if counts[face] + chosen.count(face) < COPIES:
                    chosen.append(face)
                    if pick(index, left - 1, total + face.value):
                        return True
                    chosen.pop()
            return False

        return pick(0, need.count, 0)

    return list(chosen) if fill(option.needs) else None


# -- is a task possible at all ----------------------------------------------------------


def impossibility(task: Task) -> tuple[str, dict[str, object]] | None:
    """Why no N of the 80 cards fulfil `task`: (text key, parameters), or None if some do."""
    deck = HandIndex({face: COPIES for face in FACES.values()})
    if any(next(_targets(task, pool.counts), None) is not None for pool in _pools(task, deck)):
        return None
    key = "tausch_rausch.task.reason.none"
    if task.pattern is not None:
        shapes = list(task.pattern.targets(task.count, task.copies))
        if not shapes:
            key = "tausch_rausch.task.reason.copies"
        elif task.parity is not None and not any(all(task.parity.allows(v) for v in shape) for shape in shapes):
            key = "tausch_rausch.task.reason.parity_pattern"
        elif task.sum is not None:
            key = "tausch_rausch.task.reason.sum"
    elif task.sum is not None:
        key = "tausch_rausch.task.reason.sum"
    return key, {"count": task.count, "copies": task.copies}
