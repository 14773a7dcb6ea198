"""The kernel's shared plain layout, styles and stylesheet (`widgets.plain`): a room table sends
far fewer models, a shared model refuses every change (from the kernel and from the browser),
and closing a page leaves them open for the widgets still on the page and those to come. A
table hides an empty text by a CSS class, so that the text can share the plain layout."""

from __future__ import annotations

import logging

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from kartenspiele.lessons.lesson_gate import close_lesson
from kartenspiele.widgets import plain as plain_module
from kartenspiele.widgets.closing import close_tree, page_widgets
from kartenspiele.widgets.lobby import Lobby
from kartenspiele.widgets.plain import (
    SharedLooksError,
    hidden_layout,
    is_shared,
    plain,
    plain_layout,
    plain_style,
    set_shown,
)
from kartenspiele.widgets.room import RoomPage
from kartenspiele.widgets.style import css, style_widget
from kartenspiele.widgets.table_layout import EMPTY


@pytest.fixture
def store(tmp_path):
    store = SQLiteStore(tmp_path / "rooms.db")
    yield store
    store.close()


@pytest.fixture
def own_shared(monkeypatch):
    """Shared models of the test's own (closing them leaves the worker's other tests theirs)."""
    monkeypatch.setattr(plain_module, "_shared", {})


def room_page(store, game: str) -> RoomPage:
    """Ben's page in a started room of three."""
    rooms = Rooms(store)
    room = rooms.open(game, 3, ["open", "open"], "Ana")[0]
    lobby = Lobby("de", store=store, poll=False)
    lobby.code.value, lobby.name.value = room.code, "Ben"
    lobby.join_button.click()
    page = lobby.page
    assert isinstance(page, RoomPage)
    rooms.start(rooms.load(room.code), 0)
    page.sync()
    return page


def models(root) -> list[widgets.Widget]:
    """Every open model a page's browser builds for `root`, shared ones included."""
    found: dict[str, widgets.Widget] = {}
    todo = [root]
    while todo:
        widget = todo.pop()
        if widget.comm is None or widget.model_id in found:
            continue
        found[widget.model_id] = widget
        for value in widget._trait_values.values():
            for item in value if isinstance(value, tuple | list) else (value,):
                if isinstance(item, widgets.Widget):
                    todo.append(item)
    return list(found.values())


@pytest.mark.parametrize(("game", "most"), [("quanto", 100), ("tausch_rausch", 125)])
def test_a_room_table_shares_its_plain_looks(store, game, most):
    """Before the shared looks a Quanto room table sent 162 models, a Tausch-Rausch one 230."""
    table = room_page(store, game).controller.table
    sent = models(table)
    shared = [model for model in sent if is_shared(model)]
    assert len(sent) <= most, len(sent)
    assert {type(model).__name__ for model in shared} >= {"SharedLayout", "SharedHTMLStyle", "SharedButtonStyle"}
    assert sum(1 for model in sent if isinstance(model, widgets.HTML) and model.layout is plain_layout()) >= 5


def test_a_shared_model_refuses_every_change():
    label = plain(widgets.HTML, "Hallo")
    with pytest.raises(SharedLooksError, match="shared by many widgets"):
        label.layout.display = "none"
    with pytest.raises(SharedLooksError):
        label.style.font_size = "40px"
    assert label.layout.display is None and label.style.font_size is None
    assert plain(widgets.Button).layout is label.layout  # one layout for every kind
    own = plain(widgets.HTML, own_layout=True)
    own.layout.display = "none"  # a layout of its own takes changes
    assert own.layout is not label.layout and own.style is label.style and label.layout.display is None


