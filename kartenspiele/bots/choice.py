"""Picking the best of scored moves, with ties broken by the bot's generator."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")
TOLERANCE = 1e-9


def best_of(items: Sequence[Item], score: Callable[[Item], float], rng: random.Random) -> Item:
    """The item with the highest score; among equals the one `rng` picks."""
    scores = [score(item) for item in items]
    top = max(scores)
    best = [item for item, value in zip(items, scores) if value >= top - TOLERANCE]
    return best[0] if len(best) == 1 else rng.choice(best)
