"""Positions for the bot tests: reached by seeded random play, and twins with other hidden cards."""

import random

from kartenspiele.bots.games import new_state


def positions(game, count, seed=0, players=(2, 3, 4), moves=120):
    """`count` running positions of random games after up to `moves` moves."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_state(game, rng.choice(players), rng.randrange(10**6))
        for _ in range(rng.randrange(moves)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            found.append(state)
    return found


def hidden_twin(state, rng):
    """The same position for the player to move, with the unseen cards dealt anew."""
    player = state.to_move
    return state.view(player).sample_state(rng)


def hidden(state, player):
    """What `player` cannot see: the other hands (in order) and the draw pile."""
    return [hand for other, hand in enumerate(state.hands) if other != player], state.draw
