"""A text in every language, for error parameters that must be worded in the reader's language.

An error is raised once but read in German or English later, so a parameter such as a task's
title or a reason is stored in both languages; the template picks one with a format spec:
``"… „{task:de}“ …"`` / ``"… '{task:en}' …"``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import LANGUAGES, check_language


@dataclass(frozen=True)
class Localised:
    """Texts by language; `format(value, "en")` gives the English one."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, make: Callable[[str], str]) -> Localised:
        """The texts `make(lang)` for every language."""
        return cls(tuple((lang, make(lang)) for lang in LANGUAGES))

    def __format__(self, spec: str) -> str:
        return dict(self.texts)[check_language(spec or None)]

    def __str__(self) -> str:
        return format(self)
