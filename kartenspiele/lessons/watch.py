"""A live game, step by step: computer players move, the engine tells each move in words,
and the lesson comments on the position for the player to move.

`GameWatcher("quanto", 3, seed=7, commentary=capture_commentary)` deals a seeded game
(`bots.Match`). "Nächster Zug" lets the player to move choose (a computer player that sees
only its own view) and shows the engine's narration of every event; the commentary is a
function `(state, lang) -> lines` of the lesson.

With `predict`, the pupil acts before a move is revealed: at each prepared position
(`predict(state, move)` returns a choice problem of `quiz`, else None; at most `stops` of them,
the rounds the lesson plans, after which the game plays on without asking) the pupil answers
first — which card the computer will play, whether the hand's sum is even, … —, the answer is
judged and explained; "Nächster Zug" works after any answer, the commentary (which would give
the answer away) appears after a right one or with the next move. Answers are recorded as evidence (`<name>#<move number>`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as widgets

from ..bots import LEVELS
from ..bots.match import Match
from ..classroom.classes import pupil
from ..i18n import text
from ..quanto import narrate_all as narrate_quanto
from ..tausch_rausch import narrate_all as narrate_tausch_rausch
from ..tausch_rausch.display import state_html as tausch_rausch_state_html
from ..widgets.buttons import ButtonRow
from ..widgets.plain import looks, plain, set_shown
from .language import follow, language
from .style import message

Commentary = Callable[[object, str], Sequence[str]]
Predict = Callable[[Any, Any], Any]
"""(state before the move, the move the computer will make) -> a choice problem or None."""
NARRATE = {"quanto": narrate_quanto, "tausch_rausch": narrate_tausch_rausch}
PREFERRED_LEVEL = "greedy"


def position_html(game: str, state: Any) -> str:
    """The position as a pupil's page shows it: Tausch-Rausch's tasks by their titles, not by the
    ids that scenarios and save files use."""
    return tausch_rausch_state_html(state, notation=False) if game == "tausch_rausch" else state._repr_html_()


def watch_level(game: str) -> str:
    """The computer players of a watched game: greedy where the game has them (they play
    sensible moves quickly), else random."""
    return PREFERRED_LEVEL if PREFERRED_LEVEL in LEVELS[game] else "random"


class GameWatcher(widgets.VBox):
    """A seeded game between computer players, one move per click, told and commented."""

    def __init__(
        self,
        game: str,
        players: int,
        seed: int,
        commentary: Commentary,
        predict: Predict | None = None,
        name: str = "watch",
        stops: int | None = None,
    ) -> None:
        super().__init__(**looks(widgets.VBox))
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.add_class("ks-watch")
        self.game = game
        self.players = players
        self.seed = seed
        self.commentary = commentary
        self.predict = predict
        self.name = name
        self.stops = stops
        self.title = plain(widgets.HTML)
        self.question = plain(widgets.HTML)
        self.question.add_class("ks-prompt")
        self.choices = ButtonRow(self.answer)
        self.choices.add_class("ks-cards")
        self.verdict = plain(widgets.HTML)
        self.step_button = plain(widgets.Button, icon="step-forward")
        self.step_button.add_class("ks-main-action")
        self.step_button.on_click(lambda _: self.step())
        self.restart_button = plain(widgets.Button, icon="fast-backward")
        self.restart_button.on_click(lambda _: self.restart())
        self.told = plain(widgets.HTML)
        self.comment = plain(widgets.HTML)
        self.position = plain(widgets.HTML)
        side = plain(
            widgets.VBox,
            [
                plain(widgets.HBox, [self.step_button, self.restart_button]),
                self.told,
                self.question,
                self.choices,
                self.verdict,
                self.comment,
            ],
        )
        side.add_class("ks-watch-side")
        self.position.add_class("ks-watch-board")
        body = plain(widgets.HBox, [side, self.position])  # beside each other on a landscape screen (lessons/style.py)
        body.add_class("ks-watch-body")
        self.children = (self.title, body)
        self.restart()
        follow(self)

    def restart(self) -> None:
        """Deal the same game again."""
        level = watch_level(self.game)
        self.match = Match(self.game, self.players, [level] * self.players, seed=self.seed)
        self.last: tuple[int, object, list] | None = None
        self.explained: tuple[Any, Hashable] | None = None  # the prediction before the last move
        self.asked = 0  # the predictions posed so far
        self.prepare()
        self.redraw()

    def prepare(self) -> None:
        """Ask the lesson whether the pupil predicts before this move (peeking at the move)."""
        self.problem: Any = None
        self.given: Hashable | None = None
        self.stopwatch = pupil.Stopwatch()  # from the moment the position is shown
        if self.predict is None or self.match.is_over or (self.stops is not None and self.asked >= self.stops):
            return
        peek = copy.deepcopy(self.match)
        self.problem = self.predict(self.match.state, peek.step()[1])
        self.asked += self.problem is not None

    @property
    def waiting(self) -> bool:
        """Whether the pupil still has to answer before the move is revealed."""
        return self.problem is not None and self.given is None

    @property
    def hiding_answer(self) -> bool:
        """Whether the commentary would give the prediction away (not yet predicted right)."""
        return self.problem is not None and (self.given is None or not self.problem.check(self.given, "de").ok)

    def answer(self, key: Hashable) -> None:
        """The pupil's prediction (a press of one of the buttons)."""
        if self.problem is None:
            return
        first = self.given is None
        self.given = key
        ok = self.problem.check(key, "de").ok
        if first or ok:
            label = next((c.label for c in self.problem.choices("de") if c.key == key), str(key))
            pupil.record(
                "attempt",
                lesson=pupil.page_lesson(),
                exercise=f"{self.name}#{len(self.match.moves) + 1}",
                answer=label,
                ok=bool(ok),
                seconds=self.stopwatch.seconds(),
            )
        self.redraw()

    def step(self) -> None:
        """One move of the computer player to move (not before a prediction is answered)."""
        if self.waiting:
            return
        if not self.match.is_over:
            self.last = self.match.step()
        self.explained = (self.problem, self.given) if self.problem is not None else None
        self.prepare()
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        state = self.match.state
        self.title.value = f"<h3>{escape(text('lessons.watch.title', lang, seed=self.seed))}</h3>"
        self.step_button.description = text("lessons.watch.step", lang)
        self.step_button.disabled = self.match.is_over or self.waiting
        self.restart_button.description = text("lessons.watch.restart", lang)
        if self.last is None:
            self.told.value = message(text("lessons.watch.start", lang))
        else:
            lines = NARRATE[self.game](self.last[2], lang)
            self.told.value = message(text("lessons.watch.moved", lang, number=len(self.match.moves)), lines)
        self.draw_prediction(lang)
        if self.match.is_over or self.hiding_answer:
            self.comment.value = ""
        else:
            lines = list(self.commentary(state, lang))
            self.comment.value = message(lines[0], lines[1:]) if lines else ""
        self.position.value = position_html(self.game, state)

    def draw_prediction(self, lang: str) -> None:
        """The question before a prepared move (a wrong answer gets help, not the answer: the
        move shows it), or after the move the full explanation of the prediction."""
        asking = self.problem is not None
        set_shown(self.question, asking)
        set_shown(self.choices, asking)
        if asking:
            self.question.value = self.problem.prompt(lang)
            self.choices.show(
                [
                    replace(c, classes=(*c.classes, "ks-selected")) if c.key == self.given else c
                    for c in self.problem.choices(lang)
                ]
            )
            judged = None if self.given is None else self.problem.check(self.given, lang)
            self.verdict.value = judged.html() if judged is not None else ""
        elif self.explained is not None:
            problem, given = self.explained
            if given is None:
                self.verdict.value = ""
            else:
                judged = problem.check(given, lang)
                self.verdict.value = message(text("lessons.watch.explained", lang), (*judged.lines, *judged.solution))
        else:
            self.verdict.value = ""

    def activities(self) -> dict[str, int]:
        """A game round per planned prediction stop (`timing`); without stops, one round."""
        return {"game": self.stops if self.stops is not None else 1}

    def __repr__(self) -> str:
        stops = "" if self.stops is None else f", stops={self.stops}"
        return f"GameWatcher({self.game!r}, {self.players}, seed={self.seed}{stops})"
