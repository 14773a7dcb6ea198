"""The browser build's mode (`kartenspiele.lite`), switched on with `KARTENSPIELE_LITE=1` on
CPython: links to the site's pages, no rooms or classes but a note, every page a pupil's, no
thread, no SQLite, and games kept (and continued) through the browser's memory."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

from kartenspiele import lite
from kartenspiele.classroom.people import roles
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.interface import StoreUnavailableError
from kartenspiele.classroom.store.memory_store import MemoryStore
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.core.errors import MissingExtraError
from kartenspiele.core.extras import needs
from kartenspiele.i18n import text
from kartenspiele.lessons import LessonBar, progress
from kartenspiele.lessons.levels import LevelPractice
from kartenspiele.widgets import QuantoTable, StartPage, TauschRauschTable
from kartenspiele.widgets.home import home_href
from kartenspiele.widgets.memory import BrowserMemory
from kartenspiele.widgets.room import RoomPage
from kartenspiele.widgets.saving import saved

# the store's contract tests, run once more on the browser build's store (the `store` fixture below)
from tests.classroom.test_store import (  # noqa: F401
    test_compare_and_set,
    test_documents_round_trip_and_versions,
    test_keys_by_prefix_and_delete,
    test_log_appends_only_as_next_number,
    test_logs_by_prefix_and_delete,
    test_values_json_cannot_hold_are_refused,
)
from tests.widgets.helpers import press_quanto_move, press_tausch_rausch_move


@pytest.fixture
def store():
    return MemoryStore()


@pytest.fixture
def in_browser(monkeypatch, tmp_path):
    """The browser build's mode, with a teacher code in the environment that must not count."""
    monkeypatch.setenv(lite.ENVIRONMENT, "1")
    monkeypatch.setenv(roles.CODE_ENV, "lehrkraft2024")
    monkeypatch.delenv("KARTENSPIELE_STORE", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # a SQLite store, if one were opened, lands here
    monkeypatch.chdir(lite_folder(tmp_path))

    def refuse(*_args, **_kwargs):
        raise AssertionError("a SQLite store was opened in the browser build")

    monkeypatch.setattr(SQLiteStore, "__init__", refuse)
    monkeypatch.setattr(progress, "_shared", None)  # each test's kernel has its own memory of progress


def lite_folder(tmp_path: Path) -> Path:
    """A site's folders: `notebooks/` (the current folder, as in a page's kernel) beside `lessons/`."""
    root = Path(__file__).resolve().parents[1]
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "lessons").mkdir()
    for path in (root / "lessons").glob("*.ipynb"):
        (tmp_path / "lessons" / path.name).write_bytes(path.read_bytes())
    return tmp_path / "notebooks"


@pytest.fixture
def no_threads(monkeypatch):
    """Starting a thread fails (as on Pyodide)."""

    def refuse(self):
        raise RuntimeError(f"a thread was started: {self.name}")

    monkeypatch.setattr(threading.Thread, "start", refuse)


def test_the_mode_follows_the_platform_and_the_environment(monkeypatch):
    monkeypatch.delenv(lite.ENVIRONMENT, raising=False)
    assert not lite.in_browser()
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert lite.in_browser()
    monkeypatch.setenv(lite.ENVIRONMENT, "0")
    assert not lite.in_browser()
    monkeypatch.setenv(lite.ENVIRONMENT, "1")
    monkeypatch.setattr(sys, "platform", "linux")
    assert lite.in_browser()


def test_links_lead_to_the_sites_pages_only_in_the_browser(monkeypatch):
    monkeypatch.setenv(lite.ENVIRONMENT, "0")
    assert lite.page_href("../lessons/01_teilsummen.ipynb?lang=en") == "../lessons/01_teilsummen.ipynb?lang=en"
    monkeypatch.setenv(lite.ENVIRONMENT, "1")
    assert lite.page_href("../lessons/01_teilsummen.ipynb?lang=en") == "../lessons/01_teilsummen.html?lang=en"
    assert lite.page_href("quanto.ipynb") == "quanto.html"
    assert home_href("en") == "start.html?lang=en"
    monkeypatch.setenv(lite.SERVED_ENVIRONMENT, "https://schule.example/kartenspiele/")
    assert lite.served_url() == "https://schule.example/kartenspiele/"


