"""The start page's part for playing together: "Raum eröffnen", "Raum beitreten" and
"Weiterspielen" (the games this browser remembers).

Opening or joining a room replaces the lobby by the room's page (`RoomPage`); a saved
hot-seat game comes back as its hot-seat table (`saving.resumed_game`). Opened with `resume`
(the start page's `?resume=<code>`, which the "connection lost" banner's link carries), the
lobby goes straight back to that game once the browser has sent its memory, if the browser
remembers it (its seat token is checked as for "Weiterspielen"). A name whose seat is taken,
without the seat's token, leads to the page that asks the opener (`AskingPage`). Every error
— an unknown code, a full room, a taken or too long name, the store out of reach — is shown
under the form, and nothing changes. The store's note stays only while the store is in
trouble: the lobby asks the store again every `STORE_CHECK_SECONDS` and on every click, and
takes the note away once the store answers (a full store's once a room could be written).

Only one room page is alive: when the lobby shows another room, the previous page is closed
(its polling, its heartbeat and every widget it built).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..bots import LEVELS
from ..bots.games import GAMES
from ..classroom import pupil
from ..classroom.code_limit import CodeLimit
from ..classroom.let_in import LetInNeededError, Request
from ..classroom.names import name_key
from ..classroom.open_limit import OpenLimit
from ..classroom.rooms import OPEN, Room, Rooms, default_level
from ..classroom.store import Store, StoreError, StoreFullError, open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from .asking import AskingPage
from .closing import close_tree
from .memory import BrowserMemory
from .room import RoomPage
from .saving import SavedGame, resumed_game
from .seats import level_label
from .texts import relabel_options

STORE_CHECK_SECONDS = 3.0
"""How often a lobby showing the store's note asks the store whether it is back."""


