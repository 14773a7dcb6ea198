"""What a Quanto move gains at once for the player to move (the greedy level), and what a
position is worth to a player (the planner's score).

A move's gain reads only what the player to move may see: the own hand, the table, the
open stacks, chips and win piles. The numbers are cards: a card on the win pile is worth 1,
a card on an open Quanto stack less (it may be stolen by a joker or lost at the end), a
card kept in the hand something for what it can still do.
"""

from __future__ import annotations

from functools import lru_cache

from ...arithmetic import largest_disjoint_union
from ...quanto.cards import DECK, Card
from ...quanto.moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, REFILL_HAND, REFILL_TABLE, Move

STACK = 0.6  # a card on an open Quanto stack while cards are left to draw
STACK_LATE = 0.25  # … once the draw pile is empty (an open stack is lost at the end)
STACK_SURE = 0.9  # … when the hand holds the card that collects it
HAND_CARD = 0.4  # a card drawn into the hand
TABLE_CARD = 0.1  # a card turned up onto the table
THREE = 1.5  # a laid 3: one of three drawn cards is played at once
EXPOSURE = 0.5  # per card the next player could take more after a card is laid
KEEP_JOKER = 2.0  # what a joker in the hand is worth beyond a plain card
KEEP_RAINBOW = 0.5  # … a rainbow card
KEEP_CHIP = 1.0  # … the card that collects the own Quanto
KEEP_LOW = 0.3  # … a 1, 2 or 3 (their effects when laid)
ONE_SWING = 2.0  # a card a laid 1 takes: one more for the player, one less for another
WIN_BONUS = 20.0  # a won game, in cards


def keep_value(card: Card, chip: int | None) -> float:
    """What holding `card` back is worth to a player with Quanto `chip` (None: no Quanto)."""
    if card.is_joker:
        return KEEP_JOKER
    worth = KEEP_RAINBOW if card.rainbow else 0.0
    if chip is not None and card.value == chip:
        worth += KEEP_CHIP
    if card.value <= 3:
        worth += KEEP_LOW
    return worth


def stack_weight(state, player: int, chip: int | None = None, spent: Card | None = None) -> float:
    """What one card on `player`'s open stack (chip `chip`) is worth now; `spent` is a hand
    card about to be played (it cannot collect)."""
    chip = state.chip_of[player] if chip is None else chip
    hand = [DECK[i] for i in state.hands[player]]
    if spent is not None and spent in hand:
        hand.remove(spent)
    if any(card.is_joker or card.value == chip for card in hand):
        return STACK_SURE
    return STACK if state.draw else STACK_LATE


def material(state, player: int) -> float:
    """The player's cards, counted: the win pile and the open stack (weighted)."""
    worth = float(len(state.win[player]))
    if state.stacks[player]:
        worth += stack_weight(state, player) * len(state.stacks[player])
    return worth


def memo_size() -> int:
    """How many answers the capture memo holds."""
    return _best_captures.cache_info().currsize


def clear_memos() -> None:
    """Forget the capture memo."""
    _best_captures.cache_clear()


@lru_cache(maxsize=1 << 15)
def _best_captures(values: tuple[int, ...]) -> int:
    """Summed over the values 1–12: the most table cards one capture could take."""
    kinds = sorted((value, values.count(value)) for value in set(values))
    total = 0
    for target in range(1, 13):
        union = largest_disjoint_union(kinds, target)
        total += sum(union) if union else 0
    return total


def exposure(table: list[int], card: Card) -> float:
    """How much more the table offers to the others after `card` is laid on it (the mean
    over the twelve values of the largest capture's growth)."""
    values = tuple(sorted(DECK[i].value for i in table if not DECK[i].is_joker))
    if card.is_joker:
        return 1.0
    grown = tuple(sorted((*values, card.value)))
    return (_best_captures(grown) - _best_captures(values)) / 12


def gain(state, move: Move, depth: int = 1) -> float:
    """What `move` gains at once for the player to move, in cards (see the module notes).

    A laid 2 is worth the best play that follows with the rest of the hand (`depth` levels).
    """
    player = state.to_move
    kind = move.kind
    chip = state.chip_of[player]
    if kind == REFILL_HAND:
        return HAND_CARD * min(state.hand_size - len(state.hands[player]), len(state.draw))
    if kind == REFILL_TABLE:
        return TABLE_CARD * min(state.table_size - len(state.table), len(state.draw))
    if move.card is None:
        return 0.0
    cost = keep_value(move.card, chip) if state.phase != "after_three" else 0.0
    if kind == CAPTURE:
        return 1 + len(move.takes) - cost
    if kind == COLLECT:
        return 1 + len(state.stacks[player]) + len(move.takes) - cost
    if kind == JOKER_QUANTO:
        stolen = len(state.stacks[move.target])
        return 1 + stolen + stack_weight(state, move.target) * stolen - cost
    if kind in (FORM, EXTEND):
        weight = stack_weight(state, player, move.chip or chip, spent=move.card)
        old = len(state.stacks[player])
        return weight * (old + 1 + len(move.takes)) - material_of_stack(state, player) - cost
    if kind == LAY:
        return _lay_gain(state, move, depth)
    return 0.0


def material_of_stack(state, player: int) -> float:
    """What the player's open stack is worth now (0 without one)."""
    stack = state.stacks[player]
    return stack_weight(state, player) * len(stack) if stack else 0.0


def _lay_gain(state, move: Move, depth: int) -> float:
    value = move.card.value
    player = state.to_move
    if value == 1:
        return ONE_SWING * sum(1 for other in range(state.players) if other != player and state.win[other])
    if value == 3:
        return THREE if state.draw else -EXPOSURE * exposure(state.table, move.card)
    if value == 2 and depth > 0 and len(state.hands[player]) > 1 and state.phase != "after_three":
        after = state.clone()
        after.apply(move)
        if after.phase == "after_two":
            return max(gain(after, follow, depth - 1) for follow in after.legal_moves())
    cost = keep_value(move.card, state.chip_of[player]) if state.phase != "after_three" else 0.0
    return -cost - EXPOSURE * exposure(state.table, move.card)


def holding(state, player: int) -> float:
    """What the player's hand is worth: each card, plus what the useful ones add."""
    chip = state.chip_of[player]
    return sum(HAND_CARD + keep_value(DECK[i], chip) for i in state.hands[player])


def worth(state, player: int) -> float:
    """Material and hand together."""
    return material(state, player) + holding(state, player)


def evaluate(state, player: int) -> float:
    """The position for `player`: its worth minus the strongest other player's (after the
    end: the share of the win, weighted heavily, plus the margin)."""
    if state.is_terminal():
        scores = state.scores()
        return (
            WIN_BONUS * state.returns()[player]
            + scores[player]
            - max(score for other, score in enumerate(scores) if other != player)
        )
    mine = worth(state, player)
    return mine - max(worth(state, other) for other in range(state.players) if other != player)
