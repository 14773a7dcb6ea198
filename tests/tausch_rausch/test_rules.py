"""Legal moves against a brute-force reference; illegal moves and bad input."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from kartenspiele.core.errors import IllegalMoveError, NotationError
from kartenspiele.tausch_rausch import DECK, Move, from_scenario, new_game
from kartenspiele.tausch_rausch.cards import Card

from .reference import holds


def brute_force_moves(state) -> set[Move]:
    """Every subset of the hand for every stall and every open task, as moves."""
    hand = sorted((DECK[i] for i in state.hands[state.to_move]), key=Card.sort_key)
    moves = set()
    for stall, cards in enumerate(state.stalls):
        moves.update(Move("swap", stall, give) for give in combinations(hand, len(cards)))
    for task_id in state.open_tasks:
        count = state.task(task_id).count
        moves.update(
            Move("fulfil", None, shown, task_id) for shown in combinations(hand, count) if holds(task_id, shown)
        )
    return moves or {Move.pass_turn()}


def test_generator_matches_brute_force_in_random_positions():
    rng = random.Random(4)
    checked = 0
    for seed in range(40):
        state = new_game(rng.randint(2, 4), seed=seed, turn_cap=30)
        while not state.is_terminal():
            listed = state.legal_moves()
            if len(state.hands[state.to_move]) <= 11:
                assert len(listed) == len(set(listed))
                assert set(listed) == brute_force_moves(state)
                checked += 1
            fulfils = [m for m in listed if m.kind == "fulfil"]
            state.apply(rng.choice(fulfils) if fulfils and rng.random() < 0.7 else rng.choice(listed))
    assert checked > 500


def test_every_copy_of_a_face_is_accepted():
    state = from_scenario({"players": 2, "hands": {0: "ro7 ro7 ge1"}, "stalls": {0: "bl2"}})
    before = state.to_dict()
    assert state.is_legal(Move.swap(0, "ro7"))
    state.apply(Move.swap(0, "ro7"))
    assert [str(c) for c in state.market().stalls[0]] == ["ro7"]
    assert before != state.to_dict()


def illegal(state, move, key):
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as error:
        state.apply(move)
    assert error.value.key == key, error.value.message("en")
    assert state.to_dict() == before
    assert error.value.message("de") != error.value.message("en")
    return error.value


@pytest.fixture
def position():
    return from_scenario(
        {
            "players": 2,
            "hands": {0: "ge2 gr4 bl6 ro8 ge10 bl3"},
            "stalls": {0: "ro1", 4: "ro2 ro3 ro4"},
            "open_tasks": ["five-even", "run-of-5", "pair-one-colour"],
        }
    )


def test_swap_needs_exactly_the_stalls_count(position):
    error = illegal(position, Move.swap(4, "ge2 gr4"), "tausch_rausch.illegal.swap_count")
    assert error.message("en") == "Market stall 5 holds 3 cards: you must give exactly 3 cards, not 2."
    illegal(position, Move.swap(0, ""), "tausch_rausch.illegal.swap_count")


def test_swap_needs_the_cards_in_hand(position):
    error = illegal(position, Move.swap(4, "ge2 gr4 ro9"), "tausch_rausch.illegal.not_in_hand")
    assert "ro9" in error.message("de")
    illegal(position, Move.swap(1, "ge2 ge2"), "tausch_rausch.illegal.not_in_hand")


@pytest.mark.parametrize("stall", [-1, 5, None, "1"])
def test_no_such_stall(position, stall):
    illegal(position, Move("swap", stall, ()), "tausch_rausch.illegal.no_such_stall")


def test_fulfil_says_why_not(position):
    error = illegal(position, Move.fulfil("five-even", "ge2 gr4 bl6 ro8 bl3"), "tausch_rausch.illegal.not_fulfilled")
    assert "3 = 1 + 1 + 1" in error.message("de") and "ungerade" not in error.message("en")
    assert "Not even" in error.message("en") and "Nicht gerade" in error.message("de")
    error = illegal(position, Move.fulfil("five-even", "ge2 gr4 bl6 ro8"), "tausch_rausch.illegal.not_fulfilled")
    assert "exactly 5 cards" in error.message("en")
    illegal(position, Move.fulfil("run-of-5", "ge2 bl3 gr4 bl6 ro8"), "tausch_rausch.illegal.not_fulfilled")


def test_fulfil_needs_an_open_task_and_own_cards(position):
    illegal(position, Move.fulfil("full-house", "ge2 gr4 bl6 ro8 ge10"), "tausch_rausch.illegal.task_not_open")
    illegal(position, Move.fulfil("no-such-task", "ge2"), "tausch_rausch.illegal.unknown_task")
    illegal(position, Move.fulfil("five-even", "ge2 gr4 bl6 ro8 ro10"), "tausch_rausch.illegal.not_in_hand")


def test_malformed_moves(position):
    illegal(position, Move("fulfil", 2, (), "five-even"), "tausch_rausch.illegal.not_a_move")
    illegal(position, Move("fulfil", None, ()), "tausch_rausch.illegal.not_a_move")
    illegal(position, Move("swap", 0, (Card("ge", 2),), "five-even"), "tausch_rausch.illegal.not_a_move")
    illegal(position, Move("pass", 0), "tausch_rausch.illegal.not_a_move")
    illegal(position, "swap", "tausch_rausch.illegal.not_a_move")
    illegal(position, Move.pass_turn(), "tausch_rausch.illegal.cannot_pass")
    with pytest.raises(IllegalMoveError):
        Move("trade")


def test_move_text_and_json_round_trip(position):
    for move in position.legal_moves():
        assert Move.from_json(move.to_json()) == move
    assert str(Move.swap(4, "ro2 ge1 bl3")) == "swap at stall 5 (3 cards): give ge1 ro2 bl3"
    assert str(Move.fulfil("five-even", "ge10 ge2 gr4 bl6 ro8")) == "fulfil five-even: ge2 gr4 bl6 ro8 ge10"
    assert str(Move.pass_turn()) == "pass"
    assert Move.swap(1, "ro2 ge1") == Move.swap(1, ["ge1", Card("ro", 2)])
    assert Move.from_json({"kind": "pass"}) == Move.pass_turn()


@pytest.mark.parametrize(
    "data",
    [
        "swap",
        {"kind": 3},
        {"stall": 1},
        {"kind": "swap", "stall": "1", "cards": "ge1"},
        {"kind": "swap", "stall": True, "cards": "ge1"},
        {"kind": "swap", "stall": 1, "cards": ["ge1"]},
        {"kind": "fulfil", "task": 5, "cards": "ge1"},
        {"kind": "swap", "stall": 1, "cards": "xx1"},
        {"kind": "swap", "stall": 1, "cards": "ge1", "extra": 1},
    ],
)
def test_malformed_json_moves(data):
    with pytest.raises(NotationError):
        Move.from_json(data)
