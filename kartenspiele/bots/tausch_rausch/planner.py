"""Tausch-Rausch level "planner" (schwer): looks ahead on sampled deals of the unseen cards.

The candidates are the fulfilments and the best swap at each stall, ranked by the greedy
value; each is played out on the same sampled deals (other hands, draw pile, task pile) for
a few moves of all players, each playing greedily, and the position reached is scored as the
planner's tasks and hand minus those of the strongest other player. See `bots.planner`.
"""

from __future__ import annotations

import random

from ...tausch_rausch.moves import Move
from ...tausch_rausch.view import TauschRauschView
from ..planner import Decision, Settings, plan, shortlist
from .heuristics import candidates, evaluate, greedy_move, move_value
from .position import from_state, from_view

SETTINGS = Settings(samples=8, candidates=4, horizon=4)


def greedy_policy(state, rng: random.Random) -> Move:
    """The greedy move of the player to move in a full state (for play-outs)."""
    return greedy_move(*from_state(state), rng)


class PlannerBot:
    """Level "planner": the best candidate over sampled deals and short play-outs."""

    level = "planner"

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or SETTINGS

    def decide(self, view: TauschRauschView, rng: random.Random) -> Decision:
        """The decision with the value of each candidate (for hints and lessons)."""
        hand, stalls, tasks = from_view(view)
        moves = candidates(hand, stalls, tasks)
        size = self.settings.candidates
        ranked = shortlist(moves, lambda move: move_value(hand, stalls, tasks, move), size)
        return plan(view, rng, lambda state: ranked, greedy_policy, evaluate, self.settings)

    def choose(self, view: TauschRauschView, rng: random.Random) -> Move:
        return self.decide(view, rng).move
