"""The Quanto table driven without a browser: clicks on buttons and changed traits."""

import random
import re

import pytest

from kartenspiele.bots.hint import hint
from kartenspiele.quanto import from_scenario
from kartenspiele.quanto.cards import DECK
from kartenspiele.widgets import QuantoTable, QuantoTutorial, Seat
from kartenspiele.widgets.seats import IDLE, PERSON, available_levels

from .helpers import Recorder, choose, press_quanto_move


def ids(zone, value):
    return [i for i in zone if DECK[i].value == value and not DECK[i].rainbow]


def scenario_table(scenario, lang="de", **kwargs):
    """A table showing a prepared position: the person at seat 0, the others idle."""
    table = QuantoTable(lang=lang, speed="instant", **kwargs)
    state = from_scenario(scenario)
    table.load(state, [Seat(PERSON)] + [Seat(IDLE)] * (state.players - 1))
    return table


def labels(table):
    """The texts of the buttons that play the chosen card (refilling aside)."""
    return [spec.label for spec in table.actions.specs if "ks-main-action" in spec.classes]


def press(table, label):
    table.actions.press(next(spec.key for spec in table.actions.specs if spec.label == label))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_game_against_the_computer(lang):
    level = available_levels("quanto")[0]
    table = QuantoTable(lang=lang, start=True, players=3, seats=["person", level, level], seed=11, speed="instant")
    rng = random.Random(5)
    moves = 0
    while not table.state.is_terminal():
        assert table.my_turn(), "the computer moves until it is the person's turn again"
        press_quanto_move(table, choose(table.state.legal_moves(), rng, prefer="capture"))
        moves += 1
        assert moves < 400
    assert table.result.layout.display != "none"
    scores = table.state.scores()
    for name, score in zip(table.names, scores):
        assert name in table.result_text.value and str(score) in table.result_text.value
    winner = table.names[scores.index(max(scores))]
    assert winner in table.result_text.value
    log = table.move_log.value
    assert " = " in log and ("Spielende" if lang == "de" else "Game over") in log
    assert ("Computer 1" if lang == "de" else "Computer 1") in log


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hot_seat_hides_each_hand_until_its_owner_is_ready(lang):
    table = QuantoTable(lang=lang, start=True, players=2, seats=["person", "person"], seed=4, speed="instant")
    rng = random.Random(2)
    turns = 0
    while not table.state.is_terminal() and turns < 40:
        player = table.state.to_move
        if table.state.phase == "turn":
            assert table.hand_slot.children == (table.curtain,)
            assert table.names[player] in table.curtain_button.description
            assert not table.my_turn()
            table.curtain_button.click()
        assert table.hand_slot.children == (table.private_area,)
        shown = sorted(spec.key for spec in table.hand_row.specs)
        assert shown == sorted(table.state.playable())
        press_quanto_move(table, choose(table.state.legal_moves(), rng, prefer="capture"))
        turns += 1
    assert turns == 40 or table.state.is_terminal()


def test_the_table_answers_a_selection_with_the_sum_the_buttons_and_reasons():
    table = scenario_table({"players": 2, "table": "2 4 4 8 7", "hands": ["8 5", None]})
    state = table.state
    table.hand_row.press(ids(state.hands[0], 8)[0])
    assert "8" in table.sum_line.value
    four, other_four = ids(state.table, 4)
    table.table_row.press(four)
    table.table_row.press(other_four)
    assert "4 + 4 = 8" in table.sum_line.value
    assert labels(table) == ["Nehmen"]
    joinable = [spec for spec in table.table_row.specs if "ks-joinable" in spec.classes]
    assert [spec.key for spec in joinable] == ids(state.table, 8)
    seven = ids(state.table, 7)[0]
    table.table_row.press(seven)
    assert seven not in table.picked
    assert "ks-say-warn" in table.message.value
    reason = state.selection(table.card, [four, other_four]).why_not(seven, "de")
    assert reason == "Die übrigen Karten ergänzen 7 nicht zu 8." and reason in table.message.value
    blocked = next(spec for spec in table.table_row.specs if spec.key == seven)
    assert "ks-blocked" in blocked.classes and reason in blocked.tooltip
    press(table, "Nehmen")
    assert table.state.win[0] and "4 + 4 = 8" in table.banner.value


