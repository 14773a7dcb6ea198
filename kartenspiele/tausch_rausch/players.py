"""Random players for simulations, tests and benchmarks.

`uniform_move` picks uniformly among all legal moves. Swaps far outnumber fulfilments (a
hand of 15 cards has hundreds of ways to give three cards), so uniform players rarely fulfil a
task and need the turn cap. `kind_first_move` first picks the kind of move (swap or fulfil)
uniformly among those possible, then a move of that kind: its games end by a win.
`sampled_move` plays like `kind_first_move` without listing every move (for long simulations).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import DECK
from .finder import HandIndex, can_fulfil, find_ways
from .moves import FULFIL, PASS, SWAP, Move
from .state import TauschRauschState

Policy = Callable[[TauschRauschState, random.Random], Move]


def uniform_move(state: TauschRauschState, rng: random.Random) -> Move:
    """A legal move, every one equally likely."""
    return rng.choice(state.legal_moves())


def kind_first_move(state: TauschRauschState, rng: random.Random) -> Move:
    """A legal move: first the kind (swap, fulfil) uniformly, then a move of that kind."""
    moves = state.legal_moves()
    if not moves.swap_count and not moves.can_fulfil():
        return Move(PASS)
    if moves.can_fulfil() and (not moves.swap_count or rng.random() < 0.5):
        return rng.choice(moves.fulfils)
    return rng.choice(moves.swaps)


def sampled_move(state: TauschRauschState, rng: random.Random) -> Move:
    """A legal move drawn without listing them all: if a task can be fulfilled, with
    probability 1/2 a random way of a random such task; otherwise a random swap (random stall,
    random hand cards); a pass if nothing else is possible."""
    hand = state.hands[state.to_move]
    index = HandIndex(DECK[i] for i in hand)
    ready = [task_id for task_id in state.open_tasks if can_fulfil(state.task(task_id), index)]
    stalls = [stall for stall, cards in enumerate(state.stalls) if len(cards) <= len(hand)]
    if ready and (not stalls or rng.random() < 0.5):
        task_id = rng.choice(ready)
        return Move(FULFIL, None, rng.choice(find_ways(state.task(task_id), index)), task_id)
    if stalls:
        stall = rng.choice(stalls)
        return Move(SWAP, stall, tuple(DECK[i] for i in rng.sample(hand, len(state.stalls[stall]))))
    return Move(PASS)


def play(state: TauschRauschState, policy: Policy, rng: random.Random) -> TauschRauschState:
    """Play `state` to its end (it needs a `turn_cap` if the policy might never win)."""
    while not state.is_terminal():
        state.apply(policy(state, rng))
    return state
