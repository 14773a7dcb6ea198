"""Quanto: capture table cards whose values sum to your card, build and collect Quantos."""

from .cards import DECK, JOKER, Card, format_cards, parse_cards
from .explain import narrate, narrate_all
from .moves import Move
from .options import QuantoOptions
from .scenario import from_scenario
from .state import QuantoState, new_game

__all__ = [
    "DECK",
    "JOKER",
    "Card",
    "Move",
    "QuantoOptions",
    "QuantoState",
    "format_cards",
    "from_scenario",
    "narrate",
    "narrate_all",
    "new_game",
    "parse_cards",
]

STATE_TYPE = QuantoState
