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
from typing import Any

from ..core.errors import KartenspieleError, ScenarioError
from ..core.rng import derive_rng
from .cards import DECK, STALL_SIZES, Card, format_cards, parse_cards, sort_cards
from .options import TauschRauschOptions

KEYS = {"players", "hands", "stalls", "draw", "discard", "open_tasks", "task_pile", "fulfilled",
        "to_move", "turn"}


class _Pool:
    """The physical cards not yet placed, handed out by face."""

    def __init__(self) -> None:
        self.free: dict[Card, list[int]] = {}
        for card_id, face in enumerate(DECK):
            self.free.setdefault(face, []).append(card_id)

    def take(self, cards: Any, where: str) -> list[int]:
        try:
            faces = parse_cards(cards if cards is not None else "")
        except KartenspieleError as error:
            raise ScenarioError("scenario.bad_cards", where=where, reason=error.message()) from error
        ids = []
        for face in faces:
            if not self.free.get(face):
                raise ScenarioError("scenario.too_many", card=face.notation, count=DECK.count(face))
            ids.append(self.free[face].pop(0))
        return ids

    def rest(self) -> list[int]:
        return sorted(i for ids in self.free.values() for i in ids)


def _per_slot(value: Any, slots: int, name: str, stalls: bool = False) -> dict[int, Any]:
    """A list with one entry (or None) per player (stall), or a dict player (stall) → entry."""
    if value is None:
        return {}
    if isinstance(value, (list, tuple)):
        if len(value) != slots:
            if stalls:
                raise ScenarioError("tausch_rausch.scenario.per_stall", name=name, stalls=slots)
            raise ScenarioError("scenario.per_player", name=name, players=slots)
        return {slot: v for slot, v in enumerate(value) if v is not None}
    if isinstance(value, Mapping):
        for slot in value:
            if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < slots:
                if stalls:
                    raise ScenarioError("tausch_rausch.scenario.no_such_stall", stall=slot, last=slots - 1)
                raise ScenarioError("scenario.no_such_player", player=slot, players=slots)
        return dict(value)
    if stalls:
        raise ScenarioError("tausch_rausch.scenario.per_stall", name=name, stalls=slots)
    raise ScenarioError("scenario.per_player", name=name, players=slots)


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
            if task_id not in self.known:
                raise ScenarioError("tausch_rausch.scenario.unknown_task", task=task_id)
            if task_id not in self.free:
                raise ScenarioError("tausch_rausch.scenario.task_twice", task=task_id)
            self.free.remove(task_id)
            taken.append(task_id)
        return taken


def from_scenario(scenario: Mapping[str, Any], seed: int = 0,
                  options: TauschRauschOptions | Mapping[str, Any] | None = None):
    """A state built from `scenario` (see the module's text); impossible ones raise
    `ScenarioError` (or `PlayerCountError`)."""
    from .state import HAND_SIZE, OPEN_TASKS, TauschRauschState, check_players

    if not isinstance(scenario, Mapping):
        raise ScenarioError("scenario.not_mapping")
    unknown = set(scenario) - KEYS
    if unknown:
        raise ScenarioError("scenario.unknown_key", keys=", ".join(sorted(map(str, unknown))),
                            allowed=", ".join(sorted(KEYS)))
    hands_given = scenario.get("hands")
    players = scenario.get("players", len(hands_given) if isinstance(hands_given, (list, tuple)) else None)
    check_players(players)
    if not isinstance(options, TauschRauschOptions):
        options = TauschRauschOptions.from_dict(options)
    state = TauschRauschState(players, seed, options)
    _place_cards(state, scenario, seed, HAND_SIZE)
    _place_tasks(state, scenario, seed, OPEN_TASKS)
    to_move = scenario.get("to_move", 0)
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < players:
        raise ScenarioError("scenario.no_such_player", player=to_move, players=players)
    state.to_move = to_move
    turn = scenario.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise ScenarioError("tausch_rausch.scenario.turn", turn=turn)
    state.turn = turn
    return state


def _place_cards(state, scenario: Mapping[str, Any], seed: int, hand_size: int) -> None:
    pool = _Pool()
    hands = _per_slot(scenario.get("hands"), state.players, "hands")
    for player, cards in hands.items():
        state.hands[player] = pool.take(cards, f"hand {player}")
    stalls = _per_slot(scenario.get("stalls"), len(STALL_SIZES), "stalls", stalls=True)
    for stall, cards in stalls.items():
        ids = pool.take(cards, f"stall {stall}")
        if len(ids) != STALL_SIZES[stall]:
            raise ScenarioError("tausch_rausch.scenario.stall_size", stall=stall, count=STALL_SIZES[stall],
                                given=len(ids))
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
        raise ScenarioError("tausch_rausch.scenario.cards_left", count=len(rest),
                            cards=format_cards(sort_cards(DECK[i] for i in rest)))


def _place_tasks(state, scenario: Mapping[str, Any], seed: int, open_count: int) -> None:
    tasks = _TaskPool([task.id for task in state.options.tasks])
    fulfilled = _per_slot(scenario.get("fulfilled"), state.players, "fulfilled")
    for player, ids in fulfilled.items():
        state.fulfilled[player] = tasks.take(ids, f"fulfilled {player}")
        if len(state.fulfilled[player]) >= state.options.tasks_to_win:
            raise ScenarioError("tausch_rausch.scenario.already_won", player=player,
                                count=len(state.fulfilled[player]))
    open_given, pile_given = "open_tasks" in scenario, "task_pile" in scenario
    if open_given:
        state.open_tasks = tasks.take(scenario["open_tasks"], "open_tasks")
        if len(state.open_tasks) > open_count:
            raise ScenarioError("tausch_rausch.scenario.too_many_open", count=len(state.open_tasks),
                                most=open_count)
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
