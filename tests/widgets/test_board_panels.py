"""The dashboard's new panels and the pages they drive, without a browser: the board panel and the
board page ("Tafel"), the class's switches (pause, hidden names, second device), pacing within a
lesson, and a pupil page's pause screen."""

from __future__ import annotations

import re

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.board_state import JOIN_ADDRESS_ENVIRONMENT
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.people.roles import CODE_ENV
from kartenspiele.classroom.people.teacher_pass import PASS_PATH, pass_nonce
from kartenspiele.classroom.store.memory_store import MemoryStore
from kartenspiele.widgets.class_screen import ClassScreen, ScreenWatch
from kartenspiele.widgets.dashboard import Dashboard
from kartenspiele.widgets.tafel import BoardPage, BoardRefused, board_page

NICKS = ("Ana", "Ben", "Cem")


@pytest.fixture
def room(monkeypatch):
    """A dashboard with a class of three who each gave a wrong answer to the first exercise."""
    monkeypatch.setenv(JOIN_ADDRESS_ENVIRONMENT, "http://192.168.1.5:8866/voila/render/notebooks/start.ipynb")
    monkeypatch.setenv(CODE_ENV, "kreide7171")
    store = MemoryStore()
    dashboard = Dashboard(store=store, lang="de", live=False)
    dashboard.open_class()
    code = dashboard.view.code
    classes = Classes(store)
    for number, nick in enumerate(NICKS):
        joined = classes.join(code, nick)
        entry = {
            "kind": "attempt",
            "lesson": "subsets",
            "exercise": "subsets.ways#1",
            "answer": str(10 + number),
            "ok": False,
        }
        classes.record(joined, {**entry, "task": {"de": "Wie viele Arten? [[8]]"}})
    dashboard.refresh()
    board = BoardPage(dashboard.boards, code, "de", join_address="http://192.168.1.5:8866/x", live=False)
    return dashboard, classes, code, board


def test_the_board_shows_the_picked_answers_in_the_teacher_s_order_and_no_name(room):
    dashboard, _, code, board = room
    control = dashboard.board_control
    assert "ks-tafel-code" in board.content.value and code in board.content.value and "<svg" in board.content.value
    assert sorted(control.answer_values("subsets.ways#1")) == ["10", "11", "12"]
    control.pick("12")
    control.pick("10")
    control.pick("10")  # picked once only
    control.pick("11")
    control.earlier(2)  # "11" one up: 12, 11, 10
    control.unpick(2)
    board.look()
    assert "ks-tafel-answer" not in board.content.value  # nothing sent yet
    control.send_chosen()
    board.look()
    assert re.findall(r"<p class='ks-tafel-text'>(\d+)</p>", board.content.value) == ["12", "11"]
    assert re.findall(r"ks-tafel-letter'>(\w)", board.content.value) == ["A", "B"]
    assert "<span class='ks-chip'>8</span>" in board.content.value  # the task's card, drawn
    assert not [nick for nick in NICKS if nick in board.content.value]
    assert "kreide7171" not in board.content.value
    control.clear_answers()
    board.look()
    assert "ks-tafel-answer" not in board.content.value


def test_the_board_shows_the_timer_a_revealed_table_and_the_pause(room):
    dashboard, classes, code, _ = room
    tables = {"subsets.groups": lambda section, lang: f"<table class='t'>{section} {lang}</table>"}
    board = BoardPage(dashboard.boards, code, "en", table_html=lambda s, lang: tables[s](s, lang), live=False)
    control = dashboard.board_control
    control.minutes.value = 3
    control.start_timer()
    board.look()
    assert re.search(r"role='timer'>(2:5\d|3:00)<", board.content.value)
    assert "Timer" in control.shown.value and "Noch" in control.timer_state.value
    control.table.options = [("Stunde 1", "subsets.groups")]
    control.table.value = "subsets.groups"
    control.table_show.click()
    assert "noch nicht aufgedeckt" in control.status.value  # only a revealed one
    classes.reveal(code, "subsets.groups")
    dashboard.refresh()
    assert control.table.options == (("Stunde 1 · Die Gruppen für die 8", "subsets.groups"),)
    control.table_show.click()
    board.look()
    assert "<table class='t'>subsets.groups en</table>" in board.content.value
    control.join.value = False
    board.look()
    assert "ks-tafel-join" not in board.content.value
    dashboard.class_controls.toggle_pause()
    board.look()
    assert "Look to the front" in board.content.value and classes.paused(code)


