"""A game against the computer is saved after every move and continues on another page."""

from __future__ import annotations

from kartenspiele.classroom.rooms import Rooms
from kartenspiele.classroom.store import SQLiteStore
from kartenspiele.widgets import QuantoTable, TauschRauschTable
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.saving import saved
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
