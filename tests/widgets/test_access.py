"""What the tables tell screen readers and the keyboard script, the way back to a running game,
the end screen's words and the whole computer turn in the banner (no browser needed)."""

from kartenspiele.quanto import from_scenario
from kartenspiele.quanto.cards import DECK
from kartenspiele.widgets import QuantoTable, Seat, TauschRauschTable
from kartenspiele.widgets.ending import verdict
from kartenspiele.widgets.seats import IDLE, PERSON

NAMES = ["Spieler 1", "Computer 1", "Computer 2"]


def attrs_of(table, button):
    """The attributes the access script puts on `button` (found by its token class)."""
    tokens = [c for c in button._dom_classes if c.startswith("ks-a-")]
    assert len(tokens) == 1
    return table.access.attrs[tokens[0]]


def quanto(scenario):
    table = QuantoTable(speed="instant")
    state = from_scenario(scenario)
    table.load(state, [Seat(PERSON)] + [Seat(IDLE)] * (state.players - 1))
    return table


def test_cards_have_full_names_and_a_pressed_state():
    table = quanto({"players": 2, "table": "2 6 9 11", "hands": ["8 R4 J", None]})
    names = {attrs_of(table, table.hand_row.button(i))["aria-label"] for i in table.state.hands[0]}
    assert names == {"8", "Regenbogen-4", "Joker"}
    eight = next(i for i in table.state.hands[0] if DECK[i].value == 8 and not DECK[i].rainbow)
    assert attrs_of(table, table.hand_row.button(eight))["aria-pressed"] == "false"
    table.hand_row.press(eight)
    assert attrs_of(table, table.hand_row.button(eight))["aria-pressed"] == "true"
    nine = next(i for i in table.state.table if DECK[i].value == 9)
    blocked = attrs_of(table, table.table_row.button(nine))
    assert blocked["aria-label"] == "9" and "9" in blocked["aria-description"]  # why 9 cannot join an 8


def test_identical_buttons_say_which_stall_or_task():
    table = TauschRauschTable(start=True, seats=["person", "greedy"], seed=7, speed="instant")
    stalls = [attrs_of(table, b)["aria-label"] for b in table.stall_buttons]
    tasks = [attrs_of(table, b)["aria-label"] for b in table.task_buttons]
    assert len(set(stalls)) == 5 and all(f"Marktstand {n}" in s for n, s in zip(range(1, 6), stalls))
    assert len(set(tasks)) == 5 and all(s.startswith("Aufgabe erfüllen: ") for s in tasks)


def test_focus_goes_to_the_table_at_the_start_and_back_to_the_hand_after_a_move():
    table = quanto({"players": 2, "table": "2 6 9 11", "hands": ["8 12 10", None]})
    assert table.access.focus == "table"
    serial = table.access.focus_serial
    table.hand_row.press(next(i for i in table.state.hands[0] if DECK[i].value == 8))
    table.actions.press(next(m for m in table._action_moves if m.kind == "lay"))
    assert table.access.focus == "hand" and table.access.focus_serial == serial + 1


def test_new_game_keeps_the_running_game_until_one_starts():
    table = QuantoTable(start=True, seats=["person", "greedy"], seed=3, speed="instant")
    table.hand_row.press(table.state.hands[0][0])
    table.actions.press(table.actions.specs[0].key)
    moves = len(table.session.moves)
    table.new_button.click()
    assert table.setup in table.children and table.resume_button in table.children
    table.resume_button.click()
    assert table.main in table.children and len(table.session.moves) == moves


def test_the_end_screen_speaks_to_the_player():
    assert verdict([0], NAMES, 0, "de") == ("Du hast gewonnen!", True)
    assert verdict([1], NAMES, 0, "de") == ("Computer 1 hat gewonnen.", False)
    assert verdict([0, 2], NAMES, 0, "en") == ("A tie! You share the win with Computer 2.", True)
    assert verdict([1], NAMES, None, "de") == ("Computer 1 hat gewonnen!", True)  # hot seat: a person won
    assert verdict([], NAMES, 0, "de")[1] is False


def test_the_banner_shows_the_whole_turn_of_the_computer():
    table = quanto({"players": 3, "table": "2 6 9 11", "hands": ["8 12 10", None, None]})
    table.actors = [0, 1, 1, 2]
    assert table.last_turn() == [1, 2, 3]  # everything since the person's move
    table.actors = [1, 0, 0]
    assert table.last_turn() == [1, 2]  # the person's own 2 and the card after it


def test_the_log_can_be_opened_and_closed():
    table = QuantoTable(start=True, seats=["person", "greedy"], seed=3, speed="instant")
    table.log_button.value = True
    assert "ks-log-open" in table.main._dom_classes
    table.log_button.value = False
    assert "ks-log-open" not in table.main._dom_classes and "ks-log-chosen" in table.main._dom_classes
