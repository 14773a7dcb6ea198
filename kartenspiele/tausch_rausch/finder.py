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
from itertools import product

from .cards import COLOURS, COPIES, FACES, VALUES, Card
from .tasks import Task, ValueCounts

Way = tuple[Card, ...]
_INDEX = range(len(VALUES))


def face_counts(hand: Iterable[Card] | Mapping[Card, int]) -> Counter[Card]:
    """How many cards of each face a hand holds."""
    return Counter(hand) if not isinstance(hand, Mapping) else Counter(dict(hand))


@dataclass(frozen=True)
class _Pool:
    """The cards of a hand that one colour choice of a task may use."""

    colour: str | None                                 # None: any colour
    counts: ValueCounts                                # usable cards per value
    faces: tuple[tuple[tuple[Card, int], ...], ...]    # per value: (face, how many)


def _pools(task: Task, hand: Mapping[Card, int]) -> list[_Pool]:
    pools = []
    for colour in task.colour.options():
        colours = COLOURS if colour is None else (colour,)
        faces = tuple(
            tuple((FACES[(c, v)], hand[FACES[(c, v)]]) for c in colours if hand.get(FACES[(c, v)], 0) > 0)
            if task.allows_value(v) else ()
            for v in VALUES)
        counts = tuple(sum(n for _, n in per_value) for per_value in faces)
        pools.append(_Pool(colour, counts, faces))
    return pools


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
            if all(counts[i] >= n for i, n in sparse):
                yield target
        return
    bounds = task.sum
    yield from _free_targets(counts, task.count, bounds and bounds.at_least, bounds and bounds.at_most)


def choices(faces: Sequence[tuple[Card, int]], size: int) -> list[Way]:
    """Every multiset of `size` faces from (face, how many) pairs, faces kept in order."""
    if size == 0:
        return [()]
    if not faces:
        return []
    (face, available), rest = faces[0], faces[1:]
    found = []
    for taken in range(min(available, size), -1, -1):
        found.extend((face,) * taken + tail for tail in choices(rest, size - taken))
    return found


def _spread(target: ValueCounts, pool: _Pool) -> Iterator[Way]:
    parts = [choices(pool.faces[i], n) for i, n in enumerate(target) if n]
    for combo in product(*parts):
        yield tuple(card for part in combo for card in part)


def find_ways(task: Task, hand: Iterable[Card] | Mapping[Card, int]) -> list[Way]:
    """Every distinct way (by values and colours) to fulfil `task` with cards of `hand`;
    each way is sorted by value, then colour."""
    counts = face_counts(hand)
    ways: list[Way] = []
    for pool in _pools(task, counts):
        for target in _targets(task, pool.counts):
            ways.extend(_spread(target, pool))
    return ways


def covers(task: Task, counts: ValueCounts) -> bool:
    """Whether cards with these counts per value, all in colours the task may use together,
    can fulfil `task`."""
    usable = tuple(c if task.allows_value(v) else 0 for v, c in zip(VALUES, counts))
    return next(_targets(task, usable), None) is not None


def can_fulfil(task: Task, hand: Iterable[Card] | Mapping[Card, int]) -> bool:
    """Whether `hand` can fulfil `task` at all (faster than listing the ways)."""
    counts = face_counts(hand)
    return any(next(_targets(task, pool.counts), None) is not None for pool in _pools(task, counts))


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


def _pattern_options(task: Task, pool: _Pool) -> list[tuple[int, Option]]:
    options = []
    for target, _ in task.pattern_targets:
        lacking = [(i + 1, t - c) for i, (t, c) in enumerate(zip(target, pool.counts)) if t > c]
        needs = tuple(Need(n, (value,), pool.colour) for value, n in lacking)
        kept = tuple(min(t, c) for t, c in zip(target, pool.counts))
        options.append((sum(n for _, n in lacking), Option(_keep(kept, pool), needs)))
    return options


def _sums(avail: Sequence[int], size: int) -> list[set[int]]:
    """sums[j]: every total of j cards drawn from `avail` (cards left per value)."""
    sums: list[set[int]] = [{0}] + [set() for _ in range(size)]
    for i, available in enumerate(avail):
        value = i + 1
        if not available:
            continue
        following = [set(s) for s in sums]
        for j in range(1, size + 1):
            for taken in range(1, min(available, j) + 1):
                following[j].update(total + taken * value for total in sums[j - taken])
        sums = following
    return sums


