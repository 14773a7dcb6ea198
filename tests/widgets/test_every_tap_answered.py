"""Every tap on a table is answered (issue 40): a tap the table does not follow gets a short
message and a redraw, never silence, and a tap always means what the pupil saw.

A browser shows what the kernel sent a moment ago. A tap made in that moment reaches a kernel
that has drawn the table again already (the pupil's own tap before, the room's store watcher).
These tests hold on to the button the pupil saw, change the table under it as the kernel would,
then press that button: as a tap from a browser that has not yet received the redraw.
"""

from __future__ import annotations

import logging

import pytest

from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.quanto import Move, new_game
from kartenspiele.quanto.cards import DECK
from kartenspiele.quanto.moves import LAY
from kartenspiele.widgets import QuantoTable, TauschRauschTable
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.seats import IDLE, PERSON, Seat

from .helpers import press_quanto_move

CLICKS_LOG = "kartenspiele.clicks"


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "rooms.db")
    yield opened
    opened.close()


def room_of_two(store, lang="de"):
    """Ana's and Ben's pages of a started Quanto room (no polling: `sync()` is the watcher)."""
    ana = Lobby(lang, store=store, poll=False)
    ana.players.value = 2
    ana.name.value = "Ana"
    ana.open_button.click()
    ben = Lobby(lang, store=store, poll=False)
    ben.code.value = ana.page.room.code
    ben.name.value = "Ben"
    ben.join_button.click()
    ana.page.start()
    ben.page.sync()
    return ana.page, ben.page


def passing_move(table):
    """A move of the person to move after which the other seat is to move."""
    for move in table.state.legal_moves():
        after = table.state.clone()
        after.apply(move)
        if after.to_move != table.state.to_move:
            return move
    pytest.skip("no move of this deal passes the turn")


def answered(table, before: int) -> bool:
    return table.redraws > before and "ks-say" in table.message.value


def test_a_tap_on_the_seat_the_watcher_just_took_away_is_answered(store, caplog):
    """Ben's page showed his turn; Ana took her move back meanwhile and Ben's watcher drew
    the table again. Ben's tap on the hand card he saw reaches the kernel before that redraw
    reaches his browser: he is told that it is not his turn."""
    ana, ben = room_of_two(store)
    ana_table = ana.controller.table
    press_quanto_move(ana_table, passing_move(ana_table))
    ben.sync()
    table = ben.controller.table
    assert table.my_turn()
    card = table.state.hands[1][0]
    seen = table.hand_row.button(card)  # what Ben's browser shows: his turn, the card enabled
    assert not seen.disabled
    ana_table.undo_button.click()
    ben.sync()  # the watcher draws Ana's turn again; Ben's browser has not received it yet
    assert not table.my_turn()
    before, moves = table.redraws, list(table.session.moves)
    with caplog.at_level(logging.INFO, logger=CLICKS_LOG):
        seen.click()
    assert answered(table, before)
    assert "nicht dran" in table.message.value and "Ana" in table.message.value
    assert table.session.moves == moves
    assert any("not your turn" in record.getMessage() for record in caplog.records if record.name == CLICKS_LOG)


def stale_lay_table() -> tuple[QuantoTable, int, int]:
    """A table where the chosen hand card offers "Anlegen" first and picking a table card turns
    the first action button into a capture: (table, hand card, table card)."""
    for seed in range(200):
        table = QuantoTable(lang="de", speed="instant")
        state = new_game(2, seed)
        table.load(state, [Seat(PERSON), Seat(IDLE)])
        if not table.my_turn():
            continue
        for card in state.playable():
            table.press_hand(card)
            if not table.actions.specs or table._action_moves[0].kind != LAY:
                table.clear_selection()
                continue
            for pick in table.state.table:
                if pick in table.selection().joinable:
                    table.press_table(pick)
                    ready = [move for move in table._action_moves if move.kind != LAY]
                    table.press_table(pick)  # put back
                    if ready and table._action_moves[0].kind == LAY:
                        return table, card, pick
            table.clear_selection()
    raise AssertionError("no deal with a capture one card away from laying")


def test_a_tap_on_a_button_that_just_changed_never_plays_a_move_not_seen(caplog):
    """The pupil sees "Anlegen", taps a table card and at once "Anlegen": the kernel has drawn the
    capture's button meanwhile. The tap means "Anlegen" as seen; that move is no longer offered,
    so nothing is played and the pupil is told to look again."""
    table, card, pick = stale_lay_table()
    lay = Move(LAY, DECK[card])
    first = table.actions.children[0]
    assert table._action_moves[0] == lay and first.description == "Anlegen"
    table.press_table(pick)  # the kernel draws the capture; the browser still shows "Anlegen"
    assert lay not in table._action_moves
    before, moves = table.redraws, list(table.session.moves)
    with caplog.at_level(logging.INFO, logger=CLICKS_LOG):
        first.click()
    assert table.session.moves == moves, "a move the pupil never saw was played"
    assert answered(table, before)
    assert "geändert" in table.message.value
    assert any("no longer shown" in record.getMessage() for record in caplog.records if record.name == CLICKS_LOG)


def test_a_tap_on_an_action_button_that_is_gone_is_answered():
    """Picking a table card may leave no move to offer (the pick is not complete yet): the
    action button the browser still shows is gone in the kernel. Its tap is answered."""
    table, card, pick = stale_lay_table()
    for other in table.state.table:
        if other != pick and other in table.selection().joinable:
            table.press_table(other)
            if not table._action_moves or table._action_moves[0].kind == LAY:
                break
            table.press_table(other)
    first = table.actions.children[0]
    table.press_table(pick)
    table.press_table(pick)
    table.press_hand(card)  # the card let go: no action at all
    assert not table.actions.children
    before = table.redraws
    first.click()
    assert answered(table, before)


def test_a_hand_card_tap_means_the_card_that_was_shown():
    """After a laid 3 the same pupil plays one of three drawn cards, shown where the hand was:
    a tap on a hand card the browser still shows never chooses a drawn card instead."""
    for seed in range(300):
        table = QuantoTable(lang="de", speed="instant")
        table.load(new_game(2, seed), [Seat(PERSON), Seat(IDLE)])
        lay_three = [m for m in table.state.legal_moves() if m.kind == LAY and m.card.value == 3]
        if table.my_turn() and lay_three and len(table.state.hands[0]) > 1:
            break
    else:
        raise AssertionError("no deal that lays a 3 first")
    three = next(i for i in table.state.hands[0] if DECK[i] == lay_three[0].card)
    shown = [spec.key for spec in table.hand_row.specs]
    other = next(i for i in shown[:3] if i != three)  # where a drawn card will be shown
    seen = table.hand_row.button(other)  # the browser shows the hand
    press_quanto_move(table, lay_three[0])
    assert table.state.phase == "after_three" and table.my_turn()
    before = table.redraws
    seen.click()  # a tap on the hand card as the browser still shows it
    assert table.card in (None, other), "a drawn card the pupil never tapped was chosen"
    assert answered(table, before)


def test_every_tap_on_a_table_is_counted_as_answered():
    """The table counts the taps it has answered (`ks-answers`, for automation): a tap that
    changes nothing is counted too, after its message."""
    table = TauschRauschTable(lang="en", start=True, players=2, seats=["person", "person"], seed=4, speed="instant")
    assert table.answered.value == "0"
    table.curtain_button.click()
    assert table.answered.value == "1"
    stall = table.stall_buttons[0]
    table.reveal()
    stall.click()  # no card picked: the engine's reason is the answer
    assert table.answered.value == "2" and "ks-say" in table.message.value
