"""Tausch-Rausch level "planner" (schwer): weighs all open tasks and looks ahead on sampled
deals of the unseen cards.

The candidates are the fulfilments and the best swap at each stall, ranked by how much
they raise the worth of the hand for all open tasks (`heuristics`). Each is played out on
the same sampled deals (other hands, draw pile, task pile) for a few moves of all players,
and the position reached is scored as the planner's tasks and hand minus those of the
strongest other player. The planner keeps the best-ranked candidate unless another one
does clearly better over the deals (see `bots.planner`): the draw decides much in this game,
and a small difference over a few deals is mostly luck.
"""

from __future__ import annotations

import random

from ...tausch_rausch.moves import Move
from ...tausch_rausch.view import TauschRauschView
from ..planner import Decision, Settings, plan, shortlist
from .heuristics import candidates, evaluate, move_value, weighed_move
from .position import from_state, from_view

SETTINGS = Settings(samples=8, candidates=4, horizon=4, confidence=1.0)


def policy(state, rng: random.Random) -> Move:
    """The quick move of the player to move in a full state (for play-outs)."""
    return weighed_move(*from_state(state), rng)


class PlannerBot:
    """Level "planner": the best candidate over sampled deals and short play-outs."""

    level = "planner"

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or SETTINGS

    def decide(self, view: TauschRauschView, rng: random.Random) -> Decision:
        """The decision with the value of each candidate (for hints and lessons)."""
        hand, stalls, tasks = from_view(view)
        moves = candidates(hand, stalls, tasks)
        ranked = shortlist(moves, lambda move: move_value(hand, stalls, tasks, move), self.settings.candidates)
        return plan(view, rng, lambda state: ranked, policy, evaluate, self.settings)

    def choose(self, view: TauschRauschView, rng: random.Random) -> Move:
        return self.decide(view, rng).move
