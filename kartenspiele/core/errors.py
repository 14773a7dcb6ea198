"""The exceptions of `kartenspiele`.

Every error a player, teacher or program can cause derives from `KartenspieleError`. Its
message comes from the i18n table, so it reads in German or English
(`error.message("en")`; `str(error)` uses the current language). An operation that raises
one of these leaves every game state unchanged.
"""

from __future__ import annotations

from ..i18n import text


class KartenspieleError(Exception):
    """Base class of every error raised on bad input; `key` names its text."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str | None = None) -> str:
        """The message for people, in `lang` (default: the current language)."""
        return text(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message()


class NotationError(KartenspieleError, ValueError):
    """A card or a list of cards is not written in the game's card notation."""


class IllegalMoveError(KartenspieleError, ValueError):
    """A move that the rules do not allow in this position; the message says why."""


class GameOverError(IllegalMoveError):
    """A move was tried after the end of the game."""


class ScenarioError(KartenspieleError, ValueError):
    """A scenario that cannot occur: unknown key, a card used too often, a chip held twice …"""


class PlayerCountError(ScenarioError):
    """A number of players the game is not made for."""


class RuleOptionError(KartenspieleError, ValueError):
    """An unknown rule option or a value that the option does not allow."""


class SaveFileError(KartenspieleError, ValueError):
    """A save file that is not valid JSON, belongs to another program or game, or is corrupt."""


class BotSetupError(KartenspieleError, ValueError):
    """Computer players, a match or a tournament set up wrongly: an unknown game or level, a
    level named twice, levels that do not fill the seats, fewer than one game, a hint for a
    player who is not to move."""


class ServeSetupError(KartenspieleError, ValueError):
    """`kartenspiele serve` started in a way that would be unsafe: another address than
    127.0.0.1 without a class password, or a password too short."""


class ClickTimeoutError(KartenspieleError, TimeoutError):
    """One click computed longer than the server allows (`kartenspiele serve --click-limit`);
    it was stopped."""
