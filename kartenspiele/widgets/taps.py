"""A game table's taps: every tap on the table gets an answer the pupil sees.

A tap the table follows is answered by what it does (a card chosen, a move drawn). A tap it
does not follow — not this pupil's turn, the game over, a button whose card or move the kernel
no longer shows because the browser had not yet received the last redraw — is answered with a
short message and a redraw (`refuse`), and written to the server's log with the reason
(`kernel.server_log`, logger `kartenspiele.clicks`). A message said again is sent anew (its
`data-tap` changes), so a second tap is answered too.

Every control of the table calls its action through `tap`, which also counts the answered taps
in the hidden `answered` widget (class `ks-answers`, last of each answer's messages): browser
tests and benchmarks wait for it to know that a tap has been answered, whatever else redraws
the table meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import ipywidgets as widgets

from ..core.errors import ClickTimeoutError
from ..kernel.server_log import server_log
from .buttons import ButtonRow
from .closing import resend_tree
from .plain import plain
from .texts import t

log = server_log("kartenspiele.clicks")


class Taps:
    """The tap part of `GameTable` (mixed in; see the module text)."""

    def _build_taps(self, hidden: widgets.Layout) -> None:
        self.answers = 0
        self.layouts = 0  # how often `_layout` ran: a tap may answer by showing another part
        self._tapping = False
        self.answered = plain(widgets.HTML, "0", layout=hidden)  # counts answered taps, for automation
        self.answered.add_class("ks-answers")

    def tapper(self, control: str, action: Callable[..., Any]) -> Callable[..., None]:
        """`action` as the click handler of `control` (see `tap`)."""
        return lambda *args: self.tap(control, action, *args)

    def tap(self, control: str, action: Callable[..., Any], *args: Any) -> None:
        """Run a control's `action`; a tap that changed nothing is answered (and logged as a
        gap), then counted."""
        before = self.redraws + self.layouts
        self._tapping = True
        try:
            action(*args)
        except ClickTimeoutError:
            raise  # stopped at the click limit: answered and counted by `click_stopped`
        except BaseException:
            self._tapping = False
            raise
        if self.redraws + self.layouts == before:
            self.refuse(control, f"{getattr(action, '__name__', 'action')} drew nothing", "tap.not_now")
        self._count_answer()

    def _count_answer(self) -> None:
        self._tapping = False
        self.answers += 1
        self.answered.value = str(self.answers)

    def refuse(self, control: str, why: str, key: str, **fields: Any) -> None:
        """Answer a tap the table does not follow: the text `key`, a redraw, a log line."""
        log.info("%s: ignored a tap on %s: %s%s", type(self).__name__, control, why, self._turn_note())
        self.say(t(key, self.lang, **fields), "info")
        if self.session is not None:
            self.redraw()
        else:
            self.layouts += 1

    def refuse_turn(self, control: str) -> None:
        """A tap on a control of the person to move when this page may not act now."""
        if self.session is None or self.state.is_terminal():
            self.refuse(control, "the game is over", "tap.game_over")
        elif not self.seats[self.state.to_move].is_person or self.viewer != self.state.to_move:
            name = self.names[self.state.to_move]
            self.refuse(control, "not your turn", "tap.not_your_turn", name=name)
        else:
            self.refuse(control, "the curtain is closed", "tap.changed")

    def gone(self, control: str) -> Callable[[Hashable], None]:
        """The `on_gone` of a row: its tap on a key no longer shown is refused as changed."""
        return lambda key: self.refuse(control, f"{key!r} is no longer shown", "tap.changed")

    def card_row(self, control: str, press: Callable[[Hashable], None]) -> ButtonRow:
        """A row of cards (`control`) whose taps go to `press`; a card no longer shown: `gone`."""
        return ButtonRow(
            self.tapper(control, press),
            row_class="ks-cards",
            access=self.access,
            on_gone=self.tapper(control, self.gone(control)),
        )

    def _turn_note(self) -> str:
        if self.session is None:
            return " (no game)"
        state = self.state
        return f" (to move: {state.to_move}, shown seat: {self.viewer}, moves: {len(self.session.moves)})"

    def click_stopped(self) -> None:
        """A click computed too long and was stopped (`kartenspiele serve --click-limit`): say
        so, draw the table again from its state and send all of it again (the stop may have
        come between setting a value, such as "Tipp" enabled, and sending it)."""
        log.warning("%s: a click was stopped at the click limit%s", type(self).__name__, self._turn_note())
        self.say(ClickTimeoutError("serve.click_too_long").message(self.lang), "warn")
        self.redraw()
        resend_tree(self)
        if self._tapping:
            self._count_answer()
