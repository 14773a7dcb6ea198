"""The Tausch-Rausch move generator: every legal move of the player to move, each once.

Swaps list each distinct choice of k hand cards once (two copies of a face are one choice);
fulfilments list every distinct way of the task finder for every open task. `rules.py`
decides legality on its own, so any legal move is accepted, listed or not.
"""

from __future__ import annotations

from .cards import DECK, Card
from .finder import HandIndex, choices, find_ways
from .moves import FULFIL, PASS, SWAP, Move


def legal_moves(state) -> list[Move]:
    """The legal moves of `state`'s player to move: swaps, then fulfilments (or a pass)."""
    if state.over:
        return []
    index = HandIndex(DECK[i] for i in state.hands[state.to_move])
    counts = index.counts
    faces = sorted(counts.items(), key=lambda item: item[0].order)
    held = sum(counts.values())
    gives: dict[int, list[tuple[Card, ...]]] = {}
    moves: list[Move] = []
    for stall, cards in enumerate(state.stalls):
        size = len(cards)
        if held >= size:
            if size not in gives:
                gives[size] = choices(faces, size)
            moves.extend(Move.listed(SWAP, stall, give, None) for give in gives[size])
    for task_id in state.open_tasks:
        moves.extend(Move.listed(FULFIL, None, way, task_id) for way in find_ways(state.task(task_id), index))
    return moves or [Move(PASS)]
