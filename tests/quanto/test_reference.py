"""The fast move generator against the brute-force reference, on random and crowded positions."""

import random

import pytest

from kartenspiele.quanto import from_scenario, new_game
from kartenspiele.quanto.cards import DECK

from .reference import reference_moves


def random_position(rng, table_size, hand_size=4):
    """A random scenario: a table of `table_size` cards, a hand, maybe Quantos."""
    ids = list(range(len(DECK)))
    rng.shuffle(ids)
    table = " ".join(DECK[ids.pop()].notation for _ in range(table_size))
    hand = " ".join(DECK[ids.pop()].notation for _ in range(hand_size))
    scenario = {"players": 3, "table": table, "hands": {0: hand}}
    quantos = {}
    for player in range(3):
        if rng.random() < 0.4:
            chip = rng.choice([c for c in range(5, 13) if c not in [q[0] for q in quantos.values()]])
            quantos[player] = (chip, DECK[ids.pop()].notation)
    scenario["quantos"] = quantos
    options = {"lay_only_if_stuck": rng.random() < 0.2, "refill": rng.choice(["choice", "auto"])}
    try:
        return from_scenario(scenario, seed=rng.randrange(10**6), options=options)
    except Exception:  # a card of the hand drawn twice beyond the deck: retry
        return random_position(rng, table_size, hand_size)


def test_generator_matches_reference_on_random_positions():
    rng = random.Random(2024)
    for _ in range(2000):
        state = random_position(rng, rng.randint(0, 8))
        assert set(state.legal_moves(limit=None)) == reference_moves(state), state.to_dict()


def test_generator_lists_each_move_once():
    rng = random.Random(7)
    for _ in range(300):
        moves = random_position(rng, rng.randint(3, 9)).legal_moves(limit=None)
        assert len(moves) == len(set(moves))


@pytest.mark.parametrize(
    "seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow), 3]
)
def test_generator_matches_reference_on_crowded_tables(seed):
    rng = random.Random(seed)
    low_values = [v for v in range(1, 9)] * 3
    rng.shuffle(low_values)
    table = " ".join(str(v) for v in low_values[:16])
    hand = rng.choice(["8 12 5 R9", "12 J 6 3", "10 R12 7 11"])
    state = from_scenario(
        {"players": 2, "table": table, "hands": [hand, "1"], "quantos": {1: (12, "6 6")} if seed % 2 else {}}, seed=seed
    )
    fast = state.legal_moves(limit=None)
    assert set(fast) == reference_moves(state)
    assert len(fast) > 100


def test_every_listed_move_is_accepted_by_the_checker_and_applies():
    rng = random.Random(5)
    for _ in range(300):
        state = random_position(rng, rng.randint(0, 7))
        for move in state.legal_moves():
            twin = state.clone()
            twin.apply(move)


def test_bounded_generator_keeps_the_largest_capture():
    table = " ".join(["1", "2", "3", "4", "5", "6", "7"] * 3)
    state = from_scenario({"players": 2, "table": table, "hands": ["12", "5"]})
    full = [m for m in state.legal_moves(limit=None) if m.kind == "capture"]
    bounded = [m for m in state.legal_moves(limit=20) if m.kind == "capture"]
    assert len(bounded) < len(full)
    assert max(len(m.takes) for m in bounded) == max(len(m.takes) for m in full)
    assert set(bounded) <= set(full)
    largest = max(full, key=lambda m: len(m.takes))
    state.clone().apply(largest)


def test_games_in_progress_match_reference():
    rng = random.Random(99)
    checked = 0
    for seed in range(30):
        state = new_game(rng.randint(2, 6), seed=seed, refill=rng.choice(["choice", "auto"]))
        while not state.is_terminal() and checked < 3000:
            if len(state.table) <= 10:
                assert set(state.legal_moves(limit=None)) == reference_moves(state)
                checked += 1
            state.apply(rng.choice(state.legal_moves()))
    assert checked > 1000
