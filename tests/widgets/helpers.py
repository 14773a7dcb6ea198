"""Driving the tables as a person would: press card buttons, then the move's button."""

from __future__ import annotations

import random

from kartenspiele.quanto.cards import DECK as QUANTO_DECK
from kartenspiele.tausch_rausch.cards import DECK as TR_DECK
from kartenspiele.tausch_rausch.moves import FULFIL, SWAP


class Recorder:
    """A scheduler that keeps the computer's timers until the test fires them."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, object]] = []

    def __call__(self, delay, callback):
        entry = (delay, callback)
        self.pending.append(entry)
        recorder = self

        class Handle:
            def cancel(self) -> None:
                if entry in recorder.pending:
                    recorder.pending.remove(entry)

        return Handle()

    def fire(self) -> None:
        _, callback = self.pending.pop(0)
        callback()


def press_quanto_move(table, move) -> None:
    """Make `move` on a Quanto table with clicks: hand card, table cards, the button."""
    state = table.state
    if move.card is not None:
        card = next(i for i in state.playable() if QUANTO_DECK[i] == move.card)
        table.hand_row.press(card)
        pool = list(state.table)
        for face in move.takes:
            match = next(i for i in pool if QUANTO_DECK[i] == face)
            pool.remove(match)
            table.table_row.press(match)
    if table.actions.shows(move):
        table.actions.press(move)
    else:
        table.action_list.value = move
        table.action_go.click()


def press_tausch_rausch_move(table, move) -> None:
    """Make `move` on a Tausch-Rausch table with clicks: hand cards, then stall or task."""
    state = table.state
    pool = list(state.hands[state.to_move])
    for face in move.cards:
        match = next(i for i in pool if TR_DECK[i] == face)
        pool.remove(match)
        table.hand_row.press(match)
    if move.kind == SWAP:
        table.stall_buttons[move.stall].click()
    elif move.kind == FULFIL:
        table.task_buttons[state.open_tasks.index(move.task)].click()
    else:
        raise AssertionError(f"a person never chooses {move}")


def choose(moves, rng: random.Random, prefer: str | None = None):
    """A random move, preferring moves of kind `prefer` when there are any."""
    preferred = [move for move in moves if move.kind == prefer]
    return rng.choice(preferred or moves)