def _free_need(task: Task, pool: _Pool, avail: list[int], kept_sum: int, size: int) -> Need | None:
    low = task.sum.at_least if task.sum else None
    high = task.sum.at_most if task.sum else None
    low = None if low is None else low - kept_sum
    high = None if high is None else high - kept_sum

    def fits(total: int) -> bool:
        return (low is None or total >= low) and (high is None or total <= high)

    totals = _sums(avail, size)[size]
    if not any(fits(total) for total in totals):
        return None
    values = []
    for i, available in enumerate(avail):
        if available:
            fewer = list(avail)
            fewer[i] -= 1
            if any(fits(total + i + 1) for total in _sums(fewer, size - 1)[size - 1]):
                values.append(i + 1)
    if size == 1 or (low is not None and min(totals) >= low):
        low = None
    if size == 1 or (high is not None and max(totals) <= high):
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
        chosen = values[len(values) - keep_size:] if low is not None else values[:keep_size]
        kept_choices = [tuple(chosen.count(v) for v in VALUES)]
    options: dict[Need, Option] = {}
    for kept in kept_choices:
        need = _free_need(task, pool, avail, sum((i + 1) * n for i, n in enumerate(kept)), missing)
        if need is not None and need not in options:
            options[need] = Option(_keep(kept, pool), (need,))
    return list(options.values())


def missing(task: Task, hand: Iterable[Card] | Mapping[Card, int]) -> Shortfall | None:
    """What `hand` lacks for `task`: None if it can fulfil the task already."""
    counts = face_counts(hand)
    pools = _pools(task, counts)
    if any(next(_targets(task, pool.counts), None) is not None for pool in pools):
        return None
    if task.pattern is not None:
        scored = [scored for pool in pools for scored in _pattern_options(task, pool)]
        fewest = min(cost for cost, _ in scored)
        return Shortfall(task, fewest, tuple(option for cost, option in scored if cost == fewest))
    for count in range(1, task.count + 1):
        options = [option for pool in pools for option in _free_options(task, pool, count)]
        if options:
            return Shortfall(task, count, tuple(options))
    return Shortfall(task, task.count, ())


def find(task: Task, hand: Iterable[Card] | Mapping[Card, int]) -> Finding:
    """Every way to fulfil `task` with `hand`, or — if there is none — what is missing."""
    counts = face_counts(hand)
    ways = find_ways(task, counts)
    return Finding(task, ways, None if ways else missing(task, counts))


def example_cards(option: Option, hand: Iterable[Card] | Mapping[Card, int]) -> list[Card] | None:
    """Concrete cards that realise `option` and are not all in `hand` already (None if none)."""
    counts = face_counts(hand)
    chosen: list[Card] = []

    def fill(needs: Sequence[Need]) -> bool:
        if not needs:
            return True
        need, rest = needs[0], needs[1:]
        colours = COLOURS if need.colour is None else (need.colour,)
        faces = [FACES[(c, v)] for v in need.values for c in colours]

        def pick(start: int, left: int, total: int) -> bool:
            if left == 0:
                ok = ((need.at_least is None or total >= need.at_least)
                      and (need.at_most is None or total <= need.at_most))
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
    deck = {face: COPIES for face in FACES.values()}
    if any(next(_targets(task, pool.counts), None) is not None for pool in _pools(task, deck)):
        return None
    key = "tausch_rausch.task.reason.none"
    if task.pattern is not None:
        shapes = list(task.pattern.targets(task.count, task.copies))
        if not shapes:
            key = "tausch_rausch.task.reason.copies"
        elif task.parity is not None and not any(
                all(task.parity.allows(v) for v in shape) for shape in shapes):
            key = "tausch_rausch.task.reason.parity_pattern"
        elif task.sum is not None:
            key = "tausch_rausch.task.reason.sum"
    elif task.sum is not None:
        key = "tausch_rausch.task.reason.sum"
    return key, {"count": task.count, "copies": task.copies}

