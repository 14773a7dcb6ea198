"""Rooms through the widgets, without a browser: pages of one room share only the store;
each is checked with `sync()` (what its kernel does every 0.2 s)."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from ipywidgets import HTML, Widget

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.widgets.lobby import Lobby
from tests.switchable_store import Switchable
from tests.widgets.helpers import press_quanto_move, press_tausch_rausch_move


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "rooms.db")
    yield opened
    opened.close()


def lobby(store, lang="de") -> Lobby:
    return Lobby(lang, store=store, poll=False)


def open_room(store, game="quanto", players=3, seats=("open", "open"), name="Ana"):
    opener = lobby(store)
    opener.game.value = game
    opener.players.value = players
    for dropdown, kind in zip(opener.seat_kinds, seats):
        dropdown.value = kind
    opener.name.value = name
    opener.open_button.click()
    assert opener.page is not None, opener.message.value
    return opener


def join(store, code, name, lang="de") -> Lobby:
    guest = lobby(store, lang)
    guest.code.value = code.lower()
    guest.name.value = name
    guest.join_button.click()
    return guest


def dump(widget):
    """What a widget tree sends to the browser: every synced trait, nested widgets inlined."""

    def value(item):
        if isinstance(item, Widget):
            return dump(item)
        if isinstance(item, (list, tuple)):
            return [value(part) for part in item]
        if isinstance(item, dict):
            return {key: value(part) for key, part in item.items()}
        return item

    return {name: value(getattr(widget, name)) for name in widget.keys if name != "_view_count"}


def all_texts(widget) -> str:
    return json.dumps(dump(widget), ensure_ascii=False, default=str)


def html_values(widget) -> str:
    found, stack = [], [widget]
    while stack:
        item = stack.pop()
        if isinstance(item, HTML):
            found.append(item.value)
        stack.extend(getattr(item, "children", ()))
    return "\n".join(found)


def play_to_the_end(pages, press, limit=600):
    for _ in range(limit):
        for page in pages:
            page.sync()
        room = pages[0].room
        if room.over:
            return
        seat = room.state.to_move
        for page in pages:
            if page.seat == seat and page.controller.table.person_acts():
                table = page.controller.table
                move = table.state.legal_moves()[0]
                press(table, move)
                break
        else:
            pages[0].rooms.automatic_move(room, delay=0)
    raise AssertionError("the game did not end")


def test_three_pupils_play_quanto_to_the_end(store):
    ana = open_room(store)
    code = ana.page.room.code
    assert re.fullmatch(r"[ACDEFHJKLMNPRTUVWXY]{4}", code)
    ben = join(store, code, "Ben")
    cem = join(store, code, "  Cem ", lang="en")
    assert ben.page.seat == 1 and cem.page.seat == 2
    ana.page.sync()
    assert "Ben" in ana.page.seat_list.value and "Cem" in ana.page.seat_list.value
    assert ben.page.start_button.layout.display == "none"
    ana.page.start_button.click()
    pages = [ana.page, ben.page, cem.page]
    for page in pages:
        page.sync()
        assert page.controller is not None
    assert ana.memory.games[0]["code"] == code
    play_to_the_end(pages, press_quanto_move)
    finals = [page.controller.table.state for page in pages]
    assert finals[0] == finals[1] == finals[2] == Rooms(store).load(code).state
    assert len(Rooms(store).load(code).state_session.moves) == len(ana.page.controller.table.session.moves)


def test_tausch_rausch_with_a_computer_player(store):
    ana = open_room(store, "tausch_rausch", 3, ("open", "greedy"))
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    play_to_the_end([ana.page, ben.page], press_tausch_rausch_move, limit=2000)
    assert ben.page.controller.table.state == ana.page.controller.table.state


@pytest.mark.parametrize("game", ["quanto", "tausch_rausch"])
def test_a_page_holds_nothing_of_the_hidden_cards(store, game):
    """Resample every card the seat cannot see (other hands, the order of the draw pile): the
    page's whole widget state stays the same."""
    ana = open_room(store, game, players=3, seats=("open", "greedy"))
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    ben.page.sync()
    for page in (ana.page, ben.page):
        room, controller = page.room, page.controller
        table = controller.table
        before, tick, focus = all_texts(page), table.tick.value, table.access.focus_serial
        assert str(room.seed) not in before
        real = room.state
        for attempt in range(3):
            other = real.view(page.seat).sample_state(random.Random(attempt))
            assert other != real  # the hidden cards really moved
            table.load(other, table.seats, controller.names())
            table.tick.value = tick  # only the redraw counter and the count of focus requests may differ
            table.access.focus_serial = focus
            assert all_texts(page) == before
        controller.rebuild()
        table.tick.value = tick
        table.access.focus_serial = focus
        assert all_texts(page) == before


