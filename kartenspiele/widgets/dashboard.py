"""The class dashboard (`notebooks/lehrkraft.ipynb`, teacher mode only).

Live: a thread in the dashboard's kernel reads the entries pupils appended since the last
look (one log per pupil) every `interval` seconds and redraws the views (`board`): who is
where, the pupils × exercises grid, the exit ticket, common wrong answers and the rooms being
played (with "Einlassen" for a pupil who asks to come back to a seat, `classroom.rooms.let_in`).

The page, top to bottom: the class and its switches for the whole class (`ClassControls`:
pause every screen, hide the names, open the board, a second device), the board's panel
(`BoardControl`: what the projected board "Tafel" shows), the views, then pacing (lessons, and
within a lesson `SectionPace`), revealing answers (`RevealControl`) and the class's data (CSV,
delete). Each panel is its own module; another view joins with `add_panel` (after the views).
With the names hidden every view shows the class's pseudonyms (`Classes.pseudonyms`).
"""

from __future__ import annotations

import base64
import logging
import threading
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from ..bots.games import game_info
from ..catalogue import LESSONS, PRACTICE_LESSONS, PRACTICE_LEVELS, exit_questions
from ..classroom.classes.board_state import Boards
from ..classroom.classes.classes import Classes
from ..classroom.classes.evidence import Evidence
from ..classroom.classes.export import exercises_csv, file_name, pupils_csv
from ..classroom.classes.unit import unit_paths
from ..classroom.classes.unit_words import unit_csv
from ..classroom.rooms.rooms import PERSON, RoomError, Rooms
from ..classroom.store.interface import Store
from ..classroom.store.opening import open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from . import board
from .board_control import BoardControl
from .class_controls import ClassControls
from .gate import teacher_page
from .login_cards import LoginCardsPanel
from .plain import set_shown
from .reveal_control import RevealControl
from .section_pace import SectionPace
from .style import style_widget
from .texts import default_language
from .unit_view import UnitView
from .warn_box import run_or_warn

log = logging.getLogger(__name__)
INTERVAL = 2.0
ALL = "*"


class ClassView:
    """One class as the dashboard knows it: its evidence, read incrementally from the store."""

    def __init__(self, classes: Classes, code: str) -> None:
        self.classes = classes
        self.code = code
        self.evidence = Evidence()
        self.pupils: list[str] = []
        self.members: dict[str, str] = {}  # the marks of its pupils' seats in rooms -> their nicknames
        self.seen: dict[str, int] = {}
        self.rooms: dict[str, Any] = {}

    def update(self) -> int:
        """Read what is new; returns how many entries came in."""
        roster = self.classes.roster(self.code)
        self.pupils = [nickname for nickname, _ in roster]
        self.members = {member: nickname for nickname, member in roster}
        new = 0
        for nick in self.pupils:
            entries = self.classes.entries(self.code, nick, self.seen.get(nick, 0))
            for seq, entry in entries:
                self.evidence.add(nick, entry)
                self.seen[nick] = seq
            new += len(entries)
        return new

    def room_summaries(self, rooms: Rooms) -> list[dict]:
        """The rooms with a pupil of this class at a seat (by the seat's `member` mark, not by a
        name: another class's pupil of the same nickname is not this class's), with scores."""
        found = []
        for key in rooms.store.keys("room/"):
            if key.count("/") != 1:
                continue
            code = key.split("/", 1)[1]
            try:
                room = self.rooms.get(code) or rooms.load(code)
                rooms.refresh(room)
            except RoomError:
                continue
            self.rooms[code] = room
            seat_names = [seat.name for seat in room.seats]
            if not self.members.keys() & {seat.member for seat in room.seats if seat.member}:
                continue
            scores = room.state.scores() if room.started else [0] * len(seat_names)
            found.append(
                {
                    "code": code,
                    "title": game_info(room.game).title,
                    "names": seat_names,
                    "members": [seat.member if seat.kind == PERSON else None for seat in room.seats],
                    "scores": scores,
                    "started": room.started,
                    "over": room.over,
                    "asking": rooms.pending(room, None),
                }
            )
        return found

    def exercises(self, lesson: str) -> list[str]:
        """The exercises of `lesson` (or all) with answers: by lesson, each task's together (in
        the order they were first answered) and by number within it."""
        order = {item.key: number for number, item in enumerate(LESSONS)}
        chosen = [e for e, key in self.evidence.exercises.items() if lesson == ALL or key == lesson]
        tasks: dict[str, int] = {}
        for exercise in chosen:
            tasks.setdefault(board.task_and_number(exercise)[0], len(tasks))

        def place(exercise: str) -> tuple[int, int, int]:
            task, number = board.task_and_number(exercise)
            lesson_number = order.get(self.evidence.exercises[exercise], len(order))
            return lesson_number, tasks[task], int(number) if number.isdigit() else 0

        return sorted(chosen, key=place)

    def lessons_met(self) -> list[str]:
        """The lessons (catalogue keys, in order) any pupil of the class has opened or answered in."""
        met = set(self.evidence.exercises.values()) | {w.lesson for w in self.evidence.where.values() if w.lesson}
        return [lesson.key for lesson in LESSONS if lesson.key in met]


