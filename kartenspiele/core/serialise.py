"""What both games' state serialisation shares: reading plain JSON data back, checked.

Each reader raises `SaveFileError` ("the save file is corrupt: …") with the reason in both
languages; the engines' `serialise` modules say which fields a state has and how they fit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .errors import KartenspieleError, Phrase, SaveFileError

T = TypeVar("T")


def corrupt(key: str, **params: object) -> SaveFileError:
    """ "The save file is corrupt: <reason>", the reason being the text `key`."""
    return SaveFileError("save.corrupt_state", reason=Phrase(key, **params))


def fields_of(data: object, game: str, names: tuple[str, ...]) -> Mapping[str, Any]:
    """`data` if it is the state of `game` with every field in `names`."""
    if not isinstance(data, Mapping) or data.get("game") != game:
        raise SaveFileError("save.wrong_game", expected=game)
    missing = [name for name in names if name not in data]
    if missing:
        raise corrupt("save.reason.missing", names=", ".join(missing))
    return data


def built(make: Callable[[], T]) -> T:
    """`make()`; the project's error it raises (bad players, seed, options) becomes a corrupt file."""
    try:
        return make()
    except KartenspieleError as error:
        raise corrupt("save.reason.setup", reason=error) from error


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def card_ids(value: object, name: str) -> list[int]:
    """A list of card numbers."""
    if not isinstance(value, list) or not all(_is_whole(item) for item in value):
        raise corrupt("save.reason.not_card_list", name=name)
    return list(value)


def task_ids(value: object, name: str) -> list[str]:
    """A list of task ids."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise corrupt("save.reason.not_task_list", name=name)
    return list(value)


def per_slot(value: object, name: str, count: int, read: Callable[[object, str], list[T]]) -> list[list[T]]:
    """One list per player (or stall): exactly `count` of them, each read by `read`
    (`card_ids` or `task_ids`)."""
    if not isinstance(value, list) or len(value) != count:
        raise corrupt("save.reason.entries", name=name, count=count)
    return [read(zone, name) for zone in value]


def whole(value: object, name: str, low: int, high: int | None = None) -> int:
    """A whole number from `low` to `high` (no upper end for None)."""
    if not _is_whole(value) or value < low or (high is not None and value > high):  # type: ignore[operator]
        raise corrupt("save.reason.range", name=name)
    return value  # type: ignore[return-value]


def player_or_none(value: object, name: str, players: int) -> int | None:
    """A player's number, or None."""
    return None if value is None else whole(value, name, 0, players - 1)


def flag(value: object, name: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise corrupt("save.reason.flag", name=name)
    return value


def each_card_once(zones: list[list[int]], deck_size: int) -> None:
    """Every card 0 … deck_size − 1 is in exactly one of `zones`."""
    if sorted(card for zone in zones for card in zone) != list(range(deck_size)):
        raise corrupt("save.reason.cards_misplaced", count=deck_size)
