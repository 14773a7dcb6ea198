"""The computer's level at a table follows the child (`widgets.next_level`): the first game at the
easiest level, one step up after a win, one down after two losses, a picked level stays, and the
browser keeps where the child stands."""

from kartenspiele import quanto
from kartenspiele.classroom.store.memory_store import MemoryStore
from kartenspiele.quanto.moves import CAPTURE
from kartenspiele.widgets import QuantoTable, TauschRauschTable, saved
from kartenspiele.widgets.memory import BrowserMemory
from kartenspiele.widgets.next_level import LevelCoach
from kartenspiele.widgets.seats import PERSON, Seat

from .helpers import press_quanto_move


def computer_levels(table) -> list[str]:
    panel = table.setup
    return [kind.value for kind in panel.seat_kinds[: panel.players.value] if kind.value != PERSON]


def last_capture(table, won: bool) -> str:
    """A game's last move at the table's computer level: the child captures the last card; the
    computer's win pile decides who won. Returns the end screen's text."""
    level = computer_levels(table)[0]
    pile = "7 7" if won else "7 7 7 7 7 7 7"
    state = quanto.from_scenario(
        {"players": 2, "table": "6 2", "hands": ["6", ""], "draw": "", "win": {1: pile}, "last_capturer": 1}
    )
    table.load(state, [Seat(PERSON), Seat(level)])
    move = next(m for m in table.state.legal_moves() if m.kind == CAPTURE)
    press_quanto_move(table, move)
    assert table.state.is_terminal() and table.person_result() == ("won" if won else "lost")
    return table.result_text.value


def test_the_level_follows_the_child_and_the_browser_keeps_it():
    memory = BrowserMemory(loaded=True)
    table = QuantoTable(speed="instant")
    coach = LevelCoach(table, memory)
    assert computer_levels(table) == ["random"]  # the first game: the easiest level
    said = last_capture(table, won=True)
    assert computer_levels(table) == ["greedy"] and "Stufe „mittel“" in said
    assert memory.levels["quanto"] == {"level": "greedy", "losses": 0, "chosen": False}
    last_capture(table, won=False)
    assert computer_levels(table) == ["greedy"] and coach.ladder.losses == 1
    said = last_capture(table, won=False)
    assert computer_levels(table) == ["random"] and "Stufe „leicht“" in said
    last_capture(table, won=False)
    last_capture(table, won=False)
    assert computer_levels(table) == ["random"]  # never below the easiest
    # a new page: the browser sends what it kept, and the panel offers it
    again = QuantoTable(speed="instant")
    kept = BrowserMemory()
    LevelCoach(again, kept)
    assert computer_levels(again) == ["random"]
    kept.levels = {"quanto": {"level": "planner", "losses": 1, "chosen": False}}
    kept.loaded = True
    assert computer_levels(again) == ["planner"]


def test_a_level_the_child_picks_stays_and_nochmal_takes_the_new_level():
    memory = BrowserMemory(loaded=True)
    table = QuantoTable(speed="instant")
    LevelCoach(table, memory)
    table.setup.seat_kinds[1].value = "planner"  # the child picks "schwer"
    assert memory.levels["quanto"]["chosen"] is True
    last_capture(table, won=False)
    last_capture(table, won=False)
    assert computer_levels(table) == ["planner"]
    other = TauschRauschTable(speed="instant")
    LevelCoach(other, BrowserMemory(loaded=True))
    other.setup.start.click()  # a game of the panel: "Nochmal" plays it again
    assert [seat.kind for seat in other.config.seats] == [PERSON, "random"]


def test_a_hot_seat_game_leaves_the_level():
    table = QuantoTable(players=3, speed="instant")
    coach = LevelCoach(table, BrowserMemory(loaded=True))
    state = quanto.from_scenario({"players": 3, "table": "6", "hands": ["6", "", ""], "draw": "", "last_capturer": 1})
    table.load(state, [Seat(PERSON), Seat(PERSON), Seat("greedy")])
    table.reveal()
    press_quanto_move(table, next(m for m in table.state.legal_moves() if m.kind == CAPTURE))
    assert table.state.is_terminal() and table.person_result() == "won" and coach.ladder.level == "random"


def test_seats_a_page_gives_keep_their_level():
    table = QuantoTable(seats=["person", "planner"], speed="instant")
    LevelCoach(table, BrowserMemory(loaded=True))
    assert computer_levels(table) == ["planner"]
    last_capture(table, won=True)
    assert computer_levels(table) == ["planner"]


def test_a_saved_table_follows_the_child():
    table = QuantoTable(speed="instant")
    box = saved(table, MemoryStore())
    memory = box.children[0]
    memory.levels = {"quanto": {"level": "greedy"}}
    memory.loaded = True
    assert computer_levels(table) == ["greedy"]
