"""Quanto level "planner" (schwer): looks ahead on sampled deals of the unseen cards.

The greedy gain picks the candidates; each is played out on the same sampled deals for a
few moves of all players (each playing greedily), and the position reached is scored as
the planner's cards (win pile, open Quanto, hand) minus those of the strongest other
player. See `bots.planner` for the search.
"""

from __future__ import annotations

import random

from ...quanto.moves import Move
from ...quanto.view import QuantoView
from ..choice import best_of
from ..planner import Decision, Settings, plan, shortlist
from .heuristics import evaluate, gain

SETTINGS = Settings(samples=12, candidates=5, horizon=6)


def greedy_policy(state, rng: random.Random) -> Move:
    """The greedy move of the player to move in a full state (for play-outs)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return best_of(moves, lambda move: gain(state, move), rng)


class PlannerBot:
    """Level "planner": the best candidate over sampled deals and short play-outs."""

    level = "planner"

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or SETTINGS

    def decide(self, view: QuantoView, rng: random.Random) -> Decision:
        """The decision with the value of each candidate (for hints and lessons)."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return Decision(moves[0], ((moves[0], 0.0),), 0)
        size = self.settings.candidates
        return plan(
            view,
            rng,
            lambda state: shortlist(moves, lambda move: gain(state, move), size),
            greedy_policy,
            evaluate,
            self.settings,
        )

    def choose(self, view: QuantoView, rng: random.Random) -> Move:
        return self.decide(view, rng).move
