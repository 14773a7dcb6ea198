"""The class dashboard (`notebooks/lehrkraft.ipynb`, teacher mode only).

Live: a thread in the dashboard's kernel reads the entries pupils appended since the last
look (one log per pupil) every `interval` seconds and redraws the views (`board`): who is
where, the pupils × exercises grid, common wrong answers and the rooms being played (with
"Einlassen" for a pupil who asks to come back to a seat, `classroom.rooms.let_in`). The teacher opens a class, paces the lessons, shows one anonymised answer "an der Tafel",
exports the class as CSV and deletes it (after a confirmation).
"""

from __future__ import annotations

import base64
import random
import threading
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from ..bots.games import game_info
from ..catalogue import LESSONS, PRACTICE_LESSONS, PRACTICE_LEVELS
from ..classroom.classes.classes import Classes
from ..classroom.classes.evidence import Evidence
from ..classroom.classes.export import exercise_title, exercises_csv, file_name, pupils_csv
from ..classroom.classes.tasks import task_html
from ..classroom.rooms.rooms import RoomError, Rooms
from ..classroom.store.interface import Store, StoreError
from ..classroom.store.opening import open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from . import board
from .gate import teacher_page
from .reveal_control import RevealControl
from .style import style_widget
from .texts import default_language

INTERVAL = 2.0
ALL = "*"