def test_a_move_races_and_the_loser_sees_the_new_table(store):
    ana = open_room(store, players=2, seats=("open",))
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    ben.page.sync()
    # a second page of Ana's seat (another tab) moves first
    other = Rooms(store)
    room = other.load(ana.page.room.code)
    other.move(room, 0, room.state.legal_moves()[0])
    table = ana.page.controller.table
    before = len(table.session.moves)
    press_quanto_move(table, table.state.legal_moves()[-1])
    assert "schneller" in table.message.value
    assert len(table.session.moves) == before + 1 == room.seq - 3  # joins, start, then the other move (not hers)
    assert table.state == room.state


def test_undo_only_by_the_mover_and_before_the_next_move(store):
    ana = open_room(store, players=2, seats=("open",))
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    ben.page.sync()
    table = ana.page.controller.table
    assert table.undo_button.disabled
    first = table.state.clone()
    press_quanto_move(table, table.state.legal_moves()[0])
    ana.page.sync()
    ben.page.sync()
    if table.state.to_move == 0:
        pytest.skip("this deal gives Ana a second move")
    assert not table.undo_button.disabled and ben.page.controller.table.undo_button.disabled
    ben.page.controller.undo()  # not Ben's move: refused, nothing changes
    assert "nur mit deinem eigenen" in ben.page.controller.table.message.value
    table.undo_button.click()
    assert table.state == first
    ben.page.sync()
    assert ben.page.controller.table.state == first


def test_bad_input_is_refused_with_a_message(store):
    ana = open_room(store, players=2, seats=("open",), name="<b>Ana</b>")
    code = ana.page.room.code
    shown = html_values(ana)  # HTML widgets: a name must arrive escaped
    assert "<b>Ana</b>" not in shown and "&lt;b&gt;Ana&lt;/b&gt;" in shown
    unknown = join(store, "XXXX", "Ben")
    assert unknown.page is None and "XXXX" in unknown.message.value
    empty = join(store, code, "   ")
    assert empty.page is None and "Namen" in empty.message.value
    long = join(store, code, "x" * 40)
    assert long.page is None and "zu lang" in long.message.value
    ana.page.sync()
    taken = join(store, code, "<B>ana</b>")
    assert taken.page is None and "schon an diesem Tisch" in taken.message.value
    ben = join(store, code, "Ben")
    assert ben.page is not None
    full = join(store, code, "Cem")
    assert full.page is None and "voll" in full.message.value
    assert Rooms(store).load(code).seq == 2  # only the two joins were written
    ana.page.start()
    ben.page.sync()
    for page in (ana, ben):
        shown = html_values(page)
        assert "<b>Ana</b>" not in shown and "&lt;b&gt;Ana&lt;/b&gt;" in shown


def test_rejoin_with_the_browser_token_and_weiterspielen(store):
    ana = open_room(store, players=2, seats=("open",))
    code = ana.page.room.code
    ben = join(store, code, "Ben")
    ana.page.start()
    remembered = list(ben.memory.games)
    # Ben reloads: a new kernel, the browser sends what it remembered
    again = lobby(store)
    again.memory.games = remembered
    buttons = again.resume_box.children
    assert len(buttons) == 1 and code in buttons[0].description
    buttons[0].click()
    assert again.page is not None and again.page.seat == 1 and again.page.controller is not None


