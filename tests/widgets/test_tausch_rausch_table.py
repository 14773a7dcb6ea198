"""The Tausch-Rausch table driven without a browser: clicks on buttons and changed traits."""

import random

import pytest

from kartenspiele.bots.hint import hint
from kartenspiele.tausch_rausch import from_scenario
from kartenspiele.tausch_rausch.cards import DECK, Card
from kartenspiele.widgets import Seat, TauschRauschTable
from kartenspiele.widgets.seats import IDLE, PERSON, available_levels

from .helpers import Recorder, choose, press_tausch_rausch_move


def scenario_table(scenario, lang="de"):
    table = TauschRauschTable(lang=lang, speed="instant")
    state = from_scenario(scenario)
    table.load(state, [Seat(PERSON)] + [Seat(IDLE)] * (state.players - 1))
    return table


def hand_ids(table, notation):
    pool = list(table.state.hands[0])
    found = []
    for token in notation.split():
        match = next(i for i in pool if DECK[i].notation == token)
        pool.remove(match)
        found.append(match)
    return found


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_game_against_the_computer(lang):
    level = available_levels("tausch_rausch")[-1]
    table = TauschRauschTable(
        lang=lang, start=True, players=2, seats=["person", level], seed=6, speed="instant", options={"tasks_to_win": 3}
    )
    rng = random.Random(3)
    moves = 0
    while not table.state.is_terminal():
        assert table.my_turn()
        press_tausch_rausch_move(table, choose(table.state.legal_moves(), rng, prefer="fulfil"))
        moves += 1
        assert moves < 300
    assert table.result.layout.display != "none"
    winner = table.names[table.state.winner]
    assert winner in table.result_text.value
    assert ("gewonnen" if lang == "de" else "won") in table.result_text.value
    assert ("Aufgabe" if lang == "de" else "task") in table.move_log.value


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hot_seat_with_three_people(lang):
    table = TauschRauschTable(
        lang=lang, start=True, players=3, seats=["person"] * 3, seed=2, speed="instant", options={"tasks_to_win": 3}
    )
    rng = random.Random(9)
    turns = 0
    while not table.state.is_terminal() and turns < 60:
        player = table.state.to_move
        assert table.hand_slot.children == (table.curtain,) and table.names[player] in table.curtain_text.value
        table.curtain_button.click()
        assert table.viewer == player
        assert sorted(spec.key for spec in table.hand_row.specs) == sorted(table.state.hands[player])
        press_tausch_rausch_move(table, choose(table.state.legal_moves(), rng, prefer="fulfil"))
        turns += 1
    assert table.state.is_terminal() or turns == 60


def test_tasks_judge_the_chosen_cards_with_their_arithmetic():
    table = scenario_table(
        {
            "players": 2,
            "hands": {0: "bl4 bl5 ro9 ge1 gr7"},
            "open_tasks": ["two-one-colour-sum-9", "five-even", "run-of-5", "full-house", "four-of-a-kind"],
        }
    )
    table.hand_row.press(hand_ids(table, "bl4")[0])
    table.hand_row.press(hand_ids(table, "ge1")[0])
    assert "4 + 1 = 5" in table.sum_line.value
    assert "✘" in table.task_texts[0].value
    table.task_buttons[0].click()
    assert "ks-say-warn" in table.message.value and table.state.fulfilled[0] == []
    table.hand_row.press(hand_ids(table, "ge1")[0])
    table.hand_row.press(hand_ids(table, "bl5")[0])
    assert "✔" in table.task_texts[0].value and "4 + 5 = 9" in table.task_texts[0].value
    assert "ks-ready" in table.task_buttons[0]._dom_classes
    table.task_buttons[0].click()
    assert table.state.fulfilled[0] == ["two-one-colour-sum-9"]
    assert "mit blauer 4 und blauer 5 (+1)" in table.banner.value


def test_a_swap_needs_as_many_cards_as_the_stall_holds():
    table = scenario_table(
        {"players": 2, "hands": {0: "ge2 gr4 bl6 ro9 ge10 bl3"}, "stalls": {4: "ro1 ro2 ro3"}}, lang="en"
    )
    table.hand_row.press(hand_ids(table, "ge2")[0])
    table.stall_buttons[4].click()
    assert "exactly 3 cards, not 1" in table.message.value
    for token in ("gr4", "bl6"):
        table.hand_row.press(hand_ids(table, token)[0])
    assert "ks-ready" in table.stall_buttons[4]._dom_classes
    table.stall_buttons[4].click()
    assert len(table.state.hands[0]) == 7
    assert "red 1, red 2 and red 3" in table.banner.value


def test_clear_button_and_undo():
    table = TauschRauschTable(start=True, seats=["person", "random"], seed=5, speed="instant")
    first = table.state.hands[0][0]
    table.hand_row.press(first)
    assert table.picked == [first] and table.clear_button.layout.display != "none"
    table.clear_button.click()
    assert table.picked == []
    before = table.state.to_dict()
    press_tausch_rausch_move(table, table.state.legal_moves()[0])
    table.undo_button.click()
    assert table.state.to_dict() == before


def test_computer_moves_are_paced_and_steppable():
    recorder = Recorder()
    table = TauschRauschTable(start=True, seats=["person", "random"], seed=5, speed="normal", scheduler=recorder)
    press_tausch_rausch_move(table, table.state.legal_moves()[0])
    assert [delay for delay, _ in recorder.pending] == [1.5]
    table.step.value = True
    assert recorder.pending == [] and not table.next_button.disabled
    table.next_button.click()
    assert table.my_turn()


def test_cards_carry_colour_symbol_and_name():
    table = scenario_table({"players": 2, "hands": {0: "ge2 gr4 bl6 ro8 ge10"}})
    specs = {spec.key: spec for spec in table.hand_row.specs}
    spec = specs[hand_ids(table, "gr4")[0]]
    assert spec.label == "4" and "ks-c-gr" in spec.classes and spec.tooltip.startswith("grüne 4")


def test_hint_picks_the_cards_and_marks_the_stall_or_task():
    table = TauschRauschTable(start=True, seats=["person", "random"], seed=4, speed="instant")
    table.hint_button.click()
    tip = hint(table.state.view(0), "de")
    assert sorted((DECK[i] for i in table.picked), key=Card.sort_key) == list(tip.move.cards)
    marked = [button for button in table.stall_buttons + table.task_buttons if "ks-hinted" in button._dom_classes]
    assert len(marked) == 1 and tip.short("de") in table.message.value
    assert tip.more("de") in table.message.value.split("Warum?</summary>")[1]
