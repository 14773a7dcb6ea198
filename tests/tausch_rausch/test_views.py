"""Tausch-Rausch views: what one player may see (the shared leak test is in tests/test_twins.py)."""

from __future__ import annotations

import json
import random
from dataclasses import fields

from kartenspiele.tausch_rausch import TauschRauschView, new_game
from kartenspiele.tausch_rausch.players import sampled_move

from .simulation import conserved


def test_a_view_holds_no_seed_and_nothing_hidden():
    state = new_game(3, seed=77)
    view = state.view(1)
    names = {f.name for f in fields(TauschRauschView)}
    assert not names & {"seed", "draw", "task_pile", "hands"}
    data = view.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert str(state.seed) not in json.dumps(data)
    assert data["hand"] == " ".join(str(c) for c in state.hand_cards(1))
    assert data["hand_sizes"] == [5, 5, 5] and data["draw_size"] == 55 and data["task_pile_size"] == 19
    own = set(state.hand_cards(1))
    assert set(view.hand) == own


def test_sampled_states_agree_with_the_view():
    rng = random.Random(5)
    state = new_game(4, seed=5)
    for _ in range(40):
        state.apply(sampled_move(state, rng))
    view = state.view(state.to_move)
    for _ in range(20):
        sample = view.sample_state(rng)
        assert sample.view(view.viewer) == view
        assert conserved(sample)
        assert set(sample.legal_moves()) == set(state.legal_moves()) == set(view.legal_moves())
    assert state.view((state.to_move + 1) % 4).legal_moves() == []
