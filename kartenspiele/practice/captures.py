"""Lesson 1's practice (Quanto): captures and subset sums on a dealt table.

The answers come from the engine (`capture_moves`, `count_subsets_with_sum`)."""

from __future__ import annotations

from ..arithmetic import count_subsets_with_sum, split_into_groups, subsets_with_sum
from ..core.rng import derive_rng
from ..quanto import new_game as new_quanto
from ..quanto.cards import DECK as QUANTO_DECK
from ..quanto.cards import Card as QuantoCard
from ..quanto.movegen import capture_moves
from .base import Exercise, only_wrong

TABLE_CARDS = 6
GRUNDSCHULE_MAX = 10


def quanto_position(seed: int) -> tuple[list[QuantoCard], list[QuantoCard]]:
    """The table after dealing (filled up to six cards from the draw pile) and player 1's hand."""
    state = new_quanto(3, seed=seed)
    table = [QUANTO_DECK[card] for card in state.table]
    table += [QUANTO_DECK[card] for card in reversed(state.draw)][: max(0, TABLE_CARDS - len(table))]
    return table, [QUANTO_DECK[card] for card in state.hands[0]]


def make(level: str, number: int, seed: int) -> Exercise | None:
    table, hand = quanto_position(seed)
    if any(card.is_joker for card in table):
        return None
    rng = derive_rng(seed, "practice", "card")
    if level == "grundschule":
        values = sorted({_value(card) for card in table if not card.rainbow and _value(card) <= GRUNDSCHULE_MAX})
        targets = [
            _value(card) for card in hand if not card.is_joker and not card.rainbow and _value(card) <= GRUNDSCHULE_MAX
        ]
        if len(values) < 4 or not targets:
            return None
        target = rng.choice(targets)
        pairs = [group for group in subsets_with_sum(values, target) if len(group) == 2]
        if not pairs:
            return None
        shown = [f"{values[a]} + {values[b]}" for a, b in pairs]
        return Exercise(
            1,
            level,
            number,
            "practice.q.pairs",
            {"target": target},
            tuple(map(str, values)),
            len(pairs),
            "practice.s.pairs",
            {"count": len(pairs), "pairs": "; ".join(shown), "target": target},
            only_wrong({len(values): "practice.m.all_cards"}, len(pairs)),
        )
    if level == "klasse56":
        played = [card for card in hand if not card.is_joker and not card.rainbow]
        if not played:
            return None
        card = rng.choice(played)
        moves = capture_moves(table, card)
        if not moves:
            return None
        best = max(moves, key=lambda move: len(move.takes))
        most = len(best.takes)
        single = max(len(group) for group in subsets_with_sum([_value(c) for c in table], _value(card)))
        split = split_into_groups([_value(c) for c in best.takes], _value(card)) or [[_value(c) for c in best.takes]]
        groups = len(split)
        return Exercise(
            1,
            level,
            number,
            "practice.q.most",
            {"card": str(card)},
            tuple(str(c) for c in table),
            most,
            "practice.s.most",
            {"count": most, "takes": ", ".join(" + ".join(map(str, group)) for group in split), "card": str(card)},
            only_wrong(
                {
                    most + 1: "practice.m.counted_played",
                    single: "practice.m.one_group",
                    groups: "practice.m.counted_groups",
                },
                most,
            ),
        )
    values = sorted({_value(card) for card in table})
    target = rng.randrange(6, 13)
    count = count_subsets_with_sum(values, target)
    if len(values) < 5 or count < 2:
        return None
    pair_count = sum(1 for group in subsets_with_sum(values, target) if len(group) == 2)
    return Exercise(
        1,
        level,
        number,
        "practice.q.groups",
        {"target": target},
        tuple(map(str, values)),
        count,
        "practice.s.groups",
        {
            "count": count,
            "groups": "; ".join(
                " + ".join(str(values[i]) for i in group) for group in subsets_with_sum(values, target)
            ),
            "target": target,
        },
        only_wrong({pair_count: "practice.m.only_pairs"}, count),
    )


def _value(card: QuantoCard) -> int:
    """A plain or rainbow card's value (jokers are left out before this is asked)."""
    return card.value or 0
