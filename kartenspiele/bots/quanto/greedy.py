"""Quanto level "greedy" (mittel): the move that gains the most cards at once.

It counts the cards a move takes (a collected Quanto with its whole stack), values cards
put on an open Quanto a little less, takes a joker's theft of another Quanto, a laid 1 and
the play after a laid 2 into account, and among equal gains keeps its useful cards
(jokers, rainbow cards, the card that collects its Quanto) back.
"""

from __future__ import annotations

import random

from ...quanto.view import QuantoView
from ..choice import best_of
from .heuristics import gain


class GreedyBot:
    """Level "greedy": the best immediate gain."""

    level = "greedy"

    def choose(self, view: QuantoView, rng: random.Random):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        state = view.sample_state(rng)
        return best_of(moves, lambda move: gain(state, move), rng)
