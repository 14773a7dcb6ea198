"""Watch mode: computer players stepped one move at a time."""

import pytest

from kartenspiele.bots import RandomBot
from kartenspiele.bots.match import Match
from kartenspiele.core.errors import BotSetupError, GameOverError
from kartenspiele.quanto.view import QuantoView


class Spy(RandomBot):
    """A random player that records what it is given."""

    def __init__(self):
        self.seen = []

    def choose(self, view, rng):
        self.seen.append(view)
        return super().choose(view, rng)


def test_step_by_step_to_the_end():
    match = Match("quanto", 3, ["random", "greedy", "planner"], seed=9)
    seats = []
    while not match.is_over:
        expected = match.to_move
        player, move, events = match.step()
        assert player == expected and events and move == match.moves[-1]
        seats.append(player)
    assert match.to_move is None and set(seats) == {0, 1, 2}
    assert any(event.kind == "game_over" for event in match.events[-1])
    with pytest.raises(GameOverError):
        match.step()


def test_a_match_replays_exactly():
    first = Match("quanto", 2, ["greedy", "random"], seed=4).play()
    second = Match("quanto", 2, ["greedy", "random"], seed=4).play()
    assert first.moves == second.moves and first.state == second.state
    other = Match("quanto", 2, ["greedy", "random"], seed=4, bot_seed=99).play()
    assert other.moves != first.moves


def test_bots_are_given_only_their_own_view():
    spies = [Spy(), Spy()]
    match = Match("quanto", 2, spies, seed=3)
    for _ in range(30):
        match.step()
    for seat, spy in enumerate(spies):
        assert spy.seen and all(isinstance(view, QuantoView) and view.player == seat for view in spy.seen)


def test_levels_must_fill_the_seats():
    with pytest.raises(BotSetupError) as caught:
        Match("quanto", 3, ["random", "greedy"], seed=1)
    assert caught.value.message("de") == "3 Plätze brauchen 3 Spieler, nicht 2."
