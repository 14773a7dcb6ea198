"""What both game tables share: the new-game panel, seats and computer players, the pace of
the computer's moves, undo, hint, the hot-seat curtain, the log and the game-over screen.

A game's table subclasses `GameTable` and draws the board: what everybody sees
(`public_area`) and what only the player to move sees (`private_area`, hidden behind the
curtain in hot-seat play). The engine decides every rule; the table only asks it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from .. import bots
from ..bots.hint import hint
from ..classroom import pupil
from ..classroom.roles import served_by_voila
from ..core.errors import ClickTimeoutError, KartenspieleError
from ..core.events import Event
from ..core.rng import derive_rng
from ..core.session import Session
from ..kernel import click_limit
from ..kernel.page_request import preheated, wait_for_page
from .access import Access, tagged
from .ending import EndScreen
from .home import home_link
from .log import MoveLog
from .pacing import SPEEDS, Handle, Scheduler, event_loop_scheduler
from .seats import Seat, seat_names
from .setup import GameConfig, SetupPanel, Variant
from .style import style_widget
from .texts import default_language, language_options, t

MoveGuard = Callable[[Any], "str | None"]
"""Checks a person's move before it is made; returns a refusal text or None."""


class GameTable(widgets.VBox):
    """The common frame of a game table (see the module text)."""

    game: ClassVar[str]
    title_key: ClassVar[str]
    player_range: ClassVar[tuple[int, int]]
    variants: ClassVar[tuple[Variant, ...]] = ()

    def __init__(
        self,
        *,
        lang: str | None = None,
        players: int = 2,
        seats: Sequence[Seat | str] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        speed: str = "normal",
        step: bool = False,
        start: bool = False,
        scheduler: Scheduler = event_loop_scheduler,
    ) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.lang = lang or default_language(wait=False)  # built ahead of time: see `page_arrived`
        self.scheduler = scheduler
        if served_by_voila() and pupil.current() is None and not preheated():
            pupil.from_address()  # a pupil who joined a class on the start page
        self.session: Session | None = None
        self.config: GameConfig | None = None
        self.seats: tuple[Seat, ...] = ()
        self.names: list[str] = []
        self.bots: dict[int, Any] = {}
        self.bot_rngs: dict[int, random.Random] = {}
        self.actors: list[int] = []
        self.decisions: list[bool] = []  # per move: chosen by a person (not forced, not a computer)
        self.shown_seat: int | None = None
        self.move_guard: MoveGuard | None = None
        self._given_names: list[str] | None = None
        self.listeners: list[Callable[[Any, list[Event]], None]] = []  # after every move
        self.after_play: list[Callable[[], None]] = []  # after a person's move is drawn
        self.show_result = True
        self.message_html = ""
        self._pending: Handle | None = None
        self.access = Access()
        self._build_frame(players, speed, step)
        if seats is not None:
            self.setup.set_players(players, [s if isinstance(s, Seat) else Seat(s) for s in seats])
        if seed is not None:
            self.setup.seed.value = seed
        for variant, box in zip(self.variants, self.setup.variant_boxes):
            if options and variant.option in options:
                box.value = options[variant.option]
        self._layout()
        click_limit.when_stopped(self.click_stopped)
        if start:
            self.start_game(self.setup.config())

    def page_arrived(self) -> None:
        """In a kernel Voilà started ahead of time the table is built before its page comes
        (so a class opening its pages at once does not wait for it): wait for the page, then
        speak its language and know its pupil. Elsewhere nothing is left to do."""
        if not preheated():
            return
        wait_for_page()
        lang = default_language()
        if lang != self.lang:
            self.set_language(lang)
        if served_by_voila() and pupil.current() is None:
            pupil.from_address()  # a pupil who joined a class on the start page

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.page_arrived()
        return super()._repr_mimebundle_(**kwargs)

    # -- building ------------------------------------------------------------------------
    def _build_frame(self, players: int, speed: str, step: bool) -> None:
        lang = self.lang
        self.style_sheet = style_widget()
        self.heading = widgets.HTML()
        self.language = widgets.ToggleButtons(options=language_options(), value=lang)
        self.language.add_class("ks-language")
        self.language.observe(lambda change: self.set_language(change["new"]), "value")
        self.big = widgets.ToggleButton(value=False, icon="search-plus")
        self.big.observe(self._big_changed, "value")
        self.new_button = widgets.Button(icon="plus")
        self.new_button.on_click(lambda _: self.show_setup())
        self.undo_button = widgets.Button(icon="undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.speed = widgets.Dropdown(options=list(SPEEDS), value=speed, layout=widgets.Layout(width="12em"))
        self.step = widgets.Checkbox(value=step, indent=False, layout=widgets.Layout(width="auto"))
        self.step.observe(lambda _: self._pace_changed(), "value")
        self.next_button = widgets.Button(icon="step-forward", button_style="info")
        self.next_button.on_click(lambda _: self.next_move())
        for button in (self.new_button, self.undo_button, self.hint_button, self.next_button, self.big):
            button.layout.width = "auto"
        self.log_button = widgets.ToggleButton(value=False, icon="list", layout=widgets.Layout(width="auto"))
        self.log_button.observe(self._log_toggled, "value")
        self.settings_button = widgets.ToggleButton(value=False, icon="cog", layout=widgets.Layout(width="auto"))
        self.settings_button.observe(self._settings_toggled, "value")
        for button in (self.hint_button, self.log_button, self.settings_button):
            button.add_class("ks-compact")  # only its icon on a narrow screen (the name is still read out)
        self.home_link = widgets.HTML()
        self.new_button.add_class("ks-apart")
        self.toolbar = widgets.HBox(
            [
                self.heading,
                self.undo_button,
                self.hint_button,
                self.next_button,
                self.log_button,
                self.settings_button,
                self.new_button,
                self.home_link,
            ]
        )
        self.toolbar.add_class("ks-toolbar")
        # language, pace and card size: always shown while a game is set up; during a game behind
        # "Einstellungen", so that the toolbar keeps to one row on a tablet
        self.settings = widgets.HBox([self.language, self.speed, self.step, self.big])
        self.settings.add_class("ks-toolbar")
        self.settings.add_class("ks-settings")
        self.setup = SetupPanel(self.game, self.player_range, self.variants, lang, self.start_game, players)
        self.resume_button = widgets.Button(icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.resume_button.add_class("ks-resume")
        self.resume_button.on_click(lambda _: self.resume())
        self.keys_help = widgets.HTML()
        self.keys_help.add_class("ks-keys-help")
        self.status = widgets.HTML()
        self.status.add_class("ks-status")
        self.banner = widgets.HTML()
        self.banner.add_class("ks-banner")
        self.message = widgets.HTML()  # placed by the game's `build_board`
        self.message.add_class("ks-message")
        self.curtain_text = widgets.HTML()
        self.curtain_button = widgets.Button(button_style="primary", icon="eye", layout=widgets.Layout(width="auto"))
        self.curtain_button.on_click(lambda _: self.reveal())
        self.curtain = widgets.VBox([self.curtain_text, self.curtain_button])
        self.curtain.add_class("ks-curtain")
        self.ending = EndScreen(self.play_again, self.show_setup)
        self.result = self.ending
        self.result_text, self.again_button = self.ending.text, self.ending.again_button
        self.result_new_button = self.ending.new_button
        self.move_log = MoveLog()
        self.public_area = widgets.VBox()
        self.public_area.add_class("ks-public")
        self.private_area = widgets.VBox()
        self.private_area.add_class("ks-private")
        self.build_board()
        self.hand_slot = widgets.VBox()
        self.hand_slot.add_class("ks-hand-slot")
        self.redraws = 0
        self.tick = widgets.HTML(layout=widgets.Layout(display="none"))  # counts redraws, for automation
        self.tick.add_class("ks-tick")
        self.game_column = widgets.VBox(
            [self.status, self.result, self.banner, self.public_area, self.hand_slot, self.tick]
        )
        self.game_column.add_class("ks-game")
        self.main = widgets.HBox([self.game_column, self.move_log])
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

    def build_board(self) -> None:
        """Create the game's widgets inside `public_area` and `private_area`."""
        raise NotImplementedError

    # -- the game's part -----------------------------------------------------------------
    def new_state(self, config: GameConfig) -> Any:
        """A new game state for `config`."""
        raise NotImplementedError

    def tell(self, actor: int, events: Sequence[Event]) -> list[str]:
        """The sentences of one move, in the table's language."""
        raise NotImplementedError

    def draw_board(self) -> None:
        """Bring the board up to date with the state and the selection."""
        raise NotImplementedError

    def player_rows(self, player: int, own: bool) -> list[str]:
        """The game's rows of a player's block (`own`: the viewer's, without the hidden hand)."""
        raise NotImplementedError

    def _players_html(self, players: Sequence[int], own: bool = False) -> str:
        """One block per player: the name, "am Zug" for the player to move, the game's rows."""
        state = self.state
        blocks = []
        for p in players:
            active = " ks-active" if state.to_move == p and not state.is_terminal() else ""
            marker = f"<span class='ks-turn'>{escape(t('to_move', self.lang))}</span>" if active else ""
            rows = [f"<div class='ks-name'>{escape(self.names[p])} {marker}</div>", *self.player_rows(p, own)]
            blocks.append(f"<div class='ks-player{active}'>{''.join(rows)}</div>")
        return f"<div class='ks-players'>{''.join(blocks)}</div>"

    def clear_selection(self) -> None:
        """Forget the cards the person has picked."""

    def show_move(self, move: Any) -> None:
        """Select the cards of `move` on the board (for a hint)."""

    def hint_marks(self, move: Any) -> str:
        """What a hint for `move` marks on the board (the tutorial's "Tipp")."""
        return t("tutor.hint", self.lang)

    def prompt(self) -> str:
        """What the person to move should do now (status line)."""
        return t("status.your_turn", self.lang, name=self.names[self.state.to_move])

    def score_label(self) -> str:
        raise NotImplementedError

    def ending_lines(self, events: Sequence[Event]) -> list[str]:
        """Sentences about how the game ended (shown on the game-over screen)."""
        return []

    # -- state -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        assert self.session is not None
        return self.session.state

    @property
    def people(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_person]

    @property
    def hot_seat(self) -> bool:
        return len(self.people) > 1

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown: the one person, or in hot-seat the revealed seat."""
        people = self.people
        if len(people) == 1:
            return people[0]
        return self.shown_seat

    @property
    def narrator_viewer(self) -> int | None:
        """Whom the log addresses as "du": the one person; nobody in hot-seat play."""
        people = self.people
        return people[0] if len(people) == 1 else None

    def my_turn(self) -> bool:
        """Whether the shown seat may act now."""
        return (
            self.session is not None
            and not self.state.is_terminal()
            and self.viewer is not None
            and self.state.to_move == self.viewer
        )

    # -- starting ----------------------------------------------------------------------------
    def person_acts(self) -> bool:
        """Whether the person at the screen may choose a move now (their turn, curtain open)."""
        return self.my_turn() and not self.needs_curtain()

    def start_game(self, config: GameConfig) -> None:
        """Deal a new game as chosen in the panel."""
        self.config = config
        self.load(self.new_state(config), config.seats)

    def load(self, state: Any, seats: Sequence[Seat], names: Sequence[str] | None = None) -> None:
        """Play from `state` with these seats (a new game, or a prepared scenario)."""
        self._cancel_pending()
        self.session = Session(state)
        self.reported_over = False
        self.started_at = time.monotonic()
        self.seats = tuple(seats)
        self._given_names = list(names) if names else None
        self.names = self._given_names or seat_names(self.seats, self.lang)
        self.bots = {i: bots.make_bot(self.game, seat.kind) for i, seat in enumerate(self.seats) if seat.is_computer}
        self.bot_rngs = {i: derive_rng(state.seed, "widgets", "computer", i) for i in self.bots}
        self.actors, self.decisions = [], []
        self.shown_seat = None
        self.message_html = ""
        self.clear_selection()
        self._layout()
        self._advance()
        self.redraw()
        self.access.request_focus("table")

    def play_again(self) -> None:
        """The same deal again, with the same seats."""
        if self.config is not None:
            self.start_game(self.config)

    def show_setup(self) -> None:
        """Open the new-game panel. A game in progress stays: "Zurück zum Spiel" returns to
        it until a new one starts."""
        self._cancel_pending()
        if self.config is not None:
            self.setup.reroll()
        self._layout(setup=True)

    def resume(self) -> None:
        """Close the new-game panel and go on with the game in progress."""
        if self.session is not None:
            self._layout()
            self._advance()
            self.redraw()
            self.access.request_focus("hand")

    def _layout(self, setup: bool = False) -> None:
        if self.session is None or setup:
            running = self.session is not None and not self.state.is_terminal()
            children = (
                (self.style_sheet, self.access, self.toolbar, self.settings, self.resume_button, self.setup)
                if running
                else (self.style_sheet, self.access, self.toolbar, self.settings, self.setup)
            ) + (self.keys_help,)
        else:
            children = (self.style_sheet, self.access, self.toolbar, self.settings, self.main)
        if self.children != children:
            self.children = children
        self._sync_toolbar()

    # -- moves -----------------------------------------------------------------------------
    def play(self, move: Any) -> bool:
        """Make a person's move (from the buttons); returns whether it was made."""
        if not self.my_turn():
            return False
        if self.move_guard is not None:
            refusal = self.move_guard(move)
            if refusal:
                self.say(refusal, "warn")
                self.redraw()
                return False
        try:
            self._apply(move, decision=True)
        except KartenspieleError as error:
            self.say(error.message(self.lang), "warn")
            self.redraw()
            return False
        self.message_html = ""
        self.clear_selection()
        self._advance()
        self.redraw()
        for callback in self.after_play:
            callback()
        self.access.request_focus("result" if self.state.is_terminal() else "hand")
        return True

    def _apply(self, move: Any, decision: bool) -> list[Event]:
        assert self.session is not None
        with click_limit.uninterrupted():  # a stopped click never leaves a move half made
            actor = self.state.to_move
            events = self.session.apply(move)
            self.actors.append(actor)
            self.decisions.append(decision)
            if self.hot_seat and self.state.to_move != actor:
                self.shown_seat = None
            for listener in self.listeners:
                listener(move, events)
        return events

    def forced_move(self) -> Any | None:
        """The move a person must make without choosing (passing with nothing to play)."""
        moves = self.state.legal_moves()
        if len(moves) == 1 and moves[0].kind == "pass":
            return moves[0]
        return None

    def _advance(self) -> None:
        """Let forced moves and computer players go on until a person must decide, a timer
        is set, or step mode waits for "next move"."""
        self._cancel_pending()
        while self.session is not None and not self.state.is_terminal():
            seat = self.state.to_move
            if self.seats[seat].is_person:
                forced = self.forced_move()
                if forced is None:
                    return
                self._apply(forced, decision=False)
                continue
            if not self.seats[seat].is_computer or self.step.value:
                return
            delay = SPEEDS[self.speed.value]
            if delay > 0:
                self._pending = self.scheduler(delay, self._tick)
                if self._pending is not None:
                    return
            self._computer_move()

    def _computer_move(self) -> None:
        seat = self.state.to_move
        move = self.bots[seat].choose(self.state.view(seat), self.bot_rngs[seat])
        self._apply(move, decision=False)

    def _computer_to_move(self) -> bool:
        return self.session is not None and not self.state.is_terminal() and self.seats[self.state.to_move].is_computer

    def _tick(self) -> None:
        self._pending = None
        if not self._computer_to_move():
            return
        self._computer_move()
        self._advance()
        self.redraw()

    def next_move(self) -> None:
        """Step mode: let the computer make its next move."""
        if not self._computer_to_move():
            return
        self._computer_move()
        if not self.step.value or not self.seats[self.state.to_move].is_computer:
            self._advance()
        self.redraw()

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _pace_changed(self) -> None:
        if self.session is not None:
            self._advance()
            self.redraw()

    def undo(self) -> None:
        """Take back the last move a person chose, and the computer moves after it."""
        if self.session is None or True not in self.decisions:
            return
        self._cancel_pending()
        while True:
            self.session.undo()
            self.actors.pop()
            if self.decisions.pop():
                break
        self.shown_seat = None if self.hot_seat else self.shown_seat
        self.message_html = ""
        self.clear_selection()
        self._layout()
        self.redraw()
        self.access.request_focus("hand")

    # -- hint ------------------------------------------------------------------------------
    def show_hint(self) -> None:
        """Ask the best computer level for a move, pick its cards and say why."""
        if not self.my_turn():
            return
        tip = hint(self.state.view(self.state.to_move), self.lang)
        self.clear_selection()
        self.show_move(tip.move)
        self.say(t("hint.shown", self.lang, reason=tip.reason), "info")
        self.redraw()

    # -- hot seat --------------------------------------------------------------------------
    def needs_curtain(self) -> bool:
        return (
            self.hot_seat
            and not self.state.is_terminal()
            and self.seats[self.state.to_move].is_person
            and self.shown_seat != self.state.to_move
        )

    def reveal(self) -> None:
        """Hot-seat: the person to move is ready; show their hand."""
        if self.session is not None and self.seats[self.state.to_move].is_person:
            self.shown_seat = self.state.to_move
            self.redraw()

    # -- language and size ---------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Show every text in `lang` (the log is told again)."""
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang
        self.setup.relabel(lang)
        if self.session is not None and not self._given_names:
            self.names = seat_names(self.seats, lang)
        self.message_html = ""
        self._relabel_frame()
        if self.session is not None:
            self.redraw()

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
        value = self.speed.value
        self.speed.options = [(t(f"speed.{name}", lang), name) for name in SPEEDS]
        self.speed.value = value
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
        self.setup.name_controls(access)
        access.flush()

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

    def click_stopped(self) -> None:
        """A click computed too long and was stopped (`kartenspiele serve --click-limit`): say
        so and draw the table again from its state."""
        self.say(ClickTimeoutError("serve.click_too_long").message(self.lang), "warn")
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Show a message under the board (a reason, a hint, the tutor's word)."""
        self.message_html = f"<div class='ks-say ks-say-{kind}' role='alert'>{escape(text)}</div>" if text else ""

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
        self._draw_result(over)
        self.move_log.show(
            self.session.events, self.actors, self.tell, lang, t("log.title", lang), self.log_start_line()
        )
        self._mark("ks-your-turn", self.my_turn() and not curtain)
        self._mark("ks-over", over)
        self.access.flush()
        if over and not self.reported_over:
            self.reported_over = True
            self._report_result()
        self.redraws += 1
        self.tick.value = str(self.redraws)

    def _report_result(self) -> None:
        """Tell the pupil's class (if they joined one) how the game ended and how long it was."""
        scores = list(self.state.scores())
        people = self.people or [0]
        best = max(scores)
        mine = max(scores[seat] for seat in people)
        result = "draw" if scores.count(best) > 1 and mine == best else "won" if mine == best else "lost"
        pupil.record(
            "game",
            game=self.game,
            result=f"{result} {'-'.join(map(str, scores))}",
            moves=len(self.session.moves),
            seconds=round(time.monotonic() - self.started_at, 1),
        )

    def log_start_line(self) -> str:
        """The first line of the log: the seed (to play the deal again) and who begins."""
        return t("log.start", self.lang, seed=self.state.seed, name=self.names[0])

    def _mark(self, name: str, on: bool) -> None:
        """Set a CSS class on the whole table (last, so it arrives after the board)."""
        if on and name not in self._dom_classes:
            self.add_class(name)
        elif not on and name in self._dom_classes:
            self.remove_class(name)

    @staticmethod
    def _set(widget: widgets.HTML, value: str, keep: bool = False) -> None:
        """Set an HTML widget's content (only a change travels to the browser); hide it when
        empty unless it `keep`s its place (so that nothing below it moves)."""
        if widget.value != value:
            widget.value = value
        display = "" if value or keep else "none"
        if widget.layout.display != display:
            widget.layout.display = display

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
        if self.session is None or not self.session.events:
            return ""
        sentences = [
            s for index in self.last_turn()[-6:] for s in self.tell(self.actors[index], self.session.events[index])
        ]
        if not sentences:
            return ""
        lines = "".join(f"<div>{escape(s)}</div>" for s in sentences)
        return f"<div class='ks-banner-box'>{lines}</div>"

    def _sync_toolbar(self) -> None:
        playing = self.session is not None and self.children and self.children[-1] is self.main
        over = playing and self.state.is_terminal()
        computer_to_move = playing and not over and self.seats[self.state.to_move].is_computer
        self.undo_button.disabled = not (playing and True in self.decisions)
        self.hint_button.layout.display = "" if playing else "none"
        self.settings_button.layout.display = "" if playing else "none"
        self.log_button.layout.display = "" if playing else "none"
        if playing:
            self.add_class("ks-playing")
        else:
            self.remove_class("ks-playing")
        self.hint_button.disabled = not (playing and self.person_acts())
        self.next_button.layout.display = "" if self.step.value else "none"
        self.next_button.disabled = not computer_to_move

    def _draw_result(self, over: bool) -> None:
        shown = over and self.show_result
        self.result.layout.display = "" if shown else "none"
        if not shown:
            return
        last = self.session.events[-1] if self.session and self.session.events else []
        self.ending.show(
            self.state.scores(),
            self.state.winners(),
            self.names,
            self.narrator_viewer,
            self.score_label(),
            self.ending_lines(last),
            self.lang,
        )
