"""Positions and clicks for the selection query's tests and benchmark: dealt games (normal
positions) and the selections a person makes by clicking joinable cards one after another.
The pathological positions come from `tests/pathological.py`."""

from __future__ import annotations

import random

from kartenspiele.quanto import new_game


def dealt(seed: int, moves: int):
    """A dealt game after `moves` random legal moves (a normal position)."""
    rng = random.Random(seed)
    state = new_game(rng.choice((2, 3, 4)), seed=seed)
    for _ in range(moves):
        if state.over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def grown_selections(state, card_id: int, rng: random.Random, limit: int = 30):
    """The selections a person makes by clicking joinable cards one after another, each
    with its answer: [(picked, selection)]."""
    picked: list[int] = []
    found = []
    while len(found) < limit:
        selection = state.selection(card_id, picked)
        found.append((list(picked), selection))
        if not selection.joinable:
            break
        picked.append(rng.choice(selection.joinable))
    return found
