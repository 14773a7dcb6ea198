"""The registry of levels and the names players see."""

import pytest

from kartenspiele.bots import LEVELS, level_name, make_bot


@pytest.mark.parametrize("game", ["quanto", "tausch_rausch"])
def test_three_levels_weakest_first(game):
    assert list(LEVELS[game]) == ["random", "greedy", "planner"]
    for level in LEVELS[game]:
        assert make_bot(game, level).level == level


def test_level_names_in_both_languages():
    assert [level_name(level, "de") for level in ("random", "greedy", "planner")] == ["leicht", "mittel", "schwer"]
    assert [level_name(level, "en") for level in ("random", "greedy", "planner")] == ["easy", "medium", "hard"]


def test_unknown_level_or_game():
    with pytest.raises(ValueError, match="no computer player"):
        make_bot("quanto", "genius")
    with pytest.raises(ValueError):
        make_bot("skat", "random")
