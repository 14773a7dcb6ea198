"""The start page's part for playing together: one name, one code box, "Raum eröffnen" and
"Weiterspielen" (the games this browser remembers).

The name is typed once and remembered by this browser (`BrowserMemory.name`). The code box
takes a room code (4 or 5 letters, from a classmate) and, where the page offers classes, a
class code (5 letters, from the teacher): a code that names a class joins the class (unless
this page is in that class already), every other code is looked for as a room.
Opening or joining a room replaces the lobby by the room's page (`RoomPage`); a saved
hot-seat game comes back as its hot-seat table (`saving.resumed_game`). Every error
— an unknown code, a full room, a taken or too long name, the store out of reach — is shown
under the code box, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..bots import LEVELS
from ..bots.games import GAMES
from ..classroom import pupil
from ..classroom.classes import CODE_LENGTH as CLASS_CODE_LENGTH
from ..classroom.classes import Classes, ClassNotFoundError
from ..classroom.open_limit import OpenLimit
from ..classroom.rooms import NAME_MAX, OPEN, Rooms, default_level, normal_code
from ..classroom.store import Store, open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from .enter import on_enter
from .memory import BrowserMemory
from .room import RoomPage
from .saving import SavedGame, resumed_game
from .seats import level_label


class Lobby(widgets.VBox):
    """Open a room, join one, or go on with a remembered game. `store` defaults to the app's
    store (`$KARTENSPIELE_STORE`); a store that cannot be opened is reported, not raised.
    `classes`: the code box also takes class codes; `on_class` runs after joining a class."""

    def __init__(
        self,
        lang: str = "de",
        store: Store | None = None,
        memory: BrowserMemory | None = None,
        on_room: Callable[[RoomPage | SavedGame], None] | None = None,
        poll: bool = True,
        classes: bool = False,
        on_class: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.add_class("ks-lobby")
        self.lang = lang
        self.poll = poll
        self.on_room = on_room
        self.classes = classes
        self.on_class = on_class
        self.page: RoomPage | SavedGame | None = None
        self.memory = memory or BrowserMemory()
        self.rooms: Rooms | None = None
        self.store_error = ""
        try:
            opened = store or open_store()
            self.rooms = Rooms(opened, limit=OpenLimit(opened))  # this page's count of rooms opened
        except KartenspieleError as error:
            self.store_error = error.message(lang)
        # one name and one code box
        self.name = widgets.Text(layout=widgets.Layout(width="auto"))
        self.name.add_class("ks-name-input")
        self.code = widgets.Text(layout=widgets.Layout(width="auto"))
        self.code.add_class("ks-code-input")
        self.join_button = widgets.Button(button_style="primary", icon="sign-in", layout=widgets.Layout(width="auto"))
        self.join_button.add_class("ks-room-join")
        self.join_button.on_click(lambda _: self.enter_code())
        on_enter(self.code, self.enter_code)
        self.code_hint = widgets.HTML()
        self.code_hint.add_class("ks-code-hint")
        self.class_status = widgets.HTML()
        self.class_status.add_class("ks-class-status")
        code_row = widgets.HBox([self.code, self.join_button])
        code_row.add_class("ks-code-row")
        self.message = widgets.HTML()
        self.message.add_class("ks-lobby-message")
        self.entry = widgets.VBox([self.name, code_row, self.code_hint, self.class_status, self.message])
        self.entry.add_class("ks-lobby-entry")
        # open a room
        self.open_title = widgets.HTML()
        self.game = widgets.ToggleButtons(options=[(info.title, name) for name, info in GAMES.items()])
        self.game.add_class("ks-room-game")
        self.players = widgets.ToggleButtons(options=[2, 3, 4], value=3)
        self.players.add_class("ks-room-players")
        self.players_label = widgets.HTML()
        self.seat_kinds = [widgets.Dropdown(layout=widgets.Layout(width="auto")) for _ in range(3)]
        for index, dropdown in enumerate(self.seat_kinds):
            dropdown.add_class(f"ks-room-seat-{index + 2}")
        self.open_button = widgets.Button(button_style="primary", icon="users", layout=widgets.Layout(width="auto"))
        self.open_button.add_class("ks-room-open")
        self.open_button.on_click(lambda _: self.open_room())
        self.game.observe(lambda _: self._seats_changed(), "value")
        self.players.observe(lambda _: self._seats_changed(), "value")
        players_row = widgets.HBox([self.players_label, self.players])
        players_row.add_class("ks-room-players-row")
        choice = widgets.HBox([self.game, players_row])
        choice.add_class("ks-room-choice")
        seats = widgets.Box(self.seat_kinds)
        seats.add_class("ks-room-seats")
        self.open_box = widgets.VBox([self.open_title, choice, seats, self.open_button])
        self.open_box.add_class("ks-lobby-open")
        # go on
        self.resume_title = widgets.HTML()
        self.resume_box = widgets.VBox()
        self.resume_box.add_class("ks-lobby-resume")
        self.memory.observe(lambda _: self._draw_resume(), "games")
        self.memory.observe(lambda _: self._remembered_name(), "loaded")
        self.children = (self.memory, self.entry, self.resume_title, self.resume_box, self.open_box)
        self.set_language(lang)
        self._remembered_name()

    # -- texts -----------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.open_title.value = f"<h3>{escape(text('lobby.open.title', lang))}</h3>"
        self.players_label.value = escape(text("lobby.players", lang))
        self.name.description = text("lobby.name", lang)
        self.name.placeholder = text("lobby.name.placeholder", lang)
        self.code.description = text("lobby.code", lang)
        self.code.placeholder = "ABCD"
        self.code_hint.value = escape(text("lobby.code.hint.classes" if self.classes else "lobby.code.hint", lang))
        self.open_button.description = text("lobby.open.button", lang)
        self.join_button.description = text("lobby.join.button", lang)
        self._draw_class()
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

    def _draw_class(self) -> None:
        session = pupil.current() if self.classes else None
        self.class_status.value = (
            escape(text("class.joined", self.lang, code=session.pupil.code, nickname=session.pupil.nickname))
            if session is not None
            else ""
        )

    def _remembered_name(self) -> None:
        """The name this browser remembers fills an empty name field (once the page has loaded)."""
        if self.memory.loaded and not self.name.value.strip():
            self.name.value = self.memory.name[:NAME_MAX]

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
        self.memory.name = room.seats[seat].name
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
        self._enter(lambda rooms: rooms.open(game, players, seats, self.name.value, fill=default_level(game)))

    def enter_code(self) -> None:
        """ "Beitreten": a class code joins the class (where classes are offered), any other
        code is a room's."""
        code = normal_code(self.code.value)
        if self.classes and self.rooms is not None and self._names_class(code):
            self.join_class(code)
        else:
            self.join_room()

    def _names_class(self, code: str) -> bool:
        """Whether `code` is a class code this page is not in yet (room codes are shorter
        until the rooms grow to five letters; then a class wins over a room of its code)."""
        session = pupil.current()
        if len(code) != CLASS_CODE_LENGTH or (session is not None and session.pupil.code == code):
            return False
        try:
            Classes(self.rooms.store).info(code)
        except ClassNotFoundError:
            return False
        except KartenspieleError:
            return False  # the store out of reach: joining a room says so
        return True

    def join_class(self, code: str) -> None:
        """Join the class `code` under the typed name (the class's nickname)."""
        try:
            session = pupil.join(code, self.name.value, Classes(self.rooms.store))
        except KartenspieleError as error:
            self._error(error.message(self.lang))
            return
        self.memory.name = session.pupil.nickname
        self.code.value = ""
        self.message.value = ""
        self._draw_class()
        if self.on_class is not None:
            self.on_class()

    def join_room(self) -> None:
        """Join the room of the typed code under the typed name (this browser's token, if it has one)."""
        code, name = self.code.value, self.name.value
        self._enter(lambda rooms: rooms.join(code, name, self.memory.token(normal_code(code))))

    def resume(self, code: str, name: str) -> None:
        """ "Weiterspielen": back to a remembered seat."""
        self._enter(lambda rooms: rooms.join(code, name, self.memory.token(code)))
