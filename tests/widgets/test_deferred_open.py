"""Widgets a lesson cell builds open once, finished (`widgets.deferred_open`), in a real kernel:
what the kernel sends for a cell, read from its output channel."""

from __future__ import annotations

import json
import re

import pytest

from .real_kernel import run, started_kernel

SETUP = """
import threading
import ipywidgets as widgets
from kartenspiele.widgets.deferred_open import defer_in_cells, pending
installed = defer_in_cells()
"""


@pytest.fixture(scope="module")
def kernel():
    with started_kernel() as (_, client):
        run(client, SETUP)
        yield client


def cell(client, code: str) -> list[dict]:
    """The messages the kernel sent on its output channel while running `code` (in order)."""
    sent: list[dict] = []
    run(client, code, timeout=60, output_hook=sent.append)
    return [m for m in sent if m["msg_type"] in ("comm_open", "comm_msg", "comm_close", "execute_result", "stream")]


def opened(messages: list[dict]) -> dict[str, dict]:
    return {m["content"]["comm_id"]: m["content"]["data"]["state"] for m in messages if m["msg_type"] == "comm_open"}


def updates(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update"]


def test_a_cell_sends_each_widget_once_with_its_finished_state(kernel):
    messages = cell(
        kernel,
        "text = widgets.HTML('erst')\n"
        "box = widgets.VBox([text])\n"
        "text.value = 'fertig'\n"
        "box.layout.display = 'none'\n"
        "box.add_class('ks-table')\n"
        "box",
    )
    states = opened(messages)
    assert updates(messages) == []
    shown = [m for m in messages if m["msg_type"] == "execute_result"]
    box_id = shown[0]["content"]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
    box_state = states[box_id]
    assert box_state["_dom_classes"] == ["ks-table"]
    assert states[box_state["layout"].removeprefix("IPY_MODEL_")]["display"] == "none"
    (child,) = box_state["children"]
    assert states[child.removeprefix("IPY_MODEL_")]["value"] == "fertig"
    # what a widget holds is opened before it: the browser can build it at once
    order = [m["content"]["comm_id"] for m in messages if m["msg_type"] == "comm_open"]
    for comm_id, state in states.items():
        for held in re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(state)):
            assert order.index(held) < order.index(comm_id)


def test_widgets_not_shown_open_when_the_cell_ends_and_closed_ones_never(kernel):
    messages = cell(
        kernel,
        "kept = widgets.HTML('für später')\ngone = widgets.HTML('weg')\ngone.close()\nwaiting = pending(kept)",
    )
    assert [state["value"] for state in opened(messages).values() if state["_model_name"] == "HTMLModel"] == [
        "für später"
    ]
    found = run(kernel, "", {"w": "waiting", "k": "pending(kept)", "c": "kept.comm is None"}, timeout=60)
    assert found == {"w": True, "k": False, "c": False}


def test_after_the_cell_changes_are_sent_as_updates(kernel):
    cell(kernel, "later = widgets.HTML('a')")
    messages = cell(kernel, "later.value = 'b'")
    assert [m["content"]["data"]["state"] for m in updates(messages)] == [{"value": "b"}]
    assert opened(messages) == {}


def test_output_widgets_and_other_threads_open_at_once(kernel):
    messages = cell(
        kernel,
        "out = widgets.Output()\n"
        "with out:\n"
        "    print('drinnen')\n"
        "made = []\n"
        "worker = threading.Thread(target=lambda: made.append(widgets.HTML('faden')))\n"
        "worker.start(); worker.join()\n"
        "thread_waits = pending(made[0])\n"
        "out_waits = pending(out)",
    )
    assert any(state["_model_name"] == "OutputModel" for state in opened(messages).values())
    # the browser is told to capture before the print arrives, so "drinnen" lands in the widget
    capture = next(i for i, m in enumerate(updates(messages)) if m["content"]["data"]["state"].get("msg_id"))
    printed = next(i for i, m in enumerate(messages) if m["msg_type"] == "stream" and "drinnen" in m["content"]["text"])
    assert messages.index(updates(messages)[capture]) < printed
    assert run(kernel, "", {"t": "thread_waits", "o": "out_waits"}, timeout=60) == {"t": False, "o": False}


def test_a_shared_layout_first_made_in_a_cell_opens_before_it_is_frozen(kernel):
    messages = cell(
        kernel, "from kartenspiele.widgets.plain import plain\nshared = plain(widgets.HTML, value='geteilt')\nshared"
    )
    states = opened(messages)
    (html_id,) = [comm_id for comm_id, state in states.items() if state.get("value") == "geteilt"]
    assert states[states[html_id]["layout"].removeprefix("IPY_MODEL_")]["_model_name"] == "LayoutModel"
    again = cell(kernel, "plain(widgets.HTML, value='noch einmal')")
    assert [state["_model_name"] for state in opened(again).values()] == ["HTMLModel"]  # the same layout