def test_hidden_names_show_pseudonyms_on_every_view_of_the_dashboard(room):
    dashboard, classes, code, _ = room
    dashboard.class_controls.names.value = True
    assert classes.anonymous(code)
    shown = dashboard.grid.value + dashboard.presence.value
    assert "Adler·1" in shown and "Dachs·3" in dashboard.presence.value
    assert not [nick for nick in NICKS if nick in shown]
    again = Dashboard(store=classes.store, lang="de", live=False)  # a reload keeps it
    assert "Biber·2" in again.grid.value and again.class_controls.names.value
    dashboard.class_controls.names.value = False
    assert "Ana" in dashboard.grid.value and not classes.anonymous(code)


def test_a_room_s_seats_show_pseudonyms_and_guests_with_the_names_hidden(room):
    dashboard, classes, code, _ = room
    dashboard.names = classes.pseudonyms(code, "de")
    ana_member = dict(classes.roster(code))["Ana"]
    summary = {"names": ["Anna Real", "Gast X", "Computer"], "members": [ana_member, "", None]}
    shown = dashboard._shown_seats(summary)["names"]
    assert shown == ["Adler·1", "Gast", "Computer"]


def test_the_second_device_gets_a_one_time_pass_never_the_code(room, monkeypatch):
    dashboard, *_ = room
    controls = dashboard.class_controls
    controls.second_device()
    link = re.search(r"href='([^']+)'", controls.device.value).group(1)
    assert link.startswith("http://192.168.1.5:8866" + PASS_PATH) and "kreide7171" not in controls.device.value
    assert pass_nonce("kreide7171", link.rsplit("/", 1)[1]) is not None
    assert "<svg" in controls.device.value and "nicht am Beamer" in controls.device.value
    controls.redraw(now=controls.device_until + 1)
    assert controls.device.value == ""  # expired: taken away
    monkeypatch.delenv(CODE_ENV)  # a hub teacher has no code: no pass, no button
    assert not controls.can_pass()


def test_pacing_within_a_lesson_from_the_dashboard(room):
    dashboard, classes, code, _ = room
    pace = dashboard.section_pace
    pace.lesson.value = "sequences"
    assert [label for label, _ in pace.until.options][:3] == [
        "alle Abschnitte",
        "bis „Die Regeln, die wir heute brauchen“",
        "bis „1. Straßen“",
    ]
    assert pace.next_button.disabled
    pace.until.value = 2
    assert classes.sections(code) == {"sequences": 2} and "2 von 9" in pace.state.value
    pace.release_next()
    assert classes.sections(code) == {"sequences": 3}
    dashboard.refresh()  # the refresh keeps the teacher's lesson
    assert pace.lesson.value == "sequences" and pace.until.value == 3
    pace.until.value = 0
    assert classes.sections(code) == {}


def test_a_pupil_page_s_screen_follows_the_pause_and_a_further_section(room):
    _, classes, code, _ = room
    session = pupil.PupilSession(classes, classes.join(code, "Eda"))
    pupil.set_current(session)
    try:
        screen = ClassScreen()
        watch = ScreenWatch.__new__(ScreenWatch)  # looked at by hand, no thread
        watch.screen = screen
        screen.showing("sequences", 2)
        classes.release_sections(code, "sequences", 2)
        watch.look()
        assert not screen.paused and not screen.more
        classes.pause(code)
        watch.look()
        assert screen.paused and screen.title == "Schau nach vorne"
        classes.pause(code, False)
        classes.release_sections(code, "sequences", 3)
        watch.look()
        assert not screen.paused and screen.more and screen.more_button == "Weiter"
        classes.pause(code)
        classes.delete(code)
        watch.look()
        assert not screen.paused and not screen.more  # a deleted class freezes nobody
    finally:
        pupil.set_current(None)


def test_a_board_address_without_its_token_shows_nothing_of_the_class(room, monkeypatch):
    dashboard, _, code, _ = room
    token = dashboard.boards.token(code)
    monkeypatch.setenv("QUERY_STRING", f"tafel={code}.{token}")
    assert isinstance(board_page(store=dashboard.store), BoardPage)
    for query in (f"tafel={code}.{token}x", f"tafel={code}", "", f"klasse={code}&tafel=XXXXX.{token}"):
        monkeypatch.setenv("QUERY_STRING", query)
        assert isinstance(board_page(store=dashboard.store), BoardRefused), query
