"""Rules of rules/quanto.md beyond the worked examples: set-up, special cards, variants, the end."""

import pytest

from kartenspiele.core.errors import GameOverError, IllegalMoveError
from kartenspiele.quanto import Move, from_scenario, new_game
from kartenspiele.quanto.cards import DECK
from kartenspiele.quanto.moves import COLLECT, EXTEND, FORM, LAY, PASS, REFILL_HAND, REFILL_TABLE

from .helpers import conserved, notation


def kinds(state):
    return {m.kind for m in state.legal_moves()}


# -- set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(2, 4), (3, 4), (4, 4), (5, 5), (6, 5)])
def test_setup_sizes_and_rainbow_reveals(players, size):
    for seed in range(40):
        state = new_game(players, seed=seed)
        assert all(len(hand) == size for hand in state.hands)
        rainbows = sum(DECK[i].rainbow for i in state.table)
        assert len(state.table) == size + rainbows
        assert state.to_move == 0 and conserved(state)


def test_same_seed_same_deal_other_seed_other_deal():
    import random

    first = new_game(4, seed=11).to_dict()
    random.seed(99)
    random.random()
    assert new_game(4, seed=11).to_dict() == first
    assert new_game(4, seed=12).to_dict() != first


# -- refilling -----------------------------------------------------------------------------


def test_refill_table_reveals_one_more_per_rainbow():
    state = from_scenario({"players": 2, "table": "5", "hands": ["6", "6"], "draw": "R7 R9 3 4 10 10"})
    events = state.apply(Move.refill_table())
    assert notation(state.table) == "3 4 5 R7 R9 10"
    refill = next(e for e in events if e.kind == "table_refilled")
    assert refill.value == 2


def test_refill_only_when_short_and_not_in_auto_mode():
    state = from_scenario({"players": 2, "table": "5 6 7 8", "hands": ["6 6 6 6", "6"], "draw": "9 9"})
    assert REFILL_TABLE not in kinds(state) and REFILL_HAND not in kinds(state)
    with pytest.raises(IllegalMoveError):
        state.apply(Move.refill_table())
    auto = from_scenario(
        {"players": 2, "table": "5", "hands": ["6", "6"], "draw": "9 9 9 9 9 9 9 9"}, options={"refill": "auto"}
    )
    assert REFILL_TABLE not in kinds(auto)
    with pytest.raises(IllegalMoveError) as error:
        auto.apply(Move.refill_hand())
    assert error.value.key == "quanto.illegal.refill_auto"


def test_auto_mode_refills_table_then_hand_after_the_turn():
    state = from_scenario(
        {"players": 2, "table": "5", "hands": ["5 1", "6"], "draw": "R4 7 8 9 10 11 12"}, options={"refill": "auto"}
    )
    state.apply(Move.capture("5", "5"))
    assert notation(state.table) == "R4 7 8 9 10"  # 4 cards plus one for the rainbow
    assert notation(state.hands[0]) == "1 11 12"  # then the hand, from what is left
    assert state.end_begun and state.to_move == 1


def test_refill_hand_draws_up_to_hand_size():
    state = from_scenario({"players": 2, "table": "5 6 7 8", "hands": ["1", "6"], "draw": "2 3 4 9 9"})
    events = state.apply(Move.refill_hand())
    assert notation(state.hands[0]) == "1 2 3 4"
    drawn = next(e for e in events if e.kind == "hand_refilled")
    assert drawn.hidden and [c.value for c in drawn.cards] == [2, 3, 4]


# -- laying and the special cards ----------------------------------------------------------


def test_laid_rainbow_card_does_not_reveal():
    state = from_scenario({"players": 2, "table": "5", "hands": ["R9", "6"], "draw": "1 2 3"})
    state.apply(Move.lay("R9"))
    assert notation(state.table) == "5 R9" and len(state.draw) == 3


