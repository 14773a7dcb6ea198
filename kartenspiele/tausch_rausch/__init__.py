"""Tausch-Rausch: swap cards at the market and fulfil tasks; the fifth task wins."""

from .cards import DECK, STALL_SIZES, Card, format_cards, parse_cards
from .deck import DEFAULT_TASKS, task_by_id
from .difficulty import probability, reward_for
from .explain import explain_finding, explain_missing, explain_selection, narrate, narrate_all
from .finder import can_fulfil, find, find_all, find_ways, missing, ways_including
from .moves import Move
from .options import TauschRauschOptions
from .scenario import from_scenario
from .state import TauschRauschState, new_game
from .tasks import AdjacentPairs, Colour, FullHouse, OfAKind, Parity, Run, Sum, Task, task
from .view import TauschRauschView

__all__ = [
    "DECK",
    "DEFAULT_TASKS",
    "STALL_SIZES",
    "AdjacentPairs",
    "Card",
    "Colour",
    "FullHouse",
    "Move",
    "OfAKind",
    "Parity",
    "Run",
    "Sum",
    "Task",
    "TauschRauschOptions",
    "TauschRauschState",
    "TauschRauschView",
    "can_fulfil",
    "explain_finding",
    "explain_missing",
    "explain_selection",
    "find",
    "find_all",
    "find_ways",
    "format_cards",
    "from_scenario",
    "missing",
    "narrate",
    "narrate_all",
    "new_game",
    "parse_cards",
    "probability",
    "reward_for",
    "task",
    "task_by_id",
    "ways_including",
]

STATE_TYPE = TauschRauschState
