"""OpenSpiel-style random simulation: 1,000+ games over 2–4 players and several variants."""

from __future__ import annotations

import pytest

from .simulation import CAP, UNIFORM_CAP, play_checked

CUSTOM_DECK = [
    "five-even",
    "five-odd",
    "pair-one-colour",
    "three-of-a-kind",
    "two-one-colour-sum-9",
    "run-of-5",
    "two-adjacent-pairs",
    "pair-red",
    "four-sum-at-most-7",
    {"id": "drei-rote", "count": 3, "reward": 2, "conditions": [{"block": "colour", "which": "ro"}]},
]
VARIANTS = [{}, {"tasks_to_win": 3}, {"deck": CUSTOM_DECK, "tasks_to_win": 3}]
GAMES = 115  # per player count and variant: 3 × 3 × 115 = 1,035 games, 351 of them checked deeply


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_keep_every_invariant(players, variant):
    finals = []
    for game in range(GAMES):
        seed = 10_000 * players + 1_000 * variant + game
        if game == 0:  # uniform random players: the turn cap ends their game
            capped = play_checked(seed, players, VARIANTS[variant], "uniform", deep=True, cap=UNIFORM_CAP)
            assert capped.turn <= UNIFORM_CAP
            continue
        policy = "kind_first" if game % 9 == 0 else "sampled"
        finals.append(play_checked(seed, players, VARIANTS[variant], policy, deep=game % 3 == 0))
    won = [state for state in finals if state.winner is not None]
    assert len(won) > len(finals) * 0.9  # random players who take tasks when they can end by a win
    assert all(state.turn <= CAP for state in finals)
    assert {state.winner for state in won} == set(range(players))
