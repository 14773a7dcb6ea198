"""Lesson 4's numbers from the engine: the exact chance of a task, seeded simulations of
dealt hands with their running share and spread, and each task's chance for the reward. Pure
computations, no widgets."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import sqrt

from ..tausch_rausch import DECK, DEFAULT_TASKS, Card, Task, can_fulfil, new_game, probability, reward_for, task_by_id
from ..tausch_rausch.difficulty import REWARD_HAND, percent

SIMULATION_SEED = 4000


def exact(task_id: str, size: int) -> Fraction:
    """The engine's exact chance that a random hand of `size` cards can fulfil the task."""
    return probability(task_by_id(task_id), size)


def show_percent(chance: Fraction, lang: str | None = None) -> str:
    """ "2,74 %" / "2.74 %" (two decimals, as the task table)."""
    return percent(chance, lang)


def dealt_hand(seed: int, size: int = 5) -> list[Card]:
    """The first player's hand of a new game (5 cards), plus the top cards of the draw pile
    if `size` is larger: a hand as the engine deals it."""
    state = new_game(2, seed=seed)
    top = state.draw[::-1][: max(0, size - 5)]  # the draw pile's top card is its last
    return [*state.hand_cards(0), *(DECK[i] for i in top)]


def simulate(task_id: str, games: int, size: int = 5, first_seed: int = SIMULATION_SEED) -> list[bool]:
    """For each of `games` seeded new games: can the dealt hand fulfil the task? (The last
    runs are remembered: the lesson's figure shows the same run in both languages.)"""
    return list(_hits(task_id, games, size, first_seed))


@lru_cache(maxsize=16)
def _hits(task_id: str, games: int, size: int, first_seed: int) -> tuple[bool, ...]:
    task = task_by_id(task_id)
    return tuple(can_fulfil(task, dealt_hand(seed, size)) for seed in range(first_seed, first_seed + games))


def running_frequency(hits: Sequence[bool]) -> list[float]:
    """The relative frequency of hits after each game."""
    return [count / (index + 1) for index, count in enumerate(accumulate(int(hit) for hit in hits))]


def thinned(values: Sequence[float], most: int = 400) -> list[tuple[int, float]]:
    """(hand number, value) for a chart: every value for short runs, else `most` of them."""
    step = max(1, len(values) // most)
    keep = [*range(0, len(values), step), len(values) - 1] if values else []
    return [(index + 1, values[index]) for index in sorted(set(keep))]


def spread(chance: Fraction, games: int) -> float:
    """Twice the standard deviation of the share after `games` hands (in per cent): about 95
    of 100 runs end inside ± this much."""
    p = float(chance)
    return 200 * sqrt(p * (1 - p) / games)


def reward_rows(tasks: Sequence[Task] = DEFAULT_TASKS) -> list[tuple[Task, Fraction, int]]:
    """Each task with its chance for a hand of 7 and its reward, most likely first."""
    rows = [(task, probability(task, REWARD_HAND), reward_for(task)) for task in tasks]
    return sorted(rows, key=lambda row: row[1], reverse=True)