def test_the_banner_link_goes_straight_back_to_the_seat(store):
    """`?resume=<code>`: once the browser has sent its memory the lobby opens that seat, with
    no second tap; a code the browser does not remember, or a forged token, gives no seat."""
    ana = open_room(store, players=2, seats=("open",))
    code = ana.page.room.code
    ben = join(store, code, "Ben")
    assert ben.memory.current == code  # what the page marks for the banner's link
    remembered = list(ben.memory.games)
    again = Lobby("de", store=store, poll=False, resume=code.lower())
    assert again.page is None  # nothing before the browser has sent its memory
    again.memory.games = remembered
    again.memory.loaded = True
    assert again.page is not None and again.page.seat == 1 and again.memory.current == code
    stranger = Lobby("de", store=store, poll=False, resume=code)
    stranger.memory.games = []
    stranger.memory.loaded = True
    assert stranger.page is None and stranger.entry in stranger.children
    forged = Lobby("de", store=store, poll=False, resume=code)
    forged.memory.games = [{**remembered[0], "token": "made-up"}]
    forged.memory.loaded = True
    assert forged.page is None and forged.message.value  # the room says why, no seat is taken


def test_a_corrupt_store_shows_a_message_instead_of_crashing(tmp_path, monkeypatch):
    path = tmp_path / "kartenspiele.db"
    path.write_bytes(b"not a database at all" * 200)
    monkeypatch.setenv("KARTENSPIELE_STORE", str(tmp_path))
    from kartenspiele.widgets import StartPage

    page = StartPage()
    assert "beschädigt" in page.lobby.message.value
    page.lobby.open_button.click()
    assert "beschädigt" in page.lobby.message.value and page.lobby.page is None


def test_store_down_gives_a_message_and_the_game_goes_on_when_it_is_back(store):
    flaky = Switchable(store, url="redis://test")
    ana = Lobby("de", store=flaky, poll=False)
    ana.players.value = 2
    ana.name.value = "Ana"
    ana.open_button.click()
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    ben.page.sync()
    flaky.down = True
    ana.page._last_heartbeat = 0
    ana.page.sync()
    assert "nicht erreichbar" in ana.page.note.value and "nicht verloren" in ana.page.note.value
    table = ana.page.controller.table
    seat_to_move = table.state.to_move
    if seat_to_move == 0:
        before = len(table.session.moves)
        press_quanto_move(table, table.state.legal_moves()[0])
        assert len(table.session.moves) == before and "nicht erreichbar" in table.message.value
    else:
        press_quanto_move(ben.page.controller.table, ben.page.controller.table.state.legal_moves()[0])
    flaky.down = False
    ana.page.sync()
    assert ana.page.note.value == ""
    if seat_to_move == 0:  # her choice is still picked: she chooses again
        table.clear_selection()
        table.redraw()
        press_quanto_move(table, table.state.legal_moves()[0])
    ben.page.sync()
    ana.page.sync()
    assert (
        ana.page.controller.table.state
        == ben.page.controller.table.state
        == Rooms(store).load(ana.page.room.code).state
    )
    assert len(ana.page.room.state_session.moves) == 1


def test_the_opener_may_hand_an_absent_seat_to_the_computer(store):
    ana = open_room(store, players=2, seats=("open",))
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    ben.page.close()  # Ben's page is gone; his last sign of life was long ago
    clock = [time.time() + 3600]
    ana.page.rooms.clock = lambda: clock[0]
    ana.page._last_heartbeat = 0
    ana.page.sync()
    buttons = ana.page.hand_over_box.children
    assert len(buttons) == 1 and "Ben" in buttons[0].description
    buttons[0].click()
    room = Rooms(store).load(ana.page.room.code)
    assert room.seats[1].is_computer
    assert "Ben (Computer spielt)" in html_values(ana)


