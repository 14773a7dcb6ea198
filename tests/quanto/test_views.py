"""Quanto views: what one player may see (the shared leak test is in tests/test_twins.py)."""

import random

from kartenspiele.quanto import new_game
from kartenspiele.quanto.cards import DECK


def test_view_holds_no_seed_and_no_other_hand():
    state = new_game(3, seed=77)
    view = state.view(1)
    data = view.to_dict()
    assert "seed" not in data and "draw" not in data
    assert data["hand"] == tuple(state.hands[1]) and data["hand_sizes"] == (4, 4, 4)
    for other in (0, 2):
        assert not set(state.hands[other]) & set(
            i
            for zone in data.values()
            if isinstance(zone, tuple)
            for i in (zone if zone and isinstance(zone[0], int) else ())
        )


def test_sampled_states_agree_with_the_view():
    rng = random.Random(5)
    state = new_game(4, seed=5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_moves()))
    view = state.view(2)
    for _ in range(20):
        sample = view.sample_state(rng)
        assert sample.view(2) == view
        assert sorted(
            i
            for z in (*sample.hands, *sample.win, *sample.stacks, sample.table, sample.draw, sample.out, sample.drawn)
            for i in z
        ) == list(range(len(DECK)))
        assert set(sample.legal_moves()) == set(state.legal_moves())