def test_the_start_page_offers_no_room_or_class_but_says_why(in_browser, no_threads):
    page = StartPage()
    lobby = page.lobby
    assert lobby.entry is None and lobby.open_box is None  # no code box, no "Raum eröffnen": not even built
    assert not lobby.classes
    note = lobby.lite_note.value
    assert lobby.lite_note in lobby.children and lite.served_url() in note
    assert "Version mit Server" in note and "files/packs/kartenspiele-1-de.pdf" in note
    body = page.body.value
    assert ".ipynb" not in body and "quanto.html" in body and "../lessons/01_teilsummen.html" in body
    assert "handreichung" not in body  # the teacher's guide is not listed: every page is a pupil's
    page.set_language("en")
    assert "version with a server" in lobby.lite_note.value and "kartenspiele-1-en.pdf" in lobby.lite_note.value


def test_every_page_is_a_pupils_and_nothing_opens_a_store_on_disk(in_browser):
    from IPython.utils.capture import capture_output

    from kartenspiele.lessons import subsets
    from kartenspiele.lessons.teacher import for_teachers, guide_note, teachers_guide

    assert roles.query() == {}  # no page address in the browser: no parameter, no error
    assert not roles.is_teacher()  # the teacher code in the environment does not count here
    with capture_output() as shown:
        for_teachers(subsets)
        guide_note()
    assert shown.outputs == []  # no teacher material is rendered
    assert type(teachers_guide()).__name__ == "RefusalPage"
    assert "start.html" in repr(teachers_guide().children[1].value)
    with pytest.raises(StoreUnavailableError) as raised:
        open_store()
    assert "Server" in raised.value.message("de")


def test_a_lesson_page_names_the_served_version_instead_of_a_class(in_browser, no_threads):
    bar = LessonBar()
    assert bar.lite_note in bar.children and "Version mit Server" in bar.lite_note.value
    assert bar.join is None
    LevelPractice("subsets").practice.submit("7")  # practice works without a class or a store


def test_a_bot_game_and_its_saving_start_no_thread(in_browser, no_threads):
    table = QuantoTable(players=3, seats=["person", "greedy", "random"], seed=5, speed="instant", start=True)
    box = saved(table)
    assert box.recorder is not None and box.children[0].keeps_saves
    while not table.state.is_terminal():
        press_quanto_move(table, table.state.legal_moves()[0])
    code = box.children[0].games[0]["code"]
    assert Rooms(box.recorder.rooms.store).load(code).state == table.state
    other = TauschRauschTable(players=2, seats=["person", "greedy"], seed=3, speed="instant", start=True)
    saved(other)
    for _ in range(6):
        press_tausch_rausch_move(other, other.state.legal_moves()[0])


def browser_sends(memory: BrowserMemory, kept: dict) -> None:
    """What the browser does when a page opens: it sends the games and saves it keeps, with `loaded`."""
    with memory.hold_trait_notifications():
        memory.games = list(kept["games"])
        memory.saves = kept["saves"]
        memory.loaded = True


def test_weiterspielen_continues_a_game_from_the_browsers_memory(in_browser, no_threads):
    table = QuantoTable(players=3, seats=["person", "greedy", "random"], seed=4, speed="instant", start=True)
    box = saved(table)
    memory = box.children[0]
    browser_sends(memory, {"games": [], "saves": {}})  # a first visit: the browser kept nothing
    for _ in range(3):
        press_quanto_move(table, table.state.legal_moves()[0])
    kept = {"games": memory.games, "saves": memory.saves}  # what the browser's storage now holds
    assert kept["games"] and kept["saves"]["logs"]
    # a reload: a new kernel, the start page; the browser sends what it kept
    start = StartPage()
    browser_sends(start.lobby.memory, kept)
    assert start.lobby.resume_box.children, "no Weiterspielen button"
    start.lobby.resume_box.children[0].click()
    page = start.lobby.page
    assert isinstance(page, RoomPage), start.lobby.message.value
    assert page.controller.table.state == table.state
    page.close()


