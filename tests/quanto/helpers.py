"""Small helpers for the Quanto tests: find cards by face, play by notation, random positions."""

import random

from kartenspiele.quanto import Card, new_game, parse_cards
from kartenspiele.quanto.cards import DECK


def faces(ids):
    return sorted((DECK[i] for i in ids), key=Card.sort_key)


def notation(ids):
    return " ".join(card.notation for card in faces(ids))


def ids_of(zone, text):
    """The ids in `zone` for the cards written in `text` (one id per card)."""
    pool = list(zone)
    found = []
    for face in parse_cards(text):
        match = next(i for i in pool if DECK[i] == face)
        pool.remove(match)
        found.append(match)
    return found


def conserved(state):
    zones = [*state.hands, *state.win, *state.stacks, state.table, state.draw, state.out, state.drawn]
    return sorted(i for zone in zones for i in zone) == list(range(len(DECK)))


def random_positions(games: int, seed: int, by_actions: bool = False):
    """Positions of random games over every player count and both options (each yielded with
    the game's random source; the caller may move too). Moves are made by `apply_action` or
    by `apply`."""
    rng = random.Random(seed)
    for game in range(games):
        options = {"refill": ("choice", "auto")[game % 2], "lay_only_if_stuck": game % 3 == 0}
        state = new_game(2 + game % 5, seed=seed * 1000 + game, **options)
        while not state.over:
            yield state, rng
            if state.over:
                break
            if by_actions:
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                state.apply(rng.choice(state.legal_moves()))