def test_one_takes_the_top_card_of_every_other_non_empty_win_pile():
    state = from_scenario(
        {"players": 4, "table": "12", "hands": ["1", "6", "6", "6"], "win": {1: "5 7", 3: "9 10"}, "draw": "2 2 2"}
    )
    events = state.apply(Move.lay("1"))
    taken = [(e.other, e.card.value) for e in events if e.kind == "one_took"]
    assert taken == [(1, 7), (3, 10)]
    assert notation(state.win[0]) == "7 10"
    assert notation(state.win[1]) == "5" and notation(state.win[3]) == "9" and state.win[2] == []


def test_two_obliges_another_hand_card_and_chains():
    state = from_scenario({"players": 2, "table": "12", "hands": ["2 2 5", "6"], "draw": "8 8 8"})
    state.apply(Move.lay("2"))
    assert state.phase == "after_two" and state.to_move == 0
    assert kinds(state) <= {LAY, FORM, "capture"} and REFILL_HAND not in kinds(state)
    with pytest.raises(IllegalMoveError):
        state.apply(Move.refill_hand())
    state.apply(Move.lay("2"))
    assert state.phase == "after_two" and state.to_move == 0
    state.apply(Move.lay("5"))
    assert state.phase == "turn" and state.to_move == 1


def test_two_with_empty_hand_ends_the_chain():
    state = from_scenario({"players": 2, "table": "12", "hands": ["2", "6"], "draw": "8 8 8"})
    events = state.apply(Move.lay("2"))
    assert "two_chain_ends" in [e.kind for e in events]
    assert state.to_move == 1 and state.phase == "turn"


def test_three_with_empty_draw_pile_has_no_effect():
    state = from_scenario({"players": 2, "table": "12", "hands": ["3 4", "6"], "draw": ""})
    events = state.apply(Move.lay("3"))
    assert "three_no_effect" in [e.kind for e in events] and state.to_move == 1


def test_three_draws_what_is_left_and_the_end_begins():
    state = from_scenario({"players": 2, "table": "12", "hands": ["3", "6"], "draw": "7 9"})
    events = state.apply(Move.lay("3"))
    assert [e.kind for e in events].count("last_card_drawn") == 1
    assert notation(state.drawn) == "7 9" and state.end_begun


def test_chosen_three_repeats_and_chosen_two_obliges_a_hand_card():
    state = from_scenario({"players": 2, "table": "12", "hands": ["3 5", "6"], "draw": "3 8 8 2 9 9 10"})
    state.apply(Move.lay("3"))
    assert notation(state.drawn) == "3 8 8"
    state.apply(Move.lay("3"))  # the drawn 3, laid: draw again
    assert notation(state.drawn) == "2 9 9" and notation(state.out[-2:]) == "8 8"
    state.apply(Move.lay("2"))  # the drawn 2, laid: a hand card must follow
    assert state.phase == "after_two" and notation(state.hands[0]) == "5"
    assert {m.card.notation for m in state.legal_moves()} == {"5"}
    state.apply(Move.lay("5"))
    assert state.to_move == 1


def test_chosen_one_takes_from_win_piles():
    state = from_scenario({"players": 2, "table": "12", "hands": ["3", "6"], "win": {1: "4"}, "draw": "1 8 8 9"})
    state.apply(Move.lay("3"))
    events = state.apply(Move.lay("1"))
    assert [e.kind for e in events][:3] == ["chose_drawn", "cards_out", "laid"]
    assert notation(state.win[0]) == "4"


def test_after_three_only_drawn_cards_may_be_played():
    state = from_scenario({"players": 2, "table": "12", "hands": ["3 12", "6"], "draw": "4 8 8 9"})
    state.apply(Move.lay("3"))
    with pytest.raises(IllegalMoveError) as error:
        state.apply(Move.capture("12", "12"))
    assert error.value.key == "quanto.illegal.not_drawn"


# -- jokers, Quantos, rainbow bonus ----------------------------------------------------------


def test_table_joker_is_a_group_for_every_value_but_never_in_a_sum():
    state = from_scenario({"players": 2, "table": "J 3", "hands": ["4 11", "6"]})
    moves = {str(m) for m in state.legal_moves() if m.kind == "capture"}
    assert moves == {"capture with 4: J", "capture with 11: J"}
    with pytest.raises(IllegalMoveError):
        state.apply(Move.capture("4", "3 J"))


