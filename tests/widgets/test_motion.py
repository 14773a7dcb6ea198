"""Motion that explains (`widgets.motion`): before the table is drawn again the kernel lifts what
the move takes from where the page shows it; after drawing, it says where each element went and
what to cheer. (The browser's part is in tests/e2e/test_app_page.py.)"""

from kartenspiele import quanto, tausch_rausch
from kartenspiele.quanto.moves import CAPTURE, FORM
from kartenspiele.tausch_rausch.moves import FULFIL, SWAP
from kartenspiele.widgets import QuantoTable, TauschRauschTable
from kartenspiele.widgets.seats import IDLE, PERSON, Seat

from .helpers import press_quanto_move, press_tausch_rausch_move


def recorded(table) -> list[dict]:
    sent: list[dict] = []
    table.stage.send = lambda content, buffers=None: sent.append(content)
    return sent


def test_a_capture_flies_to_the_win_pile_and_a_quanto_is_cheered():
    table = QuantoTable(speed="instant")
    table.load(
        quanto.from_scenario({"players": 2, "table": "4 7 8 11", "hands": ["8 3 12", None]}), [Seat(), Seat(IDLE)]
    )
    sent = recorded(table)
    hand = dict(table.hand_row.shown())
    on_table = dict(table.table_row.shown())
    move = next(m for m in table.state.legal_moves() if m.kind == CAPTURE and m.takes == (quanto.parse_cards("8")[0],))
    press_quanto_move(table, move)
    lift = next(message["lift"] for message in sent if "lift" in message)
    eight = next(key for key in on_table if quanto.cards.DECK[key].value == 8)
    played = next(key for key in hand if quanto.cards.DECK[key].value == 8)
    assert [source for _, source in lift] == [hand[played], on_table[eight]]
    land = sent[-1]
    assert set(land["land"].values()) == {".ks-player[data-seat='0'] .ks-count"} and land["cheers"] == []
    assert sent.index(next(m for m in sent if "lift" in m)) < sent.index(land)
    table.load(
        quanto.from_scenario({"players": 2, "table": "4 6 10 12", "hands": ["4 11", None]}), [Seat(PERSON), Seat(IDLE)]
    )
    sent.clear()
    press_quanto_move(table, next(m for m in table.state.legal_moves() if m.kind == FORM))
    assert sent[-1]["cheers"] == [".ks-player[data-seat='0'] .ks-chip"]  # a built Quanto: a kind sign


def test_a_swap_gives_to_the_stall_and_takes_into_the_hand():
    table = TauschRauschTable(speed="instant")
    scenario = {"players": 2, "hands": {0: "ge2 gr4 bl6 ro9 ge10 bl3"}, "stalls": {4: "ro1 ro2 ro3"}}
    table.load(tausch_rausch.from_scenario(scenario), [Seat(PERSON), Seat(IDLE)])
    sent = recorded(table)
    before = dict(table.hand_row.shown())
    swap = next(m for m in table.state.legal_moves() if m.kind == SWAP and m.stall == 4)
    press_tausch_rausch_move(table, swap)
    lift = next(message["lift"] for message in sent if "lift" in message)
    sources = [source for _, source in lift]
    given = [place for key, place in before.items() if tausch_rausch.cards.DECK[key] in swap.cards]
    assert sorted(sources[:3]) == sorted(given)
    assert sources[3:] == [f".ks-stall-4 .ks-row > .ks-card:nth-child({n})" for n in (1, 2, 3)]
    targets = sent[-1]["land"]
    after = dict(table.hand_row.shown())
    red = {place for key, place in after.items() if key not in before and tausch_rausch.cards.DECK[key].colour == "ro"}
    keys = [key for key, _ in lift]
    assert {targets[key] for key in keys[:3]} == {".ks-stall-4"} and {targets[key] for key in keys[3:]} <= red


def test_a_fulfilled_task_flies_to_the_count_which_is_cheered():
    table = TauschRauschTable(speed="instant")
    scenario = {"players": 2, "hands": {0: "ge2 gr4 bl6 ro8 ge10 bl3"}, "open_tasks": ["five-even"]}
    table.load(tausch_rausch.from_scenario(scenario), [Seat(PERSON), Seat(IDLE)])
    sent = recorded(table)
    press_tausch_rausch_move(table, next(m for m in table.state.legal_moves() if m.kind == FULFIL))
    count = ".ks-player[data-seat='0'] .ks-count"
    assert sent[-1]["cheers"] == [count] and count in sent[-1]["land"].values()
    assert ".ks-task-0" in sent[-1]["land"].values()
