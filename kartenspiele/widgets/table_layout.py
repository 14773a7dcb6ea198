"""A game table's layout: its widget tree and areas, which of them are shown (the new-game panel or
the game), their texts and labels, and drawing everything from the state."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from ..core.events import Event
from .access import tagged
from .ending import EndScreen
from .home import home_link
from .log import MoveLog
from .motion import Plan
from .pacing import SPEEDS
from .plain import plain, set_shown
from .seats import level_label
from .setup import SetupPanel
from .stage import Stage
from .style import style_widget
from .texts import relabel_options, t, why

EMPTY = "ks-empty"
"""The CSS class of a table's part that is not shown (an empty text, an unused slot)."""


def set_class(widget: widgets.DOMWidget, name: str, on: bool) -> None:
    """Give `widget` the CSS class `name` or take it away (only a change travels)."""
    if on and name not in widget._dom_classes:
        widget.add_class(name)
    elif not on and name in widget._dom_classes:
        widget.remove_class(name)


class TableLayout:
    """The layout part of `GameTable` (mixed in; see the module text)."""

    tells_start: ClassVar[bool] = True
    """Whether the last move's box tells who begins before the first move (not in a tutorial)."""
    offers_setup: ClassVar[bool] = True
    """Whether the table shows its new-game panel before a game (a room's table never does: its
    game comes from the room, and a panel nobody sees would only cost the page its models)."""
    _setup: SetupPanel | None = None

    @property
    def setup(self) -> SetupPanel:
        """The new-game panel, built when it is first needed."""
        if self._setup is None:
            self._setup = SetupPanel(
                self.game,
                self.player_range,
                self.variants,
                self.lang,
                self.tapper("start", self.start_game),
                self._setup_players,
            )
            self._setup.name_controls(self.access)
            self.access.flush()
        return self._setup

    # -- building ------------------------------------------------------------------------
    def _build_frame(self, players: int, speed: str, step: bool) -> None:
        self.style_sheet = style_widget()
        hidden = widgets.Layout(display="none")
        self._build_taps(hidden)
        self.stage = Stage()
        self._lifts = 0
        self._landing: list[tuple[list[str], Plan]] = []  # lifted, not yet landed (`lift`, `land`)
        self._build_toolbar(speed, step)
        self._setup_players = players
        self.resume_button = plain(widgets.Button, icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.resume_button.add_class("ks-resume")
        self.resume_button.on_click(lambda _: self.tap("resume", self.resume))
        self.keys_help = plain(widgets.HTML)
        self.keys_help.add_class("ks-keys-help")
        self.status = plain(widgets.HTML)
        self.status.add_class("ks-status")
        self.banner = plain(widgets.HTML)
        self.banner.add_class("ks-banner")
        self.message = plain(widgets.HTML)  # placed by the game's `build_board`
        self.message.add_class("ks-message")
        self.curtain_text = plain(widgets.HTML)
        self.curtain_button = plain(
            widgets.Button, button_style="primary", icon="eye", layout=widgets.Layout(width="auto")
        )
        self.curtain_button.on_click(lambda _: self.tap("curtain", self.reveal))
        self.curtain = plain(widgets.VBox, [self.curtain_text, self.curtain_button])
        self.curtain.add_class("ks-curtain")
        self.ending = EndScreen(self.tapper("again", self.play_again), self.tapper("new game", self.show_setup))
        self.result = self.ending
        self.result_text, self.again_button = self.ending.text, self.ending.again_button
        self.result_new_button = self.ending.new_button
        self.move_log = MoveLog()
        self.public_area = plain(widgets.VBox)
        self.public_area.add_class("ks-public")
        self.private_area = plain(widgets.VBox)
        self.private_area.add_class("ks-private")
        self.build_board()
        self.hand_slot = plain(widgets.VBox)
        self.hand_slot.add_class("ks-hand-slot")
        self.redraws = 0
        self.tick = plain(widgets.HTML, layout=hidden)  # counts redraws, for automation
        self.tick.add_class("ks-tick")
        self.game_column = plain(
            widgets.VBox, [self.status, self.result, self.banner, self.public_area, self.hand_slot, self.tick]
        )
        self.game_column.add_class("ks-game")
        self.main = plain(widgets.HBox, [self.game_column, self.move_log])
        self.main.add_class("ks-main")
        self._tags = {
            name: tagged(widget)
            for name, widget in (
                ("language", self.language),
                ("speed", self.speed),
                ("game", self.game_column),
                ("public", self.public_area),
                ("private", self.private_area),
                ("log", self.move_log),
                ("banner", self.banner),
                ("message", self.message),
                ("new", self.new_button),
                ("big", self.big),
                ("log_button", self.log_button),
                ("settings", self.settings),
                ("settings_button", self.settings_button),
            )
        }
        self._relabel_frame()

    def _players_html(self, players: Sequence[int], own: bool = False) -> str:
        """One block per player: the name, "am Zug" for the player to move, the game's rows."""
        state = self.state
        blocks = []
        for p in players:
            active = " ks-active" if state.to_move == p and not state.is_terminal() else ""
            marker = f"<span class='ks-turn'>{escape(t('to_move', self.lang))}</span>" if active else ""
            rows = [f"<div class='ks-name'>{escape(self.names[p])} {marker}</div>", *self.player_rows(p, own)]
            blocks.append(f"<div class='ks-player{active}' data-seat='{p}'>{''.join(rows)}</div>")
        return f"<div class='ks-players'>{''.join(blocks)}</div>"

    def _relabel_frame(self) -> None:
        lang = self.lang
        self.heading.value = f"<h1 class='ks-title'>{escape(t(self.title_key, lang))}</h1>"
        self.home_link.value = home_link(lang)
        self.log_button.description = t("access.log", lang)
        self.settings_button.description = t("access.settings", lang)
        self.resume_button.description = t("access.resume", lang)
        self.keys_help.value = f"<p class='ks-note'>{escape(t('access.keys', lang))}</p>"
        self.new_button.description = t("button.new_game", lang)
        self.undo_button.description = t("button.undo", lang)
        self.hint_button.description = t("button.hint", lang)
        self.next_button.description = t("button.next_move", lang)
        self.big.description = t("button.big", lang)
        self.big.tooltip = t("button.big_tooltip", lang)
        self.step.description = t("button.step", lang)
        relabel_options(self.speed, [(t(f"speed.{name}", lang), name) for name in SPEEDS])
        self.speed.tooltip = t("speed.tooltip", lang)
        self.ending.relabel(lang)
        tags, access = self._tags, self.access
        access.set(
            tags["game"],
            {"role": "region", "aria-label": t("access.game", lang), "aria-description": t("access.keys", lang)},
        )
        for name, key in (("public", "access.public"), ("private", "access.private"), ("log", "access.log")):
            access.set(tags[name], {"role": "region", "aria-label": t(key, lang)})
        access.set(
            tags["banner"],
            {"role": "status", "aria-live": "polite", "aria-label": t("access.last_move", lang), "tabindex": "0"},
        )
        access.set(tags["message"], {"tabindex": "0"})  # both scroll when a text is long
        access.set(tags["language"], {"role": "group", "aria-label": t("access.language", lang)})
        access.set(tags["speed"], {"control:aria-label": t("access.speed", lang)})
        access.set(tags["new"], {"aria-description": t("access.new_game", lang)})
        access.set(tags["big"], {"aria-pressed": str(self.big.value).lower()})
        access.set(tags["log_button"], {"aria-pressed": str(self.log_button.value).lower()})
        access.set(tags["settings"], {"role": "group", "aria-label": t("access.settings", lang)})
        access.set(tags["settings_button"], {"aria-expanded": str(self.settings_button.value).lower()})
        if self._setup is not None:
            self._setup.name_controls(access)
        access.flush()

    def _layout(self, setup: bool = False) -> None:
        frame = (self.style_sheet, self.access, self.answered, self.stage, self.toolbar, self.settings)
        if not self.offers_setup:
            children = frame + ((self.main,) if self.session is not None else ())
        elif self.session is None or setup:
            running = self.session is not None and not self.state.is_terminal()
            children = frame + ((self.resume_button,) if running else ()) + (self.setup, self.keys_help)
        else:
            children = frame + (self.main,)
        if self._setup in children and self.setup.lang != self.lang:
            self.setup.relabel(self.lang)  # worded when it shows (see `set_language`)
            self.setup.name_controls(self.access)
            self.access.flush()
        if self.children != children:
            self.children = children
        self.layouts += 1
        self._sync_toolbar()

    # -- drawing ---------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", more: str = "") -> None:
        """Show a message under the board (a reason, a hint, the tutor's word) of `kind` "info",
        "warn", "good" or "tip" (the Tipp: on a landscape app page it takes the last turn's lines
        too, app.css); `more`, the full reasoning, behind "Warum?". Said while answering a tap, it
        carries the tap's number: the same words again are sent anew and read out again (`taps`)."""
        mark = f" data-tap='{self.answers + 1}'" if self._tapping else ""
        self.message_html = (
            f"<div class='ks-say ks-say-{kind}' role='alert'{mark}><span class='ks-say-text'>{escape(text)}</span>"
            f"{why(more, self.lang)}</div>"
            if text
            else ""
        )

    def redraw(self) -> None:
        """Draw everything from the state."""
        if self.session is None:
            return
        lang = self.lang
        state = self.state
        over = state.is_terminal()
        self._sync_toolbar()
        if not self.person_acts():
            self.clear_selection()
        self.draw_board()
        curtain = self.needs_curtain()
        if curtain:
            name = self.names[state.to_move]
            self.curtain_text.value = f"<div class='ks-curtain-text'>{escape(t('curtain.text', lang, name=name))}</div>"
            self.curtain_button.description = t("curtain.button", lang, name=name)
        hand_children = (self.curtain,) if curtain else ((self.private_area,) if self.viewer is not None else ())
        if self.hand_slot.children != hand_children:
            self.hand_slot.children = hand_children
        status = self._status_text()
        self._set(
            self.status,
            f"<div class='ks-status-box' role='status' aria-live='polite'>{escape(status)}</div>" if status else "",
        )
        self._set(self.banner, self._banner_html(), keep=True)
        self._set(self.message, self.message_html, keep=True)
        if over and not self.reported_over:  # first: the end screen says the next game's level
            self.reported_over = True
            self._report_result()
        self._draw_result(over)
        self.move_log.show(
            self.session.events, self.actors, self.tell, lang, t("log.title", lang), self.log_start_line()
        )
        self._mark("ks-your-turn", self.my_turn() and not curtain)
        self._mark("ks-over", over)
        self.access.flush()
        self.land()
        self.redraws += 1
        self.tick.value = str(self.redraws)

    # -- motion (`motion`) -------------------------------------------------------------------
    def motion(self, actor: int, move: Any, events: Sequence[Event]) -> Plan:
        """What a move shows moving (the game's part; nothing by default)."""
        return Plan()

    def lift(self, actor: int, move: Any, events: Sequence[Event]) -> None:
        """Just made, not yet drawn: tell the browser where the elements the move takes are."""
        plan = self.motion(actor, move, events)
        if not plan.flights and not plan.cheers:
            return
        self._lifts += 1
        keys = [f"{self._lifts}.{index}" for index in range(len(plan.flights))]
        if plan.flights:
            self.stage.lift([(key, flight.source) for key, flight in zip(keys, plan.flights)])
        self._landing.append((keys, plan))

    def land(self) -> None:
        """Drawn again: tell the browser where the lifted elements went, and what to cheer."""
        if not self._landing:
            return
        targets: dict[str, str] = {}
        cheers: list[str] = []
        for keys, plan in self._landing:
            for key, flight in zip(keys, plan.flights):
                target = flight.target()
                if target:
                    targets[key] = target
            cheers += [found for found in (cheer() for cheer in plan.cheers) if found]
        self._landing = []
        self.stage.land(targets, cheers)

    def log_start_line(self) -> str:
        """The first line of the log: the seed (to play the deal again) and who begins."""
        return t("log.start", self.lang, seed=self.state.seed, name=self.names[0])

    def _mark(self, name: str, on: bool) -> None:
        """Set a CSS class on the whole table (last, so it arrives after the board)."""
        set_class(self, name, on)

    @staticmethod
    def _set(widget: widgets.HTML, value: str, keep: bool = False) -> None:
        """Set an HTML widget's content (only a change travels to the browser); hide it when
        empty unless it `keep`s its place (so that nothing below it moves). Hidden by the class
        `EMPTY`, not by its layout: the widget shares the kernel's plain layout (`plain`)."""
        if widget.value != value:
            widget.value = value
        set_class(widget, EMPTY, not (value or keep))

    def _status_text(self) -> str:
        state = self.state
        lang = self.lang
        if state.is_terminal():
            return t("status.over", lang)
        name = self.names[state.to_move]
        seat = self.seats[state.to_move]
        if not seat.is_person:
            if not seat.is_computer:
                return ""
            return t("status.computer_step" if self.step.value else "status.computer", lang, name=name)
        if self.needs_curtain():
            return t("status.curtain", lang, name=name)
        return self.prompt()

    def last_turn(self) -> list[int]:
        """The indexes of the moves of the last turn: the last player's moves in a row (a laid
        2 and the card after it), and, when that was not the person at the screen, every
        move since the person's last one."""
        if self.session is None or not self.actors:
            return []
        me = self.narrator_viewer
        index = len(self.actors) - 1
        last = self.actors[index]
        while index > 0 and (
            self.actors[index - 1] == last or (me is not None and last != me and self.actors[index - 1] != me)
        ):
            index -= 1
        return list(range(index, len(self.actors)))

    def _banner_html(self) -> str:
        """The last turn told, or before the first move the game's first line (who begins)."""
        if self.session is None:
            return ""
        if not self.session.events:
            sentences = [self.log_start_line()] if self.tells_start else []
        else:
            sentences = [
                s for index in self.last_turn()[-6:] for s in self.tell(self.actors[index], self.session.events[index])
            ]
        if not sentences:
            return ""
        lines = "".join(f"<div>{escape(s)}</div>" for s in sentences)
        return f"<div class='ks-banner-box'><div class='ks-banner-lines'>{lines}</div></div>"

    def _draw_result(self, over: bool) -> None:
        shown = over and self.show_result
        set_shown(self.result, shown)
        if not shown:
            return
        last = self.session.events[-1] if self.session and self.session.events else []
        self.ending.show(
            self.state.scores(),
            self.state.winners(),
            self.names,
            self.narrator_viewer,
            self.score_label(),
            self.ending_lines(last) + self._next_level_lines(),
            self.lang,
        )

    def _next_level_lines(self) -> list[str]:
        """The level of the next game, when it follows the child (`next_level.LevelCoach`)."""
        if self.next_level is None:
            return []
        return [t("level.next", self.lang, level=level_label(self.next_level, self.lang))]