def test_joker_cannot_form_or_extend_and_table_joker_is_no_partner():
    state = from_scenario({"players": 2, "table": "J 5", "hands": ["J 4", "6"]})
    assert not [m for m in state.legal_moves() if m.kind == FORM and (m.card.is_joker or "J" in str(m.takes[0]))]
    with pytest.raises(IllegalMoveError):
        state.apply(Move.form("J", 9, "5"))
    with pytest.raises(IllegalMoveError):
        state.apply(Move.form("4", 9, "J"))
    quanto = from_scenario({"players": 2, "table": "2", "hands": ["J", "6"], "quantos": {0: (9, "4 5")}})
    assert not [m for m in quanto.legal_moves() if m.kind == EXTEND]


def test_form_needs_a_free_chip_and_no_own_quanto():
    state = from_scenario({"players": 2, "table": "6 7", "hands": ["4", "6"], "quantos": {1: (10, "5 5")}})
    assert {m.chip for m in state.legal_moves() if m.kind == FORM} == {11}
    with pytest.raises(IllegalMoveError) as error:
        state.apply(Move.form("4", 10, "6"))
    assert error.value.key == "quanto.illegal.chip_taken"
    owner = from_scenario({"players": 2, "table": "6 7", "hands": ["4", "6"], "quantos": {0: (12, "6 6")}})
    assert not [m for m in owner.legal_moves() if m.kind == FORM]


def test_form_sum_must_lie_between_five_and_twelve():
    state = from_scenario({"players": 2, "table": "1 9", "hands": ["2 4", "6"]})
    chips = {(m.card.value, m.chip) for m in state.legal_moves() if m.kind == FORM}
    assert chips == {(4, 5), (2, 11)}


def test_extend_needs_a_smaller_card_and_cards_making_the_rest():
    state = from_scenario({"players": 2, "table": "2 4 9 J", "hands": ["3 9", "6"], "quantos": {0: (9, "4 5")}})
    extends = {str(m) for m in state.legal_moves() if m.kind == EXTEND}
    assert extends == {
        "extend Quanto with 3: 2 4",
        "extend Quanto with 3: 2 4 9",
        "extend Quanto with 3: 2 4 J",
        "extend Quanto with 3: 2 4 9 J",
    }
    state.apply(Move.extend("3", "2 4 9"))
    assert notation(state.stacks[0]) == "2 3 4 4 5 9"


def test_joker_collects_own_quanto_declared_as_its_chip():
    state = from_scenario({"players": 2, "table": "3", "hands": ["J", "6"], "quantos": {0: (7, "3 4")}})
    assert Move.collect("J", "", declared=7) in state.legal_moves()
    state.apply(Move.collect("J", "", declared=7))
    assert len(state.win[0]) == 3 and state.last_capturer is None


def test_rainbow_bonus_on_collect_but_not_on_form_or_extend():
    state = from_scenario({"players": 2, "table": "3 11", "hands": ["R9", "6"], "quantos": {0: (9, "4 5")}})
    assert Move.collect("R9", "11") in state.legal_moves()
    state.apply(Move.collect("R9", "11"))
    assert notation(state.win[0]) == "4 5 R9 11" and state.last_capturer == 0
    former = from_scenario({"players": 2, "table": "5 11", "hands": ["R4", "6"]})
    with pytest.raises(IllegalMoveError):
        former.apply(Move.form("R4", 9, "5 11"))


def test_rainbow_bonus_needs_a_capture_first():
    state = from_scenario({"players": 2, "table": "3 11", "hands": ["R9", "6"]})
    with pytest.raises(IllegalMoveError):
        state.apply(Move.capture("R9", "11"))


# -- variant: lay only if stuck --------------------------------------------------------------


