"""Keeping a served page's kernel small: the bots' caches (hints, computer moves) are emptied
when they grow past a bound.

The caches make tournaments fast, but in a page they only grow: 40 Tausch-Rausch moves with
hints filled the distance caches with about 24 MB. A served kernel calls `trim` after every widget
message; a cache past `MAX_ENTRIES` starts again empty (the next hint is computed afresh).
"""

from __future__ import annotations

import sys
from typing import Any

MAX_ENTRIES = 5_000
CACHES = {
    "kartenspiele.bots.tausch_rausch.distance": ("_closeness", "_best_target"),
    "kartenspiele.bots.quanto.heuristics": ("_best_captures",),
}
"""The bots' caches that grow with play, by module (only modules already imported are looked at)."""


def trim(limit: int = MAX_ENTRIES) -> int:
    """Empty every watched cache holding more than `limit` entries; returns how many were emptied."""
    emptied = 0
    for module_name, names in CACHES.items():
        module = sys.modules.get(module_name)
        for name in names:
            cache: Any = getattr(module, name, None)
            if cache is not None and cache.cache_info().currsize > limit:
                cache.cache_clear()
                emptied += 1
    return emptied
