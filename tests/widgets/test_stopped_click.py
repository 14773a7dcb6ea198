"""A click stopped at the bound (`kernel.click_limit`) never leaves "Tipp" disabled in the
browser on the person's turn: the stop may come between setting a value and sending it, and
the table then sends its whole state again."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from kartenspiele.core.errors import ClickTimeoutError
from kartenspiele.kernel import click_limit
from kartenspiele.widgets import QuantoTable
from kartenspiele.widgets.closing import page_widgets, resend_tree

from .helpers import Recorder


class Browser:
    """What the browser knows: each widget's state as the kernel's messages left it; `stop_at`
    raises the bound's error instead of sending the first update it matches."""

    def __init__(self, monkeypatch) -> None:
        self.states: dict[str, dict] = {}
        self.stop_at: tuple[widgets.Widget, str, object] | None = None
        send = widgets.Widget._send

        def recording(widget, msg, buffers=None):
            state = msg.get("state", {})
            if self.stop_at is not None:
                target, key, value = self.stop_at
                if widget is target and state.get(key) == value:
                    self.stop_at = None
                    raise ClickTimeoutError("serve.click_too_long")  # as the bound's signal would, here
            if msg.get("method") == "update" and widget.comm is not None:
                self.states.setdefault(widget.model_id, {}).update(state)
            return send(widget, msg, buffers)

        monkeypatch.setattr(widgets.Widget, "_send", recording)

    def value(self, widget: widgets.Widget, key: str) -> object:
        return self.states.get(widget.model_id, {}).get(key)


def stopped_click(handler) -> None:
    """Run `handler` as a bounded widget message whose bound was reached (`bound_handler`)."""
    try:
        handler()
    except ClickTimeoutError:
        pass
    click_limit.tell_stopped()


@pytest.fixture
def browser(monkeypatch):
    return Browser(monkeypatch)


def test_a_stop_between_enabling_tipp_and_sending_it_leaves_no_disabled_tipp(browser):
    recorder = Recorder()
    table = QuantoTable(start=True, players=2, seats=["person", "random"], seed=4, speed="normal", scheduler=recorder)
    if not table.person_acts():
        recorder.fire()
    move = table.state.legal_moves()[0]
    assert table.play(move) and recorder.pending  # the computer's move waits for its timer
    assert browser.value(table.hint_button, "disabled") is True
    browser.stop_at = (table.hint_button, "disabled", False)
    stopped_click(recorder.fire)  # the computer moves; "Tipp" is enabled, but the stop comes first
    assert table.person_acts() and table.hint_button.disabled is False
    assert browser.value(table.hint_button, "disabled") is False
    assert "ks-say-warn" in table.message.value  # the page says the click was stopped


def test_resend_tree_sends_every_open_widget_of_the_page_once(browser):
    table = QuantoTable(start=True, players=2, seats=["person", "random"], seed=4, speed="instant")
    browser.states.clear()
    sent = resend_tree(table)
    shown = list(page_widgets(table))
    assert sent == len(shown) == len({widget.model_id for widget in shown})
    assert table.hint_button.model_id in browser.states and table.setup.model_id in browser.states
    assert browser.value(table.hint_button, "disabled") is table.hint_button.disabled
