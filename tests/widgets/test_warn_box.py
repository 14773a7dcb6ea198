"""`run_or_warn`: the one place the dashboard and its panels show a refusal."""

import ipywidgets as widgets
import pytest

from kartenspiele.core.errors import KartenspieleError
from kartenspiele.widgets.warn_box import run_or_warn

KEY = "board.table.hidden"


def refuse() -> None:
    raise KartenspieleError(KEY)


def test_a_refusal_shows_in_the_status_in_the_panel_s_language():
    status = widgets.HTML()
    run_or_warn(refuse, status, "en")
    assert status.value == "<div class='ks-warn-box'>This answer is not revealed yet. Reveal it first.</div>"


def test_a_success_clears_an_earlier_refusal_unless_told_not_to():
    status = widgets.HTML("<div class='ks-warn-box'>old</div>")
    run_or_warn(lambda: None, status, "de", clear=False)
    assert "old" in status.value
    run_or_warn(lambda: None, status, "de")
    assert status.value == ""


def test_a_programming_error_is_not_hidden_as_a_refusal():
    status = widgets.HTML()
    with pytest.raises(ZeroDivisionError):
        run_or_warn(lambda: 1 / 0, status, "de")
    assert status.value == ""
