"""Set-up, swaps, fulfilments, drawing, passing, the end and the turn cap."""

from __future__ import annotations

import random

import pytest

from kartenspiele.core.errors import GameOverError, IllegalMoveError, PlayerCountError, RuleOptionError
from kartenspiele.tausch_rausch import DECK, DEFAULT_TASKS, Move, TauschRauschState, from_scenario, new_game
from kartenspiele.tausch_rausch.cards import STALL_SIZES

from .simulation import conserved


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up(players):
    state = new_game(players, seed=3)
    assert [len(stall) for stall in state.stalls] == list(STALL_SIZES)
    assert [len(hand) for hand in state.hands] == [5] * players
    assert len(state.draw) == 80 - 10 - 5 * players and state.discard == []
    assert len(state.open_tasks) == 5 and len(state.task_pile) == 19
    assert state.to_move == 0 and state.current_player == 0 and state.turn == 0
    assert conserved(state) and not state.is_terminal()
    assert state.scores() == [0] * players and state.winners() == [] and state.returns() == [0.0] * players


def test_same_seed_same_game_despite_other_randomness():
    first = new_game(3, seed=42)
    random.seed(1)
    random.random()
    second = new_game(3, seed=42)
    assert first == second
    assert new_game(3, seed=43) != first
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(30):
        move = rng_a.choice(first.legal_moves())
        assert move == rng_b.choice(second.legal_moves())
        assert first.apply(move) == second.apply(move)
    assert first == second


@pytest.mark.parametrize("players", [1, 5, 0, "3", True, None])
def test_player_count(players):
    with pytest.raises(PlayerCountError) as error:
        new_game(players, seed=1)
    assert "2" in error.value.message("de") and "4" in error.value.message("en")


def test_swap_gives_takes_and_draws():
    state = from_scenario({"players": 2, "hands": {0: "ge1 gr2 bl3"}, "stalls": {1: "ro9 ro10"}, "draw": "bl7 bl8"})
    events = state.apply(Move.swap(1, "gr2 bl3"))
    assert [str(c) for c in state.hand_cards(0)] == ["ge1", "bl7", "ro9", "ro10"]
    assert [str(c) for c in state.market().stalls[1]] == ["gr2", "bl3"]
    swapped = events[0]
    assert swapped.kind == "swapped" and swapped.value == 1 and swapped.player == 0
    assert [str(c) for c in swapped.cards] == ["gr2", "bl3"]
    assert [str(c) for c in swapped.groups[0]] == ["ro9", "ro10"]
    assert events[1].kind == "drew" and events[1].hidden and [str(c) for c in events[1].cards] == ["bl7"]
    assert state.to_move == 1 and state.turn == 1


def test_swap_may_give_the_cards_just_the_same_values():
    state = from_scenario({"players": 2, "hands": {0: "ro5 ro5"}, "stalls": {1: "bl5 ge1"}, "draw": "gr9"})
    state.apply(Move.swap(1, "ro5 ro5"))
    assert [str(c) for c in state.hand_cards(0)] == ["ge1", "bl5", "gr9"]


def test_fulfil_discards_replaces_and_rewards():
    state = from_scenario(
        {
            "players": 2,
            "hands": {0: "ge2 gr4 bl6 ro8 ge10 bl3"},
            "open_tasks": ["five-even", "run-of-5"],
            "task_pile": ["full-house"],
            "draw": "ro1 ro2 ro3",
        },
        options={"deck": ["five-even", "run-of-5", "full-house"], "tasks_to_win": 2},
    )
    events = state.apply(Move.fulfil("five-even", "ge2 gr4 bl6 ro8 ge10"))
    assert [e.kind for e in events] == ["task_fulfilled", "task_revealed", "drew", "next_player"]
    assert state.open_tasks == ["full-house", "run-of-5"]  # the new task takes the old place
    assert state.fulfilled[0] == ["five-even"] and state.task_pile == []
    assert [str(c) for c in state.hand_cards(0)] == ["ro1", "bl3"]  # reward +1 of five-even
    assert sorted(str(card) for card in events[0].cards) == sorted("ge2 gr4 bl6 ro8 ge10".split())
    assert events[0].value == 1 and events[0].task == "five-even"
    assert [str(DECK[i]) for i in state.discard[-5:]] == "ge2 gr4 bl6 ro8 ge10".split()
    assert len(state.discard) == 56 + 5 and conserved(state)  # the cards not dealt were discarded


