"""Rules tutorials on the real table: one prepared scenario per rule, carried out by the learner.

A `Lesson` names its scenario and the steps the learner must make (`Expect`: a move's kind
and, where it matters, its card, the cards it takes or gives, the task, the stall …). The
tutorial lets only the expected move through. A wrong card the engine already explains while
the learner picks ("4 + 3 = 7 …"); a legal move that is not the lesson's is told with its
arithmetic (the engine's narration) and the lesson's advice, and nothing happens on the
table. After the last step the table tells the move with its arithmetic and the lesson says
what it taught.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from types import ModuleType
from typing import Any, ClassVar

import ipywidgets as widgets

from ..classroom.classes import pupil
from ..classroom.rooms.rooms import NAME_MAX
from ..core.errors import KartenspieleError
from .class_screen import class_screen
from .home import home_href, home_link
from .memory import BrowserMemory
from .plain import set_shown
from .seats import IDLE, PERSON, Seat
from .style import style_widget
from .table import GameTable
from .texts import default_language, language_options, t

LEARNER = 0
"""The learner always sits at seat 0 of a lesson's scenario."""


@dataclass(frozen=True)
class Expect:
    """One move the learner must make: its kind and the fields that matter, written as in
    the game's notation (cards as text, e.g. `takes="8 4 4"`; other fields as values)."""

    kind: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def matches(self, move: Any, game: ModuleType) -> bool:
        """Whether `move` is this step (cards compared as multisets)."""
        if move.kind != self.kind:
            return False
        for name, wanted in self.fields.items():
            have = getattr(move, name)
            if isinstance(wanted, str) and not isinstance(have, str):
                wanted_cards = sorted(game.parse_cards(wanted), key=game.Card.sort_key)
                have_cards = sorted(have if isinstance(have, tuple) else (have,), key=game.Card.sort_key)
                if wanted_cards != have_cards:
                    return False
            elif have != wanted:
                return False
        return True


@dataclass(frozen=True)
class Lesson:
    """A rule taught by a scenario: `key` names its texts (`widgets.tutor.<game>.<key>.title`,
    `.intro`, `.task`, `.retry`, `.done`); `steps` are the moves the learner makes."""

    key: str
    scenario: Mapping[str, Any]
    steps: tuple[Expect, ...]


