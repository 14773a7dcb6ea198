"""What both games' card notation shares: splitting a list of cards into tokens."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import NotationError

SEPARATORS = re.compile(r"[\s,;]+")


def card_tokens(cards: object, error_key: str) -> list[object]:
    """The tokens of a list of cards: text split at spaces, commas and semicolons, or the
    items of a list, tuple or other iterable (cards or tokens). Bytes, a mapping or a value
    that is no list raise `NotationError(error_key)`."""
    if isinstance(cards, str):
        return [token for token in SEPARATORS.split(cards.strip()) if token]
    if isinstance(cards, (bytes, bytearray, Mapping)) or not isinstance(cards, Iterable):
        raise NotationError(error_key, token=cards)
    return list(cards)