def test_the_room_page_speaks_one_language_at_a_time(store):
    ana = open_room(store, players=3, seats=("open", "greedy"))
    ben = join(store, ana.page.room.code, "Ben", lang="en")
    assert "You are in" in ben.page.seat_list.value and "Du " not in html_values(ben.page)
    ana.set_language("en")
    assert "Tell the others" in ana.page.seat_list.value and "You play as" in ana.page.header.value
    ana.page.start()
    ben.page.sync()
    for lobby_ in (ana, ben):
        lobby_.set_language("de")
        page = lobby_.page
        table = page.controller.table
        shown = html_values(page)
        assert "Du spielst als" in shown and table.undo_button.description == "Rückgängig"
        assert "You " not in shown and "It is " not in shown
        lobby_.set_language("en")
        shown = html_values(page)
        assert "You play as" in shown and table.undo_button.description == "Undo"
        assert "Du " not in shown and "Computer (mittel)" not in shown
        assert table.language.layout.display == "none"  # one switch: the start page's


def test_a_pupil_starts_when_the_opener_has_left(store):
    ana = open_room(store, players=3, seats=("open", "open"))
    ben = join(store, ana.page.room.code, "Ben")
    ben.page.sync()
    assert ben.page.start_button.layout.display == "none"
    ana.page.close()  # Ana's page is gone before the start
    clock = [time.time() + 3600]
    ben.page.rooms.clock = lambda: clock[0]
    ben.page._last_heartbeat = 0
    ben.page.sync()
    assert ben.page.start_button.layout.display != "none"
    assert "nicht da" in ben.page.seat_list.value
    ben.page.start_button.click()
    assert ben.page.controller is not None and Rooms(store).load(ben.page.room.code).started


def test_with_redis_a_page_wakes_on_the_published_move(tmp_path, monkeypatch):
    import threading

    from kartenspiele.classroom.store.opening import open_store
    from kartenspiele.widgets import room as room_module
    from tests.redis_server import RedisServer

    monkeypatch.setattr(room_module, "LISTEN_SECONDS", 60.0)  # only the move can wake it in time
    with RedisServer() as server:
        redis_store = open_store(server.url(0))
        ana = open_room(redis_store, players=2, seats=("open",))
        ben = join(redis_store, ana.page.room.code, "Ben")
        ana.page.start()
        ben.page.sync()
        assert ana.page.listens and ben.page.listens
        mover, waiter = (ana.page, ben.page) if ana.page.room.state.to_move == 0 else (ben.page, ana.page)
        seen = waiter.room.seq
        woke = []

        def listen():
            began = time.monotonic()
            waiter.wait()
            woke.append(time.monotonic() - began)

        thread = threading.Thread(target=listen)
        thread.start()
        time.sleep(0.2)
        table = mover.controller.table
        press_quanto_move(table, table.state.legal_moves()[0])
        thread.join(30)
        assert woke and woke[0] < 30 and redis_store.length(waiter.room.log) > seen
        waiter.sync()
        assert waiter.controller.table.state == mover.controller.table.state
        redis_store.close()
    assert not SQLiteStore(tmp_path / "x.db").notifies


def test_a_click_stopped_after_the_log_took_the_move_is_drawn_from_the_log(store):
    """The click limit may stop a click between the log taking the pupil's move and the table
    drawing it: the move is then drawn from the log, once; drawn by the table, it is not again."""
    ana = open_room(store, players=2, seats=("open",))
    ben = join(store, ana.page.room.code, "Ben")
    ana.page.start()
    controller = ana.page.controller
    table = controller.table
    first = table.state.legal_moves()[0]
    assert controller.submit(first) is None  # the log took it; the click stops before the table draws it
    assert len(table.session.moves) == 0
    assert controller.catch_up()  # the next round of the page draws it from the log
    assert table.session.moves == [first] and controller.shown == controller.room.seq
    ben.page.sync()
    second = ben.page.controller.table.state.legal_moves()[0]
    press_quanto_move(ben.page.controller.table, second)  # the usual way: log, then the table
    assert ben.page.controller.shown == ben.page.controller.room.seq
    assert not ben.page.controller.catch_up()  # nothing left to draw: not drawn twice
    assert ben.page.controller.table.session.moves == [first, second]