class Dashboard(widgets.VBox):
    """The teacher's live view of one class."""

    def __init__(
        self, store: Store | None = None, lang: str | None = None, interval: float = INTERVAL, live: bool = True
    ) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-dash")
        self.lang = lang or default_language()
        self.store = store or open_store()
        self.classes = Classes(self.store)
        self.rooms = Rooms(self.store)
        self.boards = Boards(self.classes)
        self.view: ClassView | None = None
        self.names: dict[str, str] | None = None  # the pseudonyms while the names are hidden
        self.interval = interval
        self.lock = threading.RLock()
        self.refresh_seconds = 0.0
        self._stop = threading.Event()
        lang = self.lang

        def button(key: str, handler, *classes: str) -> widgets.Button:
            made = widgets.Button(description=text(key, lang))
            for name in classes:
                made.add_class(name)
            made.on_click(lambda _: self._safely(handler))
            return made

        self.title = widgets.HTML(f"<span class='ks-title'>{escape(text('dash.title', lang))}</span>")
        self.class_choice = widgets.Dropdown(description=text("dash.class", lang))
        self._loading = False
        self.class_choice.observe(
            lambda change: self._loading or self._safely(lambda: self.show_class(change["new"])), "value"
        )
        self.open_button = button("dash.open", self.open_class, "ks-open-class", "ks-main-action")
        self.header = widgets.HTML()
        self.message = widgets.HTML()
        self.lesson_choice = widgets.Dropdown(
            description=text("dash.lesson", lang), options=self._lesson_options(), value=ALL
        )
        self.lesson_choice.observe(lambda _: self._safely(self.redraw), "value")
        self.level_choice = widgets.Dropdown(
            description=text("dash.level", lang),
            options=[(text("dash.level.free", lang), "")]
            + [(text(f"practice.level.{n}", lang), n) for n in PRACTICE_LEVELS],
            value="",
            style={"description_width": "initial"},
        )
        self._syncing_level = False
        self.level_choice.observe(lambda _: self._syncing_level or self._safely(self.set_level), "value")
        self.presence = widgets.HTML()
        self.grid = widgets.HTML()
        self.wrong = widgets.HTML()
        self.exit_ticket = widgets.HTML()
        self.room_list = widgets.HTML()
        self.let_in_box = widgets.VBox()
        self.let_in_box.add_class("ks-dash-let-in")
        self.class_controls = ClassControls(self.classes, self.boards, lang, on_names=lambda: self._safely(self.redraw))
        self.board_control = BoardControl(self.boards, lang)
        self.section_pace = SectionPace(self.classes, lang)
        self.pace = widgets.HTML()
        self.lock_button = button("dash.pace.lock", self.lock_beyond, "ks-lock")
        self.release_button = button("dash.pace.next", self.release_next, "ks-release")
        self.all_button = button("dash.pace.all", lambda: self._release(None), "ks-release-all")
        self.export_button = button("dash.export", self.export, "ks-export")
        self.download = widgets.HTML()
        self.delete_button = button("dash.delete", self.ask_delete, "ks-delete")
        self.confirm = widgets.HBox()
        self.confirm_yes = button("dash.delete.yes", self.delete, "ks-delete-yes")
        self.confirm_no = button("dash.delete.no", lambda: self._set_confirm(False), "ks-delete-no")
        self.status = widgets.HTML()
        self.unit = UnitView(lang, shown_name=self._shown_name)
        self.login_cards = LoginCardsPanel(self.classes, lang, on_change=lambda: self._safely(self.refresh))

        def section(key: str) -> widgets.HTML:
            return widgets.HTML(f"<h3>{escape(text(key, lang))}</h3>")

        self.views = widgets.VBox(
            [
                section("dash.section.grid"),
                widgets.HBox([self.lesson_choice, self.level_choice]),
                self.grid,
                section("dash.section.exit"),
                self.exit_ticket,
                section("dash.section.wrong"),
                self.wrong,
                section("dash.section.unit"),
                self.unit,
                section("dash.section.presence"),
                self.presence,
                section("dash.section.rooms"),
                self.room_list,
                self.let_in_box,
            ]
        )
        self.panels = widgets.VBox()
        """Views other modules add (`add_panel`), after the dashboard's own."""
        self.class_parts = widgets.VBox(
            [
                self.header,
                self.class_controls,
                section("dash.section.tafel"),
                self.board_control,
                self.views,
                self.panels,
                section("dash.section.pace"),
                self.pace,
                widgets.HBox([self.lock_button, self.release_button, self.all_button]),
                self.section_pace,
                RevealControl(self.classes, self.class_choice, lang),
                section("dash.section.cards"),
                self.login_cards,
                section("dash.section.data"),
                widgets.HBox([self.export_button, self.delete_button]),
                self.download,
                self.confirm,
            ]
        )
        top = widgets.HBox([self.title, self.class_choice, self.open_button])
        top.add_class("ks-toolbar")
        self.children = (
            style_widget(),
            widgets.HTML(f"<style>{board.CSS}</style>", layout=widgets.Layout(display="none")),
            top,
            self.message,
            self.class_parts,
            self.status,
        )
        self._load_classes()
        if live:
            self.start()

    def add_panel(self, title_key: str, panel: widgets.Widget) -> None:
        """Add a view of another module (a heading from the text `title_key`, then `panel`)."""
        heading = widgets.HTML(f"<h3>{escape(text(title_key, self.lang))}</h3>")
        self.panels.children = (*self.panels.children, heading, panel)

    # -- classes ---------------------------------------------------------------------------
    def _lesson_options(self) -> list[tuple[str, str]]:
        return [(text("dash.lesson.all", self.lang), ALL)] + [
            (text(f"lessons.catalogue.{lesson.key}.title", self.lang), lesson.key) for lesson in LESSONS
        ]

    def _load_classes(self, select: str | None = None) -> None:
        codes = self.classes.codes()
        self._loading = True
        try:
            self.class_choice.options = codes
            self.class_choice.value = select if select in codes else (codes[-1] if codes else None)
        finally:
            self._loading = False
        self.show_class(self.class_choice.value)

    def open_class(self) -> None:
        code = self.classes.open()
        self._load_classes(select=code)

    def show_class(self, code: str | None) -> None:
        with self.lock:
            self.view = ClassView(self.classes, code) if code else None
            self.download.value = ""
            self._set_confirm(False)
            self.unit.clear()
            self.class_controls.show(code)
        self.login_cards.show_class(code)
        set_shown(self.class_parts, bool(code))
        self.message.value = "" if code else f"<p>{escape(text('dash.no_class', self.lang))}</p>"
        self.refresh()

    # -- live ------------------------------------------------------------------------------
    def start(self) -> None:
        """Refresh every `interval` seconds in a background thread (until `stop`)."""
        thread = threading.Thread(target=self._loop, name="kartenspiele-dashboard", daemon=True)
        thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.refresh()
            except (KartenspieleError, OSError):
                continue  # the store is away for a moment; the next round tries again
            except Exception:  # a view's fault never ends the dashboard's live updates
                log.exception("the dashboard could not redraw")

    def refresh(self) -> None:
        """Read what is new and redraw; keeps `refresh_seconds` (the time it took)."""
        start = time.perf_counter()
        with self.lock:
            if self.view is not None:
                self.view.update()
            self.redraw()
        self.refresh_seconds = time.perf_counter() - start

    def redraw(self) -> None:
        with self.lock:
            view, lang = self.view, self.lang
            if view is None:
                return
            titles = {lesson.key: text(f"lessons.catalogue.{lesson.key}.title", lang) for lesson in LESSONS}
            exercises = view.exercises(self.lesson_choice.value)
            count = len(view.pupils)
            info = self.classes.info(view.code)
            released = info["released"]
            self.names = self.classes.pseudonyms(view.code, lang) if info.get("anonymous") else None
            self.header.value = (
                f"<p>{escape(text('dash.code', lang))} <span class='ks-class-code'>{escape(view.code)}</span> · "
                f"{escape(text('dash.pupils', lang, count=count))}</p>"
                f"<p class='ks-quiet'>{escape(text('dash.how_to_join', lang))}</p>"
            )
            self.class_controls.redraw()
            self.board_control.show(view.code, view.evidence, view.exercises(ALL), self.classes.revealed(view.code))
            self.presence.value = board.presence(view.evidence, view.pupils, titles, lang, names=self.names)
            self.grid.value = board.grid(view.evidence, view.pupils, exercises, lang, names=self.names)
            self.wrong.value = board.wrong_answers(view.evidence, exercises, lang)
            lesson = self.lesson_choice.value
            questions = [q for key in (view.lessons_met() if lesson == ALL else [lesson]) for q in exit_questions(key)]
            self.exit_ticket.value = board.exit_summary(view.evidence, questions, count, lang)
            self.unit.show(view.evidence, view.pupils, sum(view.seen.values()))
            summaries = [self._shown_seats(summary) for summary in view.room_summaries(self.rooms)]
            self.room_list.value = board.rooms(summaries, lang)
            self._draw_let_in(summaries)
            self._show_level(view.code)
            self.section_pace.show(view.code, LESSONS[self.current_lesson() - 1].key)
            self.pace.value = (
                "<p>"
                + escape(
                    text("dash.pace.all_open", lang)
                    if released is None
                    else text("dash.pace.open", lang, count=released, last=titles[LESSONS[released - 1].key])
                )
                + "</p>"
            )

    def _shown_name(self, nickname: str) -> str:
        """A pupil's nickname as the dashboard shows it (their pseudonym while the names are hidden)."""
        return nickname if self.names is None else self.names.get(nickname, nickname)

    def _shown_seats(self, summary: dict) -> dict:
        """A room's summary with its seats' names as the dashboard shows them: with the names
        hidden, a pupil of the class by their pseudonym and anybody else as a guest."""
        if self.names is None or self.view is None:
            return summary
        shown = [
            self.names.get(self.view.members.get(member, ""), text("dash.guest", self.lang))
            if member is not None
            else name
            for name, member in zip(summary["names"], summary["members"])
        ]
        return {**summary, "names": shown}

    def _draw_let_in(self, summaries: list[dict]) -> None:
        """ "Raum ABCD: Ben will wieder mitspielen." with "Einlassen", per pupil asking."""
        rows = []
        for summary in summaries:
            for seat, hashed in summary["asking"]:
                name = summary["names"][seat]
                asks = widgets.HTML(escape(text("dash.let_in.request", self.lang, code=summary["code"], name=name)))
                button = widgets.Button(description=text("room.let_in.button", self.lang), button_style="warning")
                button.add_class("ks-let-in")
                button.on_click(
                    lambda _, code=summary["code"], seat=seat, hashed=hashed: self._safely(
                        lambda: self.let_in(code, seat, hashed)
                    )
                )
                rows.append(widgets.HBox([asks, button], layout=widgets.Layout(align_items="center")))
        shown = [row.children[0].value for row in self.let_in_box.children]
        if shown != [row.children[0].value for row in rows]:
            self.let_in_box.children = tuple(rows)

    def let_in(self, code: str, seat: int, hashed: str) -> None:
        """The teacher lets a pupil back to their seat (the kernel checks the teacher's role
        and that the request is still the seat's current one)."""
        with self.lock:
            room = self.view.rooms.get(code) if self.view is not None else None
            if room is None:
                return
            self.rooms.let_in(room, None, seat, hashed)
            self.status.value = f"<p>{escape(text('room.let_in.done', self.lang, name=room.seats[seat].name))}</p>"
            self.redraw()

    def _show_level(self, code: str) -> None:
        """The practice level of the chosen lesson (only for lessons with practice)."""
        keys = [lesson.key for lesson in LESSONS]
        lesson = self.lesson_choice.value
        has_practice = lesson in keys and keys.index(lesson) + 1 in PRACTICE_LESSONS
        set_shown(self.level_choice, has_practice)
        if has_practice:
            self._syncing_level = True
            try:
                self.level_choice.value = self.classes.levels(code).get(lesson, "")
            finally:
                self._syncing_level = False

    def set_level(self) -> None:
        """Set the class's practice level of the chosen lesson ("" lets the pupils choose)."""
        if self.view is not None and self.lesson_choice.value != ALL:
            self.classes.set_level(self.view.code, self.lesson_choice.value, self.level_choice.value or None)

    # -- pacing, data ----------------------------------------------------------------------
    def current_lesson(self) -> int:
        """The lesson the teacher looks at (the grid's choice), else the furthest any pupil is in."""
        keys = [lesson.key for lesson in LESSONS]
        if self.lesson_choice.value in keys:
            return keys.index(self.lesson_choice.value) + 1
        reached = (
            [keys.index(w.lesson) + 1 for w in self.view.evidence.where.values() if w.lesson in keys]
            if self.view
            else []
        )
        return max(reached, default=1)

    def lock_beyond(self) -> None:
        self._release(self.current_lesson())

    def release_next(self) -> None:
        released = self.classes.released(self.view.code) if self.view else None
        if released is not None:
            self._release(None if released + 1 >= len(LESSONS) else released + 1)

    def _release(self, lessons: int | None) -> None:
        if self.view is not None:
            self.classes.release(self.view.code, lessons)
            self.redraw()

    def export(self) -> None:
        """Three spreadsheets to download: every exercise, one row per pupil, and the unit view."""
        if self.view is None:
            return
        view, lang = self.view, self.lang
        with self.lock:
            files = (
                ("exercises", exercises_csv(view.evidence, view.code, lang)),
                ("pupils", pupils_csv(view.evidence, view.pupils, view.code, lang)),
                ("unit", unit_csv(unit_paths(view.evidence, view.pupils), view.code, lang)),
            )
        links = []
        for kind, content in files:
            name = file_name(kind, view.code, lang)
            data = base64.b64encode(content.encode("utf-8")).decode("ascii")
            links.append(
                f"<a class='ks-download' download='{escape(name)}' href='data:text/csv;charset=utf-8;base64,{data}'>"
                f"{escape(text(f'dash.export.{kind}', lang, file=name))}</a>"
            )
        self.download.value = " ".join(links)

    def ask_delete(self) -> None:
        self._set_confirm(True)

    def _set_confirm(self, asking: bool) -> None:
        if asking and self.view is not None:
            question = widgets.HTML(
                f"<div class='ks-warn-box'>{escape(text('dash.delete.ask', self.lang, code=self.view.code))}</div>"
            )
            self.confirm.children = (question, self.confirm_yes, self.confirm_no)
        else:
            self.confirm.children = ()

    def delete(self) -> None:
        if self.view is None:
            return
        code = self.view.code
        self.classes.delete(code)
        self._set_confirm(False)
        self._load_classes()
        self.status.value = f"<p>{escape(text('dash.deleted', self.lang, code=code))}</p>"

    def _safely(self, action) -> None:
        run_or_warn(action, self.status, self.lang, clear=False)

    def __repr__(self) -> str:
        return "Dashboard()"


def teacher_dashboard() -> Any:
    """The dashboard for a teacher; the refusal page for anybody else."""
    return teacher_page(Dashboard)
