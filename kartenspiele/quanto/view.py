"""What one Quanto player may see.

A view holds the player's own hand and everything that lies open (table, win piles, Quanto
stacks and chips, cards out of the game, cards drawn by a 3), but of the other hands and
the draw pile only their sizes, and not the seed. Bots and the tables of a player work
from a view; `sample_state` deals the unseen cards at random, consistently with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import DECK
from .options import QuantoOptions

if TYPE_CHECKING:
    from .movegen import MoveList
    from .state import QuantoState


@dataclass(frozen=True)
class QuantoView:
    """The position as `player` knows it (card ids; see `cards.DECK`)."""

    player: int
    players: int
    options: QuantoOptions
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[int, ...]
    draw_count: int
    win: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    chips: tuple[int | None, ...]
    out: tuple[int, ...]
    drawn: tuple[int, ...]
    phase: str
    to_move: int
    last_capturer: int | None
    end_begun: bool
    over: bool

    @classmethod
    def of(cls, state: QuantoState, player: int) -> QuantoView:
        return cls(
            player=player,
            players=state.players,
            options=state.options,
            hand=tuple(state.hands[player]),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            table=tuple(state.table),
            draw_count=len(state.draw),
            win=tuple(tuple(pile) for pile in state.win),
            stacks=tuple(tuple(stack) for stack in state.stacks),
            chips=tuple(state.chip_of),
            out=tuple(state.out),
            drawn=tuple(state.drawn),
            phase=state.phase,
            to_move=state.to_move,
            last_capturer=state.last_capturer,
            end_begun=state.end_begun,
            over=state.over,
        )

    def unseen(self) -> list[int]:
        """The cards this player cannot see: other hands and the draw pile, in id order."""
        seen = set(self.hand) | set(self.table) | set(self.out) | set(self.drawn)
        for zone in (*self.win, *self.stacks):
            seen.update(zone)
        return [card_id for card_id in range(len(DECK)) if card_id not in seen]

    def sample_state(self, rng: random.Random) -> QuantoState:
        """A full state that agrees with this view, the unseen cards dealt by `rng`."""
        from .state import QuantoState

        state = QuantoState(self.players, 0, self.options)
        hidden = self.unseen()
        rng.shuffle(hidden)
        for other in range(self.players):
            if other == self.player:
                state.hands[other] = list(self.hand)
            else:
                state.hands[other] = [hidden.pop() for _ in range(self.hand_sizes[other])]
        state.draw = hidden
        state.table = list(self.table)
        state.win = [list(pile) for pile in self.win]
        state.stacks = [list(stack) for stack in self.stacks]
        state.chip_of = list(self.chips)
        state.out = list(self.out)
        state.drawn = list(self.drawn)
        state.phase, state.to_move = self.phase, self.to_move
        state.last_capturer, state.end_begun, state.over = self.last_capturer, self.end_begun, self.over
        return state

    def legal_moves(self) -> MoveList:
        """The legal moves of the player to move: they depend only on what lies open."""
        return self.sample_state(random.Random(0)).legal_moves()

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["options"] = self.options.to_dict()
        return data

    def _repr_html_(self) -> str:
        from .display import view_html

        return view_html(self)
