"""The child's own name everywhere (issue 35): the name typed on the start page (kept by the
browser) or the class nickname, in solo games, hot seat, tutorials, hints, logs and end screens, in
both languages; the computer's seats by their table names, never "Spieler 2"."""

import re

import pytest

from kartenspiele import quanto
from kartenspiele.classroom.store.memory_store import MemoryStore
from kartenspiele.quanto.moves import CAPTURE
from kartenspiele.widgets import QuantoTable, QuantoTutorial, TauschRauschTutorial, saved
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.memory import BrowserMemory
from kartenspiele.widgets.seats import PERSON, Seat

from .helpers import press_quanto_move


def remembered(table, name: str = "Mia"):
    """`table` on a page whose browser remembers `name` (typed on the start page)."""
    box = saved(table, MemoryStore())
    memory = box.children[0]
    memory.name = name
    memory.loaded = True
    return table


def shown(table) -> str:
    return " ".join(
        widget.value
        for widget in (table.status, table.banner, table.message, table.result_text, table.mine, table.move_log)
    )


def test_the_start_page_keeps_the_typed_name_for_the_games():
    lobby = Lobby("de", store=MemoryStore(), poll=False, memory=BrowserMemory(loaded=True))
    lobby.name.value = "  Mia  "
    assert lobby.memory.name == "Mia"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_solo_game_calls_the_child_by_its_name_to_the_end(lang):
    table = remembered(QuantoTable(lang=lang, speed="instant"))
    assert table.setup.seat_names[0].value == "Mia"
    table.setup.start.click()
    assert table.names[0] == "Mia" and "Mia" in table.status.value and "Spieler 1" not in shown(table)
    table.load(
        quanto.from_scenario({"players": 2, "table": "6 2", "hands": ["6", ""], "draw": "", "win": {1: "7 7"}}),
        [Seat(PERSON, "Mia"), Seat("random")],
    )
    press_quanto_move(table, next(m for m in table.state.legal_moves() if m.kind == CAPTURE))
    end = table.result_text.value
    assert "Mia" in end and ("Computer (leicht)" if lang == "de" else "Computer (easy)") in end
    assert not re.search(r"Spieler \d|Player \d", end)


def test_a_name_arriving_during_a_game_renames_the_seat():
    table = QuantoTable(start=True, speed="instant", seed=3)
    assert table.names[0] == "Spieler 1"
    remembered(table, "Ben")
    assert table.names[0] == "Ben" and "Ben" in table.status.value


def test_hot_seat_the_first_person_is_the_child():
    table = remembered(QuantoTable(players=3, seats=["person", "person", "greedy"], speed="instant"))
    table.setup.start.click()
    assert table.names == ["Mia", "Spieler 2", "Computer (mittel)"]
    assert "Gib das Gerät an Mia" in table.curtain_text.value or "Mia" in table.status.value


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_tipp_names_the_computer_by_its_table_name(lang):
    table = QuantoTable(lang=lang, speed="instant")
    state = quanto.from_scenario({"players": 2, "table": "2 9 12", "hands": ["J 5", None], "quantos": {1: (5, "2 3")}})
    table.load(state, [Seat(PERSON, "Mia"), Seat("random")])
    table.show_hint()
    assert ("Computer (leicht)" if lang == "de" else "Computer (easy)") in table.message.value
    assert "Spieler 2" not in table.message.value and "Player 2" not in table.message.value


@pytest.mark.parametrize("tutorial", [QuantoTutorial, TauschRauschTutorial])
def test_a_tutorial_calls_the_learner_by_name_and_the_other_seat_the_computer(tutorial):
    lesson = tutorial(lesson=len(tutorial.lessons) - 1)
    lesson.memory.name = "Mia"
    lesson.memory.loaded = True
    assert lesson.table.names[0] == "Mia" and lesson.table.names[1] == "Computer"
    lesson.set_language("en")
    assert lesson.table.names[:2] == ["Mia", "Computer"]
    lesson.go(0)
    assert "Spieler" not in " ".join(lesson.table.names) and "Player" not in " ".join(lesson.table.names)
