"""Tasks as data: a count N and conditions made of a few building blocks.

A task asks for exactly N cards that meet every one of its conditions:

* `Colour("any")` (the default), `Colour("same")` — all of one colour —, or a named colour
  `Colour("bl")` (also `Colour("blau")`, `Colour("blue")`);
* `Parity("even")` / `Parity("odd")` — every value even (odd);
* `Sum(at_least=…, at_most=…)` — bounds on the sum of the values (`Sum.exactly(9)`);
* one pattern of values: `Run()` (consecutive values, 3-4-5-6-7), `OfAKind()` (all the same
  value), `FullHouse()` (three of one value and two of another), `AdjacentPairs()`
  (a, a, a+1, a+1, …).

A teacher defines a task in one line, e.g.
``task("rot-20", 3, Colour("rot"), Sum(at_least=20))``; its reward follows its measured
difficulty unless given. A task that no N of the 80 cards can fulfil is rejected
(`RuleOptionError` with the reason).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from ..core.errors import RuleOptionError
from ..i18n import text
from .cards import COLOURS, COPIES, VALUES, Card, colour_name
from .localised import Localised

ANY = "any"
SAME = "same"
REWARDS = (1, 2)
MAX_COUNT = 12
_COLOUR_WORDS = {
    "gelb": "ge",
    "yellow": "ge",
    "grün": "gr",
    "gruen": "gr",
    "green": "gr",
    "blau": "bl",
    "blue": "bl",
    "rot": "ro",
    "red": "ro",
}
_ID = re.compile(r"^[\w-]+$")

ValueCounts = tuple[int, ...]  # how many cards of each value 1–10 (index value − 1)


def _error(key: str, **params: object) -> RuleOptionError:
    return RuleOptionError(f"tausch_rausch.task.{key}", **params)


class Block:
    """A building block of a task's condition."""

    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Colour(Block):
    """The colours of the cards: "any", "same" (all one colour) or one named colour."""

    which: str = ANY
    kind: ClassVar[str] = "colour"

    def __post_init__(self) -> None:
        which = self.which.lower() if isinstance(self.which, str) else self.which
        which = _COLOUR_WORDS.get(which, which)
        if which not in (ANY, SAME, *COLOURS):
            raise _error("bad_colour", colour=self.which, allowed=", ".join((ANY, SAME, *COLOURS)))
        object.__setattr__(self, "which", which)

    def options(self) -> tuple[str | None, ...]:
        """The colour each way may use: None (any colours), or one colour per choice."""
        if self.which == ANY:
            return (None,)
        if self.which == SAME:
            return COLOURS
        return (self.which,)

    def to_dict(self) -> dict[str, Any]:
        return {"block": "colour", "which": self.which}


@dataclass(frozen=True)
class Parity(Block):
    """Every value even ("even") or every value odd ("odd")."""

    which: str
    kind: ClassVar[str] = "parity"

    def __post_init__(self) -> None:
        if self.which not in ("even", "odd"):
            raise _error("bad_parity", parity=self.which)

    def allows(self, value: int) -> bool:
        return value % 2 == (0 if self.which == "even" else 1)

    def to_dict(self) -> dict[str, Any]:
        return {"block": "parity", "which": self.which}


@dataclass(frozen=True)
class Sum(Block):
    """The values add up to at least `at_least` and at most `at_most` (either may be None)."""

    at_least: int | None = None
    at_most: int | None = None
    kind: ClassVar[str] = "sum"

    def __post_init__(self) -> None:
        for bound in (self.at_least, self.at_most):
            if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool) or bound < 0):
                raise _error("bad_sum", low=self.at_least, high=self.at_most)
        if self.at_least is None and self.at_most is None:
            raise _error("bad_sum", low=self.at_least, high=self.at_most)
        if self.at_least is not None and self.at_most is not None and self.at_least > self.at_most:
            raise _error("bad_sum", low=self.at_least, high=self.at_most)

    @classmethod
    def exactly(cls, total: int) -> Sum:
        return cls(total, total)

    def allows(self, total: int) -> bool:
        return (self.at_least is None or total >= self.at_least) and (self.at_most is None or total <= self.at_most)

    def to_dict(self) -> dict[str, Any]:
        return {"block": "sum", "at_least": self.at_least, "at_most": self.at_most}


