"""The dashboard's "Tafel" panel: what the board of the class shows (`classroom.classes.board_state`).

* **Beitritt**: the address, QR code and class code on the board, or not.
* **Timer**: start one of a few lengths, or stop it; the board counts down.
* **Antworten**: the teacher looks at the answers to an exercise (wrong answers and reasons,
  without names, not in the order pupils gave them), picks several in the order they are to be
  discussed, and "An die Tafel" shows them lettered A, B, C; "Von der Tafel nehmen" takes them off.
* **Lösung**: an answer table the class may see (revealed under "Aufdecken") shown large.

Only this panel writes the board; the board page only reads it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..classroom.classes.board_state import MAX_SNAPSHOTS, Boards, Snapshot
from ..classroom.classes.evidence import Evidence
from ..classroom.classes.export import exercise_title
from ..classroom.classes.reveals import SECTIONS
from ..i18n import text
from .tafel import minutes_seconds
from .warn_box import run_or_warn

TIMER_MINUTES = (1, 2, 3, 5, 10, 15, 20)
PREVIEW_CHARS = 160


class BoardControl(widgets.VBox):
    """The board panel for the class that `show` names."""

    def __init__(self, boards: Boards, lang: str) -> None:
        super().__init__()
        self.add_class("ks-board-control")
        self.boards, self.lang = boards, lang
        self.code: str | None = None
        self.evidence: Evidence | None = None
        self.chosen: list[Snapshot] = []
        self._syncing = False

        def button(key: str, action: Callable[[], None], name: str, style: str = "") -> widgets.Button:
            made = widgets.Button(description=text(key, lang), button_style=style, layout=widgets.Layout(width="auto"))
            made.add_class(name)
            made.on_click(lambda _: self._safely(action))
            return made

        self.join = widgets.Checkbox(
            description=text("boardctl.join", lang),
            indent=False,
            value=True,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.join.add_class("ks-board-join")
        self.join.observe(lambda _: self._syncing or self._safely(self.set_join), "value")
        self.minutes = widgets.Dropdown(
            options=[(text("boardctl.minutes", lang, count=m), m) for m in TIMER_MINUTES],
            value=5,
            description=text("boardctl.timer", lang),
            layout=widgets.Layout(width="auto"),
        )
        self.timer_start = button("boardctl.timer.start", self.start_timer, "ks-timer-start")
        self.timer_stop = button("boardctl.timer.stop", self.stop_timer, "ks-timer-stop")
        self.timer_state = widgets.HTML()
        self.exercise = widgets.Dropdown(
            description=text("dash.board.exercise", lang), layout=widgets.Layout(width="auto")
        )
        self.exercise.observe(lambda _: self._syncing or self._safely(self.draw_answers), "value")
        self.answers = widgets.VBox()
        self.answers.add_class("ks-board-answers")
        self.chosen_box = widgets.VBox()
        self.chosen_box.add_class("ks-board-chosen")
        self.send = button("dash.board.project", self.send_chosen, "ks-board-project", "primary")
        self.take_off = button("boardctl.answers.off", self.clear_answers, "ks-board-clear")
        self.table = widgets.Dropdown(description=text("boardctl.table", lang), layout=widgets.Layout(width="auto"))
        self.table_show = button("boardctl.table.show", self.show_table, "ks-board-table")
        self.table_off = button("boardctl.table.off", lambda: self.set_table(None), "ks-board-table-off")
        self.shown = widgets.HTML()
        self.shown.add_class("ks-board-now")
        self.status = widgets.HTML()
        self._answer_values: list[str] = []
        self.children = (
            self.shown,
            self.join,
            widgets.HBox([self.minutes, self.timer_start, self.timer_stop, self.timer_state]),
            widgets.HTML(f"<h4>{escape(text('boardctl.answers', lang))}</h4>"),
            self.exercise,
            self.answers,
            widgets.HTML(f"<h4>{escape(text('boardctl.chosen', lang))}</h4>"),
            self.chosen_box,
            widgets.HBox([self.send, self.take_off]),
            widgets.HTML(f"<h4>{escape(text('boardctl.table.title', lang))}</h4>"),
            widgets.HBox([self.table, self.table_show, self.table_off]),
            self.status,
        )
        self.draw_chosen()

    # -- following the class ---------------------------------------------------------------
    def show(self, code: str | None, evidence: Evidence | None, exercises: list[str], revealed: frozenset[str]) -> None:
        """Follow class `code`: its exercises with answers, its revealed tables, its board."""
        if code != self.code:
            self.chosen = []
            self.draw_chosen()
        self.code, self.evidence = code, evidence
        if code is None:
            return
        options = [(exercise_title(e, self.lang), e) for e in exercises if evidence is not None and evidence.answers(e)]
        tables = [(text(f"widgets.reveal.section.{s}", self.lang), s) for s in SECTIONS if s in revealed]
        self._syncing = True
        try:
            self._options(self.exercise, options)
            self._options(self.table, tables)
        finally:
            self._syncing = False
        self.draw_answers()
        self.draw_board()

    @staticmethod
    def _options(dropdown: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
        if tuple(options) != tuple(dropdown.options):
            chosen = dropdown.value
            dropdown.options = options
            values = [value for _, value in options]
            dropdown.value = chosen if chosen in values else (values[0] if values else None)

    def draw_board(self) -> None:
        """What the board shows now, in one line, and the timer's state."""
        if self.code is None:
            return
        view = self.boards.view(self.code)
        if self.join.value != view.join:
            self._syncing = True
            try:
                self.join.value = view.join
            finally:
                self._syncing = False
        left = view.seconds_left()
        self.timer_state.value = (
            "" if left is None else escape(text("boardctl.timer.left", self.lang, time=minutes_seconds(left)))
        )
        parts = [text("boardctl.now.join", self.lang)] if view.join else []
        if left is not None:
            parts.append(text("boardctl.now.timer", self.lang))
        if view.snapshots:
            parts.append(text("boardctl.now.answers", self.lang, count=len(view.snapshots)))
        if view.table:
            parts.append(text(f"widgets.reveal.section.{view.table}", self.lang))
        if view.paused:
            parts.append(text("boardctl.now.paused", self.lang))
        what = ", ".join(parts) or text("boardctl.now.empty", self.lang)
        self.shown.value = f"<p class='ks-quiet'>{escape(text('boardctl.now', self.lang, what=what))}</p>"

    # -- answers ---------------------------------------------------------------------------
    def answer_values(self, exercise: str | None) -> list[str]:
        """The different answers to `exercise`, in an order that is not the pupils'."""
        if exercise is None or self.evidence is None:
            return []
        found = list(dict.fromkeys(self.evidence.answers(exercise)))
        random.Random(exercise).shuffle(found)
        return found

    def draw_answers(self) -> None:
        values = self.answer_values(self.exercise.value)
        if values == self._answer_values and self.answers.children:
            return
        self._answer_values = values
        rows = []
        for answer in values:
            shown = answer if len(answer) <= PREVIEW_CHARS else answer[:PREVIEW_CHARS] + " …"
            pick = widgets.Button(description=text("boardctl.pick", self.lang), layout=widgets.Layout(width="auto"))
            pick.add_class("ks-board-pick")
            pick.on_click(lambda _, answer=answer: self._safely(lambda: self.pick(answer)))
            words = widgets.HTML(f"<span class='ks-board-answer-text'>{escape(shown)}</span>")
            rows.append(widgets.HBox([pick, words], layout=widgets.Layout(align_items="center")))
        if not rows:
            rows = [widgets.HTML(f"<p class='ks-quiet'>{escape(text('dash.board.none', self.lang))}</p>")]
        self.answers.children = tuple(rows)

    def pick(self, answer: str) -> None:
        """Add an answer to the ones chosen for the board (in the order picked)."""
        exercise = self.exercise.value
        if exercise is None or self.evidence is None or len(self.chosen) >= MAX_SNAPSHOTS:
            return
        snapshot = Snapshot(exercise, answer, dict(self.evidence.tasks.get(exercise, {})))
        if snapshot not in self.chosen:
            self.chosen.append(snapshot)
            self.draw_chosen()

    def unpick(self, index: int) -> None:
        if 0 <= index < len(self.chosen):
            del self.chosen[index]
            self.draw_chosen()

    def earlier(self, index: int) -> None:
        if 0 < index < len(self.chosen):
            self.chosen[index - 1], self.chosen[index] = self.chosen[index], self.chosen[index - 1]
            self.draw_chosen()

    def draw_chosen(self) -> None:
        rows = []
        for index, item in enumerate(self.chosen):
            letter = widgets.HTML(f"<b>{'ABCDEFGHIJKL'[index]}</b>")
            words = widgets.HTML(f"<span class='ks-board-answer-text'>{escape(item.answer[:PREVIEW_CHARS])}</span>")
            up = widgets.Button(
                icon="arrow-up", tooltip=text("boardctl.earlier", self.lang), layout=widgets.Layout(width="auto")
            )
            up.add_class("ks-board-earlier")
            up.on_click(lambda _, index=index: self.earlier(index))
            off = widgets.Button(
                icon="times", tooltip=text("boardctl.unpick", self.lang), layout=widgets.Layout(width="auto")
            )
            off.add_class("ks-board-unpick")
            off.on_click(lambda _, index=index: self.unpick(index))
            rows.append(widgets.HBox([letter, words, up, off], layout=widgets.Layout(align_items="center")))
        if not rows:
            rows = [widgets.HTML(f"<p class='ks-quiet'>{escape(text('boardctl.chosen.none', self.lang))}</p>")]
        self.chosen_box.children = tuple(rows)
        self.send.disabled = not self.chosen

    def send_chosen(self) -> None:
        if self.code is not None and self.chosen:
            self.boards.show_snapshots(self.code, list(self.chosen))
            self.draw_board()

    def clear_answers(self) -> None:
        if self.code is not None:
            self.boards.show_snapshots(self.code, [])
            self.draw_board()

    # -- join, timer, table ----------------------------------------------------------------
    def set_join(self) -> None:
        if self.code is not None:
            self.boards.show_join(self.code, self.join.value)
            self.draw_board()

    def start_timer(self) -> None:
        if self.code is not None:
            self.boards.start_timer(self.code, int(self.minutes.value) * 60)
            self.draw_board()

    def stop_timer(self) -> None:
        if self.code is not None:
            self.boards.stop_timer(self.code)
            self.draw_board()

    def show_table(self) -> None:
        if self.table.value is not None:
            self.set_table(self.table.value)

    def set_table(self, section: str | None) -> None:
        if self.code is not None:
            self.boards.show_table(self.code, section)
            self.draw_board()

    def _safely(self, action: Callable[[], None]) -> None:
        run_or_warn(action, self.status, self.lang)