def test_saves_the_browser_no_longer_remembers_are_dropped_and_own_writes_win():
    memory = BrowserMemory()
    store = memory.store()
    store.put("room/ABCD", {"mine": True})
    kept = {
        "documents": {"room/ABCD": ['{"old":true}', 3], "room/WXYZ": ['{"gone":true}', 1], "room-codes": ["{}", 1]},
        "logs": {"room/WXYZ/log/1": ['{"type":"start"}']},
    }
    browser_sends(memory, {"games": [{"code": "ABCD", "token": "t", "game": "quanto", "name": "Ana"}], "saves": kept})
    assert store.get("room/ABCD").value == {"mine": True}  # written on this page after the copy was made
    assert store.get("room/WXYZ") is None and store.logs() == []  # a game the browser forgot
    assert store.get("room-codes") is not None
    assert memory.saves["documents"].keys() == {"room/ABCD", "room-codes"}  # handed back to the browser
    browser_sends(memory, {"games": memory.games, "saves": {"documents": "damaged"}})
    assert store.get("room/ABCD").value == {"mine": True}


def test_a_missing_extra_is_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "fpdf", None)  # as if fpdf2 were not installed
    monkeypatch.delitem(sys.modules, "kartenspiele.practice.pack", raising=False)
    monkeypatch.delitem(sys.modules, "kartenspiele.practice.pack_base", raising=False)
    with pytest.raises(MissingExtraError) as raised, needs("print"):
        import kartenspiele.practice.pack  # noqa: F401
    assert "pip install 'kartenspiele[print]'" in raised.value.message("en")
    from kartenspiele.cli import main

    assert main(["print", "1"]) == 2
    with pytest.raises(ValueError):
        with needs("nothing"):
            pass


def test_a_lessons_practice_goes_on_where_the_pupil_was_after_a_reload(in_browser, no_threads):
    first = LevelPractice("parity")
    assert first.memory in first.children
    with first.memory.hold_trait_notifications():
        first.memory.progress, first.memory.loaded = {}, True  # the browser kept nothing yet
    first.practice.level_choice.value = "knobeln"
    first.practice.new_button.click()
    first.practice.new_button.click()
    kept = first.memory.progress
    assert kept["parity"] == {"level": "knobeln", "number": 3}
    progress._shared = None  # a reload: a new kernel
    again = LevelPractice("parity")
    with again.memory.hold_trait_notifications():
        again.memory.progress, again.memory.loaded = kept, True
    assert (again.practice.level_choice.value, again.practice.number) == ("knobeln", 3)
    progress._shared = None
    damaged = LevelPractice("parity")
    with damaged.memory.hold_trait_notifications():
        damaged.memory.progress, damaged.memory.loaded = {"parity": {"level": "x", "number": True}}, True
    assert damaged.practice.number == 1


def test_served_the_practice_keeps_nothing_in_the_browser(monkeypatch):
    monkeypatch.setenv(lite.ENVIRONMENT, "0")
    assert LevelPractice("parity").memory is None


def test_the_browser_may_send_large_saves_only_where_it_keeps_them():
    from kartenspiele.kernel.update_guard import MAX_MESSAGE_SIZE, refusal

    log = [f'{{"type":"move","seat":0,"move":"{index:04d}-{"x" * 60}"}}' for index in range(400)]
    saves = {"documents": {"room/ABCD": ['{"game":"quanto"}', 1]}, "logs": {"room/ABCD/log/1": log}}
    update = {"method": "update", "state": {"saves": saves, "loaded": True}}
    served = BrowserMemory()
    assert "larger than" in refusal(served, update, None)  # a served page: the usual bound
    assert "does not keep" in refusal(served, {"method": "update", "state": {"saves": {}}}, None)
    memory = BrowserMemory()
    memory.store()
    assert len(str(saves)) > MAX_MESSAGE_SIZE and refusal(memory, update, None) is None
    huge = {"method": "update", "state": {"saves": {"logs": {"x": ["y" * 2_100_000]}}}}
    assert "larger than" in refusal(memory, huge, None)


