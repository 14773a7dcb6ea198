"""Checking a Tausch-Rausch move against the rules, independently of the move generator.

`plan_move` either raises `IllegalMoveError` with the reason, or returns a `Plan`: which
physical hand cards move. A fulfilment is judged by `reasons.judge` (the conditions one by
one), not by the finder that lists the legal moves, so the two check each other in tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.errors import GameOverError, IllegalMoveError
from .cards import STALL_SIZES, Card, format_cards
from .localised import Localised
from .moves import FULFIL, SWAP, Move
from .reasons import failures
from .tasks import Task
from .ways import ORDER_OF_ID, HandCounts, ready

if TYPE_CHECKING:
    from .state import TauschRauschState


@dataclass
class Plan:
    """What a legal move does: the hand cards (ids) given or shown, and the task fulfilled."""

    move: Move
    card_ids: list[int] = field(default_factory=list)
    task: Task | None = None


def hand_ids(hand: Sequence[int], faces: Sequence[Card]) -> list[int]:
    """Physical hand cards for the faces, or an error naming the faces the hand lacks."""
    orders: list[int | None] = [ORDER_OF_ID[i] for i in hand]  # None once a card is taken
    ids, lacking = [], []
    for face in faces:
        order = getattr(face, "order", None)
        try:
            position = -1 if order is None else orders.index(order)
        except ValueError:
            position = -1
        if position < 0:
            lacking.append(face)
        else:
            orders[position] = None
            ids.append(hand[position])
    if lacking:
        raise IllegalMoveError("tausch_rausch.illegal.not_in_hand", cards=format_cards(lacking))
    return ids


def has_move(state: TauschRauschState) -> bool:
    """Whether the player to move can swap or fulfil a task (else they must pass)."""
    hand = state.hands[state.to_move]
    if any(len(hand) >= len(stall) for stall in state.stalls):
        return True
    counts = HandCounts(hand)
    return any(ready(state.task(task_id), counts) for task_id in state.open_tasks)


def plan_move(state: TauschRauschState, move: Move) -> Plan:
    """Check `move` in `state`; return its plan or raise `IllegalMoveError` saying why."""
    if state.over:
        raise GameOverError("illegal.game_over")
    if not isinstance(move, Move):
        raise IllegalMoveError("tausch_rausch.illegal.not_a_move", move=repr(move))
    hand = state.hands[state.to_move]
    if move.kind == SWAP:
        if move.task is not None:
            raise IllegalMoveError("tausch_rausch.illegal.not_a_move", move=str(move))
        stall = move.stall
        if not isinstance(stall, int) or isinstance(stall, bool) or not 0 <= stall < len(state.stalls):
            raise IllegalMoveError("tausch_rausch.illegal.no_such_stall", stall=stall, last=len(STALL_SIZES) - 1)
        size = len(state.stalls[stall])
        if len(move.cards) != size:
            raise IllegalMoveError(
                "tausch_rausch.illegal.swap_count", stall=stall + 1, count=size, given=len(move.cards)
            )
        return Plan(move, hand_ids(hand, move.cards))
    if move.kind == FULFIL:
        if move.stall is not None or move.task is None:
            raise IllegalMoveError("tausch_rausch.illegal.not_a_move", move=str(move))
        if move.task not in state.open_tasks:
            known = any(task.id == move.task for task in state.options.tasks)
            raise IllegalMoveError(
                "tausch_rausch.illegal.task_not_open" if known else "tausch_rausch.illegal.unknown_task", task=move.task
            )
        task = state.task(move.task)
        ids = hand_ids(hand, move.cards)
        failed = failures(task, move.cards)
        if failed:
            raise IllegalMoveError(
                "tausch_rausch.illegal.not_fulfilled",
                task=Localised.of(task.title),
                reason=Localised.of(lambda lang: " ".join(step.render(lang) for step in failed)),
            )
        return Plan(move, ids, task)
    if move.stall is not None or move.cards or move.task is not None:
        raise IllegalMoveError("tausch_rausch.illegal.not_a_move", move=str(move))
    if has_move(state):
        raise IllegalMoveError("tausch_rausch.illegal.cannot_pass")
    return Plan(move)