def test_quanto_buttons_offer_what_the_selection_can_become():
    table = scenario_table({"players": 2, "table": "4 6 10 12", "hands": ["4 J", None]}, lang="en")
    state = table.state
    table.hand_row.press(ids(state.hands[0], 4)[0])
    assert "Lay on the table" in labels(table)
    table.table_row.press(ids(state.table, 6)[0])
    assert labels(table) == ["Form Quanto 10"]
    table.table_row.press(ids(state.table, 10)[0])
    press(table, "Form Quanto 10")
    assert table.state.chip_of[0] == 10 and len(table.state.stacks[0]) == 3
    assert "Quanto" in table.mine.value and ">10<" in table.mine.value


def test_a_joker_names_its_value_and_can_take_another_quanto():
    table = scenario_table({"players": 2, "table": "1 2 3 6", "hands": ["J 12", None], "quantos": {1: (9, "4 5")}})
    state = table.state
    joker = next(i for i in state.hands[0] if DECK[i].is_joker)
    table.hand_row.press(joker)
    assert "Quanto von Spieler 2 nehmen" in labels(table)
    for value in (1, 2, 3):
        table.table_row.press(ids(state.table, value)[0])
    assert "1 + 2 + 3 = 6" in table.sum_line.value
    assert labels(table) == ["Nehmen (Joker als 3)", "Nehmen (Joker als 6)"]  # 1 + 2 = 3 = 3, or 1 + 2 + 3 = 6
    table.table_row.press(ids(state.table, 6)[0])
    assert labels(table) == ["Nehmen (Joker als 6)", "Nehmen (Joker als 12)"]  # 6 = 6 beside, or all = 12
    press(table, "Nehmen (Joker als 6)")
    assert "Joker als 6" in table.banner.value and "3 + 2 + 1 = 6" in table.banner.value


def test_more_than_two_quantos_a_joker_could_take_are_listed_not_buttons():
    """Each "Quanto von … nehmen" takes two lines beside the board: two stay buttons, three go to
    the list (with laying the Joker), so that the choice fits beside the cards on a tablet."""
    two = {1: (9, "4 5"), 2: (7, "3 4")}
    for quantos, listed in ((two, False), ({**two, 3: (10, "5 5")}, True)):
        table = scenario_table(
            {"players": len(quantos) + 1, "table": "2 8 11", "hands": {0: "J 5"}, "quantos": quantos}
        )
        table.hand_row.press(next(i for i in table.state.hands[0] if DECK[i].is_joker))
        takes = [f"Quanto von Spieler {seat + 1} nehmen" for seat in quantos]
        if listed:
            assert table.action_more.layout.display != "none" and not labels(table)
            assert [label for label, _ in table.action_list.options] == [*takes, "Anlegen"]
            assert table.action_list.label == takes[0]  # a choice shows, not an empty box
            table.action_list.value = table.action_list.options[2][1]
            table.action_go.click()
            assert table.state.chip_of[3] is None and table.state.chip_of[1] == 9  # the third player's Quanto is taken
        else:
            assert table.action_more.layout.display == "none" and labels(table) == [*takes, "Anlegen"]


