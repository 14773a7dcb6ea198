"""What one player may see of a Tausch-Rausch position.

A view holds the viewer's own hand, the market, the face-up discard pile, the open tasks,
everybody's fulfilled tasks and the sizes of everything hidden — no other hand, nothing of
the draw pile or the task pile but their sizes, and no seed. `sample_state(rng)` deals the
hidden cards and tasks at random, consistently with the view, for bots and for the leak test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .cards import DECK, Card, format_cards, sort_cards
from .moves import Move
from .options import TauschRauschOptions

if TYPE_CHECKING:
    from .state import TauschRauschState


@dataclass(frozen=True)
class TauschRauschView:
    """A player's view of a position (everything public, plus the viewer's own hand)."""

    players: int
    viewer: int
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stalls: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]  # face up, bottom first
    draw_size: int
    open_tasks: tuple[str, ...]
    task_pile_size: int
    fulfilled: tuple[tuple[str, ...], ...]
    turn: int
    reshuffles: int
    over: bool
    winner: int | None
    options: TauschRauschOptions

    @classmethod
    def of(cls, state: TauschRauschState, player: int) -> TauschRauschView:
        def faces(ids: list[int]) -> tuple[Card, ...]:
            return sort_cards(DECK[i] for i in ids)

        return cls(
            players=state.players,
            viewer=player,
            to_move=state.to_move,
            hand=faces(state.hands[player]),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            stalls=tuple(faces(stall) for stall in state.stalls),
            discard=tuple(DECK[i] for i in state.discard),
            draw_size=len(state.draw),
            open_tasks=tuple(state.open_tasks),
            task_pile_size=len(state.task_pile),
            fulfilled=tuple(tuple(tasks) for tasks in state.fulfilled),
            turn=state.turn,
            reshuffles=state.reshuffles,
            over=state.over,
            winner=state.winner,
            options=state.options,
        )

    def sample_state(self, rng: random.Random) -> TauschRauschState:
        """A full state that this view could have come from: the hidden cards (other hands,
        draw pile) and the task pile dealt at random with `rng`, and a random seed."""
        from .state import TauschRauschState

        state = TauschRauschState(self.players, rng.randrange(1, 10**9), self.options)
        free: dict[Card, list[int]] = {}
        for card_id, face in enumerate(DECK):
            free.setdefault(face, []).append(card_id)

        def take(faces: tuple[Card, ...]) -> list[int]:
            return [free[face].pop() for face in faces]

        state.hands[self.viewer] = take(self.hand)
        state.stalls = [take(stall) for stall in self.stalls]
        state.discard = take(self.discard)
        hidden = sorted(i for ids in free.values() for i in ids)
        rng.shuffle(hidden)
        for player, size in enumerate(self.hand_sizes):
            if player != self.viewer:
                state.hands[player] = [hidden.pop() for _ in range(size)]
        state.draw = hidden
        state.open_tasks = list(self.open_tasks)
        state.fulfilled = [list(tasks) for tasks in self.fulfilled]
        placed = set(self.open_tasks).union(*self.fulfilled)
        pile = [task.id for task in self.options.tasks if task.id not in placed]
        rng.shuffle(pile)
        state.task_pile = pile
        state.to_move, state.turn, state.reshuffles = self.to_move, self.turn, self.reshuffles
        state.over, state.winner = self.over, self.winner
        return state

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON data (cards in notation)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["hand"] = format_cards(self.hand)
        data["stalls"] = [format_cards(stall) for stall in self.stalls]
        data["discard"] = format_cards(self.discard)
        data["hand_sizes"] = list(self.hand_sizes)
        data["open_tasks"] = list(self.open_tasks)
        data["fulfilled"] = [list(tasks) for tasks in self.fulfilled]
        data["options"] = self.options.to_dict()
        return data

    def legal_moves(self) -> list[Move]:
        """The viewer's legal moves (empty when another player is to move)."""
        if self.over or self.to_move != self.viewer:
            return []
        return list(self.sample_state(random.Random(0)).legal_moves())

    def _repr_html_(self) -> str:
        from .display import view_html

        return view_html(self)
