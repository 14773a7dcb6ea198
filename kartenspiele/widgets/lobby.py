"""The start page's part for playing together: one name, one code box, "Raum eröffnen" and
"Weiterspielen" (the games this browser remembers).

The name is typed once and remembered by this browser (`BrowserMemory.name`). The code box
takes a room code (4 or 5 letters, from a classmate) and, where the page offers classes, a
class code (5 letters, from the teacher): a code that names a class joins the class (unless
this page is in that class already), every other code is looked for as a room.
Opening or joining a room replaces the lobby by the room's page (`RoomPage`); a saved
hot-seat game comes back as its hot-seat table (`saving.resumed_game`). Opened with `resume`
(the start page's `?resume=<code>`, which the "connection lost" banner's link carries), the
lobby goes straight back to that game once the browser has sent its memory, if the browser
remembers it (its seat token is checked as for "Weiterspielen"). A name whose seat is taken,
without the seat's token, leads to the page that asks the opener (`AskingPage`). Every error
— an unknown code, a full room, a taken or too long name, the store out of reach — is shown
under the code box, and nothing changes. The store's note stays only while the store is in
trouble: the lobby asks the store again every `STORE_CHECK_SECONDS` and on every click, and
takes the note away once the store answers (a full store's once a room could be written).

In the browser build (`lite.in_browser`) the lobby keeps only "Weiterspielen" (the browser keeps
the games, `BrowserMemory.store`) and says, with a link, that rooms and classes need the served
version.

Only one room page is alive: when the lobby shows another room, the previous page is closed
(its polling, its heartbeat and every widget it built).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..bots import LEVELS
from ..bots.games import GAMES
from ..catalogue import PRACTICE_LESSONS
from ..classroom.classes import pupil
from ..classroom.classes.classes import CODE_LENGTH as CLASS_CODE_LENGTH
from ..classroom.classes.classes import Classes, ClassNotFoundError
from ..classroom.rooms.code_limit import CodeLimit
from ..classroom.rooms.let_in import LetInNeededError, Request
from ..classroom.rooms.open_limit import OpenLimit
from ..classroom.rooms.rooms import NAME_MAX, OPEN, Room, Rooms, default_level, normal_code
from ..classroom.store.interface import Store, StoreError, StoreFullError
from ..classroom.store.opening import open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from ..lite import in_browser, server_note
from .asking import AskingPage
from .class_watch import ClassWatch
from .closing import close_tree
from .enter import on_enter
from .memory import BrowserMemory
from .plain import plain, set_shown
from .room import RoomPage
from .saving import SavedGame, resumed_game
from .seats import level_label
from .texts import relabel_options

STORE_CHECK_SECONDS = 3.0
"""How often a lobby showing the store's note asks the store whether it is back."""