def test_a_joker_turn_whose_buttons_would_take_more_than_six_lines_lists_its_plays():
    """Collecting the own Quanto (one line), taking two others (two lines each), laying (one) and
    the refill buttons (one) would take seven lines beside the board: the plays go to the list,
    the refill buttons stay; without the own Quanto (six lines) every play is a button."""
    others = {1: (9, "4 5"), 2: (7, "3 4")}
    takes = ["Quanto von Spieler 2 nehmen", "Quanto von Spieler 3 nehmen"]
    refills = ["Auslage auffüllen", "Hand auffüllen"]
    for quantos, plays, listed in (
        (others, [*takes, "Anlegen"], False),
        ({0: (12, "1 2 3 4 1 1"), **others}, ["Quanto einsammeln", *takes, "Anlegen"], True),
    ):
        table = scenario_table({"players": 3, "table": "6 7", "hands": {0: "J 5 9"}, "quantos": quantos})
        table.hand_row.press(next(i for i in table.state.hands[0] if DECK[i].is_joker))
        sides = [spec.label for spec in table.actions.specs if "ks-side" in spec.classes]
        assert sides == refills
        if listed:
            assert table.action_more.layout.display != "none" and not labels(table)
            assert [label for label, _ in table.action_list.options] == plays
            table.action_go.click()  # the list shows its first choice: collect the own Quanto
            assert table.state.chip_of[0] is None and table.state.chip_of[1] == 9
        else:
            assert table.action_more.layout.display == "none" and labels(table) == plays


@pytest.mark.parametrize(
    "lang, named",
    [
        ("de", "Quanto 10 mit 10 Karten: 1, 2, Regenbogen-10, 3, 4, 1, 2, 3, 4, 10"),
        ("en", "Quanto 10 with 10 cards: 1, 2, rainbow 10, 3, 4, 1, 2, 3, 4, 10"),
    ],
)
def test_a_quantos_stack_is_one_group_named_with_every_card(lang, named):
    """The app page lays a stack as a fan (each card's value at its edge): the newest eight cards
    show, the older ones as their count; the group's name lists every card, and a two-digit card
    is marked for its wider edge."""
    table = scenario_table(
        {"players": 2, "table": "6", "hands": ["5", None], "quantos": {0: (10, "1 2 R10 3 4 1 2 3 4 10")}}, lang=lang
    )
    stack = re.search(
        r"<span class='ks-stack' role='group' aria-label='([^']*)' title='\1'>(.*)</span></div>", table.mine.value
    )
    assert stack and stack.group(1) == named
    assert stack.group(2).startswith("<span class='ks-stack-more' aria-hidden='true'>+2</span>")
    looks = re.findall(r'class="ks-card ([^"]*)"', stack.group(2))
    assert looks == ["ks-wide ks-small ks-rainbow", *["ks-small"] * 6, "ks-wide ks-small"]


def test_special_cards_say_what_they_did():
    table = scenario_table({"players": 2, "table": "5 6 12", "hands": ["2 11", None]})
    state = table.state
    table.hand_row.press(ids(state.hands[0], 2)[0])
    press(table, "Anlegen")
    assert "Die 2" in table.banner.value and "Die 2" in table.status.value
    assert table.my_turn() and table.state.phase == "after_two"


def test_after_a_three_the_drawn_cards_are_played():
    table = scenario_table({"players": 2, "table": "4 6 9", "hands": ["3 5", None], "draw": "10 7 12 8 8"}, lang="en")
    table.hand_row.press(ids(table.state.hands[0], 3)[0])
    press(table, "Lay on the table")
    assert "The 3" in table.banner.value
    assert sorted(spec.key for spec in table.hand_row.specs) == sorted(table.state.drawn)
    assert "Your hand waits" in table.held.value


def test_the_end_shows_scores_and_who_took_the_table():
    table = scenario_table(
        {"players": 2, "table": "6 2", "hands": ["6", ""], "draw": "", "win": {1: "7 7"}, "last_capturer": 1}
    )
    table.hand_row.press(ids(table.state.hands[0], 6)[0])
    table.table_row.press(ids(table.state.table, 6)[0])
    press(table, "Nehmen")
    assert table.state.is_terminal()
    result = table.result_text.value
    assert "Spielende" in result and "Du hast gewonnen!" in result and "ks-confetti" in result
    assert "Du hast zuletzt Karten genommen: die Auslage (2) gehört dir." in result
    assert table.again_button.description and table.result_new_button.description


