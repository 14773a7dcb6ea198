"""Tausch-Rausch level "greedy" (mittel): the rule a beginner is taught.

Fulfil the most valuable task you can (the highest reward; among equal rewards the one
that uses the fewest cards). Otherwise go for the task you are closest to: at each market
stall, see which task the stall's cards would bring closest, give the cards that task does
not need, and swap where the fewest cards are then missing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...tausch_rausch.cards import Card
from ...tausch_rausch.moves import PASS, SWAP, Move
from ...tausch_rausch.tasks import Task
from ...tausch_rausch.view import TauschRauschView
from ..choice import best_of
from .distance import closeness
from .heuristics import fulfilments, without
from .position import from_view


def closest(tasks: Sequence[Task], hand: Sequence[Card]) -> Task:
    """The task `hand` lacks the fewest cards for (the higher reward among equals)."""
    return min(tasks, key=lambda task: (closeness(task, hand)[0], -task.reward))


def give_for(task: Task, hand: Sequence[Card], pool: Sequence[Card], count: int) -> tuple[Card, ...]:
    """`count` hand cards that `task` needs least: those outside its cards in `pool` first."""
    wanted = list(closeness(task, pool)[1])
    spare, needed = [], []
    for card in sorted(hand, key=lambda card: card.order):
        if card in wanted:
            wanted.remove(card)
            needed.append(card)
        else:
            spare.append(card)
    return tuple((spare + needed[::-1])[:count])


def focused_move(
    hand: Sequence[Card], stalls: Sequence[Sequence[Card]], tasks: Sequence[Task], rng: random.Random
) -> Move:
    """The greedy rule (see the module notes)."""
    ways = fulfilments(hand, tasks)
    if ways:
        reward = {task.id: task.reward for task in tasks}
        return best_of(ways, lambda move: 10 * reward[move.task] - len(move.cards), rng)
    swaps = []
    for index, stall in enumerate(stalls):
        if len(hand) >= len(stall):
            pool = [*hand, *stall]
            target = closest(tasks, pool)
            give = give_for(target, hand, pool, len(stall))
            lacking = closeness(target, [*without(hand, give), *stall])[0]
            swaps.append((Move(SWAP, index, give), -lacking + target.reward / 10))
    if not swaps:
        return Move(PASS)
    value = dict(swaps)
    return best_of([move for move, _ in swaps], value.__getitem__, rng)


class GreedyBot:
    """Level "greedy": the most valuable task now, else a swap toward the closest task."""

    level = "greedy"

    def choose(self, view: TauschRauschView, rng: random.Random) -> Move:
        return focused_move(*from_view(view), rng)
