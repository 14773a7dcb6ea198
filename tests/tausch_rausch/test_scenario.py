"""Positions from scenarios in card notation, and clear errors for impossible ones."""

from __future__ import annotations

import pytest

from kartenspiele.core.errors import PlayerCountError, RuleOptionError, ScenarioError
from kartenspiele.tausch_rausch import DECK, from_scenario

from .simulation import conserved


def test_a_full_scenario():
    state = from_scenario(
        {
            "players": 3,
            "hands": {0: "ge2 gr4 bl6 ro8 ge10 bl3", 2: ""},
            "stalls": ["ro1", "ro2 ro3", "ge5 ge6", "bl7 bl8", "gr1 gr2 gr3"],
            "draw": "ge7 gr7",
            "open_tasks": ["five-even", "run-of-5"],
            "task_pile": ["full-house"],
            "fulfilled": {1: ["pair-red"]},
            "to_move": 1,
            "turn": 12,
        },
        seed=4,
        options={"deck": ["five-even", "run-of-5", "full-house", "pair-red"], "tasks_to_win": 2},
    )
    assert [str(c) for c in state.hand_cards(0)] == ["ge2", "bl3", "gr4", "bl6", "ro8", "ge10"]
    assert state.hands[2] == [] and len(state.hands[1]) == 5
    assert [str(DECK[i]) for i in state.draw[::-1]] == ["ge7", "gr7"]  # top first
    assert len(state.discard) == 80 - 6 - 5 - 10 - 2
    assert state.open_tasks == ["five-even", "run-of-5"] and state.task_pile == ["full-house"]
    assert state.fulfilled == [[], ["pair-red"], []]
    assert state.to_move == 1 and state.turn == 12
    assert conserved(state)


def test_what_is_not_given_is_dealt():
    state = from_scenario({"players": 4}, seed=2)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5] and len(state.draw) == 50
    assert len(state.open_tasks) == 5 and len(state.task_pile) == 19 and conserved(state)
    assert from_scenario({"players": 4}, seed=2) == state
    assert from_scenario({"players": 4}, seed=3) != state
    assert from_scenario({"hands": ["ge1", None]}).players == 2


@pytest.mark.parametrize(
    "scenario, key",
    [
        ({"players": 2, "hands": {0: "ro5 ro5 ro5"}}, "scenario.too_many"),
        ({"players": 2, "hands": {0: "xx5"}}, "scenario.bad_cards"),
        ({"players": 2, "hands": {2: "ro5"}}, "scenario.no_such_player"),
        ({"players": 2, "hands": ["ro5"]}, "scenario.per_player"),
        ({"players": 2, "table": "ro5"}, "scenario.unknown_key"),
        ({"players": 2, "stalls": {4: "ro1 ro2"}}, "tausch_rausch.scenario.stall_size"),
        ({"players": 2, "stalls": {5: "ro1"}}, "tausch_rausch.scenario.no_such_stall"),
        ({"players": 2, "stalls": ["ro1"]}, "tausch_rausch.scenario.per_stall"),
        ({"players": 2, "draw": "ro1", "discard": "ro2"}, "tausch_rausch.scenario.cards_left"),
        ({"players": 2, "open_tasks": ["five-even", "nope"]}, "tausch_rausch.scenario.unknown_task"),
        ({"players": 2, "open_tasks": ["five-even"], "task_pile": ["five-even"]}, "tausch_rausch.scenario.task_twice"),
        ({"players": 2, "open_tasks": "five-even"}, "tausch_rausch.scenario.task_list"),
        (
            {
                "players": 2,
                "open_tasks": ["five-even", "five-odd", "run-of-5", "full-house", "pair-red", "pair-one-colour"],
            },
            "tausch_rausch.scenario.too_many_open",
        ),
        ({"players": 2, "open_tasks": ["five-even"], "task_pile": ["five-odd"]}, "tausch_rausch.scenario.tasks_left"),
        (
            {"players": 2, "fulfilled": {0: ["five-even", "five-odd", "run-of-5", "full-house", "pair-red"]}},
            "tausch_rausch.scenario.already_won",
        ),
        ({"players": 2, "to_move": 2}, "scenario.no_such_player"),
        ({"players": 2, "turn": -1}, "tausch_rausch.scenario.turn"),
        ("players: 2", "scenario.not_mapping"),
    ],
)
def test_impossible_scenarios(scenario, key):
    with pytest.raises(ScenarioError) as error:
        from_scenario(scenario)
    assert error.value.key == key
    assert error.value.message("de") and error.value.message("en")


def test_player_count_and_options_in_scenarios():
    with pytest.raises(PlayerCountError):
        from_scenario({"players": 5})
    with pytest.raises(RuleOptionError):
        from_scenario({"players": 2}, options={"tasks_to_win": -1})
    state = from_scenario({"players": 2, "fulfilled": {0: ["five-even", "five-odd"]}}, options={"tasks_to_win": 3})
    assert state.fulfilled[0] == ["five-even", "five-odd"]
