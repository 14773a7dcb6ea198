"""Tausch-Rausch states as plain JSON data, checked when read back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.serialise import (
    built,
    card_ids,
    corrupt,
    each_card_once,
    fields_of,
    flag,
    per_slot,
    player_or_none,
    task_ids,
    whole,
)
from .cards import DECK, STALL_SIZES
from .options import TauschRauschOptions

if TYPE_CHECKING:
    from .state import TauschRauschState

FIELDS = (
    "game",
    "players",
    "seed",
    "options",
    "hands",
    "stalls",
    "draw",
    "discard",
    "open_tasks",
    "task_pile",
    "fulfilled",
    "to_move",
    "turn",
    "reshuffles",
    "over",
    "winner",
)


def state_to_dict(state: TauschRauschState) -> dict[str, Any]:
    return {
        "game": "tausch_rausch",
        "players": state.players,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "hands": [list(hand) for hand in state.hands],
        "stalls": [list(stall) for stall in state.stalls],
        "draw": state.draw[::-1],
        "discard": list(state.discard),
        "open_tasks": list(state.open_tasks),
        "task_pile": state.task_pile[::-1],
        "fulfilled": [list(tasks) for tasks in state.fulfilled],
        "to_move": state.to_move,
        "turn": state.turn,
        "reshuffles": state.reshuffles,
        "over": state.over,
        "winner": state.winner,
    }


def state_from_dict(data: Mapping[str, Any]) -> TauschRauschState:
    """Rebuild a state; anything inconsistent raises `SaveFileError` saying what."""
    from .state import TauschRauschState

    data = fields_of(data, "tausch_rausch", FIELDS)
    state = built(
        lambda: TauschRauschState(data["players"], data["seed"], TauschRauschOptions.from_dict(data["options"]))
    )
    players = state.players
    state.hands = per_slot(data["hands"], "hands", players, card_ids)
    state.stalls = per_slot(data["stalls"], "stalls", len(STALL_SIZES), card_ids)
    if [len(stall) for stall in state.stalls] != list(STALL_SIZES):
        raise corrupt("save.reason.stall_size")
    state.draw = card_ids(data["draw"], "draw")[::-1]
    state.discard = card_ids(data["discard"], "discard")
    each_card_once(list(state.card_zones().values()), len(DECK))
    state.open_tasks = task_ids(data["open_tasks"], "open_tasks")
    state.task_pile = task_ids(data["task_pile"], "task_pile")[::-1]
    state.fulfilled = per_slot(data["fulfilled"], "fulfilled", players, task_ids)
    every = state.open_tasks + state.task_pile + [t for tasks in state.fulfilled for t in tasks]
    if sorted(every) != sorted(state.tasks_by_id):
        raise corrupt("save.reason.tasks_misplaced")
    state.to_move = whole(data["to_move"], "to_move", 0, players - 1)
    state.turn = whole(data["turn"], "turn", 0)
    state.reshuffles = whole(data["reshuffles"], "reshuffles", 0)
    state.over = flag(data["over"], "over")
    winner = player_or_none(data["winner"], "winner", players)
    if winner is not None and (not state.over or len(state.fulfilled[winner]) < state.options.tasks_to_win):
        raise corrupt("save.reason.winner")
    state.winner = winner
    return state
