"""The Tausch-Rausch move generator: every legal move of the player to move, each once.

Swaps list each distinct choice of k hand cards once (two copies of a face are one choice);
fulfilments list every distinct way of the task finder for every open task. `rules.py`
decides legality on its own, so any legal move is accepted, listed or not.

The list is lazy, as OpenSpiel and RLCard give integer actions: a move is a number (its rank
in the list) and becomes a `Move` only when it is read. The swaps and the ways to fulfil a
task are counted without being listed (`ways`), and a move read by its rank is unranked, in
the order of `finder.choices` and `finder.find_ways`. `MoveList` is a read-only sequence equal
to the plain list of the same moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..core.actions import check_action
from ..core.lazy import LazySequence
from .moves import FULFIL, PASS, SWAP, Move
from .rules import Plan, hand_ids
from .ways import Choices, HandCounts, TaskWays, faces_of, histogram, multisets, ready, small_choice, small_multisets

if TYPE_CHECKING:
    from .state import TauschRauschState

__all__ = ["Choices", "MoveList", "legal_moves"]


class MoveList(LazySequence[Move]):
    """The legal moves of a position: swaps (stall by stall), then fulfilments (task by task),
    or the single pass. Both kinds are counted without being listed; reading a move unranks
    it (see `ways`)."""

    def __init__(self, state: TauschRauschState) -> None:
        hand = state.hands[state.to_move]
        held = len(hand)
        self._hand = HandCounts(hand)
        self._counts = self._hand.counts
        self.swap_stalls: list[tuple[int, int]] = []  # (stall, swaps there)
        counts = self._counts
        faces = len(counts) - counts.count(0)  # faces held at least once, twice, three times
        doubles = faces - counts.count(1)
        triples = doubles - counts.count(2)
        self._held = (faces, doubles, triples)
        for stall, cards in enumerate(state.stalls):
            size = len(cards)
            if held >= size:
                count = (
                    small_multisets(size, faces, doubles, triples)
                    if size <= 3
                    else multisets(histogram(self._counts), size)
                )
                self.swap_stalls.append((stall, count))
        self.swap_count = sum(count for _, count in self.swap_stalls)
        self.state = state
        self._choices: dict[int, Choices] = {}
        self._fulfils: _Fulfils | None = None
        self._can_fulfil: bool | None = None

    # -- the two kinds ------------------------------------------------------------------
    def swap(self, rank: int) -> Move:
        """The swap of this rank (0 ≤ rank < `swap_count`)."""
        for stall, count in self.swap_stalls:
            if rank < count:
                size = len(self.state.stalls[stall])
                if size <= 3:
                    return Move.listed(SWAP, stall, small_choice(self._counts, size, rank, self._held), None)
                gives = self._choices.get(size)
                if gives is None:
                    gives = self._choices[size] = Choices(faces_of(self._counts), size)
                return Move.listed(SWAP, stall, gives[rank], None)
            rank -= count
        raise IndexError(rank)

    @property
    def swaps(self) -> Sequence[Move]:
        """The swaps alone, as a lazy sequence."""
        return _Swaps(self)

    @property
    def fulfils(self) -> _Fulfils:
        """Every way to fulfil every open task, task by task, as a lazy sequence."""
        if self._fulfils is None:
            state = self.state
            ways = [(task_id, TaskWays(state.task(task_id), self._hand)) for task_id in state.open_tasks]
            self._fulfils = _Fulfils([(task_id, task_ways) for task_id, task_ways in ways if task_ways.total])
        return self._fulfils

    def can_fulfil(self) -> bool:
        """Whether some open task can be fulfilled (without listing the ways)."""
        if self._can_fulfil is None:
            if self._fulfils is not None:
                self._can_fulfil = bool(len(self._fulfils))
            else:
                state = self.state
                self._can_fulfil = any(ready(state.task(task_id), self._hand) for task_id in state.open_tasks)
        return self._can_fulfil

    # -- integer actions ------------------------------------------------------------------
    def plan(self, action: object) -> Plan:
        """The plan of the move at position `action` (an integer action), made without the
        rule check, as every listed move is legal; a swap's number needs no counting of the
        fulfilments. Any other action raises `IllegalMoveError`."""
        hand = self.state.hands[self.state.to_move]
        if type(action) is not int or not 0 <= action < self.swap_count:
            action = check_action(action, len(self))
            if action >= self.swap_count:
                move = self._item(action)
                task = None if move.task is None else self.state.task(move.task)
                return Plan(move, hand_ids(hand, move.cards), task)
        move = self.swap(action)
        return Plan(move, hand_ids(hand, move.cards))

    def index(self, move: object, start: int = 0, stop: int | None = None) -> int:
        """The position of `move` here (its integer action), found by ranking, not by
        searching; `ValueError` if it is not listed."""
        rank = self._rank(move) if isinstance(move, Move) else None
        if rank is None or not start <= rank < (len(self) if stop is None else stop) or self[rank] != move:
            raise ValueError(f"{move!r} is not a listed move")
        return rank

    def _rank(self, move: Move) -> int | None:
        try:
            if move.kind == SWAP:
                offset = 0
                for stall, count in self.swap_stalls:
                    if stall == move.stall:
                        size = len(self.state.stalls[stall])
                        return offset + Choices(faces_of(self._counts), size).rank(move.cards)
                    offset += count
            elif move.kind == FULFIL:
                return self.swap_count + self.fulfils.rank(move)
            elif not self.swap_count and not self.fulfils:
                return 0
        except ValueError:
            pass
        return None

    # -- the sequence -------------------------------------------------------------------
    def __len__(self) -> int:
        return (self.swap_count + len(self.fulfils)) or 1

    def _item(self, position: int) -> Move:
        if position < self.swap_count:
            return self.swap(position)
        rest = position - self.swap_count
        fulfils = self.fulfils
        if rest < len(fulfils):
            return fulfils[rest]
        return Move(PASS)  # the only move when there is nothing to swap or fulfil

    def __iter__(self) -> Iterator[Move]:
        for rank in range(self.swap_count):
            yield self.swap(rank)
        yield from self.fulfils
        if not self.swap_count and not self.fulfils:
            yield Move(PASS)


class _Swaps(LazySequence[Move]):
    def __init__(self, moves: MoveList) -> None:
        self._moves = moves

    def __len__(self) -> int:
        return self._moves.swap_count

    def _item(self, position: int) -> Move:
        return self._moves.swap(position)


class _Fulfils(LazySequence[Move]):
    """The fulfilments, task by task: counted per task, each way read by its rank."""

    def __init__(self, tasks: list[tuple[str, TaskWays]]) -> None:
        self._tasks = tasks
        self._total = sum(len(ways) for _, ways in tasks)

    def __len__(self) -> int:
        return self._total

    def _item(self, position: int) -> Move:
        for task_id, ways in self._tasks:
            if position < len(ways):
                return Move.listed(FULFIL, None, ways[position], task_id)
            position -= len(ways)
        raise IndexError(position)  # not reached: the total counts every way

    def __iter__(self) -> Iterator[Move]:
        for task_id, ways in self._tasks:
            for way in ways:
                yield Move.listed(FULFIL, None, way, task_id)

    def rank(self, move: Move) -> int:
        """The position of a fulfilment here; `ValueError` if it is not listed."""
        offset = 0
        for task_id, ways in self._tasks:
            if task_id == move.task:
                return offset + ways.rank(move.cards)
            offset += len(ways)
        raise ValueError(move)


_NO_FULFILS = _Fulfils([])


class _Over(MoveList):
    """The moves of a finished game: none."""

    def __init__(self) -> None:
        self.swap_stalls = []
        self.swap_count = 0
        self._fulfils = _NO_FULFILS
        self._can_fulfil = False

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[Move]:
        return iter(())


def legal_moves(state: TauschRauschState) -> MoveList:
    """The legal moves of `state`'s player to move: swaps, then fulfilments (or a pass)."""
    if state.over:
        return _Over()
    return MoveList(state)
