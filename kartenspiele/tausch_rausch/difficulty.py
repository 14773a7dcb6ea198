"""How hard is a task? The exact chance that a random hand can fulfil it.

A hand of h cards is drawn from the 80 number cards, every h-set equally likely. Whether a
hand can fulfil a task depends only on how many cards of each value it holds in the colours
that the task may use, so the chance is a finite sum over count vectors:

* **any colour:** c_v cards of value v (0…8), chosen in C(8, c_v) ways;
* **a named colour:** m_v cards of value v in that colour (0…2), C(2, m_v) ways, and the
  other h − Σm cards from the 60 cards of other colours;
* **one colour, any of the four:** a hand fails if each colour fails; with B(x) the
  generating polynomial of the failing one-colour count vectors (x counts cards),
  the failing hands are the coefficient of x^h in B(x)^4.

Each sum is divided by C(80, h). The reward rule is `REWARD_RULE`: +2 if a hand of 7 cards
can fulfil the task with a chance below 5 %, else +1. `estimate` gives a seeded simulation
with its standard error, as a check and for very large custom tasks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from ..core.rng import derive_rng
from ..i18n import text
from .cards import COLOURS, COPIES, DECK, VALUES
from .finder import can_fulfil, covers
from .tasks import ANY, SAME, Task

HAND_SIZES = (5, 7, 9)
REWARD_HAND = 7
REWARD_THRESHOLD = Fraction(1, 20)
REWARD_RULE = "+2 if P(a random hand of 7 cards can fulfil the task) < 5 %, else +1"
_PER_VALUE = COPIES * len(COLOURS)


def _any_colour_vectors(hand_size: int, cap: int) -> dict[tuple[int, ...], int]:
    """Count vectors of a hand over the values (each capped at `cap`) with their weights."""
    found: dict[tuple[int, ...], int] = {}
    counts = [0] * len(VALUES)

    def walk(index: int, left: int, weight: int) -> None:
        if index == len(VALUES) - 1:
            if left <= _PER_VALUE:
                counts[index] = min(left, cap)
                key = tuple(counts)
                found[key] = found.get(key, 0) + weight * math.comb(_PER_VALUE, left)
            return
        for taken in range(min(left, _PER_VALUE) + 1):
            counts[index] = min(taken, cap)
            walk(index + 1, left - taken, weight * math.comb(_PER_VALUE, taken))

    walk(0, hand_size, 1)
    return found


@lru_cache(maxsize=1)
def _one_colour_vectors() -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every count vector of one colour (0–2 per value): (vector, ways, cards)."""
    return tuple(
        (vector, math.prod(math.comb(COPIES, m) for m in vector), sum(vector))
        for vector in product(range(COPIES + 1), repeat=len(VALUES))
    )


def _cap(task: Task) -> int:
    """More cards of one value than this never help: the most a pattern uses, else N."""
    if task.pattern is None:
        return task.count
    return max((n for target, _ in task.pattern_targets for n in target), default=task.count)


def _one_colour_polynomials(task: Task, largest: int) -> tuple[list[int], list[int]]:
    """(good, bad): ways per number of cards of one colour that can (cannot) fulfil `task`."""
    good = [0] * (largest + 1)
    bad = [0] * (largest + 1)
    cap = _cap(task)
    known: dict[tuple[int, ...], bool] = {}
    for vector, ways, cards in _one_colour_vectors():
        if cards <= largest:
            key = tuple(min(m, cap) for m in vector) if cap < COPIES else vector
            if key not in known:
                known[key] = covers(task, key)
            (good if known[key] else bad)[cards] += ways
    return good, bad


def _times(a: Sequence[int], b: Sequence[int], largest: int) -> list[int]:
    out = [0] * (largest + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: largest + 1 - i]):
                out[i + j] += x * y
    return out


@lru_cache(maxsize=512)
def _probability(count: int, conditions: tuple[Any, ...], hand_size: int) -> Fraction:
    task = Task("difficulty", count, conditions)
    total = math.comb(len(DECK), hand_size)
    which = task.colour.which
    if which == ANY:
        good = sum(ways for vector, ways in _any_colour_vectors(hand_size, _cap(task)).items() if covers(task, vector))
        return Fraction(good, total)
    good_poly, bad_poly = _one_colour_polynomials(task, hand_size)
    if which == SAME:
        failing = [1]
        for _ in COLOURS:
            failing = _times(failing, bad_poly, hand_size)
        return 1 - Fraction(failing[hand_size] if hand_size < len(failing) else 0, total)
    others = len(DECK) - COPIES * len(VALUES)
    good = sum(ways * math.comb(others, hand_size - cards) for cards, ways in enumerate(good_poly))
    return Fraction(good, total)


def probability(task: Task, hand_size: int) -> Fraction:
    """The exact chance that a random hand of `hand_size` cards can fulfil `task`."""
    return _probability(task.count, task.conditions, hand_size)


def reward_for(task: Task) -> int:
    """The reward the difficulty earns: see `REWARD_RULE`."""
    return 2 if probability(task, REWARD_HAND) < REWARD_THRESHOLD else 1


def estimate(task: Task, hand_size: int, samples: int = 10_000, seed: int | str = 0) -> tuple[float, float]:
    """A seeded simulation of the same chance: (estimate, standard error)."""
    rng = derive_rng(seed, "tausch_rausch", "difficulty", task.id, hand_size)
    hits = sum(can_fulfil(task, rng.sample(DECK, hand_size)) for _ in range(samples))
    p = hits / samples
    return p, math.sqrt(p * (1 - p) / samples)


@dataclass(frozen=True)
class Row:
    """One line of the difficulty table."""

    task: Task
    chances: tuple[Fraction, ...]  # one per hand size of HAND_SIZES
    reward: int  # by REWARD_RULE


def table(tasks: Sequence[Task]) -> list[Row]:
    """The difficulty of each task, with the reward its difficulty earns."""
    return [Row(task, tuple(probability(task, size) for size in HAND_SIZES), reward_for(task)) for task in tasks]


def percent(chance: Fraction, lang: str | None = None) -> str:
    """A chance in per cent, with two decimals (two significant digits below 0.1 %)."""
    value = float(chance) * 100
    if value == 0:
        return "0 %"
    shown = f"{value:.2g}" if value < 0.1 else f"{value:.2f}"
    return f"{shown.replace('.', text('tausch_rausch.word.decimal_point', lang))} %"


def markdown(rows: Sequence[Row], lang: str = "en") -> Iterator[str]:
    """The table in Markdown: id, N, condition, reward, the chances in per cent."""
    sizes = " | ".join(f"P({text('tausch_rausch.word.cards', lang, count=size)})" for size in HAND_SIZES)
    yield (
        f"| id | N | {text('tausch_rausch.table.condition', lang)} | "
        f"{text('tausch_rausch.table.reward', lang)} | {sizes} |"
    )
    yield "|---|---|---|---|" + "---|" * len(HAND_SIZES)
    for row in rows:
        chances = " | ".join(percent(p, lang) for p in row.chances)
        yield f"| {row.task.id} | {row.task.count} | {row.task.condition_text(lang)} | +{row.reward} | {chances} |"
