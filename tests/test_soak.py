"""The long soak run: 100,000 random games of Quanto (`make soak`; not part of `make test`)."""

import os

import pytest

from .quanto.simulation import play_checked
from .quanto.test_simulation import VARIANTS


@pytest.mark.slow
def test_quanto_soak():
    games = int(os.environ.get("SOAK_GAMES", "100000"))
    for game in range(games):
        play_checked(10**6 + game, 2 + game % 5, VARIANTS[game % len(VARIANTS)], deep=game % 100 == 0)
