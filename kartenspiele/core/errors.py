"""The exceptions of `kartenspiele`.

Every error a player, teacher or program can cause derives from `KartenspieleError`. Its
message comes from the i18n table, so it reads in German or English
(`error.message("en")`; `str(error)` uses the current language). An operation that raises
one of these leaves every game state unchanged.

A parameter of a message may itself be translatable (another error, or a `Phrase`): it is
shown in the language of the whole message, so an English message never quotes a German
reason. Other parameters are shown shortened, so a huge or deeply nested input cannot make
the message itself fail or grow without bound.
"""

from __future__ import annotations

import reprlib

from ..i18n import text

_MAX_DIGITS = 30


class _Short(reprlib.Repr):
    """`repr` that stays short for long strings, deep nesting and huge integers."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = 60
        self.maxlevel = 3

    def repr_int(self, value: int, level: int) -> str:
        return shown_int(value)


_SHORT = _Short()


def shown_int(value: int) -> str:
    """An integer as text; one of more than 30 digits as its order of magnitude (`≈10^5000`)."""
    if value.bit_length() <= 96:
        return str(value)
    digits = int(value.bit_length() * 0.30103)
    return f"{'-' if value < 0 else ''}≈10^{digits}"


def shown(value: object, lang: str | None = None) -> object:
    """A message parameter ready for the text: translated if it can be, short if it could be
    long; small numbers stay numbers (plural forms and number formats need them)."""
    message = getattr(value, "message", None)
    if callable(message):
        return str(message(lang))
    if isinstance(value, str):
        return value if len(value) <= 200 else value[:200] + "…"
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value.bit_length() <= 96 else shown_int(value)
    if isinstance(value, (list, tuple, dict, set, frozenset, bytes, bytearray)):
        return _SHORT.repr(value)
    return value


class Phrase:
    """A translatable part of a message (e.g. the reason why a save file is corrupt)."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def message(self, lang: str | None = None) -> str:
        return text(self.key, lang, **{name: shown(value, lang) for name, value in self.params.items()})

    def __str__(self) -> str:
        return self.message()


class KartenspieleError(Exception):
    """Base class of every error raised on bad input; `key` names its text."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str | None = None) -> str:
        """The message for people, in `lang` (default: the current language)."""
        return text(self.key, lang, **{name: shown(value, lang) for name, value in self.params.items()})

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


class NoSuchPlayerError(KartenspieleError, ValueError):
    """A player's number that is not one of the game's players (0, 1, …)."""


def check_player(player: object, players: int) -> int:
    """`player` if it numbers one of `players` players (0 … players − 1); else `NoSuchPlayerError`."""
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
        raise NoSuchPlayerError("player.no_such", player=player, last=players - 1)
    return player


class SeedError(KartenspieleError, ValueError):
    """A seed that is not a whole number from 0 to 2**63 − 1."""


class SaveFileError(KartenspieleError, ValueError):
    """A save file that is not valid JSON, belongs to another program or game, or is corrupt."""


class BotSetupError(KartenspieleError, ValueError):
    """Computer players, a match or a tournament set up wrongly: an unknown game or level, a
    level named twice, levels that do not fill the seats, fewer than one game, a hint for a
    player who is not to move."""


class MissingExtraError(KartenspieleError, ImportError):
    """A feature needs an optional part of the package that is not installed (`extras.needs`);
    the message names the extra to install, e.g. `pip install 'kartenspiele[print]'`."""


class ServeSetupError(KartenspieleError, ValueError):
    """`kartenspiele serve` started in a way that would be unsafe: another address than
    127.0.0.1 without a class password, or a password too short."""


class ClickTimeoutError(KartenspieleError, TimeoutError):
    """One click computed longer than the server allows (`kartenspiele serve --click-limit`);
    it was stopped."""
