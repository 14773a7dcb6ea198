"""Quanto states as plain JSON data, checked when read back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.serialise import built, card_ids, corrupt, each_card_once, fields_of, flag, per_slot, player_or_none, whole
from .cards import CHIPS, DECK
from .options import QuantoOptions

if TYPE_CHECKING:
    from .state import QuantoState

FIELDS = (
    "game",
    "players",
    "seed",
    "options",
    "hands",
    "table",
    "draw",
    "win",
    "stacks",
    "chips",
    "out",
    "drawn",
    "phase",
    "to_move",
    "last_capturer",
    "end_begun",
    "over",
)


def state_to_dict(state: QuantoState) -> dict[str, Any]:
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


def state_from_dict(data: Mapping[str, Any]) -> QuantoState:
    """Rebuild a state; anything inconsistent raises `SaveFileError` saying what."""
    from .state import PHASES, QuantoState

    data = fields_of(data, "quanto", FIELDS)
    state = built(lambda: QuantoState(data["players"], data["seed"], QuantoOptions.from_dict(data["options"])))
    players = state.players
    state.hands = per_slot(data["hands"], "hands", players, card_ids)
    state.win = per_slot(data["win"], "win", players, card_ids)
    state.stacks = per_slot(data["stacks"], "stacks", players, card_ids)
    state.table = card_ids(data["table"], "table")
    state.draw = card_ids(data["draw"], "draw")[::-1]
    state.out = card_ids(data["out"], "out")
    state.drawn = card_ids(data["drawn"], "drawn")
    each_card_once(
        [*state.hands, *state.win, *state.stacks, state.table, state.draw, state.out, state.drawn], len(DECK)
    )
    chips = data["chips"]
    if not isinstance(chips, list) or len(chips) != players:
        raise corrupt("save.reason.entries", name="chips", count=players)
    held = [chip for chip in chips if chip is not None]
    if any(not isinstance(chip, int) or chip not in CHIPS for chip in held) or len(set(held)) != len(held):
        raise corrupt("save.reason.chips")
    if any((chip is None) != (not stack) for chip, stack in zip(chips, state.stacks)):
        raise corrupt("save.reason.stack_chip")
    state.chip_of = list(chips)
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in PHASES or (phase == "after_three") != bool(state.drawn):
        raise corrupt("save.reason.phase")
    state.phase = phase
    state.to_move = whole(data["to_move"], "to_move", 0, players - 1)
    state.last_capturer = player_or_none(data["last_capturer"], "last_capturer", players)
    state.end_begun = flag(data["end_begun"], "end_begun")
    state.over = flag(data["over"], "over")
    return state