def two_kept_games() -> dict:
    """What a browser keeps after a Quanto and a Tausch-Rausch game against the computer."""
    memory = BrowserMemory()
    browser_sends(memory, {"games": [], "saves": {}})
    store = memory.store()
    quanto = QuantoTable(players=2, seats=["person", "greedy"], seed=4, speed="instant", start=True)
    saved(quanto, store, memory)
    press_quanto_move(quanto, quanto.state.legal_moves()[0])
    other = TauschRauschTable(players=2, seats=["person", "greedy"], seed=3, speed="instant", start=True)
    saved(other, store, memory)
    press_tausch_rausch_move(other, other.state.legal_moves()[0])
    codes = {item["game"]: item["code"] for item in memory.games}
    return {"games": list(memory.games), "saves": memory.saves, "codes": codes}


def damaged_log(saves: dict, code: str, damage) -> dict:
    """`saves` with the first log of room `code` changed by `damage(entries)`."""
    copy = {"documents": dict(saves["documents"]), "logs": {log: list(found) for log, found in saves["logs"].items()}}
    log = next(log for log in copy["logs"] if log.startswith(f"room/{code}/"))
    damage(copy["logs"][log])
    return copy


def broken_text(entries: list) -> None:
    entries[-1] = entries[-1][:-3]  # no longer JSON


def broken_move(entries: list) -> None:
    for index, entry in enumerate(entries):
        found = json.loads(entry)
        if found.get("type") == "move":
            entries[index] = json.dumps({**found, "move": {"kind": "nonsense"}})
            return


@pytest.mark.parametrize("damage", [broken_text, broken_move], ids=["not JSON", "not a move"])
def test_a_damaged_save_says_so_and_the_other_games_go_on(in_browser, no_threads, damage):
    kept = two_kept_games()
    quanto, other = kept["codes"]["quanto"], kept["codes"]["tausch_rausch"]
    start = StartPage()
    browser_sends(start.lobby.memory, {"games": kept["games"], "saves": damaged_log(kept["saves"], quanto, damage)})
    lobby = start.lobby
    said = text("lobby.resume.damaged", "de")
    buttons = {button.description: button for button in lobby.resume_box.children}
    if damage is broken_move:  # read well, fails when the game is replayed
        assert len(buttons) == 2 and said not in lobby.message.value
        next(button for name, button in buttons.items() if quanto in name).click()
        assert lobby.page is None
    assert said in lobby.message.value  # a short message, not a typed code's error
    assert [item["code"] for item in lobby.memory.games] == [other]  # the damaged game is forgotten
    assert [button.description for button in lobby.resume_box.children] == [name for name in buttons if other in name]
    lobby.resume_box.children[0].click()  # the other game goes on
    assert isinstance(lobby.page, RoomPage), lobby.message.value
    assert f"room/{other}" in lobby.memory.saves["documents"] and quanto not in repr(lobby.memory.saves)
    lobby.page.close()


def test_the_lobbys_message_shows_in_the_browser_build(in_browser, no_threads):
    """Without the code box, the lobby's message (a damaged save, a store out of reach) still shows."""
    lobby = StartPage().lobby
    assert lobby.message in lobby.children


def test_the_lessons_of_one_kernel_keep_one_progress(in_browser, no_threads):
    """The site shows every lesson in one kernel: what the browser keeps holds every lesson's place."""
    first, second = LevelPractice("subsets"), LevelPractice("parity")
    for practice in (first, second):
        practice.memory.progress, practice.memory.loaded = {}, True  # the browser: nothing kept yet
    first.practice.show(3)
    second.practice.show(5)
    kept = second.memory.progress  # the browser stores what the kernel sent last
    assert kept["subsets"]["number"] == 3 and kept["parity"]["number"] == 5
    third = LevelPractice("subsets")  # the lesson built again later in the visit: where the pupil was
    assert third.practice.number == 3
