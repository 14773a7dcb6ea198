"""Quanto states as plain JSON data, checked when read back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import KartenspieleError, SaveFileError
from .cards import CHIPS, DECK
from .options import QuantoOptions

FIELDS = ("game", "players", "seed", "options", "hands", "table", "draw", "win", "stacks", "chips",
          "out", "drawn", "phase", "to_move", "last_capturer", "end_begun", "over")


def state_to_dict(state) -> dict[str, Any]:
    return {
        "game": "quanto",
        "players": state.players,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "hands": [list(hand) for hand in state.hands],
        "table": list(state.table),
        "draw": state.draw[::-1],
        "win": [list(pile) for pile in state.win],
        "stacks": [list(stack) for stack in state.stacks],
        "chips": list(state.chip_of),
        "out": list(state.out),
        "drawn": list(state.drawn),
        "phase": state.phase,
        "to_move": state.to_move,
        "last_capturer": state.last_capturer,
        "end_begun": state.end_begun,
        "over": state.over,
    }


def _corrupt(reason: str) -> SaveFileError:
    return SaveFileError("save.corrupt_state", reason=reason)


def _ids(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise _corrupt(f"{name} is not a list of card numbers")
    return value


def _per_player(value: Any, name: str, players: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != players:
        raise _corrupt(f"{name} must have one entry per player")
    return [list(_ids(zone, name)) for zone in value]


def state_from_dict(data: Mapping[str, Any]):
    """Rebuild a state; anything inconsistent raises `SaveFileError` saying what."""
    from .state import PHASES, QuantoState

    if not isinstance(data, Mapping) or data.get("game") != "quanto":
        raise SaveFileError("save.wrong_game", expected="quanto")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise _corrupt("missing " + ", ".join(missing))
    try:
        state = QuantoState(data["players"], data["seed"], QuantoOptions.from_dict(data["options"]))
    except KartenspieleError as error:
        raise _corrupt(error.message("en")) from error
    players = state.players
    state.hands = _per_player(data["hands"], "hands", players)
    state.win = _per_player(data["win"], "win", players)
    state.stacks = _per_player(data["stacks"], "stacks", players)
    state.table = list(_ids(data["table"], "table"))
    state.draw = list(_ids(data["draw"], "draw"))[::-1]
    state.out = list(_ids(data["out"], "out"))
    state.drawn = list(_ids(data["drawn"], "drawn"))
    every = [i for zone in (*state.hands, *state.win, *state.stacks, state.table, state.draw, state.out,
                            state.drawn) for i in zone]
    if sorted(every) != list(range(len(DECK))):
        raise _corrupt("the 110 cards are not each in exactly one place")
    chips = data["chips"]
    if not isinstance(chips, list) or len(chips) != players:
        raise _corrupt("chips must have one entry per player")
    held = [chip for chip in chips if chip is not None]
    if any(chip not in CHIPS for chip in held) or len(set(held)) != len(held):
        raise _corrupt("a chip is unknown or held twice")
    if any((chip is None) != (not stack) for chip, stack in zip(chips, state.stacks)):
        raise _corrupt("a Quanto stack without its chip, or a chip without a stack")
    state.chip_of = list(chips)
    if data["phase"] not in PHASES or (data["phase"] == "after_three") != bool(state.drawn):
        raise _corrupt("unknown phase of the turn")
    state.phase = data["phase"]
    to_move, last = data["to_move"], data["last_capturer"]
    if not isinstance(to_move, int) or not 0 <= to_move < players:
        raise _corrupt("the player to move does not exist")
    if last is not None and (not isinstance(last, int) or not 0 <= last < players):
        raise _corrupt("the last capturer does not exist")
    state.to_move, state.last_capturer = to_move, last
    if not isinstance(data["end_begun"], bool) or not isinstance(data["over"], bool):
        raise _corrupt("end flags must be true or false")
    state.end_begun, state.over = data["end_begun"], data["over"]
    return state
