"""A game against the computer is saved after every move and continues on another page."""

from __future__ import annotations

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.widgets import QuantoTable, TauschRauschTable
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.saving import SavedGame, saved
from tests.widgets.helpers import press_quanto_move, press_tausch_rausch_move


def test_every_move_and_undo_is_saved_and_weiterspielen_continues(tmp_path):
    store = SQLiteStore(tmp_path / "saves.db")
    table = QuantoTable(players=3, seats=["person", "greedy", "random"], seed=4, speed="instant", start=True)
    box = saved(table, store)
    recorder = box.recorder
    code = box.children[0].games[0]["code"]
    for _ in range(3):
        press_quanto_move(table, table.state.legal_moves()[0])
        room = Rooms(store).load(code)
        assert room.state == table.state and len(room.state_session.moves) == len(table.session.moves)
    table.undo()
    assert Rooms(store).load(code).state == table.state
    assert recorder.error == ""
    # the kernel is gone; the start page of the same browser continues the game
    lobby = Lobby("de", store=store, poll=False)
    lobby.memory.games = list(box.children[0].games)
    lobby.resume_box.children[0].click()
    page = lobby.page
    assert page is not None and page.seat == 0
    assert page.controller.table.state == table.state
    press_quanto_move(page.controller.table, page.controller.table.state.legal_moves()[0])
    assert Rooms(store).load(code).state == page.controller.table.state


def test_a_new_game_is_saved_under_a_new_code(tmp_path):
    store = SQLiteStore(tmp_path / "saves.db")
    table = TauschRauschTable(players=2, seats=["person", "greedy"], seed=2, speed="instant", start=True)
    box = saved(table, store)
    press_tausch_rausch_move(table, table.state.legal_moves()[0])
    table.play_again()
    codes = [item["code"] for item in box.children[0].games]
    assert len(codes) == 2 and codes[0] != codes[1]
    assert Rooms(store).load(codes[0]).state == table.state


def test_a_hot_seat_game_is_saved_and_continues_at_one_screen(tmp_path):
    store = SQLiteStore(tmp_path / "saves.db")
    table = QuantoTable(players=3, seats=["person", "person", "greedy"], seed=4, speed="instant", start=True)
    box = saved(table, store)
    code = box.children[0].games[0]["code"]
    for _ in range(4):
        table.reveal()  # the curtain: the person to move shows their hand
        press_quanto_move(table, table.state.legal_moves()[0])
    room = Rooms(store).load(code)
    assert room.hot_seat and room.state == table.state
    assert [seat.name for seat in room.seats[:2]] == table.names[:2] and room.seats[2].is_computer
    assert box.recorder.error == ""
    # the kernel is gone; the start page offers the game and brings back the hot-seat table
    lobby = Lobby("en", store=store, poll=False)
    lobby.memory.games = list(box.children[0].games)
    lobby.resume_box.children[0].click()
    page = lobby.page
    assert isinstance(page, SavedGame), lobby.message.value
    again = page.table
    assert again.hot_seat and again.state == table.state and again.lang == "en"
    assert again.language in again.toolbar.children  # a switch on the table (a start page shares its own)
    lobby.set_language("de")  # the start page's one switch reaches the table
    assert again.lang == "de" and again.undo_button.description == "Rückgängig"
    assert again.needs_curtain() and again.private_area not in again.hand_slot.children  # no hand shown yet
    again.reveal()
    press_quanto_move(again, again.state.legal_moves()[0])
    assert Rooms(store).load(code).state == again.state
    again.undo()
    assert Rooms(store).load(code).state == again.state == table.state


def test_a_game_without_a_person_is_not_saved(tmp_path):
    store = SQLiteStore(tmp_path / "saves.db")
    table = QuantoTable(players=2, seats=["greedy", "random"], seed=1, speed="instant", start=True)
    box = saved(table, store)
    assert box.children[0].games == [] and store.keys("room/") == []
