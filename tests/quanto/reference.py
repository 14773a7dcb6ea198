"""A brute-force Quanto move generator: every subset of the table, checked by exhaustive search.

It shares no code with the engine's generator; the tests require both to agree exactly.
"""

from functools import cache
from itertools import combinations

from kartenspiele.quanto import Card, Move
from kartenspiele.quanto.cards import CHIPS, DECK
from kartenspiele.quanto.moves import CAPTURE, COLLECT, EXTEND, FORM, JOKER_QUANTO, LAY, PASS, REFILL_HAND, REFILL_TABLE

JOKER_VALUE = 0  # jokers are written as 0 in the brute-force multisets


@cache
def splits(values, target):
    """Whether the sorted tuple `values` splits into groups summing to `target` (0 = a joker alone)."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    if first == JOKER_VALUE:
        return splits(rest, target)
    for size in range(len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            chosen = [rest[i] for i in others]
            if JOKER_VALUE in chosen or first + sum(chosen) != target:
                continue
            left = tuple(v for i, v in enumerate(rest) if i not in others)
            if splits(left, target):
                return True
    return False


def value(face):
    return JOKER_VALUE if face.is_joker else face.value


def without(faces, face):
    rest = list(faces)
    rest.remove(face)
    return rest


def groups_ok(faces, target, need_group):
    return (bool(faces) or not need_group) and splits(tuple(sorted(value(f) for f in faces)), target)


def with_bonus_ok(faces, target, rainbow, need_group):
    if groups_ok(faces, target, need_group):
        return True
    return rainbow and any(groups_ok(without(faces, f), target, need_group) for f in set(faces))


def extend_ok(faces, need, chip):
    plain = [f for f in faces if not f.is_joker]
    for size in range(1, len(plain) + 1):
        for chosen in combinations(range(len(plain)), size):
            if sum(plain[i].value for i in chosen) != need:
                continue
            rest = list(faces)
            for i in chosen:
                rest.remove(plain[i])
            if groups_ok(rest, chip, need_group=False):
                return True
    return False


def sub_multisets(table_ids):
    seen = set()
    for size in range(len(table_ids) + 1):
        for chosen in combinations(table_ids, size):
            faces = tuple(sorted((DECK[i] for i in chosen), key=Card.sort_key))
            if faces not in seen:
                seen.add(faces)
                yield faces


def reference_moves(state):
    """The set of legal moves, found by trying every subset of the table."""
    if state.over:
        return set()
    player = state.to_move
    chip = state.chip_of[player]
    supply = [c for c in CHIPS if c not in state.chip_of]
    playable = {DECK[i] for i in state.playable()}
    subsets = list(sub_multisets(state.table))
    plays = set()
    for card in playable:
        for takes in subsets:
            for declared in range(1, 13) if card.is_joker else [None]:
                v = declared if card.is_joker else card.value
                if with_bonus_ok(list(takes), v, card.rainbow, need_group=True):
                    plays.add(Move(CAPTURE, card, takes, declared))
            if chip is None and not card.is_joker:
                for s in supply:
                    for partner in set(takes):
                        if (
                            not partner.is_joker
                            and partner.value + card.value == s
                            and groups_ok(without(takes, partner), s, need_group=False)
                        ):
                            plays.add(Move(FORM, card, takes, chip=s))
            if chip is not None:
                if not card.is_joker and card.value < chip and extend_ok(list(takes), chip - card.value, chip):
                    plays.add(Move(EXTEND, card, takes))
                if card.is_joker or card.value == chip:
                    if with_bonus_ok(list(takes), chip, card.rainbow, need_group=False):
                        plays.add(Move(COLLECT, card, takes, chip if card.is_joker else None))
        if card.is_joker:
            for other, other_chip in enumerate(state.chip_of):
                if other != player and other_chip is not None:
                    plays.add(Move(JOKER_QUANTO, card, target=other))
    moves = set(plays)
    if not state.options.lay_only_if_stuck or not plays:
        moves |= {Move(LAY, card) for card in playable}
    if state.phase == "turn" and state.options.refill == "choice" and state.draw:
        if len(state.table) < state.table_size:
            moves.add(Move(REFILL_TABLE))
        if len(state.hands[player]) < state.hand_size:
            moves.add(Move(REFILL_HAND))
    return moves or {Move(PASS)}