def test_undo_takes_back_the_persons_move_and_the_computers_answer():
    table = QuantoTable(start=True, seats=["person", "random"], seed=8, speed="instant")
    before = table.state.to_dict()
    assert table.undo_button.disabled
    press_quanto_move(table, table.state.legal_moves()[0])
    assert len(table.session.moves) >= 2 and not table.undo_button.disabled
    table.undo_button.click()
    assert table.state.to_dict() == before and table.session.moves == []
    assert table.undo_button.disabled


def test_step_mode_waits_for_next_move():
    table = QuantoTable(start=True, seats=["person", "random"], seed=8, speed="instant", step=True)
    assert table.next_button.layout.display != "none" and table.next_button.disabled
    press_quanto_move(table, table.state.legal_moves()[0])
    assert table.state.to_move == 1 and not table.next_button.disabled
    assert "Nächster Zug" in table.status.value
    while table.state.to_move == 1 and not table.state.is_terminal():
        table.next_button.click()
    assert table.my_turn()


def test_computer_moves_wait_for_the_pace():
    recorder = Recorder()
    table = QuantoTable(start=True, seats=["person", "random"], seed=8, speed="slow", scheduler=recorder)
    press_quanto_move(table, table.state.legal_moves()[0])
    assert [delay for delay, _ in recorder.pending] == [3.0]
    assert table.state.to_move == 1 and "Computer (leicht)" in table.status.value
    while recorder.pending:
        recorder.fire()
    assert table.my_turn()
    table.speed.value = "fast"
    press_quanto_move(table, table.state.legal_moves()[0])
    assert [delay for delay, _ in recorder.pending] == [0.5]


def test_new_game_panel_starts_a_game_against_the_computer_with_one_click():
    table = QuantoTable()
    assert table.setup in table.children and table.session is None
    seat_options = [value for _, value in table.setup.seat_kinds[1].options]
    assert seat_options == ["person", *available_levels("quanto")]
    assert available_levels("quanto") == ["random", "greedy", "planner"]
    seed = table.setup.seed.value
    table.setup.start.click()
    assert table.session is not None and table.main in table.children
    assert table.seats[0].is_person and table.seats[1].is_computer
    assert table.state.seed == seed and str(seed) in table.move_log.value


def test_new_game_panel_sets_players_seats_variants_and_seed():
    table = QuantoTable(lang="en")
    table.setup.players.value = 4
    visible = [row.layout.display != "none" for row in table.setup.seat_rows]
    assert visible == [True] * 4 + [False] * 2
    table.setup.seat_kinds[1].value = "person"
    table.setup.seat_names[1].value = "Mia"
    table.setup.variant_boxes[0].value = "auto"
    table.setup.seed.value = 123
    table.setup.start.click()
    assert table.state.players == 4 and table.state.options.refill == "auto" and table.state.seed == 123
    assert table.names[1] == "Mia" and table.hot_seat
    table.again_button.click()
    assert table.state.seed == 123 and table.session.moves == []


def test_language_switch_tells_everything_again():
    table = QuantoTable(start=True, seats=["person", "random"], seed=3, speed="instant")
    press_quanto_move(table, table.state.legal_moves()[0])
    german = table.move_log.value
    table.language.value = "en"
    assert table.move_log.value != german and "What happened so far" in table.move_log.value
    assert table.new_button.description == "New game" and "Computer (easy)" in table.names
    seat_kind = table.setup.seat_kinds[1].value
    table.language.value = "de"
    table.language.value = "en"
    table.new_button.click()  # the new-game panel, hidden during the game, speaks English once it shows
    assert table.setup in table.children and table.setup.start.description == "Start the game"
    assert table.setup.seat_kinds[1].label == "Computer (easy)" and table.setup.seat_kinds[1].value == seat_kind
    table.language.value = "de"  # shown: switched at once, the choices kept
    assert table.setup.start.description == "Spiel starten" and table.setup.seat_kinds[1].value == seat_kind


