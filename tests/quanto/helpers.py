"""Small helpers for the Quanto tests: find cards by face, play by notation."""

from kartenspiele.quanto import Card, parse_cards
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
