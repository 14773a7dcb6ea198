"""How close a Tausch-Rausch hand is to the open tasks, and the planner's quick choice.

A task the hand can fulfil counts 1, a task it lacks m cards for counts PROGRESS**m, each
weighted by the task's reward; the sum over all open tasks is the hand's worth. The quick
move (the planner's first candidate, and how every player moves in its play-outs) fulfils
the task that leaves the best hand (a task always beats a swap), otherwise swaps at the
stall that raises the hand's worth most, giving the cards that serve no close task.
Everything here reads a hand, the market and the open tasks: what the player to move sees.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import islice
from operator import attrgetter, itemgetter

from ...tausch_rausch.cards import DECK, Card
from ...tausch_rausch.moves import FULFIL, PASS, SWAP, Move
from ...tausch_rausch.tasks import Task
from ...tausch_rausch.ways import HandCounts, TaskWays
from ..choice import best_of
from .distance import Hand, closeness_sorted, sorted_hand

PROGRESS = 0.4  # worth of a task one card away, relative to one the hand can fulfil
REWARD = 0.25  # extra weight per reward card
TASK = 3.0  # a fulfilled task, in the units of the hand's worth
MAX_WAYS = 12  # ways per task compared when fulfilling (the finder's first ones)
WIN = 30.0  # a won game, in the same units as TASK
ORDER = attrgetter("order")


def weight(task: Task) -> float:
    """How much a task counts among the open ones (more for a bigger reward)."""
    return 1 + REWARD * task.reward


def hand_worth(hand: Sequence[Card], tasks: Sequence[Task]) -> float:
    """The worth of a hand for the open tasks (see the module notes)."""
    held = sorted_hand(hand)
    return sum(weight(task) * PROGRESS ** closeness_sorted(task, held)[0] for task in tasks)


def without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """The hand without `cards` (one copy each)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def fulfil_value(hand: Sequence[Card], tasks: Sequence[Task], move: Move) -> float:
    """A fulfilment: the task, its reward cards, and the worth of the hand left for the others."""
    task = next(task for task in tasks if task.id == move.task)
    others = [other for other in tasks if other.id != move.task]
    return TASK + REWARD * task.reward + hand_worth(without(hand, move.cards), others)


def best_give(hand: Sequence[Card], received: Sequence[Card], tasks: Sequence[Task]) -> tuple[Card, ...]:
    """The hand cards to give at a stall with `received`: those serving the close tasks least."""
    return _give(hand, _closeness_with(hand, received, tasks), tasks, len(received))


def _closeness_with(hand: Sequence[Card], received: Sequence[Card], tasks: Sequence[Task]) -> list[tuple[int, Hand]]:
    """The closeness of the hand with the received cards to each task."""
    held = sorted_hand([*hand, *received])
    return [closeness_sorted(task, held) for task in tasks]


def _give(
    hand: Sequence[Card], answers: Sequence[tuple[int, Hand]], tasks: Sequence[Task], count: int
) -> tuple[Card, ...]:
    """`best_give` from the closeness of the hand with the received cards (`answers`)."""
    use = dict.fromkeys(map(ORDER, hand), 0.0)  # by face
    for task, (needed, keep) in zip(tasks, answers):
        for order in set(map(ORDER, keep)):
            if order in use:
                use[order] += weight(task) * PROGRESS**needed
    ranked = sorted(hand, key=lambda card: (use[card.order], card.order))
    return tuple(ranked[:count])


def swap_value(hand: Sequence[Card], received: Sequence[Card], give: Sequence[Card], tasks: Sequence[Task]) -> float:
    """The worth of the hand after giving `give` and receiving `received`."""
    return hand_worth([*without(hand, give), *received], tasks)


