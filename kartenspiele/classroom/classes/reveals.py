"""The answer sections of the lessons that a teacher reveals to a class ("Aufdecken").

Each section is an answer table, a worked solution or a rule (or several) in a lesson
(`lesson key.section`); the Sicherung's Merksatz is one too. A
pupil's page builds it only once it is revealed (`lessons.reveal`); which sections a class may
see is kept in its document (`Classes.revealed`), written from the teacher's dashboard only.
"""

from __future__ import annotations

from ...core.errors import KartenspieleError


class UnknownSectionError(KartenspieleError, ValueError):
    """No answer section has this name."""


SECTIONS: tuple[str, ...] = (
    "subsets.groups",
    "subsets.captures",
    "subsets.sicherung",
    "parity.sums",
    "parity.odd_sums",
    "parity.high",
    "parity.low",
    "parity.sicherung",
    "sequences.pairs",
    "sequences.arithmetic",
    "sequences.sicherung",
    "chance.many",
    "chance.sicherung",
)
"""Every answer section, in lesson order; `widgets.reveal.section.<section>` names it. A
lesson's `sicherung` is its Merksatz."""


def check_section(section: str) -> None:
    """Raise `UnknownSectionError` unless `section` is one of `SECTIONS`."""
    if section not in SECTIONS:
        raise UnknownSectionError("class.reveal.unknown", section=section)


def sections_of(lesson: str) -> tuple[str, ...]:
    """The answer sections of one lesson (by its catalogue key)."""
    return tuple(section for section in SECTIONS if section.split(".", 1)[0] == lesson)
