"""Quanto positions written by hand, for lessons, tutorials and tests.

A scenario is a mapping whose values are written in card notation::

    {"players": 3,
     "table": "2 4 4 8",
     "hands": {0: "8 3"},              # or a list with one entry (or None) per player
     "draw": "3 11 5",                 # top first; exactly this pile
     "quantos": {1: (9, "4 5")},       # player: (chip, stack cards)
     "win": {2: "7 7"},                # win piles, bottom first
     "out": "",                        # cards out of the game
     "to_move": 0, "last_capturer": 1}

Players are numbered from 0. Whatever is not given is dealt from the rest of the deck,
shuffled with the seed: hands of H cards, then the table (with the rainbow rule). If the
draw pile is given, it is exactly that and the remaining cards are out of the game;
otherwise the remaining cards form the draw pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import ScenarioError
from ..core.rng import derive_rng
from ..core.scenario import CardPool, check_keys, is_player, per_slot, players_given
from .cards import CHIPS, DECK, parse_cards
from .options import QuantoOptions

if TYPE_CHECKING:
    from .state import QuantoState

KEYS = {"players", "table", "hands", "draw", "quantos", "win", "out", "to_move", "last_capturer"}


def from_scenario(
    scenario: Mapping[str, Any], seed: int = 0, options: QuantoOptions | Mapping[str, Any] | None = None
) -> QuantoState:
    """A state built from `scenario` (see the module's text); impossible ones raise
    `ScenarioError` (or `PlayerCountError`)."""
    from .state import QuantoState, check_players

    scenario = check_keys(scenario, KEYS)
    players = check_players(players_given(scenario))
    if not isinstance(options, QuantoOptions):
        options = QuantoOptions.from_dict(options)
    state = QuantoState(players, seed, options)
    pool = CardPool(DECK, parse_cards)
    hands = per_slot(scenario.get("hands"), players, "hands")
    for player, text in hands.items():
        state.hands[player] = pool.take(text, f"hand {player}")
    for player, text in per_slot(scenario.get("win"), players, "win").items():
        state.win[player] = pool.take(text, f"win pile {player}")
    for player, entry in per_slot(scenario.get("quantos"), players, "quantos").items():
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ScenarioError("scenario.quanto_form", player=player)
        chip, text = entry
        if not isinstance(chip, int) or chip not in CHIPS:
            raise ScenarioError("scenario.chip_range", chip=chip)
        if chip in state.chip_of:
            raise ScenarioError("scenario.chip_twice", chip=chip)
        stack = pool.take(text, f"Quanto {player}")
        if not stack:
            raise ScenarioError("scenario.empty_stack", player=player)
        state.chip_of[player] = chip
        state.stacks[player] = stack
    table_given = "table" in scenario
    if table_given:
        state.table = pool.take(scenario["table"], "table")
    draw_given = "draw" in scenario
    if draw_given:
        state.draw = pool.take(scenario["draw"], "draw")[::-1]
    state.out = pool.take(scenario.get("out"), "out")
    rest = pool.rest()
    derive_rng(seed, "quanto", "scenario").shuffle(rest)
    for player in range(players):
        if player not in hands:
            state.hands[player] = [rest.pop() for _ in range(min(state.hand_size, len(rest)))]
    if not table_given:
        saved, state.draw = state.draw, rest
        state.reveal(state.table_size, [])
        rest, state.draw = state.draw, saved
    if draw_given:
        state.out.extend(rest)
    else:
        state.draw = rest
    for name in ("to_move", "last_capturer"):
        value = scenario.get(name, 0 if name == "to_move" else None)
        if value is not None and not is_player(value, players):
            raise ScenarioError("scenario.no_such_player", player=value, players=players)
        setattr(state, name, value)
    state.end_begun = not state.draw
    if not state.draw and not any(state.hands):
        raise ScenarioError("scenario.already_over")
    return state
