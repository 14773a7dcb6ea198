"""The lazy move list: the same moves in the same order as listing them all at once."""

import random

import pytest

from kartenspiele.core.errors import IllegalMoveError
from kartenspiele.tausch_rausch import DECK, new_game
from kartenspiele.tausch_rausch.finder import HandIndex, choices, find_ways
from kartenspiele.tausch_rausch.movegen import Choices
from kartenspiele.tausch_rausch.moves import FULFIL, PASS, SWAP, Move

from ..pathological import tausch_rausch_scenarios


def eager_moves(state):
    """Every legal move listed at once, in the documented order (swaps, fulfilments, pass)."""
    if state.over:
        return []
    index = HandIndex(DECK[i] for i in state.hands[state.to_move])
    faces = sorted(index.counts.items(), key=lambda item: item[0].order)
    held = len(state.hands[state.to_move])
    moves = [
        Move(SWAP, stall, give)
        for stall, cards in enumerate(state.stalls)
        if held >= len(cards)
        for give in choices(faces, len(cards))
    ]
    moves += [Move(FULFIL, None, way, task) for task in state.open_tasks for way in find_ways(state.task(task), index)]
    return moves or [Move(PASS)]


def test_unranked_choices_are_the_listed_choices_in_order():
    rng = random.Random(3)
    for _ in range(200):
        hand = rng.sample(DECK, rng.randint(0, 14))
        faces = sorted(HandIndex(hand).counts.items(), key=lambda item: item[0].order)
        for size in (1, 2, 3):
            lazy = Choices(faces, size)
            assert list(lazy) == choices(faces, size)
            assert len(lazy) == len(choices(faces, size))
            if len(lazy):
                assert lazy[-1] == choices(faces, size)[-1]


def test_unranked_choices_with_many_copies_of_a_face():
    # counts the deck cannot give (3 or 4 copies of a face) and sizes past 3: both ways of
    # counting the multisets after a face (by copies held, or by the table) agree with the list
    rng = random.Random(31)
    faces_in_order = sorted({card for card in DECK}, key=lambda card: card.order)
    for _ in range(150):
        held = sorted(rng.sample(faces_in_order, rng.randint(0, 9)), key=lambda card: card.order)
        faces = [(face, rng.randint(1, 4)) for face in held]
        for size in (1, 2, 3, 4, 5):
            listed = choices(faces, size)
            lazy = Choices(faces, size)
            assert len(lazy) == len(listed)
            assert list(lazy) == listed
            for rank in range(-len(listed), 0):
                assert lazy[rank] == listed[rank]


def test_lazy_list_equals_the_eager_list_through_whole_games():
    rng = random.Random(8)
    for seed in range(4):
        state = new_game(3, seed=seed, turn_cap=120)
        while not state.over:
            moves = state.legal_moves()
            eager = eager_moves(state)
            assert moves == eager and len(moves) == len(eager)
            position = rng.randrange(len(eager))
            assert moves[position] == eager[position] and moves[position - len(eager)] == eager[position]
            assert moves.can_fulfil() == any(m.kind == FULFIL for m in eager)
            assert moves.index(eager[position]) == position and moves.count(eager[position]) == 1
            state.apply(moves[position])
        assert state.legal_moves() == [] and len(state.legal_moves()) == 0


def test_huge_hands_are_listed_without_building_every_move():
    for name, state in tausch_rausch_scenarios():
        moves = state.legal_moves()
        swaps = moves.swaps
        assert len(swaps) == moves.swap_count > 0, name
        for position in (0, len(swaps) // 2, len(swaps) - 1):
            state.clone().apply(swaps[position])


def test_listed_moves_apply_as_rebuilt_moves_and_tampered_ones_are_refused():
    """A move read from the lazy list does what the same move built from its JSON does; one
    changed after listing (cards the hand lacks, a stall that does not exist, a task not open)
    is refused with the reason, the state unchanged."""
    rng = random.Random(44)
    for seed in range(6):
        state = new_game(3, seed=seed, turn_cap=90)
        while not state.over:
            moves = state.legal_moves()
            listed = moves[rng.randrange(len(moves))]
            rebuilt = Move.from_json(listed.to_json())
            one, other = state.clone(), state.clone()
            assert one.apply(listed) == other.apply(rebuilt)
            assert one == other
            before = state.to_dict()
            held = {DECK[i] for i in state.hands[state.to_move]}
            lacking = next(card for card in DECK if card not in held)
            changes = {SWAP: (("cards", (*listed.cards[1:], lacking)), ("stall", 7)), PASS: ()}
            changes[FULFIL] = (("cards", (*listed.cards[1:], lacking)), ("task", "no-such-task"))
            for field, value in changes[listed.kind]:
                tampered = Move.listed(listed.kind, listed.stall, listed.cards, listed.task)
                object.__setattr__(tampered, field, value)
                with pytest.raises(IllegalMoveError):
                    state.apply(tampered)
                assert state.to_dict() == before
            state.apply(listed)
