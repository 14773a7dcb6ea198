"""Exercises generated from seeded live positions of the real engines, one per number.

`exercise(lesson, level, number)` deals a Quanto or Tausch-Rausch game with a seed derived from
(lesson, level, number), takes the position's cards and asks one question about them. The same
number always gives the same exercise, and every natural number gives one. The stored answer is
computed by the engine (Quanto's `capture_moves`, `count_subsets_with_sum`; Tausch-Rausch's
task finder and `Run` shape); each exercise also knows the wrong answers pupils typically give,
each with its own hint.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.rng import derive_rng
from . import captures, chance, parity, sequences
from .base import Exercise, check


def exercise(lesson: int, level: str, number: int) -> Exercise:
    """Exercise `number` of `lesson` at `level`; the same arguments give the same exercise."""
    lesson, level, number = check(lesson, level, number)
    for attempt in range(1000):  # a few live positions do not fit a level; the next deal does
        made = _MAKERS[lesson](level, number, _seed(lesson, level, number, attempt))
        if made is not None:
            return made
    raise AssertionError("no fitting position in 1000 deals")  # pragma: no cover


def _seed(lesson: int, level: str, number: int, attempt: int) -> int:
    return derive_rng(f"practice-{lesson}-{level}-{number}", attempt).randrange(2**31)


_MAKERS: dict[int, Callable[[str, int, int], Exercise | None]] = {
    1: captures.make,
    2: parity.make,
    3: sequences.make,
    4: chance.make,
}
