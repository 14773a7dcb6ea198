"""Tausch-Rausch states as plain JSON data, checked when read back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import KartenspieleError, SaveFileError
from .cards import DECK, STALL_SIZES
from .options import TauschRauschOptions

FIELDS = ("game", "players", "seed", "options", "hands", "stalls", "draw", "discard", "open_tasks",
          "task_pile", "fulfilled", "to_move", "turn", "reshuffles", "over", "winner")


def state_to_dict(state) -> dict[str, Any]:
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


def _corrupt(reason: str) -> SaveFileError:
    return SaveFileError("save.corrupt_state", reason=reason)


def _list(value: Any, name: str, kind: type) -> list:
    if not isinstance(value, list) or not all(isinstance(v, kind) and not isinstance(v, bool) for v in value):
        raise _corrupt(f"{name} is not a list of {'card numbers' if kind is int else 'task ids'}")
    return list(value)


def _nested(value: Any, name: str, length: int, kind: type) -> list[list]:
    if not isinstance(value, list) or len(value) != length:
        raise _corrupt(f"{name} must have {length} entries")
    return [_list(zone, name, kind) for zone in value]


def _whole(value: Any, name: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        raise _corrupt(f"{name} is out of range")
    return value


def state_from_dict(data: Mapping[str, Any]):
    """Rebuild a state; anything inconsistent raises `SaveFileError` saying what."""
    from .state import TauschRauschState

    if not isinstance(data, Mapping) or data.get("game") != "tausch_rausch":
        raise SaveFileError("save.wrong_game", expected="tausch_rausch")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise _corrupt("missing " + ", ".join(missing))
    try:
        state = TauschRauschState(data["players"], data["seed"], TauschRauschOptions.from_dict(data["options"]))
    except KartenspieleError as error:
        raise _corrupt(error.message("en")) from error
    players = state.players
    state.hands = _nested(data["hands"], "hands", players, int)
    state.stalls = _nested(data["stalls"], "stalls", len(STALL_SIZES), int)
    if [len(stall) for stall in state.stalls] != list(STALL_SIZES):
        raise _corrupt("a market stall does not hold its number of cards")
    state.draw = _list(data["draw"], "draw", int)[::-1]
    state.discard = _list(data["discard"], "discard", int)
    if sorted(i for zone in state.card_zones().values() for i in zone) != list(range(len(DECK))):
        raise _corrupt("the 80 cards are not each in exactly one place")
    state.open_tasks = _list(data["open_tasks"], "open_tasks", str)
    state.task_pile = _list(data["task_pile"], "task_pile", str)[::-1]
    state.fulfilled = _nested(data["fulfilled"], "fulfilled", players, str)
    every = state.open_tasks + state.task_pile + [t for tasks in state.fulfilled for t in tasks]
    if sorted(every) != sorted(state.tasks_by_id):
        raise _corrupt("the task cards are not each in exactly one place")
    state.to_move = _whole(data["to_move"], "to_move", 0, players - 1)
    state.turn = _whole(data["turn"], "turn", 0)
    state.reshuffles = _whole(data["reshuffles"], "reshuffles", 0)
    if not isinstance(data["over"], bool):
        raise _corrupt("over must be true or false")
    state.over = data["over"]
    winner = data["winner"]
    if winner is not None:
        _whole(winner, "winner", 0, players - 1)
        if not state.over or len(state.fulfilled[winner]) < state.options.tasks_to_win:
            raise _corrupt("the winner has not fulfilled enough tasks")
    state.winner = winner
    return state
