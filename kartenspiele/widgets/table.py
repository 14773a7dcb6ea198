"""What both game tables share: the new-game panel, seats and computer players, the pace of
the computer's moves, undo, hint, the hot-seat curtain, the log and the game-over screen.

A game's table subclasses `GameTable` and draws the board: what everybody sees
(`public_area`) and what only the player to move sees (`private_area`, hidden behind the
curtain in hot-seat play). The engine decides every rule; the table only asks it.

`GameTable` puts together its four jobs — the layout (`table_layout`), the turn flow
(`turns`), the toolbar (`toolbar`) and answering every tap (`taps`) — builds the table, and
waits for a preheated page.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets

from ..classroom.classes import pupil
from ..classroom.people.roles import served_by_voila
from ..classroom.rooms.rooms import NAME_MAX
from ..core.events import Event
from ..core.session import Session
from ..kernel import click_limit
from ..kernel.page_request import preheated, wait_for_page
from .access import Access
from .pacing import Handle, Scheduler, event_loop_scheduler
from .seats import PERSON, Seat, seat_names
from .setup import GameConfig, Variant
from .table_layout import TableLayout
from .taps import Taps
from .texts import default_language, t
from .toolbar import Toolbar
from .turns import TurnFlow

MoveGuard = Callable[[Any], "str | None"]
"""Checks a person's move before it is made; returns a refusal text or None."""


class GameTable(TurnFlow, TableLayout, Toolbar, Taps, widgets.VBox):
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
        self.add_class(f"ks-game-{self.game}")
        self.lang = lang or default_language(wait=False)  # built ahead of time: see `page_arrived`
        self.scheduler = scheduler
        if served_by_voila() and pupil.current() is None and not preheated():
            pupil.from_address()  # a pupil who joined a class on the start page
        self.child_name = ""  # the child's own name, once known (`set_child_name`)
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
        self.after_game: list[Callable[[str], None]] = []  # at the end: "won", "lost" or "draw" (`person_result`)
        self.show_result = True
        self.message_html = ""
        self._pending: Handle | None = None
        self.access = Access()
        self._build_frame(players, speed, step)
        self.seats_given = seats is not None  # the computer's level given too: it does not follow the child
        if seats is not None:
            self.setup.set_players(players, [s if isinstance(s, Seat) else Seat(s) for s in seats])
        if seed is not None:
            self.setup.seed.value = seed
        for variant, box in zip(self.variants, self.setup.variant_boxes if options else ()):
            if variant.option in options:
                box.value = options[variant.option]
        self._layout()
        self._name_pupil()
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
        self._name_pupil()

    def _name_pupil(self) -> None:
        """A pupil in a class is called by the nickname they joined with."""
        session = pupil.current()
        if session is not None:
            self.set_child_name(session.pupil.nickname)

    def set_child_name(self, name: str) -> None:
        """The child's own name (typed on the start page, or its class nickname): the first person
        seat without a name takes it — in the new-game panel and in a game already dealt."""
        name = " ".join(name.split())[:NAME_MAX]
        if not name or name == self.child_name:
            return
        self.child_name = name
        if self._setup is not None:
            field, kind = self.setup.seat_names[0], self.setup.seat_kinds[0]
            if kind.value == PERSON and not field.value.strip():
                field.value = name
        if self.session is not None and not self._given_names:
            self.names = seat_names(self.seats, self.lang, name)
            self.redraw()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.page_arrived()
        return super()._repr_mimebundle_(**kwargs)

    # -- the game's part -----------------------------------------------------------------
    def build_board(self) -> None:
        """Create the game's widgets inside `public_area` and `private_area`."""
        raise NotImplementedError

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