def test_a_language_switch_sends_each_changed_text_once():
    """Drop-downs relabelled in one message each, the toggle's observer not a second pass."""
    import comm
    from comm.base_comm import BaseComm

    sent: list[dict] = []

    class Counting(BaseComm):
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent.append(data or {})

    made, comm.create_comm = comm.create_comm, Counting
    try:
        table = QuantoTable(start=True, seats=["person", "random"], seed=3, speed="instant")
        press_quanto_move(table, table.state.legal_moves()[0])
        sent.clear()
        table.language.value = "en"
    finally:
        comm.create_comm = made
    speed = [m for m in sent if "_options_labels" in m.get("state", {}) and "Computer: slow" in str(m["state"])]
    assert len(speed) == 1 and "index" in speed[0]["state"]  # labels and choice in one message
    assert not [m for m in sent if "visibility" in m.get("state", {})]  # the hidden panel waits
    assert len(sent) < 50


def test_hint_button_shows_the_best_levels_move_and_its_reason():
    table = QuantoTable(start=True, seats=["person", "random"], seed=3, speed="instant")
    assert table.hint_button.layout.display != "none" and not table.hint_button.disabled
    table.hint_button.click()
    tip = hint(table.state.view(0), "de")
    if tip.move.card is not None:
        assert DECK[table.card] == tip.move.card and len(table.picked) == len(tip.move.takes)
    message = table.message.value
    assert f"Tipp: {tip.short('de')}" in message and tip.reason not in message  # what to do, short
    why = message.split("<details class='ks-why'><summary>Warum?</summary>", 1)[1]
    assert why.startswith(tip.more("de")) and tip.more("de")  # the rest one tap away


def test_the_status_line_offers_only_actions_whose_button_is_there():
    table = scenario_table({"players": 2, "table": "2 4 4 8 7 1", "hands": ["8 5", None], "draw": ""})
    state = table.state
    assert "fülle auf" not in table.status.value  # the draw pile is empty: no refill button
    table.hand_row.press(ids(state.hands[0], 8)[0])
    assert "lege die Karte an" in table.status.value and "Anlegen" in labels(table)
    four, other_four = ids(state.table, 4)
    table.table_row.press(four)
    assert "Anlegen" not in labels(table) and "anlegen" not in table.status.value
    assert "Knopf" in table.status.value and labels(table) == ["Quanto 12 bilden"]
    table.table_row.press(other_four)
    assert labels(table) == ["Nehmen"] and "Knopf" in table.status.value
    table.table_row.press(ids(state.table, 7)[0])
    assert labels(table) == [] and "Knopf" not in table.status.value
    shown, why = table.sum_line.value.split("<details class='ks-why'><summary>Warum?</summary>")
    assert "7, bis 8 fehlt noch 1" in shown and "Noch ist kein Zug fertig" in why  # the reason one tap away
    assert len(re.findall(r"[a-z0-9][.!?](?= |<|$)", shown)) <= 2  # at most two sentences at once


def test_a_hint_marks_the_cards_and_the_button_it_names():
    tutorial = QuantoTutorial(lesson=3)  # form Quanto 10 with 4: 6 10
    tutorial.hint_button.click()
    table = tutorial.table
    assert "Karten und der passende Knopf sind markiert" in table.message.value
    hinted = [spec for spec in table.actions.specs if "ks-hinted" in spec.classes]
    assert [spec.label for spec in hinted] == ["Quanto 10 bilden"]
    assert sorted(DECK[i].value for i in table.picked) == [6, 10]
    refill = QuantoTutorial(lesson=12)  # refill the hand: only a button
    refill.hint_button.click()
    assert "Der passende Knopf ist markiert" in refill.table.message.value
    assert [spec.label for spec in refill.table.actions.specs if "ks-hinted" in spec.classes] == ["Hand auffüllen"]


def test_with_an_empty_hand_the_status_line_names_the_only_button():
    refill = scenario_table({"players": 2, "table": "2 4", "hands": ["", "5"], "draw": "7 8 9"})
    assert "Hand auffüllen" in [spec.label for spec in refill.actions.specs] and "fülle auf" in refill.status.value
    assert "wähle eine Karte" not in refill.status.value
