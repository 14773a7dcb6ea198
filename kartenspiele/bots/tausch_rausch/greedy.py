"""Tausch-Rausch level "greedy" (mittel): fulfil a task when it can, else swap toward the
tasks closest to completion (see `heuristics`)."""

from __future__ import annotations

import random

from ...tausch_rausch.moves import Move
from ...tausch_rausch.view import TauschRauschView
from .heuristics import greedy_move
from .position import from_view


class GreedyBot:
    """Level "greedy": the best immediate gain."""

    level = "greedy"

    def choose(self, view: TauschRauschView, rng: random.Random) -> Move:
        hand, stalls, tasks = from_view(view)
        return greedy_move(hand, stalls, tasks, rng)