class Lobby(widgets.VBox):
    """Open a room, join one, or go on with a remembered game. `store` defaults to the app's
    store (`$KARTENSPIELE_STORE`); a store that cannot be opened is reported, not raised."""

    def __init__(
        self,
        lang: str = "de",
        store: Store | None = None,
        memory: BrowserMemory | None = None,
        on_room: Callable[[RoomPage | SavedGame], None] | None = None,
        poll: bool = True,
        resume: str | None = None,
    ) -> None:
        super().__init__()
        self.add_class("ks-lobby")
        self.lang = lang
        self.poll = poll
        self.on_room = on_room
        self.page: RoomPage | SavedGame | None = None
        self.asking: AskingPage | None = None
        self.memory = memory or BrowserMemory()
        self.rooms: Rooms | None = None
        self._given_store = store
        self.store_problem: KartenspieleError | None = None  # shown under the form until the store is back
        self._store_note = ""
        self._watch: asyncio.Task | None = None
        # open a room
        self.open_title = widgets.HTML()
        self.game = widgets.ToggleButtons(options=[(info.title, name) for name, info in GAMES.items()])
        self.game.add_class("ks-room-game")
        self.players = widgets.ToggleButtons(options=[2, 3, 4], value=3)
        self.players.add_class("ks-room-players")
        self.players_label = widgets.HTML()
        self.seat_kinds = [widgets.Dropdown(layout=widgets.Layout(width="16em")) for _ in range(3)]
        for index, dropdown in enumerate(self.seat_kinds):
            dropdown.add_class(f"ks-room-seat-{index + 2}")
        self.open_name = widgets.Text(layout=widgets.Layout(width="14em"))
        self.open_name.add_class("ks-room-open-name")
        self.open_button = widgets.Button(button_style="primary", icon="users", layout=widgets.Layout(width="auto"))
        self.open_button.add_class("ks-room-open")
        self.open_button.on_click(lambda _: self.open_room())
        self.game.observe(lambda _: self._seats_changed(), "value")
        self.players.observe(lambda _: self._seats_changed(), "value")
        self.open_box = widgets.VBox(
            [
                self.open_title,
                self.game,
                widgets.HBox([self.players_label, self.players]),
                *self.seat_kinds,
                self.open_name,
                self.open_button,
            ]
        )
        self.open_box.add_class("ks-lobby-open")
        # join a room
        self.join_title = widgets.HTML()
        self.code = widgets.Text(layout=widgets.Layout(width="14em"))
        self.code.add_class("ks-room-code-input")
        self.join_name = widgets.Text(layout=widgets.Layout(width="14em"))
        self.join_name.add_class("ks-room-join-name")
        self.join_button = widgets.Button(button_style="primary", icon="sign-in", layout=widgets.Layout(width="auto"))
        self.join_button.add_class("ks-room-join")
        self.join_button.on_click(lambda _: self.join_room())
        self.join_box = widgets.VBox([self.join_title, self.code, self.join_name, self.join_button])
        self.join_box.add_class("ks-lobby-join")
        # go on
        self.resume_title = widgets.HTML()
        self.resume_box = widgets.VBox()
        self._resume_buttons: dict[tuple[str, str], widgets.Button] = {}
        self.resume_box.add_class("ks-lobby-resume")
        self.message = widgets.HTML()
        self.message.add_class("ks-lobby-message")
        self.forms = widgets.HBox([self.open_box, self.join_box])
        self.forms.add_class("ks-lobby-forms")
        self.memory.observe(lambda _: self._draw_resume(), "games")
        self.children = (self.memory, self.resume_title, self.resume_box, self.forms, self.message)
        self.set_language(lang)
        self.reach_store()
        self.resume_asked = (resume or "").strip().upper()
        if self.resume_asked:
            self.memory.observe(lambda _: self._resume_on_open(), ["loaded", "games"])

    # -- texts -----------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Show every text in `lang`: the room's page first (it fills the lobby's place)."""
        self.lang = lang
        for shown in (self.page, self.asking):
            if shown is not None:
                shown.set_language(lang)
        self.open_title.value = f"<h3>{escape(text('lobby.open.title', lang))}</h3>"
        self.join_title.value = f"<h3>{escape(text('lobby.join.title', lang))}</h3>"
        self.players_label.value = escape(text("lobby.players", lang))
        for field in (self.open_name, self.join_name):
            field.description = text("lobby.name", lang)
            field.placeholder = text("lobby.name.placeholder", lang)
        self.code.description = text("lobby.code", lang)
        self.code.placeholder = "ABCD"
        self.open_button.description = text("lobby.open.button", lang)
        self.join_button.description = text("lobby.join.button", lang)
        self._seats_changed()
        self._draw_resume()
        if self.store_problem is not None:
            self._store_trouble(self.store_problem)

    def _seats_changed(self) -> None:
        game, lang = self.game.value, self.lang
        options = [(text("lobby.seat.classmate", lang), OPEN)] + [
            (text("lobby.seat.computer", lang, level=level_label(level, lang)), level) for level in LEVELS[game]
        ]
        for index, dropdown in enumerate(self.seat_kinds):
            if [value for _, value in dropdown.options] == [value for _, value in options]:
                relabel_options(dropdown, options)  # the same levels, worded anew
            else:
                value = dropdown.value if dropdown.value in dict(options).values() else OPEN
                dropdown.options = options
                dropdown.value = value
            dropdown.description = text("lobby.seat", lang, number=index + 2)
            dropdown.layout.display = "" if index + 2 <= self.players.value else "none"

    def _error(self, message: str) -> None:
        self.message.value = f"<div class='ks-say ks-say-warn' role='alert'>{escape(message)}</div>"

    # -- the store's note --------------------------------------------------------------------
    def reach_store(self, wrote: bool = False) -> bool:
        """Open the store if it is not open yet, or ask it whether it is back while its note is
        shown; the note comes or goes accordingly (a full store's only after a write)."""
        try:
            if self.rooms is None:
                opened = self._given_store or open_store()
                # this page's counts of rooms opened and of wrong codes typed
                self.rooms = Rooms(opened, limit=OpenLimit(opened), guesses=CodeLimit(opened))
            elif self.store_problem is not None:
                self.rooms.store.ping()
        except KartenspieleError as error:
            self._store_trouble(error)
            return False
        self._store_back(wrote)
        return True

    def _store_trouble(self, error: KartenspieleError) -> None:
        self.store_problem = error
        self._error(error.message(self.lang))
        self._store_note = self.message.value
        self._watch_store()

    def _store_back(self, wrote: bool) -> None:
        if self.store_problem is None or (isinstance(self.store_problem, StoreFullError) and not wrote):
            return
        if self.message.value == self._store_note:  # a newer message stays
            self.message.value = ""
        self.store_problem, self._store_note = None, ""

    def _watch_store(self) -> None:
        """Ask the store now and then on the kernel's event loop while its note is shown."""
        if not self.poll or (self._watch is not None and not self._watch.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._watch = loop.create_task(self._check_until_back())

    async def _check_until_back(self) -> None:
        while self.store_problem is not None and self.comm is not None:
            await asyncio.sleep(STORE_CHECK_SECONDS)
            self.reach_store()

    def _draw_resume(self) -> None:
        """One "Weiterspielen" button per remembered game; a button is kept while its game is
        remembered (a new language only changes its text)."""
        lang = self.lang
        buttons, kept = [], {}
        for item in self.memory.games:
            code, game, name = str(item.get("code", "")), str(item.get("game", "")), str(item.get("name", ""))
            title = GAMES[game].title if game in GAMES else game
            description = text("lobby.resume.button", lang, game=title, code=code, name=name)
            button = self._resume_buttons.get((code, name))
            if button is None:
                button = widgets.Button(icon="play-circle", layout=widgets.Layout(width="auto"))
                button.add_class("ks-room-resume")
                button.on_click(lambda _, code=code, name=name: self.resume(code, name))
            if button.description != description:
                button.description = description
            kept[(code, name)] = button
            buttons.append(button)
        close_tree([button for button in self._resume_buttons.values() if button not in kept.values()])
        self._resume_buttons = kept
        if self.resume_box.children != tuple(buttons):
            self.resume_box.children = tuple(buttons)
        self.resume_title.value = f"<h3>{escape(text('lobby.resume.title', lang))}</h3>" if buttons else ""

    # -- actions ---------------------------------------------------------------------------
    def _enter(self, action: Callable[[Rooms], tuple]) -> None:
        if not self.reach_store() or self.rooms is None:
            return
        try:
            room, seat, token = action(self.rooms)
            page: RoomPage | SavedGame = (
                resumed_game(self.rooms, room, self.lang, self.memory)
                if room.hot_seat
                else RoomPage(self.rooms, room, seat, self.lang, poll=self.poll, token=token)
            )
        except LetInNeededError as needed:
            self._ask(needed.room, needed.seat)
            return
        except StoreError as error:
            self._store_trouble(error)
            return
        except KartenspieleError as error:
            self._error(error.message(self.lang))
            return
        self._store_back(wrote=True)
        self.memory.remember(room.code, token, room.game, room.seats[seat].name)
        self.message.value = ""
        self.close_page()
        self.page = page
        self.children = (self.memory, page)
        if self.on_room is not None:
            self.on_room(page)

    def _ask(self, room: Room, seat: int) -> None:
        """Ask the opener to let this page back to `seat` (its token was lost)."""
        if self.rooms is None:
            return
        session = pupil.current()  # a pupil of a class under the seat's name: the teacher sees the request
        teacher = session is not None and name_key(session.pupil.nickname) == name_key(room.seats[seat].name)
        try:
            self.asking = AskingPage(
                self.rooms, room, seat, self.lang, self._admitted, self._back, poll=self.poll, teacher=teacher
            )
        except KartenspieleError as error:
            self._error(error.message(self.lang))
            return
        self.message.value = ""
        self.children = (self.memory, self.asking)

    def _admitted(self, request: Request) -> None:
        """Let in: the seat is this page's, with the request's new token."""
        asking, self.asking = self.asking, None
        if asking is not None:
            self._enter(lambda rooms: (asking.room, request.seat, request.token))

    def _back(self) -> None:
        self.asking = None
        self.children = (self.memory, self.resume_title, self.resume_box, self.forms, self.message)

    def close_page(self) -> None:
        """Close the room page shown (its polling, heartbeat and widgets; the browser's memory
        stays with the lobby)."""
        if self.page is not None:
            close_tree(self.page, keep=(self.memory,))
            self.page = None

    def open_room(self) -> None:
        """ "Raum eröffnen": a room with the chosen game and seats; the opener sits first."""
        players = self.players.value
        seats = [dropdown.value for dropdown in self.seat_kinds[: players - 1]]
        game = self.game.value
        self._enter(lambda rooms: rooms.open(game, players, seats, self.open_name.value, fill=default_level(game)))

    def join_room(self) -> None:
        """ "Raum beitreten" with the typed code and name (this browser's token, if it has one)."""
        code, name = self.code.value, self.join_name.value
        self._enter(lambda rooms: rooms.join(code, name, self.memory.token(code.strip().upper())))

    def _resume_on_open(self) -> None:
        """Once the browser's memory is here: back to the asked game if it is remembered
        (only once; an unknown code leaves the start page as it is)."""
        code = self.resume_asked
        entry = self.memory.entry(code)
        if not self.memory.loaded or entry is None or self.page is not None:
            return
        self.resume_asked = ""
        self.resume(code, str(entry.get("name", "")))

    def resume(self, code: str, name: str) -> None:
        """ "Weiterspielen": back to a remembered seat."""
        self._enter(lambda rooms: rooms.join(code, name, self.memory.token(code)))