def fulfilments(hand: Sequence[Card], tasks: Sequence[Task]) -> list[Move]:
    """The ways to fulfil each open task with `hand` (the finder's first MAX_WAYS per task)."""
    moves = []
    counts = None
    held = sorted_hand(hand)
    for task in tasks:
        if closeness_sorted(task, held)[0] == 0:
            counts = counts or HandCounts.of_cards(hand)
            ways = islice(TaskWays(task, counts), MAX_WAYS)
            moves.extend(Move(FULFIL, None, way, task.id) for way in ways)
    return moves


def swaps(hand: Sequence[Card], stalls: Sequence[Sequence[Card]], tasks: Sequence[Task]) -> list[Move]:
    """One swap per stall the hand can pay for: with the cards `best_give` picks."""
    return [
        Move(SWAP, index, best_give(hand, stall, tasks))
        for index, stall in enumerate(stalls)
        if len(hand) >= len(stall)
    ]


def valued_swaps(
    hand: Sequence[Card], stalls: Sequence[Sequence[Card]], tasks: Sequence[Task]
) -> list[tuple[Move, float]]:
    """`swaps` with the value `move_value` gives each. A task is counted again only if the swap
    gives a card its closest part keeps: otherwise that part is still in the hand, and a hand
    with fewer cards is never closer, so the task lacks as many cards as before."""
    valued = []
    for index, received in enumerate(stalls):
        if len(hand) < len(received):
            continue
        answers = _closeness_with(hand, received, tasks)
        give = _give(hand, answers, tasks, len(received))
        given = set(map(ORDER, give))
        after = None
        lacking = []
        for task, (needed, keep) in zip(tasks, answers):
            if not given.isdisjoint(map(ORDER, keep)):
                if after is None:
                    after = sorted_hand([*without(hand, give), *received])
                needed = closeness_sorted(task, after)[0]
            lacking.append(needed)
        worth = sum(weight(task) * PROGRESS**needed for task, needed in zip(tasks, lacking))
        valued.append((Move(SWAP, index, give), worth))
    return valued


def move_value(hand: Sequence[Card], stalls: Sequence[Sequence[Card]], tasks: Sequence[Task], move: Move) -> float:
    """What `move` is worth at once to the player holding `hand`."""
    if move.kind == FULFIL:
        return fulfil_value(hand, tasks, move)
    if move.kind == SWAP:
        return swap_value(hand, stalls[move.stall], move.cards, tasks)
    return hand_worth(hand, tasks)


def candidates(hand: Sequence[Card], stalls: Sequence[Sequence[Card]], tasks: Sequence[Task]) -> list[Move]:
    """The moves worth comparing: every fulfilment (or, without one, one swap per stall), or a pass."""
    return fulfilments(hand, tasks) or swaps(hand, stalls, tasks) or [Move(PASS)]


def weighed_move(
    hand: Sequence[Card], stalls: Sequence[Sequence[Card]], tasks: Sequence[Task], rng: random.Random
) -> Move:
    """The quick move (see the module notes)."""
    moves = fulfilments(hand, tasks)
    if len(moves) > 1:
        return best_of(moves, lambda move: move_value(hand, stalls, tasks, move), rng)
    if moves:
        return moves[0]
    valued = valued_swaps(hand, stalls, tasks)
    if len(valued) > 1:
        return best_of(valued, itemgetter(1), rng)[0]
    return valued[0][0] if valued else Move(PASS)


def standing(state, player: int) -> float:
    """A player's fulfilled tasks and hand, counted in one number."""
    hand = [DECK[i] for i in state.hands[player]]
    tasks = [state.task(task_id) for task_id in state.open_tasks]
    return TASK * len(state.fulfilled[player]) + hand_worth(hand, tasks)


def evaluate(state, player: int) -> float:
    """The position for `player`: its standing minus the best other player's (a won game
    counts WIN, a game ended by the turn cap nothing extra)."""
    if state.is_terminal() and state.winner is not None:
        return WIN if state.winner == player else -WIN
    others = max(standing(state, other) for other in range(state.players) if other != player)
    return standing(state, player) - others
