"""An attacker's messages to the widgets of a page, sent as the browser's comm messages would
reach the kernel (`_handle_msg`): oversized, of the wrong type, to traits no browser sets.
Each is refused before traitlets see it: the state is unchanged, nothing is built, the browser
is sent the kernel's values again, and the refusal is logged."""

from __future__ import annotations

import gc
import logging

import ipywidgets as widgets
import psutil
import pytest
import traitlets
from ipywidgets.widgets.widget import _instances

from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.kernel import update_guard
from kartenspiele.lessons.reasoning import Begruende
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.memory import KEEP

LOGGER = "kartenspiele.kernel.update_guard"


@pytest.fixture
def lobby(tmp_path):
    store = SQLiteStore(tmp_path / "rooms.db")
    yield Lobby("de", store=store, poll=False)
    store.close()


def update(widget: widgets.Widget, state, buffers=None, **data) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, **data}}, "buffers": buffers or []})


def custom(widget: widgets.Widget, content) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def entry(number: int) -> dict[str, str]:
    return {"code": f"R{number:06d}", "token": "t" * 16, "game": "quanto", "name": "Ana"}


def refused(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == LOGGER]


def test_the_guard_stands_before_every_widget():
    assert hasattr(widgets.Widget._handle_msg, "__wrapped__")
    assert not update_guard.install()  # installed once, when the widgets were imported


def test_twenty_thousand_remembered_games_build_nothing_and_cost_no_memory(lobby, caplog):
    floods = [[entry(attempt * 100_000 + number) for number in range(20_000)] for attempt in range(4)]
    process = psutil.Process()
    gc.collect()
    widgets_before, memory_before = len(_instances), process.memory_info().rss
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        for games in floods:  # the probe sent four such messages (about 60 MB each before)
            update(lobby.memory, {"games": games})
    gc.collect()
    grown = (process.memory_info().rss - memory_before) / 2**20
    assert lobby.memory.games == [] and lobby.resume_box.children == ()
    assert len(_instances) == widgets_before
    assert grown < 20, f"the kernel grew by {grown:.0f} MB"
    assert len(refused(caplog)) == 4 and "BrowserMemory" in refused(caplog)[0]


@pytest.mark.parametrize(
    "state",
    [
        {"games": "RABC"},
        {"games": [1, 2, 3]},
        {"games": [{**entry(1), "script": "x"}]},  # a field nobody knows
        {"games": [{**entry(1), "name": ["Ana"]}]},
        {"games": [{**entry(1), "name": "A" * 101}]},
        {"games": [entry(number) for number in range(KEEP + 1)]},
        {"loaded": "yes"},
        {"games": [entry(1)], "_esm": "alert(1)"},  # the widget's own script
    ],
)
def test_wrong_types_and_sizes_of_remembered_games_are_refused(lobby, caplog, state):
    lobby.memory.games = [entry(7)]
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(lobby.memory, state)
    assert lobby.memory.games == [entry(7)] and not lobby.memory.loaded
    assert len(lobby.resume_box.children) == 1 and refused(caplog)


def test_what_a_browser_really_sends_is_taken(lobby, caplog):
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(lobby.memory, {"games": [entry(number) for number in range(KEEP)], "loaded": True})
        update(lobby.name, {"value": "Ana"})
        update(lobby.players, {"index": 0})
        update(lobby.seat_kinds[0], {"index": 1})
    assert len(lobby.resume_box.children) == KEEP and lobby.memory.loaded
    assert lobby.name.value == "Ana" and lobby.players.value == 2
    assert lobby.seat_kinds[0].value != "open"
    assert refused(caplog) == []


def test_a_megabyte_of_text_is_refused_and_the_box_is_sent_its_value_again(lobby, monkeypatch, caplog):
    lobby.name.value = "Ana"
    sent = []
    monkeypatch.setattr(lobby.name, "send_state", lambda keys: sent.append(keys))
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(lobby.name, {"value": "B" * 1_000_000})
        update(lobby.name, {"value": "B" * (update_guard.TEXT_MAX_CHARS + 1)})
        update(lobby.name, {"value": 12345})
    assert lobby.name.value == "Ana" and sent == [["value"]] * 3 and len(refused(caplog)) == 3
    update(lobby.name, {"value": "B" * update_guard.TEXT_MAX_CHARS})  # the longest allowed
    assert lobby.name.value == "B" * update_guard.TEXT_MAX_CHARS


def test_a_pupils_reasoning_has_a_bound_in_the_kernel(caplog):
    page = Begruende("subsets", "cut")
    update(page.entry, {"value": "weil " * (update_guard.TEXTAREA_MAX_CHARS // 5)})
    assert page.entry.value.startswith("weil ")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(page.entry, {"value": "x" * (update_guard.TEXTAREA_MAX_CHARS + 1)})
    assert page.entry.value.startswith("weil ") and refused(caplog)


@pytest.mark.parametrize(
    ("name", "state"),
    [
        ("open_button", {"disabled": True}),  # only the kernel disables a button
        ("open_button", {"description": "x" * 5000}),
        ("message", {"value": "<script>alert(1)</script>"}),  # an HTML widget is never typed into
        ("open_box", {"children": []}),  # the browser cannot rearrange a page
        ("players", {"index": 7}),  # no such option
        ("players", {"index": "1"}),
        ("players", {"value": 4}),  # not what a browser sends for a choice
        ("name", {"value": "Ana", "layout": None}),
        ("name", {"placeholder": "x"}),
    ],
)
def test_traits_no_browser_sets_are_refused(lobby, caplog, name, state):
    widget = getattr(lobby, name)
    before = {key: getattr(widget, key) for key in state if key in widget.keys}
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(widget, state)
    assert {key: getattr(widget, key) for key in before} == before and refused(caplog)


def test_binary_buffers_and_large_custom_messages_are_refused(lobby, caplog):
    clicks = []
    lobby.join_button.on_click(lambda _: clicks.append(1))
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(lobby.name, {"value": None}, buffers=[b"x" * 1000], buffer_paths=[["value"]])
        custom(lobby.join_button, {"event": "click", "padding": "x" * 1_000_000})
    assert lobby.name.value == "" and clicks == [] and len(refused(caplog)) == 2
    custom(lobby.join_button, {"event": "click"})  # a real click still works
    assert clicks == [1]


class Foreign(widgets.DOMWidget):
    """A widget of another package in a notebook of one's own."""

    points = traitlets.List().tag(sync=True)


def test_widgets_of_other_packages_keep_their_protocol_within_the_size_bound(caplog):
    foreign = Foreign()
    update(foreign, {"points": list(range(100))})
    assert foreign.points == list(range(100))
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        update(foreign, {"points": list(range(update_guard.MAX_MESSAGE_SIZE))})
    assert len(foreign.points) == 100 and refused(caplog)


def test_sliders_and_number_boxes_of_ones_own_notebook_still_work():
    slider, box, check = widgets.IntSlider(max=10), widgets.BoundedIntText(max=100), widgets.Checkbox()
    update(slider, {"value": 7})
    update(box, {"value": 42})
    update(check, {"value": True})
    update(box, {"value": 10**400})
    update(check, {"value": "false"})
    assert (slider.value, box.value, check.value) == (7, 42, True)


def test_size_counts_no_further_than_its_bound():
    assert update_guard.size({"a": "bc", "d": [1, None]}, 100) == 1 + 2 + 3 + 2 + 3  # {}, "a", "bc", "d", [1, None]
    huge = [["x" * 10] * 10_000_000]
    assert update_guard.size(huge, 50) <= 50 + 11
