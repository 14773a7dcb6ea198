"""The systematic search for groups, as a tree a pupil can step through.

The cards are sorted from small to large. The search starts with each card in turn and adds
only larger cards (later in the order), so every group is met exactly once. A branch ends
when its sum is reached ("found") or passed ("too big"); then every later card is larger
still, so the search cuts the rest of that branch. It finds the same groups as the engine's
`arithmetic.subsets_with_sum` (a test checks it), which also cuts a branch as soon as the
cards left cannot reach the sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

OPEN = "open"
FOUND = "found"
TOO_BIG = "too_big"


@dataclass(frozen=True)
class Node:
    """One step of the search: the cards chosen so far (positions in the given list)."""

    positions: tuple[int, ...]
    values: tuple[int, ...]
    total: int
    status: str  # OPEN (sum still below the target), FOUND or TOO_BIG

    @property
    def depth(self) -> int:
        return len(self.positions)

    def sum_text(self) -> str:
        """ "1 + 2 + 5 = 8" (a single card: "8")."""
        if len(self.values) == 1:
            return str(self.total)
        return f"{' + '.join(map(str, self.values))} = {self.total}"


def search(values: Sequence[int], target: int) -> list[Node]:
    """Every node of the search for groups of `values` (positive) summing to `target`, in the
    order a person visits them (depth first, smaller cards first)."""
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    nodes: list[Node] = []

    def visit(start: int, chosen: tuple[int, ...], total: int) -> None:
        for index in range(start, len(order)):
            position = order[index]
            reached = total + values[position]
            picked = (*chosen, position)
            status = FOUND if reached == target else TOO_BIG if reached > target else OPEN
            nodes.append(Node(picked, tuple(values[p] for p in picked), reached, status))
            if status == TOO_BIG:
                return  # every later card is at least as large
            if status == OPEN:
                visit(index + 1, picked, reached)

    if target > 0:
        visit(0, (), 0)
    return nodes


def found(nodes: Sequence[Node]) -> list[Node]:
    """The groups the search found."""
    return [node for node in nodes if node.status == FOUND]


def subsets_to_check(values: Sequence[int]) -> int:
    """How many non-empty selections a search without cutting would have to check."""
    return 2 ** len(values) - 1
