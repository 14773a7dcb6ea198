"""The parts of a Tausch-Rausch position the heuristics read, from a view or from a state."""

from __future__ import annotations

from ...tausch_rausch.cards import DECK, Card
from ...tausch_rausch.tasks import Task


def tasks_of(options, task_ids) -> list[Task]:
    """The open tasks as `Task`s."""
    by_id = {task.id: task for task in options.tasks}
    return [by_id[task_id] for task_id in task_ids]


def from_view(view) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], list[Task]]:
    """(hand, stalls, open tasks) of the viewer."""
    return view.hand, view.stalls, tasks_of(view.options, view.open_tasks)


def from_state(state, player: int | None = None) -> tuple[list[Card], list[list[Card]], list[Task]]:
    """(hand, stalls, open tasks) of `player` (default: the player to move) in a full state."""
    player = state.to_move if player is None else player
    hand = [DECK[i] for i in state.hands[player]]
    stalls = [[DECK[i] for i in stall] for stall in state.stalls]
    return hand, stalls, [state.task(task_id) for task_id in state.open_tasks]
