"""Who sits at the table: people and computer players, with the names the log uses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import bots
from .texts import t

PERSON = "person"
IDLE = "idle"
"""A seat that never moves (the other players of a tutorial scenario)."""


def available_levels(game: str) -> list[str]:
    """The computer levels of `game`, weakest first."""
    return list(bots.LEVELS[game])


def default_level(levels: Sequence[str]) -> str | None:
    """The level offered first: the easiest, so that a child's first game is one it can win
    (afterwards the level follows the child: `bots.ladder`, `next_level.LevelCoach`)."""
    return levels[0] if levels else None


def level_label(level: str, lang: str) -> str:
    """ "leicht" / "mittel" / "schwer", as the computer players name their levels."""
    return bots.level_name(level, lang)


@dataclass(frozen=True)
class Seat:
    """One place at the table: a person (with an optional name) or a computer level."""

    kind: str = PERSON
    name: str = ""

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    @property
    def is_computer(self) -> bool:
        return self.kind not in (PERSON, IDLE)


def seat_names(seats: Sequence[Seat], lang: str, child: str = "") -> list[str]:
    """The names shown for the seats: given names, "Spieler 2", "Computer (mittel)" …; the first
    person, if not given a name, is called `child` (the child's own name, where it is known)."""
    computers = [i for i, seat in enumerate(seats) if seat.is_computer]
    first = next((i for i, seat in enumerate(seats) if seat.is_person), None)
    unnamed = first if first is not None and not seats[first].name.strip() else None
    names = []
    for index, seat in enumerate(seats):
        if not seat.is_computer:
            own = child.strip() if index == unnamed else ""
            names.append(seat.name.strip() or own or t("seat.person_name", lang, number=index + 1))
        elif len(computers) == 1:
            names.append(t("seat.computer_name", lang, level=level_label(seat.kind, lang)))
        else:
            names.append(
                t("seat.computer_numbered", lang, number=computers.index(index) + 1, level=level_label(seat.kind, lang))
            )
    return names
