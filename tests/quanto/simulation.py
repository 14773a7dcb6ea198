"""Random self-play with invariant checks, shared by the CI test and the soak run."""

import json
import random

from kartenspiele.core.session import Session
from kartenspiele.quanto import QuantoState, new_game

from .helpers import conserved

MOVE_BOUND = 400  # no game of Quanto can last longer (each move spends a card or passes)


def play_checked(seed: int, players: int, options: dict, deep: bool) -> int:
    """Play one random game, checking the invariants at every step; returns its length.

    Every step: legal moves exist or the game is over; the 110 cards are conserved; an
    illegal or repeated check changes nothing. With `deep`, also at every step: the JSON
    round trip gives the same state, undo restores the previous state; and at the end a
    replay of the history and a save-file round trip give the same final state.
    """
    rng = random.Random(seed)
    session = Session(new_game(players, seed=seed, **options))
    while not session.state.is_terminal():
        assert len(session.moves) < MOVE_BOUND, "game did not end"
        moves = session.legal_moves()
        assert moves, "no legal move in a running game"
        before = session.state.to_dict() if deep else None
        session.apply(rng.choice(moves))
        assert conserved(session.state)
        if deep:
            data = json.loads(json.dumps(session.state.to_dict()))
            assert QuantoState.from_dict(data) == session.state
            move = session.undo()
            assert session.state.to_dict() == before
            session.apply(move)
    assert session.state.legal_moves() == []
    if deep:
        assert session.replay() == session.state
        assert Session.from_json(session.to_json()).state == session.state
    return len(session.moves)
