"""A live game, step by step: computer players move, the engine tells each move in words,
and the lesson comments on the position for the player to move.

`GameWatcher("quanto", 3, seed=7, commentary=capture_commentary)` deals a seeded game
(`bots.Match`). "Nächster Zug" lets the player to move choose (a computer player that sees
only its own view) and shows the engine's narration of every event; the commentary is a
function `(state, lang) -> lines` of the lesson.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from ..bots import LEVELS
from ..bots.match import Match
from ..i18n import text
from ..quanto import narrate_all as narrate_quanto
from ..tausch_rausch import narrate_all as narrate_tausch_rausch
from .language import follow, language
from .style import message

Commentary = Callable[[object, str], Sequence[str]]
NARRATE = {"quanto": narrate_quanto, "tausch_rausch": narrate_tausch_rausch}
PREFERRED_LEVEL = "greedy"


def watch_level(game: str) -> str:
    """The computer players of a watched game: greedy where the game has them (they play
    sensible moves quickly), else random."""
    return PREFERRED_LEVEL if PREFERRED_LEVEL in LEVELS[game] else "random"


class GameWatcher(widgets.VBox):
    """A seeded game between computer players, one move per click, told and commented."""

    def __init__(self, game: str, players: int, seed: int, commentary: Commentary) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.game = game
        self.players = players
        self.seed = seed
        self.commentary = commentary
        self.title = widgets.HTML()
        self.step_button = widgets.Button(icon="step-forward")
        self.step_button.add_class("ks-main-action")
        self.step_button.on_click(lambda _: self.step())
        self.restart_button = widgets.Button(icon="fast-backward")
        self.restart_button.on_click(lambda _: self.restart())
        self.told = widgets.HTML()
        self.comment = widgets.HTML()
        self.position = widgets.HTML()
        self.children = (
            self.title,
            widgets.HBox([self.step_button, self.restart_button]),
            self.told,
            self.comment,
            self.position,
        )
        self.restart()
        follow(self)

    def restart(self) -> None:
        """Deal the same game again."""
        level = watch_level(self.game)
        self.match = Match(self.game, self.players, [level] * self.players, seed=self.seed)
        self.last: tuple[int, object, list] | None = None
        self.redraw()

    def step(self) -> None:
        """One move of the computer player to move."""
        if not self.match.is_over:
            self.last = self.match.step()
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        state = self.match.state
        self.title.value = f"<h4>{escape(text('lessons.watch.title', lang, seed=self.seed))}</h4>"
        self.step_button.description = text("lessons.watch.step", lang)
        self.step_button.disabled = self.match.is_over
        self.restart_button.description = text("lessons.watch.restart", lang)
        if self.last is None:
            self.told.value = message(text("lessons.watch.start", lang))
        else:
            lines = NARRATE[self.game](self.last[2], lang)
            self.told.value = message(text("lessons.watch.moved", lang, number=len(self.match.moves)), lines)
        if self.match.is_over:
            self.comment.value = ""
        else:
            lines = list(self.commentary(state, lang))
            self.comment.value = message(lines[0], lines[1:]) if lines else ""
        self.position.value = state._repr_html_()

    def __repr__(self) -> str:
        return f"GameWatcher({self.game!r}, {self.players}, seed={self.seed})"
