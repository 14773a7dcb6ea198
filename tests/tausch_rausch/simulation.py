"""Random self-play with invariant checks, shared by the CI test (and a soak run)."""

from __future__ import annotations

import json
import random

import pytest

from kartenspiele.core.errors import IllegalMoveError
from kartenspiele.core.session import Session
from kartenspiele.tausch_rausch import DECK, Move, TauschRauschState, new_game
from kartenspiele.tausch_rausch.moves import PASS
from kartenspiele.tausch_rausch.players import kind_first_move, sampled_move, uniform_move

CAP = 300  # the turn cap of random games; a player who fulfils tasks when able needs far fewer moves
UNIFORM_CAP = 60  # uniform players rarely fulfil a task: their games end at this cap


def conserved(state: TauschRauschState) -> bool:
    """The 80 cards and the deck's tasks are each in exactly one place."""
    cards = sorted(i for zone in state.card_zones().values() for i in zone)
    tasks = sorted(state.open_tasks + state.task_pile + [t for ts in state.fulfilled for t in ts])
    return cards == list(range(len(DECK))) and tasks == sorted(task.id for task in state.options.tasks)


def _check_listed(state: TauschRauschState, rng: random.Random) -> list[Move]:
    """Legal moves exist, are distinct, are all accepted; a pass is listed only when alone."""
    moves = state.legal_moves()
    assert moves, "no legal move in a running game"
    assert len(moves) == len(set(moves))
    assert (moves == [Move(PASS)]) == state.must_pass()
    for move in rng.sample(moves, min(5, len(moves))):
        state.check(move)
    return moves


def _check_illegal_changes_nothing(state: TauschRauschState) -> None:
    before = state.to_dict()
    bad = Move.fulfil(state.open_tasks[0], "ro1 ro1 ro1") if state.open_tasks else Move.swap(9, "ro1")
    with pytest.raises(IllegalMoveError):
        state.apply(bad)
    assert state.to_dict() == before


def play_checked(seed: int, players: int, options: dict, policy: str, deep: bool, cap: int = CAP) -> TauschRauschState:
    """Play one random game, checking the invariants at every step; returns the final state.

    Every step: the cards and tasks are conserved and the turn counter counts the moves.
    With `deep`, also at every step: legal moves exist, are distinct and legal; the chosen
    move is among them; the JSON round trip gives the same state; undo restores the previous
    state; an illegal move changes nothing. At the end of a deep game a replay and a
    save-file round trip give the same final state.
    """
    rng = random.Random(seed)
    chooser = {"uniform": uniform_move, "kind_first": kind_first_move, "sampled": sampled_move}[policy]
    session = Session(new_game(players, seed=seed, turn_cap=cap, **options))
    while not session.state.is_terminal():
        state = session.state
        if deep:
            moves = _check_listed(state, rng)
            before = state.to_dict()
        move = chooser(state, rng)
        if deep:
            assert move in moves
        session.apply(move)
        state = session.state
        assert conserved(state)
        assert state.turn == len(session.moves) <= cap
        if deep:
            assert TauschRauschState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
            undone = session.undo()
            assert session.state.to_dict() == before and undone == move
            session.apply(move)
            if not session.state.is_terminal():
                _check_illegal_changes_nothing(session.state)
    final = session.state
    assert final.legal_moves() == [] and final.current_player is None
    assert (final.winner is None) == (final.turn == cap and final.is_draw())
    if final.winner is not None:
        assert final.scores()[final.winner] == final.options.tasks_to_win
    if deep:
        assert session.replay() == final
        assert Session.from_json(session.to_json()).state == final
    return final