def test_hiding_a_plain_widget_swaps_shared_layouts_and_builds_no_model():
    label, button = plain(widgets.HTML, "Hallo"), plain(widgets.Button)
    hidden_layout()  # the kernel's one hidden layout, made once
    layouts_before = sum(isinstance(model, widgets.Layout) for model in _instances.values())
    set_shown(label, False)
    set_shown(button, False)
    assert label.layout is button.layout is hidden_layout() and label.layout.display == "none"
    assert sum(isinstance(model, widgets.Layout) for model in _instances.values()) == layouts_before
    set_shown(label)
    assert label.layout is plain_layout() and button.layout.display == "none"
    assert plain_layout().display is None  # the shared plain layout was not changed on the way
    sized = plain(widgets.Text, layout=widgets.Layout(width="8em"))
    set_shown(sized, False)
    assert sized.layout.width == "8em" and sized.layout.display == "none"  # its own layout keeps its width
    set_shown(sized)
    assert sized.layout.display == "" and hidden_layout().display == "none"


def test_the_browser_cannot_change_a_shared_model(caplog):
    label = plain(widgets.HTML, "Hallo")
    message = {"method": "update", "state": {"display": "none", "width": "1px"}}
    with caplog.at_level(logging.WARNING, logger="kartenspiele.kernel.update_guard"):
        label.layout._handle_msg({"content": {"data": message}, "buffers": []})
    assert label.layout.display is None and label.layout.width is None
    assert any("display" in record.getMessage() for record in caplog.records)


def test_closing_a_page_leaves_the_shared_models_open(store):
    page = room_page(store, "quanto")
    table = page.controller.table
    shared = [model for model in models(table) if is_shared(model)]
    assert shared and not any(is_shared(widget) for widget in page_widgets(page))
    close_tree(page)
    assert table.comm is None and table.status.comm is None
    assert all(model.comm is not None for model in shared)  # the next page's widgets use them
    again = room_page(store, "quanto").controller.table
    assert again.keys_help.layout is table.keys_help.layout


def test_a_closed_shared_model_is_built_again_for_new_widgets(own_shared):
    sheet = style_widget()
    layout = sheet.layout
    layout.close()  # as `Widget.close_all()` would
    label = plain(widgets.HTML)
    assert label.layout is not layout and label.layout.comm is not None
    again = style_widget()  # the stylesheet held the closed layout: it is built again
    assert again is not sheet and again.layout is label.layout and again.comm is not None


def test_a_page_and_its_table_carry_the_stylesheet_once(store):
    page = room_page(store, "quanto")
    table = page.controller.table
    sheets = {model.model_id for model in models(page) if isinstance(model, widgets.HTML) and "<style>" in model.value}
    assert len(sheets) == 2  # the package's stylesheet and the room's few own rules (before: 3 widgets)
    assert table.style_sheet is style_widget() and table.style_sheet in page.children
    assert "ks-style-sheet" in table.style_sheet._dom_classes and ".ks-style-sheet" in table.style_sheet.value
    close_tree(page)
    assert table.style_sheet.comm is not None  # the next page in this kernel shows it again


def test_an_empty_text_is_hidden_by_its_class_not_by_a_layout(store):
    table = room_page(store, "quanto").controller.table
    assert table.held.layout is plain_layout() and table.held.value == ""
    assert EMPTY in table.held._dom_classes  # nothing held yet: hidden
    assert "beginnt" in table.banner.value  # before the first move: who begins
    assert table.message.value == "" and EMPTY not in table.message._dom_classes  # keeps its place
    table._set(table.held, "<b>7</b>")
    assert EMPTY not in table.held._dom_classes and table.held.layout.display is None
    table._set(table.held, "")
    assert EMPTY in table.held._dom_classes
    assert f".ks-table .{EMPTY}" in css() and "display: none !important" in css()


def test_closing_a_locked_lesson_leaves_the_shared_models_open(own_shared):
    bar = plain(widgets.HBox, [style_widget()])  # made before the lesson, as the lesson bar is
    plain_style(widgets.Button).close()  # so that the lesson builds the next shared button style
    before = set(_instances)
    exercise = plain(widgets.VBox, [plain(widgets.HTML, "1 + 2"), plain(widgets.Button, description="3")])
    close_lesson(bar, before)
    assert exercise.comm is None and all(child.comm is None for child in exercise.children)
    assert bar.comm is not None and plain_layout().comm is not None and style_widget().comm is not None
    assert exercise.children[1].style is plain_style(widgets.Button) and exercise.children[1].style.comm is not None
    assert exercise.children[0].layout is plain_layout()  # nothing new was built in its place
