"""Lesson 2's numbers: the parity of a number, the value combinations that meet a task, the
points missing of a sum bound, and the task a pupil designs. Pure computations, no widgets."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from ..i18n import text
from ..tausch_rausch import Parity, Sum, Task
from ..tausch_rausch.cards import VALUES

EVEN, ODD = "even", "odd"
HIGH_TASK = "four-sum-at-least-37"
LOW_TASK = "four-sum-at-most-7"


def parity_word(number: int, lang: str) -> str:
    """ "gerade" / "ungerade" (even / odd)."""
    return text(f"lessons.parity.{EVEN if number % 2 == 0 else ODD}", lang)


def value_combinations(task: Task) -> list[tuple[int, ...]]:
    """Every multiset of values (sorted, 1–10) that meets the task's parity, sum and pattern."""
    return [values for values in combinations_with_replacement(VALUES, task.count) if task.values_hold(values)]


def points_missing(values: Sequence[int], towards: int) -> int:
    """How far the values are from all being `towards` (10 for a high sum, 1 for a low one)."""
    return sum(abs(towards - value) for value in values)


DESIGN_ID = "eigene"


def designed_task(count: int, parity: str | None, total: int) -> Task:
    """A task "count cards, all even/odd (or any), sum exactly total"; an impossible one
    raises `RuleOptionError` with the engine's reason."""
    blocks = (Parity(parity),) if parity else ()
    return Task(DESIGN_ID, count, (*blocks, Sum.exactly(total)))


def example_values(task: Task) -> tuple[int, ...] | None:
    """The first value combination (smallest values first) that fulfils the task."""
    return next(iter(value_combinations(task)), None)