class Pattern(Block):
    """A shape of the values. `targets` lists every value multiset of the shape."""

    kind: ClassVar[str] = "pattern"
    name: ClassVar[str]

    def count_problem(self, count: int) -> str | None:
        """The text key saying why `count` cards cannot have this shape (None if they can)."""
        return None

    def targets(self, count: int, copies: int) -> Iterator[dict[int, int]]:
        """Every multiset of values {value: how many} of the shape, each value at most `copies`."""
        raise NotImplementedError

    def holds(self, values: Sequence[int]) -> bool:
        """Whether the sorted `values` have the shape."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"block": self.name}


@dataclass(frozen=True)
class Run(Pattern):
    """Consecutive values, each once: 3-4-5-6-7."""

    name: ClassVar[str] = "run"

    def count_problem(self, count: int) -> str | None:
        return "run_count" if not 2 <= count <= len(VALUES) else None

    def targets(self, count: int, copies: int) -> Iterator[dict[int, int]]:
        for start in range(1, len(VALUES) - count + 2):
            yield {start + step: 1 for step in range(count)}

    def holds(self, values: Sequence[int]) -> bool:
        return all(b == a + 1 for a, b in zip(values, values[1:]))


@dataclass(frozen=True)
class OfAKind(Pattern):
    """All values the same: a pair, three or four of a kind."""

    name: ClassVar[str] = "of_a_kind"

    def count_problem(self, count: int) -> str | None:
        return "kind_count" if count < 2 else None

    def targets(self, count: int, copies: int) -> Iterator[dict[int, int]]:
        if count <= copies:
            for value in VALUES:
                yield {value: count}

    def holds(self, values: Sequence[int]) -> bool:
        return len(set(values)) == 1


@dataclass(frozen=True)
class FullHouse(Pattern):
    """Three cards of one value and two of another value."""

    name: ClassVar[str] = "full_house"

    def count_problem(self, count: int) -> str | None:
        return "full_house_count" if count != 5 else None

    def targets(self, count: int, copies: int) -> Iterator[dict[int, int]]:
        if copies >= 3:
            for three in VALUES:
                for two in VALUES:
                    if two != three:
                        yield {three: 3, two: 2}

    def holds(self, values: Sequence[int]) -> bool:
        return sorted(Counter(values).values()) == [2, 3]


@dataclass(frozen=True)
class AdjacentPairs(Pattern):
    """Pairs whose values are consecutive: a, a, a+1, a+1 (, a+2, a+2 …)."""

    name: ClassVar[str] = "adjacent_pairs"

    def count_problem(self, count: int) -> str | None:
        return "pairs_count" if count < 4 or count % 2 or count // 2 > len(VALUES) else None

    def targets(self, count: int, copies: int) -> Iterator[dict[int, int]]:
        if copies >= 2:
            for start in range(1, len(VALUES) - count // 2 + 2):
                yield {start + step: 2 for step in range(count // 2)}

    def holds(self, values: Sequence[int]) -> bool:
        counts = Counter(values)
        keys = sorted(counts)
        return all(n == 2 for n in counts.values()) and all(b == a + 1 for a, b in zip(keys, keys[1:]))


def _pairs_example(count: int) -> str:
    """Adjacent pairs for `count` cards as an example: "3-3 & 4-4", "3-3, 4-4 & 5-5"."""
    start = max(1, min(3, len(VALUES) + 1 - count // 2))
    pairs = [f"{value}-{value}" for value in range(start, start + count // 2)]
    return " & ".join([", ".join(pairs[:-1]), pairs[-1]]) if len(pairs) > 1 else "".join(pairs)


PATTERNS: dict[str, type[Pattern]] = {cls.name: cls for cls in (Run, OfAKind, FullHouse, AdjacentPairs)}
_ORDER = {"colour": 0, "parity": 1, "sum": 2, "pattern": 3}


@dataclass(frozen=True)
class Task:
    """A task card: its id, how many cards it asks for, its conditions and its reward.

    Build one with `task(…)`, which also works out the reward from the difficulty.
    """

    id: str
    count: int
    conditions: tuple[Block, ...] = ()
    reward: int = 1
    colour: Colour = field(init=False, repr=False, compare=False)
    parity: Parity | None = field(init=False, repr=False, compare=False)
    sum: Sum | None = field(init=False, repr=False, compare=False)
    pattern: Pattern | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise _error("bad_id", id=self.id)
        if not isinstance(self.count, int) or isinstance(self.count, bool) or not 1 <= self.count <= MAX_COUNT:
            raise _error("bad_count", task=self.id, count=self.count, high=MAX_COUNT)
        if self.reward not in REWARDS:
            raise _error("bad_reward", task=self.id, reward=self.reward)
        by_kind: dict[str, Block] = {}
        for block in self.conditions:
            if not isinstance(block, Block):
                raise _error("bad_block", task=self.id, block=repr(block))
            if block.kind in by_kind:
                raise _error("two_blocks", task=self.id, kind=block.kind)
            by_kind[block.kind] = block
        colour = by_kind.get("colour", Colour())
        canonical = tuple(sorted((b for b in by_kind.values() if b != Colour()), key=lambda b: _ORDER[b.kind]))
        object.__setattr__(self, "conditions", canonical)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "parity", by_kind.get("parity"))
        object.__setattr__(self, "sum", by_kind.get("sum"))
        object.__setattr__(self, "pattern", by_kind.get("pattern"))
        if self.pattern is not None:
            problem = self.pattern.count_problem(self.count)
            if problem:
                raise _error(problem, task=self.id, count=self.count)
        from .finder import impossibility

        reason = impossibility(self)
        if reason is not None:
            key, params = reason
            raise _error(
                "impossible",
                task=self.id,
                count=self.count,
                reason=Localised.of(lambda lang: text(key, lang, **params)),
            )

    # -- checks on values ---------------------------------------------------------------
    @property
    def copies(self) -> int:
        """How many cards of one value the colour condition leaves in the deck."""
        return COPIES * (len(COLOURS) if self.colour.which == ANY else 1)

    def allows_value(self, value: int) -> bool:
        """Whether a single card of `value` may take part (the parity condition)."""
        return self.parity is None or self.parity.allows(value)

    def values_hold(self, values: Sequence[int]) -> bool:
        """Whether sorted `values` (already N of them) meet parity, sum and pattern."""
        if self.parity is not None and not all(self.parity.allows(v) for v in values):
            return False
        if self.sum is not None and not self.sum.allows(sum(values)):
            return False
        return self.pattern is None or self.pattern.holds(values)

    def holds(self, cards: Sequence[Card]) -> bool:
        """Whether exactly these cards fulfil the task."""
        if len(cards) != self.count:
            return False
        colours = {card.colour for card in cards}
        if self.colour.which == SAME and len(colours) > 1:
            return False
        if self.colour.which not in (ANY, SAME) and colours != {self.colour.which}:
            return False
        return self.values_hold(sorted(card.value for card in cards))

    @cached_property
    def pattern_targets(self) -> tuple[tuple[ValueCounts, tuple[tuple[int, int], ...]], ...]:
        """The value multisets of the pattern that meet parity and sum (pattern tasks only),
        each as (counts per value, its (value index, count) pairs)."""
        assert self.pattern is not None
        found = []
        for target in self.pattern.targets(self.count, self.copies):
            values = sorted(v for v, n in target.items() for _ in range(n))
            if self.values_hold(values):
                dense = tuple(target.get(v, 0) for v in VALUES)
                found.append((dense, tuple((v - 1, n) for v, n in sorted(target.items()))))
        return tuple(found)

    # -- words --------------------------------------------------------------------------
    def title(self, lang: str | None = None) -> str:
        """The task in words: "5 Karten, alle gerade" / "5 cards, all even"."""
        return f"{text('tausch_rausch.task_text.count', lang, count=self.count)}, {self.condition_text(lang)}"

    def condition_text(self, lang: str | None = None) -> str:
        """The conditions in words: "alle gerade", "in einer Farbe, Summe genau 9"."""
        parts = []
        which = self.colour.which
        if which == SAME:
            parts.append(text("tausch_rausch.task_text.same_colour", lang))
        elif which != ANY:
            parts.append(text("tausch_rausch.task_text.colour", lang, colour=colour_name(which, lang)))
        if self.parity is not None:
            parts.append(text(f"tausch_rausch.task_text.{self.parity.which}", lang))
        if self.sum is not None:
            low, high = self.sum.at_least, self.sum.at_most
            if low == high:
                parts.append(text("tausch_rausch.task_text.sum_exactly", lang, total=low))
            elif high is None:
                parts.append(text("tausch_rausch.task_text.sum_at_least", lang, total=low))
            elif low is None:
                parts.append(text("tausch_rausch.task_text.sum_at_most", lang, total=high))
            else:
                parts.append(text("tausch_rausch.task_text.sum_between", lang, low=low, high=high))
        if self.pattern is not None:
            parts.append(text(f"tausch_rausch.task_text.{self.pattern.name}", lang, example=_pairs_example(self.count)))
        return ", ".join(parts) or text("tausch_rausch.task_text.any", lang)

    def __str__(self) -> str:
        return f"{self.id}: {self.title('en')} (+{self.reward})"

    def _repr_html_(self) -> str:
        from .display import task_html

        return task_html(self)

    # -- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "count": self.count,
            "reward": self.reward,
            "conditions": [block.to_dict() for block in self.conditions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Task:
        """The task written by `to_dict`; anything malformed raises `RuleOptionError`."""
        if not isinstance(data, Mapping) or set(data) != {"id", "count", "reward", "conditions"}:
            raise _error("malformed", data=data)
        conditions = data["conditions"]
        if not isinstance(conditions, list):
            raise _error("malformed", data=data)
        return cls(data["id"], data["count"], tuple(block_from_dict(b) for b in conditions), data["reward"])


def block_from_dict(data: Any) -> Block:
    """A building block from its `to_dict` form."""
    if not isinstance(data, Mapping) or not isinstance(data.get("block"), str):
        raise _error("malformed", data=data)
    params = {key: value for key, value in data.items() if key != "block"}
    name = data["block"]
    kinds: dict[str, type[Block]] = {"colour": Colour, "parity": Parity, "sum": Sum, **PATTERNS}
    if name not in kinds:
        raise _error("malformed", data=data)
    try:
        return kinds[name](**params)
    except TypeError as error:
        raise _error("malformed", data=data) from error


def task(id: str, count: int, *blocks: Block, reward: int | None = None) -> Task:
    """A new task from building blocks; without `reward` it follows the measured difficulty
    (`difficulty.reward_for`)."""
    if reward is not None:
        return Task(id, count, tuple(blocks), reward)
    made = Task(id, count, tuple(blocks))
    from .difficulty import reward_for

    return Task(id, count, made.conditions, reward_for(made))


def check_task(value: Any) -> Task:
    """A task from a `Task` or its dict; other values raise `RuleOptionError`."""
    if isinstance(value, Task):
        return value
    if isinstance(value, Mapping):
        return Task.from_dict(value)
    raise _error("malformed", data=value)