def _primary_button(icon: str, css_class: str, press: Callable[[], None]) -> widgets.Button:
    """A form's main button, as wide as its text; pressing it calls `press()`."""
    button = plain(
        widgets.Button,
        button_style="primary",
        icon=icon,
        layout=widgets.Layout(width="auto"),
        _dom_classes=(css_class,),
    )
    button.on_click(lambda _: press())
    return button


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
        resume: str | None = None,
        classes: bool = False,
        on_class: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(_dom_classes=("ks-lobby",))
        self.lang = lang
        self.poll = poll
        self.on_room = on_room
        self.classes = classes
        self.on_class = on_class
        self.page: RoomPage | SavedGame | None = None
        self.asking: AskingPage | None = None
        self.memory = memory or BrowserMemory()
        self.rooms: Rooms | None = None
        self._given_store = store
        self.store_problem: KartenspieleError | None = None  # shown under the form until the store is back
        self._store_note = ""
        self._watch: asyncio.Task | None = None
        self.message = plain(widgets.HTML, _dom_classes=("ks-lobby-message",))
        # rooms and classes (a name, a code box, "Raum eröffnen"): the browser build shows none
        # of them and builds none (half of the start page's widgets)
        self.rooms_offered = not in_browser()
        self.entry: widgets.VBox | None = None
        self.open_box: widgets.VBox | None = None
        if self.rooms_offered:
            self._room_forms()
        # go on
        self.resume_title = plain(widgets.HTML)
        self.resume_box = plain(widgets.VBox, _dom_classes=("ks-lobby-resume",))
        self._resume_buttons: dict[tuple[str, str], widgets.Button] = {}
        self.memory.observe(lambda _: self._draw_resume(), "games")
        self.memory.observe(lambda _: self._remembered_name(), "loaded")
        self.class_watch: ClassWatch | None = None
        # the browser build: rooms and classes need the served version
        self.lite_note = plain(widgets.HTML, _dom_classes=("ks-lobby-lite",))
        self.children = self._home()
        self.set_language(lang)
        self._remembered_name()
        self.reach_store()
        self._told_damaged: set[str] = set()
        self.memory.observe(lambda _: self._damaged_note(), "loaded")  # after the store took in the saves
        self._damaged_note()
        self.resume_asked = (resume or "").strip().upper()
        if self.resume_asked:
            self.memory.observe(lambda _: self.resume_asked_game(), ["loaded", "games"])

    def _room_forms(self) -> None:
        """The forms for rooms and classes: one name and one code box, and "Raum eröffnen"."""
        self.name = plain(widgets.Text, layout=widgets.Layout(width="auto"), _dom_classes=("ks-name-input",))
        self.code = plain(widgets.Text, layout=widgets.Layout(width="auto"), _dom_classes=("ks-code-input",))
        self.join_button = _primary_button("sign-in", "ks-room-join", lambda: self.enter_code())
        on_enter(self.code, self.enter_code)
        self.code_hint = plain(widgets.HTML, _dom_classes=("ks-code-hint",))
        self.class_status = plain(widgets.HTML, _dom_classes=("ks-class-status",))
        code_row = plain(widgets.HBox, [self.code, self.join_button], _dom_classes=("ks-code-row",))
        self.entry = plain(
            widgets.VBox,
            [self.name, code_row, self.code_hint, self.class_status, self.message],
            _dom_classes=("ks-lobby-entry",),
        )
        # open a room
        self.open_title = plain(widgets.HTML)
        self.game = plain(
            widgets.ToggleButtons,
            options=[(info.title, name) for name, info in GAMES.items()],
            _dom_classes=("ks-room-game",),
        )
        self.players = plain(widgets.ToggleButtons, options=[2, 3, 4], value=3, _dom_classes=("ks-room-players",))
        self.players_label = plain(widgets.HTML)
        self.seat_kinds = [
            plain(widgets.Dropdown, layout=widgets.Layout(width="auto"), _dom_classes=(f"ks-room-seat-{seat}",))
            for seat in (2, 3, 4)
        ]
        self.open_button = _primary_button("users", "ks-room-open", lambda: self.open_room())
        self.game.observe(lambda _: self._seats_changed(), "value")
        self.players.observe(lambda _: self._seats_changed(), "value")
        self.name.observe(lambda _: self._name_typed(), "value")
        players_row = plain(widgets.HBox, [self.players_label, self.players], _dom_classes=("ks-room-players-row",))
        choice = plain(widgets.HBox, [self.game, players_row], _dom_classes=("ks-room-choice",))
        seats = plain(widgets.Box, self.seat_kinds, _dom_classes=("ks-room-seats",))
        self.open_box = plain(
            widgets.VBox, [self.open_title, choice, seats, self.open_button], _dom_classes=("ks-lobby-open",)
        )

    # -- texts -----------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Show every text in `lang`: the room's page first (it fills the lobby's place)."""
        self.lang = lang
        for shown in (self.page, self.asking):
            if shown is not None:
                shown.set_language(lang)
        if self.rooms_offered:
            self._word_room_forms()
        self.lite_note.value = server_note(lang, packs=PRACTICE_LESSONS)
        self._draw_resume()
        if self.store_problem is not None:
            self._store_trouble(self.store_problem)

    def _word_room_forms(self) -> None:
        """The texts of the forms for rooms and classes, in the lobby's language."""
        lang = self.lang
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

    def _seats_changed(self) -> None:
        game, lang = self.game.value, self.lang
        options = [(text("lobby.seat.classmate", lang), OPEN)] + [
            (text("lobby.seat.computer", lang, level=level_label(level, lang)), level) for level in LEVELS[game]
        ]
        for index, dropdown in enumerate(self.seat_kinds):
            with dropdown.hold_sync():  # one message per seat
                if [value for _, value in dropdown.options] == [value for _, value in options]:
                    relabel_options(dropdown, options)  # the same levels, worded anew
                else:
                    value = dropdown.value if dropdown.value in dict(options).values() else OPEN
                    dropdown.options = options
                    dropdown.value = value
                dropdown.description = text("lobby.seat", lang, number=index + 2)
            set_shown(dropdown, index + 2 <= self.players.value)

    def _draw_class(self) -> None:
        session = pupil.current() if self.classes else None
        self.memory.pupil_class = pupil.remembered_query(session)
        if session is None:
            self.class_status.value = ""
            return
        if self.class_watch is None or self.class_watch.session is not session:  # notice a deleted class
            session.on_end.append(self._draw_class)
            self.class_watch = ClassWatch(session)
        code, nickname = session.pupil.code, session.pupil.nickname
        self.class_status.value = escape(
            text("class.ended", self.lang, code=code)
            if session.ended
            else text("class.joined", self.lang, code=code, nickname=nickname)
        )

    def _name_typed(self) -> None:
        """The browser remembers the typed name at once: a game or tutorial opened from here calls
        the child by it (`GameTable.set_child_name`)."""
        typed = " ".join(self.name.value.split())[:NAME_MAX]
        if typed and self.memory.loaded and typed != self.memory.name:
            self.memory.name = typed

    def _remembered_name(self) -> None:
        """The name this browser remembers fills an empty name field (once the page has loaded)."""
        if self.rooms_offered and self.memory.loaded and not self.name.value.strip():
            self.name.value = self.memory.name[:NAME_MAX]

    def _error(self, message: str) -> None:
        self.message.value = f"<div class='ks-say ks-say-warn' role='alert'>{escape(message)}</div>"

    # -- the store's note --------------------------------------------------------------------
    def reach_store(self, wrote: bool = False) -> bool:
        """Open the store if it is not open yet, or ask it whether it is back while its note is
        shown; the note comes or goes accordingly (a full store's only after a write)."""
        try:
            if self.rooms is None:
                opened = self._given_store or (self.memory.store() if in_browser() else open_store())
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
                button = plain(
                    widgets.Button,
                    icon="play-circle",
                    layout=widgets.Layout(width="auto"),
                    _dom_classes=("ks-room-resume",),
                )
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
    def _enter(self, action: Callable[[Rooms], tuple], kept: str = "") -> None:
        """Enter the room `action` opens or joins; `kept`: the code of a game whose saves this
        browser keeps itself (the browser build's "Weiterspielen"), which fails only when they
        are damaged: the game is forgotten and the lobby says so."""
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
            if kept and in_browser():
                self._damaged(kept, error)
            else:
                self._error(error.message(self.lang))
            return
        except (LookupError, TypeError, ValueError) as error:  # saves edited in the browser's storage
            if not (kept and in_browser()):
                raise
            self._damaged(kept, error)
            return
        self._store_back(wrote=True)
        self.memory.remember(room.code, token, room.game, room.seats[seat].name)
        self.memory.name = room.seats[seat].name
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
        teacher = bool(room.seats[seat].member)  # a class's pupil took the seat: the teacher sees the request
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

    def _home(self) -> tuple[widgets.Widget, ...]:
        """The lobby's own parts: name and code, "Weiterspielen", "Raum eröffnen" (in the browser
        build the note that rooms need a server, the lobby's message, and "Weiterspielen")."""
        if not self.rooms_offered:
            return (self.memory, self.message, self.lite_note, self.resume_title, self.resume_box)
        return (self.memory, self.entry, self.resume_title, self.resume_box, self.open_box)

    def _back(self) -> None:
        self.asking = None
        self.children = self._home()

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
        member = self._member()
        self._enter(
            lambda rooms: rooms.open(game, players, seats, self.name.value, fill=default_level(game), member=member)
        )

    @staticmethod
    def _member() -> str:
        """The mark of this page's class pupil for the seat they take (none outside a class)."""
        session = pupil.current()
        return session.pupil.member if session is not None and not session.ended else ""

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
        code, name, member = self.code.value, self.name.value, self._member()
        self._enter(lambda rooms: rooms.join(code, name, self.memory.token(normal_code(code)), member))

    def resume_asked_game(self) -> None:
        """Once the browser's memory is here: back to the asked game if it is remembered
        (only once; an unknown code leaves the start page as it is). Called again by the page
        around the lobby once it is built: a memory shared with other pages may be here already."""
        code = self.resume_asked
        entry = self.memory.entry(code)
        if not self.memory.loaded or entry is None or self.page is not None:
            return
        self.resume_asked = ""
        self.resume(code, str(entry.get("name", "")))

    def resume(self, code: str, name: str) -> None:
        """ "Weiterspielen": back to a remembered seat."""
        member = self._member()
        self._enter(lambda rooms: rooms.join(code, name, self.memory.token(code), member), kept=code)

    def _damaged(self, code: str, error: Exception) -> None:
        """A game this browser keeps cannot be continued (its saves are damaged): drop it, say so."""
        print(f"saved game {code} could not be continued: {error!r}", file=sys.__stderr__)
        self.memory.drop(code)
        self.memory.damaged.add(code)
        self._damaged_note()

    def _damaged_note(self) -> None:
        """Say that a saved game was damaged and is gone (the others stay), once per damage."""
        if self.memory.damaged - self._told_damaged:
            self._told_damaged |= self.memory.damaged
            self._error(text("lobby.resume.damaged", self.lang))
