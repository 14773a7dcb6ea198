"""Pathological positions of both games, for worst-case tests and benchmarks.

Every position here is legal. The `played_*` generators reach theirs by legal play from a
seeded deal (moves are applied through `state.apply`, so the engine checks each one); the
`*_scenarios` functions build positions with `from_scenario` that conserve the cards but are
chosen for what makes the engines work hardest.

Quanto: the longest tables (nobody captures: the players only lay cards and refill their
hands, so the table grows to 95–105 cards: far beyond the 44–48 of random laying), hands with jokers, rainbow cards and a held
Quanto beside such tables, and tables of many equal small cards (the most ways to split a sum).

Tausch-Rausch: the largest hands (one player only swaps and grows by a card a turn while the
other empties the piles by fulfilling tasks), and hands holding most of the deck.

Use::

    from tests.pathological import quanto_positions, tausch_rausch_positions
    for name, state in quanto_positions():           # (label, state) pairs, deterministic
        ...
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from kartenspiele.core.errors import ScenarioError
from kartenspiele.quanto import from_scenario as quanto_scenario
from kartenspiele.quanto import new_game as new_quanto
from kartenspiele.quanto.cards import DECK as QUANTO_DECK
from kartenspiele.quanto.moves import LAY, REFILL_HAND
from kartenspiele.quanto.moves import Move as QuantoMove
from kartenspiele.quanto.state import QuantoState
from kartenspiele.tausch_rausch import DECK as TR_DECK
from kartenspiele.tausch_rausch import from_scenario as tr_scenario
from kartenspiele.tausch_rausch import new_game as new_tausch_rausch
from kartenspiele.tausch_rausch.finder import HandIndex, can_fulfil, find_ways
from kartenspiele.tausch_rausch.moves import FULFIL, PASS, SWAP
from kartenspiele.tausch_rausch.moves import Move as TRMove
from kartenspiele.tausch_rausch.state import TauschRauschState

# -- Quanto ---------------------------------------------------------------------------------


def _lay_choice(state: QuantoState, rng: random.Random) -> QuantoMove:
    """A legal move that never captures and keeps the table growing: lay a card that is not a
    3 (a laid 3 sends drawn cards out of the game), refill the hand when it holds only 3s."""
    cards = state.playable()
    plain = [i for i in cards if QUANTO_DECK[i].value != 3]
    hand = state.hands[state.to_move]
    if state.phase == "turn" and not plain and len(hand) < state.hand_size and state.draw:
        return QuantoMove(REFILL_HAND)
    if not cards:
        if state.phase == "turn" and state.draw:
            return QuantoMove(REFILL_HAND)
        return QuantoMove("pass")
    return QuantoMove(LAY, QUANTO_DECK[rng.choice(plain or cards)])


def played_quanto_game(seed: int, players: int = 2) -> Iterator[QuantoState]:
    """Every position (a copy) of a seeded Quanto game in which nobody captures; the table
    grows until the draw pile and the hands are empty."""
    state = new_quanto(players, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        yield state.clone()
        state.apply(_lay_choice(state, rng))


def played_quanto_tables(seeds: range = range(6), players: int = 2, min_table: int = 36) -> Iterator[QuantoState]:
    """Positions reached by legal play with at least `min_table` cards on the table: from
    each seed's lay-only game, the positions with the longest table at each phase and hand."""
    for seed in seeds:
        for state in played_quanto_game(seed, players):
            if len(state.table) >= min_table:
                yield state


def longest_played_table(seed: int = 0, players: int = 2) -> QuantoState:
    """The position with the longest table (and a non-empty hand) of a lay-only game."""
    best = None
    for state in played_quanto_game(seed, players):
        if state.playable() and (best is None or len(state.table) >= len(best.table)):
            best = state
    assert best is not None
    return best


WORST_HANDS = ("J J R12 12", "J R9 R12 11", "12 R12 11 R11", "J 12 R8 6", "1 2 3 J")


def quanto_scenarios(seed: int = 0) -> Iterator[tuple[str, QuantoState]]:
    """Positions built by hand around the longest played table and around tables of many
    equal small cards: hands of jokers and rainbow cards, with and without a held Quanto
    (and another player's Quanto for a joker to take)."""
    long_table = [QUANTO_DECK[i] for i in longest_played_table(seed).table]
    low = [v for v in range(1, 7) for _ in range(7)]  # 42 cards of 1–6
    tables = {
        "played": long_table,
        "low-42": [str(v) for v in low],
        "low-30+jokers": [str(v) for v in range(1, 6) for _ in range(6)],
    }
    for table_name, table in tables.items():
        for hand in WORST_HANDS:
            for quanto in (None, (12, "6"), (9, "4")):
                quantos = {} if quanto is None else {0: quanto}
                if quanto is not None:
                    quantos[1] = (11 if quanto[0] != 11 else 10, "5")
                text = " ".join(str(card) for card in table)
                if table_name == "low-30+jokers" and "J" not in hand:
                    text += " J J"
                scenario = {"players": 2, "table": text, "hands": [hand, "1"], "quantos": quantos}
                try:
                    state = quanto_scenario(scenario, seed=seed)
                except ScenarioError:  # the hand asks for a card the table already used up
                    state = None
                if state is not None:
                    yield f"{table_name} | hand {hand} | quanto {quanto}", state


