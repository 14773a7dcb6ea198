"""Integer actions: action i is `legal_moves()[i]`; both ways of naming a move agree."""

import random

import pytest

from kartenspiele.core.errors import GameOverError, IllegalMoveError
from kartenspiele.tausch_rausch import DECK, Move, from_scenario, new_game
from kartenspiele.tausch_rausch.moves import FULFIL
from kartenspiele.tausch_rausch.players import kind_first_move
from kartenspiele.tausch_rausch.ways import FACE_SLOTS, Choices, HandCounts, TaskWays, faces_of, small_choice, tally

from ..pathological import tausch_rausch_scenarios


class Index:
    """An integer of another type (as numpy gives them): accepted through `__index__`."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def positions(games=12, seed=5):
    """Positions of random games of 2–4 players; half the games fulfil tasks often."""
    rng = random.Random(seed)
    for game in range(games):
        state = new_game(2 + game % 3, seed=rng.randrange(10**6), turn_cap=90)
        while not state.over:
            yield state, rng
            if game % 2:
                state.apply(kind_first_move(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_actions_and_moves_convert_both_ways():
    fulfils = 0
    for state, rng in positions():
        moves = state.legal_moves()
        actions = state.legal_actions()
        assert actions == range(len(moves))
        picked = {0, len(moves) - 1, *rng.sample(actions, min(len(actions), 8))}
        for action in picked:
            move = state.action_to_move(action)
            assert move == moves[action]
            assert state.move_to_action(move) == action
            assert state.move_to_action(Move.from_json(move.to_json())) == action
            fulfils += move.kind == FULFIL
    assert fulfils > 100  # the fulfilments were converted too, not only swaps


def test_every_move_of_small_positions_has_its_own_action():
    for state, _ in positions(games=4, seed=9):
        moves = list(state.legal_moves())
        if len(moves) <= 400:
            assert [state.move_to_action(move) for move in moves] == list(range(len(moves)))


def test_apply_action_does_what_apply_of_the_move_does():
    for state, rng in positions(games=8, seed=13):
        for action in {rng.choice(state.legal_actions()), len(state.legal_actions()) - 1}:
            by_move, by_action = state.clone(), state.clone()
            assert by_action.apply_action(action) == by_move.apply(state.legal_moves()[action])
            assert by_action == by_move


def test_the_actions_of_huge_hands():
    for name, state in tausch_rausch_scenarios():
        actions = state.legal_actions()
        for action in (0, len(actions) // 2, len(actions) - 1):
            assert state.move_to_action(state.action_to_move(action)) == action, name
            twin = state.clone()
            assert twin.apply_action(action) == state.clone().apply(state.legal_moves()[action])


def test_the_only_action_of_a_player_who_must_pass():
    state = from_scenario({"players": 2, "hands": {0: ""}, "open_tasks": ["five-even"]})
    assert state.legal_actions() == range(1)
    assert state.action_to_move(0) == Move.pass_turn() and state.move_to_action(Move.pass_turn()) == 0
    assert [event.kind for event in state.apply_action(0)] == ["passed", "next_player"]


def test_actions_of_other_integer_types_are_accepted():
    state = new_game(3, seed=4)
    twin = state.clone()
    assert state.apply_action(Index(7)) == twin.apply(twin.legal_moves()[7])


@pytest.mark.parametrize("action", [-1, "len", "len+5", True, False, 1.0, "3", None, Index(-2)])
def test_other_actions_are_refused_and_change_nothing(action):
    state = new_game(3, seed=11)
    for _ in range(7):
        state.apply_action(0)
    count = len(state.legal_actions())
    action = {"len": count, "len+5": count + 5}.get(action, action) if isinstance(action, str) else action
    before = state.to_dict()
    for attempt in (state.apply_action, state.action_to_move):
        with pytest.raises(IllegalMoveError) as error:
            attempt(action)
        assert error.value.key == "illegal.no_such_action"
        assert state.to_dict() == before
    message = error.value.message("en")
    assert f"0 to {count - 1}" in message and "Zug" not in message
    assert f"0 bis {count - 1}" in error.value.message("de")


def test_illegal_moves_have_no_action_and_finished_games_no_actions():
    state = new_game(2, seed=3)
    held = {DECK[i] for i in state.hands[0]}
    lacking = next(card for card in DECK if card not in held)
    before = state.to_dict()
    for move in (Move(FULFIL, None, (lacking,), state.open_tasks[0]), Move.swap(0, [lacking]), Move.pass_turn()):
        with pytest.raises(IllegalMoveError):
            state.move_to_action(move)
    assert state.to_dict() == before
    over = new_game(2, seed=3, turn_cap=1)
    over.apply_action(0)
    assert over.over and over.legal_actions() == range(0)
    for attempt in (over.apply_action, over.action_to_move):
        with pytest.raises(GameOverError):
            attempt(0)


def test_a_copy_or_a_move_between_listing_and_applying_is_noticed():
    """`apply_action` numbers the moves of the position it is called on, even when the
    actions were listed on the original before a clone or before another move."""
    state = new_game(3, seed=21)
    state.legal_actions()
    twin = state.clone()
    twin.apply_action(0)  # the twin's own moves
    assert twin.to_move == 1 and state.to_move == 0
    expected = state.clone()
    assert state.apply_action(5) == expected.apply(expected.legal_moves()[5])


def test_ranks_of_choices_and_ways_read_back():
    rng = random.Random(17)
    for _ in range(300):
        hand = rng.sample(range(len(DECK)), rng.randint(0, 24))
        counts = tally(hand)
        held = (FACE_SLOTS - counts.count(0), FACE_SLOTS - counts.count(0) - counts.count(1), 0)
        for size in (1, 2, 3, 4):
            choices = Choices(faces_of(counts), size)
            for rank in {0, len(choices) // 2, len(choices) - 1} if choices else ():
                assert choices.rank(choices[rank]) == rank
                if size <= 3:
                    assert small_choice(counts, size, rank, held) == choices[rank]
    with_ways = set()
    for hand in (range(0, 80, 3), range(1, 80, 2)):  # hands of 27 and 40 cards
        counts = HandCounts(hand)
        for task in new_game(2, seed=1).options.tasks:
            ways = TaskWays(task, counts)
            for rank in range(0, len(ways), max(1, len(ways) // 25)):
                assert ways.rank(ways[rank]) == rank, task.id
                with_ways.add(task.id)
    assert len(with_ways) >= 20
