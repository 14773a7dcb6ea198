"""Integer actions, as OpenSpiel and RLCard number the legal moves: the check both engines share."""

from __future__ import annotations

from operator import index

from .errors import IllegalMoveError


def check_action(action: object, count: int) -> int:
    """`action` as an int if it numbers one of `count` legal moves (0 ≤ action < count);
    otherwise `IllegalMoveError` naming the numbers allowed."""
    try:
        number = index(action)  # type: ignore[arg-type]
    except TypeError:
        number = -1
    if isinstance(action, bool) or not 0 <= number < count:
        raise IllegalMoveError("illegal.no_such_action", action=action, last=count - 1)
    return number
