"""A win rate with its 95% confidence interval.

The samples of a tournament are deals: a deal's mirrored games share their cards, so they
are not independent of one another, but different deals are. Each sample is one level's
share of the wins over the games of one deal (a number from 0 to 1).

The interval is the normal approximation over these samples with the Agresti–Coull
adjustment: two pseudo-deals won and two lost (z²/2 ≈ 2 each) are added before the
standard error is taken, so that the interval does not collapse to a point when every
deal ends the same way. The reported rate is the plain mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
PSEUDO = (0.0, 0.0, 1.0, 1.0)


@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% confidence interval (within [0, 1])."""

    mean: float
    low: float
    high: float
    samples: int


def win_rate(samples: Sequence[float]) -> Estimate:
    """The mean of `samples` (each in [0, 1]) with its 95% interval (see the module notes)."""
    if not samples:
        raise ValueError("no samples")
    mean = sum(samples) / len(samples)
    padded = [*samples, *PSEUDO]
    centre = sum(padded) / len(padded)
    variance = sum((x - centre) ** 2 for x in padded) / (len(padded) - 1)
    half = Z95 * math.sqrt(variance / len(padded))
    return Estimate(mean, max(0.0, centre - half), min(1.0, centre + half), len(samples))
