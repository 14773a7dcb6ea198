"""Keeping a served page's kernel small: the bots' memos (hints, computer moves) are emptied
when they grow past a bound.

The memos make tournaments fast, but in a page they only grow: 40 Tausch-Rausch moves with
hints filled the distance memos with about 24 MB. A served kernel calls `trim` after every widget
message; a memo past `MAX_ENTRIES` starts again empty (the next hint is computed afresh).
"""

from __future__ import annotations

import sys

MAX_ENTRIES = 5_000
MODULES = (
    "kartenspiele.bots.tausch_rausch.distance",
    "kartenspiele.bots.quanto.heuristics",
    "kartenspiele.quanto.movegen",
)
"""The modules whose memos grow with play (the bots', Quanto's move listing); each has `memo_size()` and `clear_memos()`
(only modules already imported are looked at)."""


def trim(limit: int = MAX_ENTRIES) -> int:
    """Empty the memos of every watched module holding more than `limit` answers; returns how
    many modules were emptied."""
    emptied = 0
    for name in MODULES:
        module = sys.modules.get(name)
        if module is not None and module.memo_size() > limit:
            module.clear_memos()
            emptied += 1
    return emptied