def test_lay_only_if_stuck():
    options = {"lay_only_if_stuck": True}
    state = from_scenario({"players": 2, "table": "8", "hands": ["8 1", "6"], "draw": "9 9 9"}, options=options)
    assert LAY not in kinds(state)
    with pytest.raises(IllegalMoveError) as error:
        state.apply(Move.lay("1"))
    assert error.value.key == "quanto.illegal.lay_not_stuck"
    stuck = from_scenario({"players": 2, "table": "12", "hands": ["1", "6"], "draw": "9 9 9"}, options=options)
    assert LAY in kinds(stuck)


# -- the end ---------------------------------------------------------------------------------


def test_end_table_to_last_capturer_open_quanto_lost_scores():
    state = from_scenario(
        {
            "players": 2,
            "table": "5 6",
            "hands": ["5", "2"],
            "draw": "",
            "quantos": {1: (11, "5 6")},
            "win": {1: "7 7 7"},
        }
    )
    state.apply(Move.capture("5", "5"))
    assert not state.over and state.to_move == 1
    events = state.apply(Move.lay("2"))
    assert state.over
    kinds_ = [e.kind for e in events]
    assert "table_to_last_capturer" in kinds_ and "quanto_lost" in kinds_
    assert notation(state.win[0]) == "2 5 5 6"
    assert state.scores() == [4, 3] and state.winners() == [0] and state.returns() == [1.0, 0.0]
    assert notation(state.out[-2:]) == "5 6"
    assert 11 in state.supply()
    with pytest.raises(GameOverError):
        state.apply(Move.pass_turn())


def test_table_leaves_the_game_if_nobody_captured_and_ties_share():
    state = from_scenario({"players": 2, "table": "12", "hands": ["4", "5"], "draw": ""})
    state.apply(Move.lay("4"))
    events = state.apply(Move.lay("5"))
    assert "table_out" in [e.kind for e in events]
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


def test_players_with_empty_hands_pass_until_all_hands_are_empty():
    state = from_scenario({"players": 3, "table": "12", "hands": ["4", "", "5 6"], "draw": ""})
    state.apply(Move.lay("4"))
    assert state.legal_moves() == [Move.pass_turn()]
    state.apply(Move.pass_turn())
    state.apply(Move.lay("5"))
    assert state.legal_moves() == [Move.pass_turn()]
    with pytest.raises(IllegalMoveError):
        state.apply(Move.refill_hand())
    state.apply(Move.pass_turn())
    state.apply(Move.pass_turn())
    state.apply(Move.lay("6"))
    assert state.over


def test_cannot_pass_while_a_move_exists():
    state = new_game(2, seed=3)
    with pytest.raises(IllegalMoveError) as error:
        state.apply(Move.pass_turn())
    assert error.value.key == "quanto.illegal.cannot_pass"


def test_last_card_drawn_by_refill_begins_the_end_and_stops_refilling():
    state = from_scenario({"players": 2, "table": "12", "hands": ["4", "5 5"], "draw": "7"})
    events = state.apply(Move.refill_hand())
    assert "last_card_drawn" in [e.kind for e in events] and state.end_begun
    assert REFILL_HAND not in kinds(state) and REFILL_TABLE not in kinds(state)
    assert PASS not in kinds(state)


def test_collect_needs_the_card_of_the_chip_value():
    state = from_scenario({"players": 2, "table": "3", "hands": ["8", "6"], "quantos": {0: (9, "4 5")}})
    with pytest.raises(IllegalMoveError) as error:
        state.apply(Move.collect("8"))
    assert error.value.key == "quanto.illegal.collect_value"
    assert COLLECT not in kinds(state)


def test_same_seed_same_whole_game_with_other_random_use_between():
    import random

    def history(seed):
        state, rng, moves = new_game(4, seed=seed, refill="auto"), random.Random(seed), []
        while not state.is_terminal():
            moves.append(rng.choice(state.legal_moves()))
            random.random()  # other use of the global generator must not matter
            state.apply(moves[-1])
        return moves, state.to_dict()

    first = history(21)
    random.seed(12345)
    assert history(21) == first
    assert history(22) != first
