"""Motion that explains a move: a captured card, a built Quanto and a market swap fly to where
they went, and a finished task or Quanto gets a short, kind sign.

While the table applies a move (before it is drawn again) it asks the game which of the elements
the page still shows the move takes (`Flight.source`, a CSS selector: a card's button, a stall, a
player's block) and sends them to the browser at once (`Stage.lift`), so that the browser knows
where they were. Drawn again, the table sends where each went (`Flight.target`, asked now) and what
to cheer (`Stage.land`). The browser (`static/stage.js`) lets copies of the lifted elements fly
there above the table (at most 400 ms, never in the way of a tap) — or does nothing at all for
people who ask for reduced motion. The page's own update is not held back by any of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Target = Callable[[], "str | None"]
"""Where a lifted element went, asked after the table is drawn again (None: nowhere shown)."""


@dataclass(frozen=True)
class Flight:
    """One element that moves: where the page shows it before the move, and where it went."""

    source: str
    target: Target


@dataclass
class Plan:
    """What one move shows: its flights and the elements to cheer (selectors, asked after drawing)."""

    flights: list[Flight] = field(default_factory=list)
    cheers: list[Target] = field(default_factory=list)


def seat(player: int, part: str = "") -> str:
    """The selector of a player's block (and of a `part` of it, e.g. ".ks-count")."""
    return f".ks-player[data-seat='{player}'] {part}".strip()


def fixed(selector: str | None) -> Target:
    """A target known before drawing."""
    return lambda: selector


def matching(
    faces: Sequence[object], shown: Sequence[tuple[object, str]], face_of: Callable[[object], object]
) -> list[str]:
    """The selectors of shown elements (key, selector) whose faces are `faces`, each used once."""
    left = list(shown)
    found = []
    for face in faces:
        for index, (key, selector) in enumerate(left):
            if face_of(key) == face:
                found.append(selector)
                del left[index]
                break
    return found
