"""Words inside an exercise's text that depend on the language: a text key with its own fields
(`Phrase`) or a Tausch-Rausch task's title (`TaskTitle`). Fields are rendered when shown."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import text
from ..tausch_rausch import task_by_id


@dataclass(frozen=True)
class Phrase:
    """The text `key` with `params` (pairs, so that the phrase can be hashed)."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def render(self, lang: str) -> str:
        return text(self.key, lang, **render_all(dict(self.params), lang))


@dataclass(frozen=True)
class TaskTitle:
    """The title of the Tausch-Rausch task `task_id` (as the game shows it)."""

    task_id: str

    def render(self, lang: str) -> str:
        return task_by_id(self.task_id).title(lang)


def render_all(params: dict[str, object], lang: str) -> dict[str, object]:
    """`params` with every phrase rendered in `lang`."""
    return {name: value.render(lang) if hasattr(value, "render") else value for name, value in params.items()}