def test_the_fifth_task_wins_at_once():
    state = from_scenario(
        {
            "players": 3,
            "hands": {1: "ro3 ro3 ge1"},
            "to_move": 1,
            "fulfilled": {1: ["five-even", "five-odd", "run-of-5", "full-house"]},
            "open_tasks": ["pair-one-colour"],
            "draw": "bl1 bl2",
        }
    )
    pile_before = list(state.task_pile)
    events = state.apply(Move.fulfil("pair-one-colour", "ro3 ro3"))
    assert [e.kind for e in events] == ["task_fulfilled", "game_won"]
    assert state.is_terminal() and state.winner == 1 and state.winners() == [1]
    assert state.returns() == [0.0, 1.0, 0.0] and state.scores() == [0, 5, 0]
    assert state.open_tasks == [] and state.task_pile == pile_before  # no new task, no reward
    assert [str(c) for c in state.hand_cards(1)] == ["ge1"]
    assert events[1].winners == (1,) and events[1].scores == (0, 5, 0)
    assert state.legal_moves() == [] and state.current_player is None
    with pytest.raises(GameOverError):
        state.apply(Move.swap(0, "ge1"))


def test_tasks_to_win_option():
    state = from_scenario(
        {"players": 2, "hands": {0: "ro3 ro3"}, "open_tasks": ["pair-one-colour"], "fulfilled": {0: ["five-even"]}},
        options={"tasks_to_win": 2},
    )
    state.apply(Move.fulfil("pair-one-colour", "ro3 ro3"))
    assert state.winner == 0


def test_empty_draw_pile_reshuffles_the_discard_pile():
    state = from_scenario({"players": 2, "hands": {0: "ge1 ge2"}, "draw": ""}, seed=9)
    assert state.draw == [] and len(state.discard) > 0
    discard = sorted(state.discard)
    events = state.apply(Move.swap(0, "ge1"))
    kinds = [e.kind for e in events]
    assert kinds == ["swapped", "reshuffled", "drew", "next_player"]
    assert events[1].value == len(discard) and state.reshuffles == 1 and state.discard == []
    assert sorted(state.draw + [state.hands[0][-1]]) == discard
    twin = from_scenario({"players": 2, "hands": {0: "ge1 ge2"}, "draw": ""}, seed=9)
    twin.apply(Move.swap(0, "ge1"))
    assert twin == state  # the reshuffle depends only on the seed and its number


def test_nothing_to_draw_when_both_piles_are_empty():
    state = from_scenario({"players": 2, "hands": {0: "ge1 ge2"}, "draw": ""}, seed=1)
    state.hands[1].extend(state.discard)  # every card not in a stall is in a hand
    state.discard = []
    assert conserved(state)
    events = state.apply(Move.swap(0, "ge1"))
    assert [e.kind for e in events] == ["swapped", "nothing_to_draw", "next_player"]
    assert events[1].value == 1 and len(state.hands[0]) == 2


def test_pass_only_when_no_move_exists():
    state = from_scenario({"players": 2, "hands": {0: ""}, "open_tasks": ["five-even"]})
    assert state.must_pass() and state.legal_moves() == [Move.pass_turn()]
    events = state.apply(Move.pass_turn())
    assert [e.kind for e in events] == ["passed", "next_player"]
    assert not state.must_pass()
    with pytest.raises(IllegalMoveError) as error:
        state.apply(Move.pass_turn())
    assert error.value.key == "tausch_rausch.illegal.cannot_pass"


def test_turn_cap_ends_in_a_draw():
    state = new_game(2, seed=5, turn_cap=3)
    rng = random.Random(0)
    for _ in range(3):
        events = state.apply(rng.choice([m for m in state.legal_moves() if m.kind == "swap"]))
    assert events[-1].kind == "turn_cap" and events[-1].value == 3
    assert state.is_terminal() and state.is_draw() and state.winners() == []
    assert state.returns() == [0.5, 0.5]
    assert new_game(2, seed=5).options.turn_cap is None  # never for people


@pytest.mark.parametrize(
    "options, key",
    [
        ({"tasks_to_win": 0}, "option.bad_value"),
        ({"tasks_to_win": "5"}, "option.bad_value"),
        ({"turn_cap": 0}, "option.bad_value"),
        ({"turn_cap": 2.5}, "option.bad_value"),
        ({"colour": "rot"}, "option.unknown"),
        ({"deck": []}, "tausch_rausch.option.empty_deck"),
        ({"deck": ["five-even", "five-even"]}, "tausch_rausch.option.task_twice"),
        ({"deck": ["no-such-task"]}, "tausch_rausch.task.unknown"),
        ({"deck": "five-even"}, "tausch_rausch.task.malformed"),
        ({"deck": ["five-even", 7]}, "tausch_rausch.task.malformed"),
        ({"deck": ["five-even", "five-odd"], "tasks_to_win": 2}, "tausch_rausch.option.deck_too_small"),
    ],
)
def test_bad_options(options, key):
    with pytest.raises(RuleOptionError) as error:
        new_game(3, seed=1, **options)
    assert error.value.key == key
    assert error.value.message("de") and error.value.message("en")


def test_default_deck_and_clone_independence():
    state = new_game(4, seed=8)
    assert state.options.tasks == DEFAULT_TASKS
    twin = state.clone()
    twin.apply(twin.legal_moves()[0])
    assert twin != state and state.turn == 0
    assert isinstance(state.to_dict()["options"]["deck"], type(None))
    assert TauschRauschState.from_dict(state.to_dict()) == state
