"""Hints: the move the strongest computer player would make, with its reason in words.

    tip = hint(state_or_view, "de")
    tip.move, tip.reason          # the move and why, in German
    tip.text("en")                # the same reason in English
    tip.short("de")               # what the move does, in one sentence (the rest: why)

The hint is worked out from the view of the player to move only (a state is turned into
that view first), with a fixed generator and the planner's full number of deals (no time
limit), so the same position always gets the same hint and the same reason on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import import_module
from typing import Any

from ..core.errors import BotSetupError, GameOverError
from ..i18n import LANGUAGES, check_language
from . import make_bot
from .games import GAMES

TOP_LEVEL = "planner"
REASONS = {"quanto": ".quanto.reasons", "tausch_rausch": ".tausch_rausch.reasons"}


@dataclass(frozen=True)
class Hint:
    """A suggested move and its reason in every language (`reason` in the language asked);
    `shorts`: what the move does in one sentence, the first of the reason."""

    move: Any
    reason: str
    reasons: dict[str, str]
    shorts: dict[str, str]

    def text(self, lang: str | None = None) -> str:
        """The reason in `lang` (default: the current language)."""
        return self.reasons[check_language(lang)]

    def short(self, lang: str | None = None) -> str:
        """What the move does, in one sentence in `lang`."""
        return self.shorts[check_language(lang)]

    def more(self, lang: str | None = None) -> str:
        """The rest of the reason in `lang` (why; "" when the short sentence is all)."""
        lang = check_language(lang)
        return self.reasons[lang][len(self.shorts[lang]) :].strip()


def game_of(view: Any) -> str:
    """The game a view belongs to ("quanto", "tausch_rausch")."""
    module = type(view).__module__
    for game, info in GAMES.items():
        if module.startswith(info.module + "."):
            return game
    raise TypeError(f"not a game view: {type(view).__name__}")


def player_view(state_or_view: Any) -> Any:
    """The view of the player to move (a view is kept as it is)."""
    if hasattr(state_or_view, "apply"):
        if state_or_view.is_terminal():
            raise GameOverError("illegal.game_over")
        return state_or_view.view(state_or_view.to_move)
    return state_or_view


def hint(
    state_or_view: Any, lang: str | None = None, seed: int = 0, names: Mapping[str, Sequence[str]] | None = None
) -> Hint:
    """The top level's move for the player to move, with the reason (see the module notes); other
    players are named by `names[language]` where given (as the table names them), else "Spieler 2".

    A finished game raises GameOverError, a view of a player who is not to move BotSetupError."""
    lang = check_language(lang)
    view = player_view(state_or_view)
    viewer = getattr(view, "player", getattr(view, "viewer", None))
    if view.over:
        raise GameOverError("illegal.game_over")
    if viewer != view.to_move:
        raise BotSetupError("bots.error.hint_not_to_move")
    game = game_of(view)
    bot = make_bot(game, TOP_LEVEL)
    bot = type(bot)(replace(bot.settings, time_limit=None))  # bounded by deals, not by wall time
    decision = bot.decide(view, random.Random(seed))
    sentences = import_module(REASONS[game], __package__).sentences
    names = names or {}
    said = {language: sentences(view, decision, language, names.get(language)) for language in LANGUAGES}
    reasons = {language: " ".join(parts) for language, parts in said.items()}
    return Hint(decision.move, reasons[lang], reasons, {language: parts[0] for language, parts in said.items()})
