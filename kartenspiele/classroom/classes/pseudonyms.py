"""Pseudonyms for the moments a dashboard is shown to the class ("Namen verbergen").

Each pupil of a class gets an animal and their place in the order the class joined: "Eule·3".
The place makes it unique and stable (a class's pupils are only ever added at the end), and the
middle dot cannot be part of a nickname (`classes.normal_nickname`), so no pseudonym is ever a
pupil's real nickname. Any view may ask (`Classes.pseudonyms`); it names nobody.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n import text


def animals(lang: str | None = None) -> list[str]:
    """The animals pseudonyms are made of, in `lang`."""
    return [name.strip() for name in text("pseudonym.animals", lang).split(",")]


def pseudonym(place: int, lang: str | None = None) -> str:
    """The pseudonym of the pupil who joined at `place` (1 for the first)."""
    if place < 1:
        raise ValueError(f"a place in the class counts from 1, not {place!r}")
    names = animals(lang)
    return text("pseudonym.name", lang, animal=names[(place - 1) % len(names)], place=place)


def pseudonyms(nicknames: Iterable[str], lang: str | None = None) -> dict[str, str]:
    """{nickname: pseudonym} for the nicknames of one class in the order they joined."""
    return {nickname: pseudonym(place, lang) for place, nickname in enumerate(nicknames, start=1)}
