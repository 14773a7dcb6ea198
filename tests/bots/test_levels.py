"""The registry of levels and the names players see."""

import pytest

from kartenspiele.bots import LEVELS, level_name, make_bot
from kartenspiele.core.errors import BotSetupError


@pytest.mark.parametrize("game", ["quanto", "tausch_rausch"])
def test_three_levels_weakest_first(game):
    assert list(LEVELS[game]) == ["random", "greedy", "planner"]
    for level in LEVELS[game]:
        assert make_bot(game, level).level == level


def test_level_names_in_both_languages():
    assert [level_name(level, "de") for level in ("random", "greedy", "planner")] == ["leicht", "mittel", "schwer"]
    assert [level_name(level, "en") for level in ("random", "greedy", "planner")] == ["easy", "medium", "hard"]


def test_unknown_level_or_game():
    with pytest.raises(BotSetupError) as caught:
        make_bot("quanto", "genius")
    assert (
        caught.value.message("en")
        == "There is no computer player 'genius' for Quanto. Known levels: random, greedy, planner."
    )
    assert caught.value.message("de").startswith("Für Quanto gibt es keinen Computerspieler „genius“.")
    with pytest.raises(BotSetupError, match="skat"):
        make_bot("skat", "random")