class Tutorial(widgets.VBox):
    """The frame of a rules tutorial: lesson text, progress, the table, hint, again, next."""

    game_key: ClassVar[str]
    lessons: ClassVar[tuple[Lesson, ...]]

    def __init__(self, *, lang: str | None = None, lesson: int = 0) -> None:
        super().__init__()
        self.add_class("ks-tutorial")
        self.add_class("ks-app")  # in Voilà the tutorial fills the window (static/app.css)
        self.lang = lang = lang or default_language()
        self.index = 0
        self.step = 0
        self.done = False
        self.child_name = ""
        self.memory = BrowserMemory()  # the name the child typed on the start page
        self.memory.observe(lambda _: self.set_child_name(self.memory.name), "loaded")
        self.table = self.make_table(lang)
        set_shown(self.table.toolbar, False)
        set_shown(self.table.settings, False)
        self.table.show_result = False
        self.table.tells_start = False  # the lesson says what to do
        self.table.move_guard = self.guard
        self.table.listeners.append(self._moved)
        self.table.after_play.append(self.after_move)
        self.heading = widgets.HTML()
        self.language = widgets.ToggleButtons(options=language_options(), value=lang)
        self.language.add_class("ks-language")
        self.language.observe(lambda change: self.set_language(change["new"]), "value")
        self.chooser = widgets.Dropdown(layout=widgets.Layout(width="15em"))
        self.chooser.add_class("ks-lesson-chooser")
        self._chooser_tag = "ks-lesson-chooser"
        self.chooser.observe(self._chosen, "value")
        self.text = widgets.HTML()
        self.text.add_class("ks-lesson")
        self.back_button = widgets.Button(icon="arrow-left", _dom_classes=("ks-compact",))
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.again_button = widgets.Button(icon="repeat", _dom_classes=("ks-compact",))
        self.again_button.on_click(lambda _: self.go(self.index))
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.hint_button.on_click(lambda _: self.hint())
        self.next_button = widgets.Button(icon="arrow-right", button_style="success")
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        for button in (self.back_button, self.again_button, self.hint_button, self.next_button):
            button.layout.width = "auto"
        self.home = widgets.HTML()
        buttons = widgets.HBox([self.back_button, self.again_button, self.hint_button, self.next_button])
        buttons.add_class("ks-tutor-buttons")
        bar = widgets.HBox([self.heading, self.chooser, buttons, self.language, self.home])  # one row, as a game's
        bar.add_class("ks-toolbar")
        side = widgets.VBox([self.text])
        side.add_class("ks-tutor-side")
        body = widgets.HBox([side, self.table])  # the lesson beside the table on a landscape screen (CSS)
        body.add_class("ks-tutor-body")
        self.children = (style_widget(), self.memory, class_screen(), bar, body)
        self.add_class("ks-table")
        self._relabel()
        session = pupil.current()
        if session is not None:
            self.child_name = " ".join(session.pupil.nickname.split())[:NAME_MAX]
        self.go(lesson)

    # -- the game's part -------------------------------------------------------------------
    def make_table(self, lang: str) -> GameTable:
        raise NotImplementedError

    def engine(self) -> ModuleType:
        """The game's module (`kartenspiele.quanto`, …): scenarios, notation, moves."""
        raise NotImplementedError

    # -- lessons ---------------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def words(self, part: str) -> str:
        """A text of the current lesson: `title`, `intro`, `task`, `retry` or `done`."""
        return t(f"tutor.{self.game_key}.{self.lesson.key}.{part}", self.lang)

    def go(self, index: int) -> None:
        """Open lesson `index` (from its start)."""
        self.index = max(0, min(index, len(self.lessons) - 1))
        self.step = 0
        self.done = False
        game = self.engine()
        scenario = dict(self.lesson.scenario)
        state = game.from_scenario(scenario, seed=self.index)
        seats = [Seat(PERSON)] + [Seat(IDLE)] * (state.players - 1)
        self.table.load(state, seats, self._names(state.players))
        if self.chooser.value != self.index:
            self.chooser.value = self.index
        self.table.say(self.words("task"), "info")
        self.table.redraw()
        self._draw()

    def _names(self, players: int) -> list[str]:
        """The learner by their own name (else "Spieler 1"), the other seats as the computer."""
        learner = self.child_name or t("seat.person_name", self.lang, number=1)
        if players == 2:
            return [learner, t("seat.tutor_computer", self.lang)]
        return [learner, *(t("seat.tutor_computer_numbered", self.lang, number=n) for n in range(1, players))]

    def set_child_name(self, name: str) -> None:
        """The learner's own name (remembered by the browser, or the class nickname)."""
        name = " ".join(name.split())[:NAME_MAX]
        if name and name != self.child_name:
            self.child_name = name
            self.table.names[:] = self._names(len(self.table.names))
            self.table.redraw()

    def _chosen(self, change: dict) -> None:
        if change["new"] is not None and change["new"] != self.index:
            self.go(change["new"])

    def guard(self, move: Any) -> str | None:
        """Let the expected move through; tell any other move with its arithmetic, and why
        the lesson wants something else."""
        if self.done:
            return t("tutor.finished", self.lang)
        expected = self.lesson.steps[self.step]
        if expected.matches(move, self.engine()):
            return None
        try:
            told = " ".join(self.table.tell(LEARNER, self.table.state.clone().apply(move)))
        except KartenspieleError as error:
            told = error.message(self.lang)
        return f"{told} {t('tutor.not_this', self.lang)} {self.words('retry')}"

    def _moved(self, move: Any, events: list) -> None:
        self.step += 1
        if self.step >= len(self.lesson.steps):
            self.done = True

    def hint(self) -> None:
        """Show the cards of the expected move on the table."""
        if self.done or not self.table.my_turn():
            return
        game = self.engine()
        expected = self.lesson.steps[self.step]
        move = next((m for m in self.legal_moves() if expected.matches(m, game)), None)
        if move is not None:
            self.table.clear_selection()
            self.table.show_move(move)
            self.table.say(self.table.hint_marks(move) + " " + self.words("task"), "info")
            self.table.redraw()

    def legal_moves(self) -> list[Any]:
        return self.table.state.legal_moves()

    # -- drawing ---------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang
        self.table.set_language(lang)
        self.table.names[:] = self._names(len(self.table.names))
        self._relabel()
        self.table.say(self.words("done") if self.done else self.words("task"), "good" if self.done else "info")
        self.table.redraw()
        self._draw()

    def _relabel(self) -> None:
        lang = self.lang
        self.heading.value = f"<h1 class='ks-title'>{escape(t(f'tutor.{self.game_key}.title', lang))}</h1>"
        self.home.value = home_link(lang)
        self.table.access.set(self._chooser_tag, {"control:aria-label": t("access.lesson_chooser", lang)})
        self.table.access.flush()
        options = [
            (f"{number}. {t(f'tutor.{self.game_key}.{lesson.key}.title', lang)}", number - 1)
            for number, lesson in enumerate(self.lessons, start=1)
        ]
        value = self.chooser.value
        self.chooser.options = options
        self.chooser.value = value if value is not None else 0
        self.back_button.description = t("tutor.back", lang)
        self.again_button.description = t("tutor.again", lang)
        self.hint_button.description = t("button.hint", lang)
        self.next_button.description = t("tutor.next", lang)

    def _draw(self) -> None:
        lang = self.lang
        progress = t("tutor.progress", lang, number=self.index + 1, total=len(self.lessons))
        done = f"<div class='ks-say ks-say-good' role='alert'>✔ {escape(self.words('done'))}</div>" if self.done else ""
        if self.done and self.index == len(self.lessons) - 1:
            done += (
                f"<p class='ks-real-game'>{escape(t('access.tutorial_done', lang))} "
                f"<a class='ks-home' href='{escape(home_href(lang, self.game_key + '.ipynb'))}' target='_self'>"
                f"{escape(t('access.play_real', lang))}</a></p>"
            )
        self.text.value = (
            f"<h2><span class='ks-progress'>{escape(progress)}</span> {escape(self.words('title'))}</h2>"
            f"<p>{escape(self.words('intro'))}</p>"
            f"<p class='ks-task-text'><b>{escape(t('tutor.your_task', lang))}</b> "
            f"{escape(self.words('task'))}</p>{done}"
        )
        last = self.index == len(self.lessons) - 1
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = not self.done or last
        self.hint_button.disabled = self.done

    def after_move(self) -> None:
        """Redraw the lesson after the table made a move."""
        if self.done:
            self.table.say(self.words("done"), "good")
            self.table.redraw()
        self._draw()
