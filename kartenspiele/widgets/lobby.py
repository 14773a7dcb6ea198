"""The start page's part for playing together: "Raum eröffnen", "Raum beitreten" and
"Weiterspielen" (the games this browser remembers).

Opening or joining a room replaces the lobby by the room's page (`RoomPage`); a saved
hot-seat game comes back as its hot-seat table (`saving.resumed_game`). Opened with `resume`
(the start page's `?resume=<code>`, which the "connection lost" banner's link carries), the
lobby goes straight back to that game once the browser has sent its memory, if the browser
remembers it (its seat token is checked as for "Weiterspielen"). Every error
— an unknown code, a full room, a taken or too long name, the store out of reach — is shown
under the form, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..bots import LEVELS
from ..bots.games import GAMES
from ..classroom.open_limit import OpenLimit
from ..classroom.rooms import OPEN, Rooms, default_level
from ..classroom.store import Store, open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from .memory import BrowserMemory
from .room import RoomPage
from .saving import SavedGame, resumed_game
from .seats import level_label


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
        self.memory = memory or BrowserMemory()
        self.rooms: Rooms | None = None
        self.store_error = ""
        try:
            opened = store or open_store()
            self.rooms = Rooms(opened, limit=OpenLimit(opened))  # this page's count of rooms opened
        except KartenspieleError as error:
            self.store_error = error.message(lang)
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
        self.resume_box.add_class("ks-lobby-resume")
        self.message = widgets.HTML()
        self.message.add_class("ks-lobby-message")
        self.forms = widgets.HBox([self.open_box, self.join_box])
        self.forms.add_class("ks-lobby-forms")
        self.memory.observe(lambda _: self._draw_resume(), "games")
        self.children = (self.memory, self.resume_title, self.resume_box, self.forms, self.message)
        self.set_language(lang)
        self.resume_asked = (resume or "").strip().upper()
        if self.resume_asked:
            self.memory.observe(lambda _: self._resume_on_open(), ["loaded", "games"])

    # -- texts -----------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang
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
        if self.page is not None:
            self.page.set_language(lang)
        if self.store_error:
            self._error(self.store_error)

    def _seats_changed(self) -> None:
        game, lang = self.game.value, self.lang
        options = [(text("lobby.seat.classmate", lang), OPEN)] + [
            (text("lobby.seat.computer", lang, level=level_label(level, lang)), level) for level in LEVELS[game]
        ]
        for index, dropdown in enumerate(self.seat_kinds):
            value = dropdown.value if dropdown.value in dict(options).values() else OPEN
            dropdown.options = options
            dropdown.value = value
            dropdown.description = text("lobby.seat", lang, number=index + 2)
            dropdown.layout.display = "" if index + 2 <= self.players.value else "none"

    def _error(self, message: str) -> None:
        self.message.value = f"<div class='ks-say ks-say-warn' role='alert'>{escape(message)}</div>"

    def _draw_resume(self) -> None:
        lang = self.lang
        buttons = []
        for item in self.memory.games:
            code, game, name = str(item.get("code", "")), str(item.get("game", "")), str(item.get("name", ""))
            title = GAMES[game].title if game in GAMES else game
            button = widgets.Button(
                description=text("lobby.resume.button", lang, game=title, code=code, name=name),
                icon="play-circle",
                layout=widgets.Layout(width="auto"),
            )
            button.add_class("ks-room-resume")
            button.on_click(lambda _, code=code, name=name: self.resume(code, name))
            buttons.append(button)
        self.resume_box.children = tuple(buttons)
        self.resume_title.value = f"<h3>{escape(text('lobby.resume.title', lang))}</h3>" if buttons else ""

    # -- actions ---------------------------------------------------------------------------
    def _enter(self, action: Callable[[Rooms], tuple]) -> None:
        if self.rooms is None:
            self._error(self.store_error)
            return
        try:
            room, seat, token = action(self.rooms)
            page: RoomPage | SavedGame = (
                resumed_game(self.rooms, room, self.lang, self.memory)
                if room.hot_seat
                else RoomPage(self.rooms, room, seat, self.lang, poll=self.poll)
            )
        except KartenspieleError as error:
            self._error(error.message(self.lang))
            return
        self.memory.remember(room.code, token, room.game, room.seats[seat].name)
        self.message.value = ""
        self.page = page
        self.children = (self.memory, page)
        if self.on_room is not None:
            self.on_room(page)

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
