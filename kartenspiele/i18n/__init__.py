"""One table of every text a person sees, in German (default) and English.

The table is kept in JSON files beside this module, one per part of the package
(`common.json`, `quanto.json`, …), each `{"key": {"de": "…", "en": "…"}}`; they are merged
into one table, and a key defined twice is an error. Texts use `str.format` fields
(`{card}`, `{player}`); `text()` fills them in.

A text that depends on a number has plural forms instead of one string:
`{"de": {"one": "{count} Karte", "other": "{count} Karten"}, "en": {…}}`. `text()` picks the
form by the `count` parameter (German and English both use "one" for exactly 1 and "other"
otherwise), so callers never build plurals themselves.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

Template = str | dict[str, str]
"""One language's text: a string, or plural forms {"one": …, "other": …}."""
PLURAL_FORMS = ("one", "other")

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"
_current = [DEFAULT_LANGUAGE]


@lru_cache(maxsize=1)
def texts() -> dict[str, dict[str, Template]]:
    """The whole table, loaded once from the package."""
    table: dict[str, dict[str, Template]] = {}
    for part in sorted(resources.files(__package__).iterdir(), key=lambda entry: entry.name):
        if not part.name.endswith(".json"):
            continue
        for key, entry in json.loads(part.read_text(encoding="utf-8")).items():
            if key in table:
                raise RuntimeError(f"text key {key!r} is defined twice (in {part.name})")
            table[key] = entry
    return table


def set_language(lang: str) -> None:
    """Choose the language of messages that are shown without an explicit language."""
    _current[0] = check_language(lang)


def current_language() -> str:
    return _current[0]


def check_language(lang: str | None) -> str:
    """`lang`, or the current language for None; an unknown language raises ValueError."""
    if lang is None:
        return _current[0]
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang


def plural_form(count: object) -> str:
    """The plural form for `count` in German and English: "one" for exactly 1, else "other"."""
    return "one" if count == 1 else "other"


def text(key: str, lang: str | None = None, /, **params: object) -> str:
    """The text `key` in `lang`, with its fields filled from `params`; a text with plural
    forms is chosen by `params["count"]` (a missing count raises KeyError)."""
    template = texts()[key][check_language(lang)]
    if isinstance(template, dict):
        template = template[plural_form(params["count"])]
    return template.format(**params)


def join_words(items: Iterable[object], lang: str | None = None) -> str:
    """`8, 4 und 4` / `8, 4 and 4`."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {text('word.and', lang)} {words[-1]}"