def quanto_positions(seeds: range = range(3)) -> Iterator[tuple[str, QuantoState]]:
    """All pathological Quanto positions: the longest played tables (every 4th position
    with ≥ 40 cards, for each seed) and the built scenarios."""
    for seed in seeds:
        for step, state in enumerate(played_quanto_tables(range(seed, seed + 1), min_table=40)):
            if step % 4 == 0:
                yield f"played seed {seed} table {len(state.table)} phase {state.phase}", state
    yield from quanto_scenarios()


# -- Tausch-Rausch --------------------------------------------------------------------------


def _grow_choice(state: TauschRauschState, rng: random.Random) -> TRMove:
    """Player 0 only swaps (a card more each turn); the others fulfil a task when they can
    (feeding the discard pile, so the draw pile refills), else swap. No move list is built."""
    hand = state.hands[state.to_move]
    if state.to_move != 0:
        index = HandIndex(TR_DECK[i] for i in hand)
        ready = [task for task in state.open_tasks if can_fulfil(state.task(task), index)]
        if ready:
            task = rng.choice(ready)
            return TRMove(FULFIL, None, rng.choice(find_ways(state.task(task), index)), task)
    stalls = [stall for stall, cards in enumerate(state.stalls) if len(cards) <= len(hand)]
    if not stalls:
        return TRMove(PASS)
    stall = rng.choice(stalls)
    return TRMove(SWAP, stall, tuple(TR_DECK[i] for i in rng.sample(hand, len(state.stalls[stall]))))


def played_tausch_rausch_game(seed: int, players: int = 2, turns: int = 400) -> Iterator[TauschRauschState]:
    """Every position (a copy) of a seeded game in which player 0's hand keeps growing
    (`tasks_to_win` 12, so the other player does not win early; at most `turns` moves)."""
    win = 12 if players == 2 else 7
    state = new_tausch_rausch(players, seed=seed, tasks_to_win=win, turn_cap=turns)
    rng = random.Random(seed)
    while not state.over:
        yield state.clone()
        state.apply(_grow_choice(state, rng))


def largest_played_hands(seeds: range = range(3), players: int = 2, min_hand: int = 30) -> Iterator[TauschRauschState]:
    """Positions reached by legal play in which the player to move holds ≥ `min_hand` cards."""
    for seed in seeds:
        for state in played_tausch_rausch_game(seed, players):
            if len(state.hands[state.to_move]) >= min_hand:
                yield state


def tausch_rausch_scenarios(seed: int = 0) -> Iterator[tuple[str, TauschRauschState]]:
    """Positions built by hand: one player holds every card but the stalls (70), or all the
    copies of a few values, or one colour; the draw pile is empty."""
    stalls = ["ge1", "ge2 gr2", "bl2 ro2", "ge3 gr3", "bl3 ro3 ge4"]
    rest = [card.notation for card in TR_DECK]
    for card in " ".join(stalls).split():
        rest.remove(card)
    hands = {
        "70 cards": (rest[:-1], rest[-1:]),
        "one colour": ([c for c in rest if c.startswith("ro")], None),
        "values 5-8 all colours": ([c for c in rest if int(c[2:]) in (5, 6, 7, 8)], None),
    }
    for name, (hand, other) in hands.items():
        scenario = {
            "players": 2,
            "hands": [" ".join(hand), " ".join(other) if other else None],
            "stalls": stalls,
            "draw": "",
        }
        yield name, tr_scenario(scenario, seed=seed)


def tausch_rausch_positions(seeds: range = range(2)) -> Iterator[tuple[str, TauschRauschState]]:
    """All pathological Tausch-Rausch positions: the largest played hands (every 5th position
    with ≥ 30 cards in the hand to move, for each seed) and the built scenarios."""
    for seed in seeds:
        for step, state in enumerate(largest_played_hands(range(seed, seed + 1))):
            if step % 5 == 0:
                yield f"played seed {seed} hand {len(state.hands[state.to_move])}", state
    yield from tausch_rausch_scenarios()
