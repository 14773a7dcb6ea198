"""OpenSpiel-style random simulation: 1,000+ games over 2–6 players and both variants."""

import itertools

import pytest

from .simulation import MOVE_BOUND, play_checked

VARIANTS = [dict(refill=r, lay_only_if_stuck=s) for r, s in itertools.product(["choice", "auto"], [False, True])]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_keep_every_invariant(players, variant):
    lengths = [
        play_checked(1000 * players + 100 * variant + game, players, VARIANTS[variant], deep=game < 8)
        for game in range(52)
    ]
    assert max(lengths) < MOVE_BOUND and min(lengths) > 10
