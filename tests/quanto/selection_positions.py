"""Positions that make the selection query work hard, all reached or built legally:
tables grown by a game in which every player only lays cards (the table of issue 16),
tables of many equal low cards with jokers and rainbow cards, and dealt games."""

from __future__ import annotations

import random

from kartenspiele.quanto import Move, from_scenario, new_game
from kartenspiele.quanto.cards import DECK
from kartenspiele.quanto.moves import LAY, REFILL_HAND


def laid_out(seed: int, size: int):
    """A legal game in which every player only lays cards (refilling the hand when it is
    empty), stopped when the table holds `size` cards or nothing can be laid."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    while len(state.table) < size and not state.over:
        cards = state.playable()
        if cards:
            state.apply(Move(LAY, DECK[rng.choice(cards)]))
        elif state.draw:
            state.apply(Move(REFILL_HAND))
        else:
            break
    return state


def equal_cards(seed: int):
    """A table of many equal low cards, both jokers and rainbow cards; the hand holds high
    cards, a joker and a rainbow card; Quantos lie with the player and the others."""
    rng = random.Random(seed)
    table = ["1"] * 8 + ["2"] * 9 + ["3"] * 9 + ["4"] * 8 + ["R4", "R5", "J"] + ["6"] * rng.randint(2, 6)
    hands = [["12 R12 J 11", "11 R11 9"][seed % 2], "", ""]
    quantos = [{}, {0: (12, "7 5")}, {1: (10, "5 5"), 2: (9, "8 1")}, {0: (12, "7 5"), 1: (11, "5 6")}][seed % 4]
    return from_scenario({"players": 3, "table": " ".join(table), "hands": hands, "quantos": quantos})


def dealt(seed: int, moves: int):
    """A dealt game after `moves` random legal moves (a normal position)."""
    rng = random.Random(seed)
    state = new_game(rng.choice((2, 3, 4)), seed=seed)
    for _ in range(moves):
        if state.over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def grown_selections(state, card_id: int, rng: random.Random, limit: int = 30):
    """The selections a person makes by clicking joinable cards one after another, each
    with its answer: [(picked, selection)]."""
    picked: list[int] = []
    found = []
    while len(found) < limit:
        selection = state.selection(card_id, picked)
        found.append((list(picked), selection))
        if not selection.joinable:
            break
        picked.append(rng.choice(selection.joinable))
    return found