class ClassView:
    """One class as the dashboard knows it: its evidence, read incrementally from the store."""

    def __init__(self, classes: Classes, code: str) -> None:
        self.classes = classes
        self.code = code
        self.evidence = Evidence()
        self.pupils: list[str] = []
        self.members: set[str] = set()  # the marks of its pupils' seats in rooms (`Classes.roster`)
        self.seen: dict[str, int] = {}
        self.rooms: dict[str, Any] = {}

    def update(self) -> int:
        """Read what is new; returns how many entries came in."""
        roster = self.classes.roster(self.code)
        self.pupils = [nickname for nickname, _ in roster]
        self.members = {member for _, member in roster}
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
            if not self.members & {seat.member for seat in room.seats if seat.member}:
                continue
            scores = room.state.scores() if room.started else [0] * len(seat_names)
            found.append(
                {
                    "code": code,
                    "title": game_info(room.game).title,
                    "names": seat_names,
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
        self.view: ClassView | None = None
        self.interval = interval
        self.lock = threading.RLock()
        self.refresh_seconds = 0.0
        self.board_index = 0
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
        self.board_choice = widgets.Dropdown(description=text("dash.board.exercise", lang))
        self.board_button = button("dash.board.show", self.next_on_board, "ks-board-button")
        self.preview = widgets.HTML()
        self.board_confirm = button("dash.board.project", self.project, "ks-board-project", "ks-main-action")
        self.board_confirm.layout.display = "none"
        self.previewed: tuple[str, str] | None = None
        self.board = widgets.HTML()
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

        def section(key: str) -> widgets.HTML:
            return widgets.HTML(f"<h3>{escape(text(key, lang))}</h3>")

        self.class_parts = widgets.VBox(
            [
                self.header,
                section("dash.section.grid"),
                widgets.HBox([self.lesson_choice, self.level_choice]),
                self.grid,
                section("dash.section.exit"),
                self.exit_ticket,
                section("dash.section.wrong"),
                self.wrong,
                section("dash.section.board"),
                widgets.HBox([self.board_choice, self.board_button]),
                self.preview,
                self.board_confirm,
                self.board,
                section("dash.section.presence"),
                self.presence,
                section("dash.section.rooms"),
                self.room_list,
                self.let_in_box,
                section("dash.section.pace"),
                self.pace,
                widgets.HBox([self.lock_button, self.release_button, self.all_button]),
                RevealControl(self.classes, self.class_choice, lang),
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
            self.board_index = 0
            self.download.value = ""
            self._set_confirm(False)
        self.class_parts.layout.display = "" if code else "none"
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
            released = self.classes.released(view.code)
            self.header.value = (
                f"<p>{escape(text('dash.code', lang))} <span class='ks-class-code'>{escape(view.code)}</span> · "
                f"{escape(text('dash.pupils', lang, count=count))}</p>"
                f"<p class='ks-quiet'>{escape(text('dash.how_to_join', lang))}</p>"
            )
            self.presence.value = board.presence(view.evidence, view.pupils, titles, lang)
            self.grid.value = board.grid(view.evidence, view.pupils, exercises, lang)
            self.wrong.value = board.wrong_answers(view.evidence, exercises, lang)
            self.exit_ticket.value = board.exit_summary(view.evidence, exercises, lang)
            summaries = view.room_summaries(self.rooms)
            self.room_list.value = board.rooms(summaries, lang)
            self._draw_let_in(summaries)
            options = [(exercise_title(e, lang), e) for e in view.exercises(ALL) if view.evidence.answers(e)]
            if [value for _, value in options] != [value for _, value in self.board_choice.options]:
                chosen = self.board_choice.value
                self.board_choice.options = options
                values = [value for _, value in options]
                self.board_choice.value = chosen if chosen in values else (values[0] if values else None)
            self._show_level(view.code)
            self.pace.value = (
                "<p>"
                + escape(
                    text("dash.pace.all_open", lang)
                    if released is None
                    else text("dash.pace.open", lang, count=released, last=titles[LESSONS[released - 1].key])
                )
                + "</p>"
            )

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
        self.level_choice.layout.display = "" if has_practice else "none"
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

    # -- the board, pacing, data -----------------------------------------------------------
    def next_on_board(self) -> None:
        """Preview the next answer to the chosen exercise for the teacher only (without a name);
        `project` puts it on the board."""
        with self.lock:
            exercise = self.board_choice.value
            answers = self.view.evidence.answers(exercise) if self.view and exercise else []
            self.previewed = None
            self.board_confirm.layout.display = "none"
            if not answers:
                self.preview.value = f"<p class='ks-quiet'>{escape(text('dash.board.none', self.lang))}</p>"
                return
            order = list(range(len(answers)))
            random.Random(exercise).shuffle(order)  # not the order pupils answered in
            number = self.board_index % len(answers)
            self.board_index += 1
            self.previewed = (exercise, answers[order[number]])
            which = text("dash.board.which", self.lang, number=number + 1, count=len(answers))
            self.preview.value = (
                f"<div class='ks-preview'><p><b>{escape(text('dash.board.preview', self.lang))}</b> {escape(which)}</p>"
                f"{self._board_html(*self.previewed)}</div>"
            )
            self.board_confirm.layout.display = ""

    def project(self) -> None:
        """Put the previewed answer on the board, large, with its task and cards."""
        with self.lock:
            if self.previewed is None:
                return
            self.board.value = f"<div class='ks-board'>{self._board_html(*self.previewed)}</div>"
            self.board_confirm.layout.display = "none"

    def _board_html(self, exercise: str, answer: str) -> str:
        task = self.view.evidence.tasks.get(exercise, {}) if self.view else {}
        words = task.get(self.lang) or next(iter(task.values()), "")
        title = f"<p class='ks-board-task'>{escape(exercise_title(exercise, self.lang))}</p>"
        shown = f"<p class='ks-board-task'>{task_html(words)}</p>" if words else ""
        return f"{title}{shown}<p class='ks-board-answer'>{escape(answer)}</p>"

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
        """Two spreadsheets to download: every exercise, and one row per pupil."""
        if self.view is None:
            return
        view, lang = self.view, self.lang
        with self.lock:
            files = (
                ("exercises", exercises_csv(view.evidence, view.code, lang)),
                ("pupils", pupils_csv(view.evidence, view.pupils, view.code, lang)),
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
        try:
            action()
        except (KartenspieleError, StoreError) as error:
            self.status.value = f"<div class='ks-warn-box'>{escape(error.message(self.lang))}</div>"

    def __repr__(self) -> str:
        return "Dashboard()"


def teacher_dashboard() -> Any:
    """The dashboard for a teacher; the refusal page for anybody else."""
    return teacher_page(Dashboard)
