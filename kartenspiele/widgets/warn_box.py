"""Run a teacher's action and show its refusal in the panel's status line (one place for the
dashboard and its panels)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..core.errors import KartenspieleError


def run_or_warn(action: Callable[[], object], status: widgets.HTML, lang: str, clear: bool = True) -> None:
    """Run `action`; a refusal (`KartenspieleError`) shows in `status` in `lang` and goes no
    further. With `clear`, a success empties `status` (an earlier refusal no longer holds)."""
    try:
        action()
    except KartenspieleError as error:
        status.value = f"<div class='ks-warn-box'>{escape(error.message(lang))}</div>"
        return
    if clear:
        status.value = ""
