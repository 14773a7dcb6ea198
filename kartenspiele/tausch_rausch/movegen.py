"""The Tausch-Rausch move generator: every legal move of the player to move, each once.

Swaps list each distinct choice of k hand cards once (two copies of a face are one choice);
fulfilments list every distinct way of the task finder for every open task. `rules.py`
decides legality on its own, so any legal move is accepted, listed or not.

The list is lazy, as OpenSpiel and RLCard give integer actions: a swap is a number (its rank
among the stall's choices, in the order of `finder.choices`) and becomes a `Move` only when it
is read; the ways to fulfil a task are searched only when a fulfilment is read or counted.
`MoveList` is a read-only sequence equal to the plain list of the same moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from .cards import DECK, Card
from .finder import HandIndex, can_fulfil, find_ways
from .moves import FULFIL, PASS, SWAP, Move


class Choices(Sequence[tuple[Card, ...]]):
    """The multisets of `size` faces from (face, how many) pairs, in the order of
    `finder.choices` (lexicographic by face position), each made only when it is read."""

    def __init__(self, faces: Sequence[tuple[Card, int]], size: int) -> None:
        self.faces = [face for face, _ in faces]
        self.available = [min(count, size) for _, count in faces]
        self.size = size
        # after[i][k]: multisets of k cards from the faces i, i+1, …
        after = [[1] + [0] * size]
        for available in reversed(self.available):
            below = after[-1]
            row = below[:]
            for taken in range(1, available + 1):
                for k in range(taken, size + 1):
                    row[k] += below[k - taken]
            after.append(row)
        after.reverse()
        self.after = after
        self.total = after[0][size]

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, rank: int) -> tuple[Card, ...]: ...
    @overload
    def __getitem__(self, rank: slice) -> list[tuple[Card, ...]]: ...
    def __getitem__(self, rank):
        if isinstance(rank, slice):
            return [self[i] for i in range(*rank.indices(self.total))]
        if rank < 0:
            rank += self.total
        if not 0 <= rank < self.total:
            raise IndexError(rank)
        chosen: list[Card] = []
        left = self.size
        after = self.after
        index = 0
        while left:
            for taken in range(min(self.available[index], left), 0, -1):
                block = after[index + 1][left - taken]
                if rank < block:
                    chosen.extend([self.faces[index]] * taken)
                    left -= taken
                    break
                rank -= block
            index += 1
        return tuple(chosen)


class MoveList(Sequence[Move]):
    """The legal moves of a position: swaps (stall by stall), then fulfilments (task by task),
    or the single pass. Reading a swap unranks it; the fulfilments are found on first need."""

    def __init__(self, state) -> None:
        self._index = HandIndex(DECK[i] for i in state.hands[state.to_move])
        faces = sorted(self._index.counts.items(), key=lambda item: item[0].order)
        held = sum(self._index.counts.values())
        by_size: dict[int, Choices] = {}
        self.swap_stalls: list[tuple[int, Choices]] = []
        for stall, cards in enumerate(state.stalls):
            size = len(cards)
            if held >= size:
                if size not in by_size:
                    by_size[size] = Choices(faces, size)
                self.swap_stalls.append((stall, by_size[size]))
        self.swap_count = sum(len(gives) for _, gives in self.swap_stalls)
        self._state = state
        self._fulfils: list[Move] | None = None
        self._can_fulfil: bool | None = None

    # -- the two kinds ------------------------------------------------------------------
    def swap(self, rank: int) -> Move:
        """The swap of this rank (0 ≤ rank < `swap_count`)."""
        for stall, gives in self.swap_stalls:
            if rank < len(gives):
                return Move.listed(SWAP, stall, gives[rank], None)
            rank -= len(gives)
        raise IndexError(rank)

    @property
    def swaps(self) -> Sequence[Move]:
        """The swaps alone, as a lazy sequence."""
        return _Swaps(self)

    @property
    def fulfils(self) -> list[Move]:
        """Every way to fulfil every open task, task by task."""
        if self._fulfils is None:
            state = self._state
            self._fulfils = [
                Move.listed(FULFIL, None, way, task_id)
                for task_id in state.open_tasks
                for way in find_ways(state.task(task_id), self._index)
            ]
        return self._fulfils

    def can_fulfil(self) -> bool:
        """Whether some open task can be fulfilled (without listing the ways)."""
        if self._can_fulfil is None:
            if self._fulfils is not None:
                self._can_fulfil = bool(self._fulfils)
            else:
                state = self._state
                self._can_fulfil = any(can_fulfil(state.task(task_id), self._index) for task_id in state.open_tasks)
        return self._can_fulfil

    # -- the sequence -------------------------------------------------------------------
    def __len__(self) -> int:
        return (self.swap_count + len(self.fulfils)) or 1

    @overload
    def __getitem__(self, position: int) -> Move: ...
    @overload
    def __getitem__(self, position: slice) -> list[Move]: ...
    def __getitem__(self, position):
        if isinstance(position, slice):
            return [self[i] for i in range(*position.indices(len(self)))]
        if position < 0:
            position += len(self)
        if 0 <= position < self.swap_count:
            return self.swap(position)
        if position < 0:
            raise IndexError(position)
        rest = position - self.swap_count
        fulfils = self.fulfils
        if rest < len(fulfils):
            return fulfils[rest]
        if rest == 0 and not fulfils and not self.swap_count:
            return Move(PASS)
        raise IndexError(position)

    def __iter__(self) -> Iterator[Move]:
        for stall, gives in self.swap_stalls:
            for give in gives:
                yield Move.listed(SWAP, stall, give, None)
        yield from self.fulfils
        if not self.swap_count and not self.fulfils:
            yield Move(PASS)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, MoveList)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Move]) -> list[Move]:
        return [*self, *other]

    def __radd__(self, other: Sequence[Move]) -> list[Move]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


class _Swaps(Sequence[Move]):
    def __init__(self, moves: MoveList) -> None:
        self._moves = moves

    def __len__(self) -> int:
        return self._moves.swap_count

    def __getitem__(self, position):  # type: ignore[override]
        if isinstance(position, slice):
            return [self[i] for i in range(*position.indices(len(self)))]
        if position < 0:
            position += len(self)
        if not 0 <= position < len(self):
            raise IndexError(position)
        return self._moves.swap(position)


class _Over(MoveList):
    """The moves of a finished game: none."""

    def __init__(self) -> None:
        self.swap_stalls = []
        self.swap_count = 0
        self._fulfils = []
        self._can_fulfil = False

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[Move]:
        return iter(())

    def __getitem__(self, position):  # type: ignore[override]
        if isinstance(position, slice):
            return []
        raise IndexError(position)


def legal_moves(state) -> MoveList:
    """The legal moves of `state`'s player to move: swaps, then fulfilments (or a pass)."""
    if state.over:
        return _Over()
    return MoveList(state)
