"""Seeded randomness that depends on nothing global.

Every random choice of a game comes from a `random.Random` built here from the game's seed
and a label, so the same seed gives the same cards on every machine and in every order of
calls, and other random use in the same process cannot disturb it.
"""

from __future__ import annotations

import hashlib
import random

from .errors import SeedError

MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """`seed` if it is a whole number from 0 to `MAX_SEED`; otherwise `SeedError`."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SeedError("seed.range", seed=seed, high=MAX_SEED)
    return seed


def derive_rng(seed: int | str, *labels: object) -> random.Random:
    """A fresh generator determined only by `seed` and `labels` (e.g. "deal", 3)."""
    text = "\x1f".join(str(part) for part in (seed, *labels))
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def new_seed(rng: random.Random | None = None) -> int:
    """A seed for a new game: drawn from `rng`, or from the operating system."""
    source = rng if rng is not None else random.SystemRandom()
    return source.randrange(1, 10**9)
