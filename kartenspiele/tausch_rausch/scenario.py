"""Tausch-Rausch positions written by hand, for lessons, tutorials and tests.

A scenario is a mapping whose cards are written in card notation and whose tasks by id::

    {"players": 3,
     "hands": {0: "ge2 gr4 bl6 ro8 ge10 bl3"},   # or a list with one entry (or None) per player
     "stalls": {4: "ro1 ro2 ro3"},                # stall index 0–4 → its cards (or a list of 5)
     "draw": "ge5 gr5",                           # top first
     "discard": "bl9",                            # bottom first
     "open_tasks": ["five-even", "run-of-5"],     # at most 5
     "task_pile": ["full-house"],                 # top first
     "fulfilled": {1: ["pair-red"]},
     "to_move": 0, "turn": 0}

Players are numbered from 0. Whatever is not given is dealt from the rest, shuffled with the
seed: the stalls, then hands of 5 cards; the remaining cards form the draw pile — or, if the
draw pile is given, the discard pile. If both piles are given, every card must be placed.
Tasks likewise: open tasks are turned up from the rest (up to 5), the others form the task
pile; if both are given, every task must be placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import ScenarioError
from ..core.rng import derive_rng
from ..core.scenario import CardPool, check_keys, is_player, per_slot, players_given
from .cards import DECK, STALL_SIZES, format_cards, parse_cards, sort_cards
from .options import TauschRauschOptions

if TYPE_CHECKING:
    from .state import TauschRauschState

KEYS = {"players", "hands", "stalls", "draw", "discard", "open_tasks", "task_pile", "fulfilled", "to_move", "turn"}


class _TaskPool:
    """The task ids not yet placed."""

    def __init__(self, ids: list[str]) -> None:
        self.known = set(ids)
        self.free = list(ids)

    def take(self, value: Any, where: str) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise ScenarioError("tausch_rausch.scenario.task_list", where=where)
        taken = []
        for task_id in value:
            if not isinstance(task_id, str) or task_id not in self.known:
                raise ScenarioError("tausch_rausch.scenario.unknown_task", task=task_id)
            if task_id not in self.free:
                raise ScenarioError("tausch_rausch.scenario.task_twice", task=task_id)
            self.free.remove(task_id)
            taken.append(task_id)
        return taken


def from_scenario(
    scenario: Mapping[str, Any], seed: int = 0, options: TauschRauschOptions | Mapping[str, Any] | None = None
) -> TauschRauschState:
    """A state built from `scenario` (see the module's text); impossible ones raise
    `ScenarioError` (or `PlayerCountError`)."""
    from .state import HAND_SIZE, OPEN_TASKS, TauschRauschState, check_players

    scenario = check_keys(scenario, KEYS)
    players = check_players(players_given(scenario))
    if not isinstance(options, TauschRauschOptions):
        options = TauschRauschOptions.from_dict(options)
    state = TauschRauschState(players, seed, options)
    _place_cards(state, scenario, seed, HAND_SIZE)
    _place_tasks(state, scenario, seed, OPEN_TASKS)
    to_move = scenario.get("to_move", 0)
    if not is_player(to_move, players):
        raise ScenarioError("scenario.no_such_player", player=to_move, players=players)
    state.to_move = to_move
    turn = scenario.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise ScenarioError("tausch_rausch.scenario.turn", turn=turn)
    state.turn = turn
    return state


def _place_cards(state: TauschRauschState, scenario: Mapping[str, Any], seed: int, hand_size: int) -> None:
    pool = CardPool(DECK, parse_cards)
    hands = per_slot(scenario.get("hands"), state.players, "hands")
    for player, cards in hands.items():
        state.hands[player] = pool.take(cards, f"hand {player}")
    stalls = per_slot(scenario.get("stalls"), len(STALL_SIZES), "stalls", stalls=True)
    for stall, cards in stalls.items():
        ids = pool.take(cards, f"stall {stall}")
        if len(ids) != STALL_SIZES[stall]:
            raise ScenarioError(
                "tausch_rausch.scenario.stall_size", stall=stall, count=STALL_SIZES[stall], given=len(ids)
            )
        state.stalls[stall] = ids
    draw_given, discard_given = "draw" in scenario, "discard" in scenario
    if draw_given:
        state.draw = pool.take(scenario["draw"], "draw")[::-1]
    if discard_given:
        state.discard = pool.take(scenario["discard"], "discard")
    rest = pool.rest()
    derive_rng(seed, "tausch_rausch", "scenario").shuffle(rest)
    for stall, size in enumerate(STALL_SIZES):
        if stall not in stalls:
            if len(rest) < size:
                raise ScenarioError("tausch_rausch.scenario.no_cards_for_stall", stall=stall)
            state.stalls[stall] = [rest.pop() for _ in range(size)]
    for player in range(state.players):
        if player not in hands:
            state.hands[player] = [rest.pop() for _ in range(min(hand_size, len(rest)))]
    if not draw_given:
        state.draw = rest
    elif not discard_given:
        state.discard = rest
    elif rest:
        raise ScenarioError(
            "tausch_rausch.scenario.cards_left", count=len(rest), cards=format_cards(sort_cards(DECK[i] for i in rest))
        )


def _place_tasks(state: TauschRauschState, scenario: Mapping[str, Any], seed: int, open_count: int) -> None:
    tasks = _TaskPool([task.id for task in state.options.tasks])
    fulfilled = per_slot(scenario.get("fulfilled"), state.players, "fulfilled")
    for player, ids in fulfilled.items():
        state.fulfilled[player] = tasks.take(ids, f"fulfilled {player}")
        if len(state.fulfilled[player]) >= state.options.tasks_to_win:
            raise ScenarioError("tausch_rausch.scenario.already_won", player=player, count=len(state.fulfilled[player]))
    open_given, pile_given = "open_tasks" in scenario, "task_pile" in scenario
    if open_given:
        state.open_tasks = tasks.take(scenario["open_tasks"], "open_tasks")
        if len(state.open_tasks) > open_count:
            raise ScenarioError("tausch_rausch.scenario.too_many_open", count=len(state.open_tasks), most=open_count)
    if pile_given:
        state.task_pile = tasks.take(scenario["task_pile"], "task_pile")[::-1]
    rest = list(tasks.free)
    derive_rng(seed, "tausch_rausch", "scenario", "tasks").shuffle(rest)
    if not open_given:
        state.open_tasks = [rest.pop() for _ in range(min(open_count, len(rest)))]
    if not pile_given:
        state.task_pile = rest
    elif rest:
        raise ScenarioError("tausch_rausch.scenario.tasks_left", count=len(rest), tasks=", ".join(sorted(rest)))
