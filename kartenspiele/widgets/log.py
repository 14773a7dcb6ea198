"""The move log: every move told in sentences with its arithmetic, newest first.

Each move's text is made once per language and kept while that move stays in the history
(undo drops it), so a redraw costs little even late in a long game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.events import Event
from .plain import looks

Teller = Callable[[int, Sequence[Event]], list[str]]
"""`tell(actor, events)`: the sentences of one move."""


class MoveLog(widgets.HTML):
    """An HTML list of the moves so far; `show` redraws it from the session's events."""

    def __init__(self, limit: int = 80) -> None:
        super().__init__(**looks(widgets.HTML))
        self.add_class("ks-log")
        self.limit = limit
        self._cache: dict[int, tuple[Any, str, str]] = {}  # index: (events list, language, html)

    def entry(self, index: int, actor: int, events: Sequence[Event], tell: Teller, lang: str) -> str:
        """The HTML of move `index` (cached while the same events stay at that place)."""
        cached = self._cache.get(index)
        if cached is not None and cached[0] is events and cached[1] == lang:
            return cached[2]
        html = "".join(f"<div>{escape(sentence)}</div>" for sentence in tell(actor, events))
        self._cache[index] = (events, lang, html)
        return html

    def show(
        self,
        moves: Sequence[Sequence[Event]],
        actors: Sequence[int],
        tell: Teller,
        lang: str,
        heading: str,
        footer: str,
    ) -> None:
        """Redraw: the newest `limit` moves first, then the game's opening line."""
        for index in [i for i in self._cache if i >= len(moves)]:
            del self._cache[index]
        first = max(0, len(moves) - self.limit)
        items = []
        for index in range(len(moves) - 1, first - 1, -1):
            html = self.entry(index, actors[index], moves[index], tell, lang)
            if html:
                latest = " class='ks-latest'" if index == len(moves) - 1 else ""
                items.append(f"<li{latest} value='{index + 1}'>{html}</li>")
        value = (
            f"<div class='ks-log-title'>{escape(heading)}</div>"
            f"<ol reversed class='ks-log-list'>{''.join(items)}</ol>"
            f"<div class='ks-log-footer'>{escape(footer)}</div>"
        )
        if self.value != value:
            self.value = value
