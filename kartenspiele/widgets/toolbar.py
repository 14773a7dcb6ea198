"""A game table's toolbar: the buttons row (undo, hint, next move, log, settings, new game, the
language switch, the way home) and the settings row (pace, step by step, card size), what their
clicks and toggles do, and when they show."""

from __future__ import annotations

import ipywidgets as widgets

from ..bots.hint import hint
from .pacing import SPEEDS
from .plain import plain, set_shown
from .seats import seat_names
from .texts import language_options, t

COMPACT = ("ks-compact",)
"""The class of a toolbar button that shows only its icon on a narrow screen."""


def _auto() -> widgets.Layout:
    """A control's own layout, as wide as its content (a page may hide the control)."""
    return widgets.Layout(width="auto")


class Toolbar:
    """The toolbar part of `GameTable` (mixed in; see the module text)."""

    def _build_toolbar(self, speed: str, step: bool) -> None:
        """The buttons row (`toolbar`) and the settings row (`settings`)."""
        lang = self.lang
        self.heading = plain(widgets.HTML)
        self.language = plain(
            widgets.ToggleButtons,
            options=language_options(),
            value=lang,
            _dom_classes=("ks-language",),
            own_layout=True,
        )
        self.language.observe(lambda change: change["new"] != self.lang and self.set_language(change["new"]), "value")
        # built with their width and classes: each later change would travel as a message of its own
        self.big = plain(widgets.ToggleButton, value=False, icon="search-plus", layout=_auto())
        self.big.observe(self._big_changed, "value")
        self.new_button = plain(widgets.Button, icon="plus", _dom_classes=("ks-apart", *COMPACT), layout=_auto())
        self.new_button.on_click(lambda _: self.tap("new game", self.show_setup))
        self.undo_button = plain(widgets.Button, icon="undo", _dom_classes=COMPACT, layout=_auto())
        self.undo_button.on_click(lambda _: self.tap("undo", self.undo))
        # only their icons on a narrow screen (the name is still read out)
        self.hint_button = plain(widgets.Button, icon="lightbulb-o", _dom_classes=COMPACT, layout=_auto())
        self.hint_button.on_click(lambda _: self.tap("hint", self.show_hint))
        self.speed = plain(widgets.Dropdown, options=list(SPEEDS), value=speed, layout=widgets.Layout(width="12em"))
        self.step = plain(widgets.ToggleButton, value=step, icon="hand-pointer-o", layout=_auto())
        self.step.observe(lambda _: self._pace_changed(), "value")
        self.next_button = plain(widgets.Button, icon="step-forward", button_style="info", layout=_auto())
        self.next_button.on_click(lambda _: self.tap("next move", self.next_move))
        self.log_button = plain(widgets.ToggleButton, value=False, icon="list", _dom_classes=COMPACT, layout=_auto())
        self.log_button.observe(self._log_toggled, "value")
        self.settings_button = plain(
            widgets.ToggleButton, value=False, icon="cog", _dom_classes=COMPACT, layout=_auto()
        )
        self.settings_button.observe(self._settings_toggled, "value")
        self.home_link = plain(widgets.HTML)
        self.toolbar = widgets.HBox(
            [
                self.heading,
                self.undo_button,
                self.hint_button,
                self.next_button,
                self.log_button,
                self.settings_button,
                self.new_button,
                self.language,
                self.home_link,
            ]
        )
        self.toolbar.add_class("ks-toolbar")
        self._language_slot: widgets.Widget = self.language  # the switch the toolbar shows
        # pace, step by step and card size: always shown while a game is set up; during a game behind
        # "Einstellungen", so that the toolbar keeps to one row on a tablet
        self.settings = widgets.HBox([self.speed, self.step, self.big])
        self.settings.add_class("ks-toolbar")
        self.settings.add_class("ks-settings")

    # -- hint ------------------------------------------------------------------------------
    def show_hint(self) -> None:
        """Ask the best computer level for a move, pick its cards and say why."""
        if not self.person_acts():
            self.refuse_turn("hint")
            return
        tip = hint(self.state.view(self.state.to_move), self.lang, names={self.lang: self.names})
        self.clear_selection()
        self.show_move(tip.move)
        self.say(t("hint.shown", self.lang, reason=tip.short(self.lang)), "tip", tip.more(self.lang))
        self.redraw()

    # -- language and size ---------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Show every text in `lang` in one pass (the log is told again): the toolbar, then the
        game; the new-game panel now if it shows, else when it is opened (`_layout`)."""
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang
        if self._setup is not None and self._setup in self.children:
            self._setup.relabel(lang)
        if self.session is not None and not self._given_names:
            self.names = seat_names(self.seats, lang, self.child_name)
        self.message_html = ""
        self._relabel_frame()
        if self.session is not None:
            self.redraw()

    def share_language(self, switch: widgets.Widget) -> None:
        """Show a page's own language switch in the toolbar instead of the table's (a room or a
        continued game on the start page: one switch for the whole page)."""
        set_shown(self.language, False)
        self.toolbar.children = tuple(
            switch if child is self._language_slot else child for child in self.toolbar.children
        )
        self._language_slot = switch

    def _log_toggled(self, change: dict) -> None:
        """Show or hide the log ("Verlauf"): open by default only on wide screens (CSS)."""
        self.main.add_class("ks-log-chosen")
        if change["new"]:
            self.main.add_class("ks-log-open")
        else:
            self.main.remove_class("ks-log-open")
        self.access.set(self._tags["log_button"], {"aria-pressed": str(change["new"]).lower()})
        self.access.flush()

    def _settings_toggled(self, change: dict) -> None:
        """Show or hide the settings row during a game ("Einstellungen")."""
        if change["new"]:
            self.add_class("ks-settings-open")
        else:
            self.remove_class("ks-settings-open")
        self.access.set(self._tags["settings_button"], {"aria-expanded": str(change["new"]).lower()})
        self.access.flush()

    def _big_changed(self, change: dict) -> None:
        if change["new"]:
            self.add_class("ks-big")
        else:
            self.remove_class("ks-big")
        self.access.set(self._tags["big"], {"aria-pressed": str(change["new"]).lower()})
        self.access.flush()

    def _sync_toolbar(self) -> None:
        playing = self.session is not None and self.children and self.children[-1] is self.main
        over = playing and self.state.is_terminal()
        computer_to_move = playing and not over and self.seats[self.state.to_move].is_computer
        self.undo_button.disabled = not (playing and True in self.decisions)
        set_shown(self.hint_button, playing)
        set_shown(self.settings_button, playing)
        set_shown(self.log_button, playing)
        if playing:
            self.add_class("ks-playing")
        else:
            self.remove_class("ks-playing")
        self.hint_button.disabled = not (playing and self.person_acts())
        set_shown(self.next_button, self.step.value)
        self.next_button.disabled = not computer_to_move
