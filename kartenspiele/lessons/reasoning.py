"""A "Begründe" question: the pupil explains in a few words of their own.

`Begruende("parity", "odd_sum")` asks `lessons.parity.reason.odd_sum`. "Abschicken" stores
the text as evidence (`{"kind": "reason", …}`) when a class is open — the dashboard shows it
on the board, without names — and then shows a model reasoning to compare with
(`….example`, or the page level's own `….example.grundschule`). Empty or very short texts are not sent; the pupil is asked for a sentence.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..catalogue import level_key
from ..classroom.classes import pupil
from ..i18n import LANGUAGES, text
from ..widgets.access import Access, tagged
from ..widgets.plain import looks, plain
from .language import follow, language
from .page_level import page_level
from .style import message

MIN_WORDS = 3
MAX_CHARS = 600


class Begruende(widgets.VBox):
    """A short text answer with a reason, recorded as evidence."""

    def __init__(self, lesson: str, question: str) -> None:
        super().__init__(**looks(widgets.VBox))
        self.add_class("ks-table")
        self.add_class("ks-exercise")
        self.add_class("ks-reason")
        self.lesson, self.question = lesson, question
        self.sent: list[str] = []
        self.too_short = False
        self.title = plain(widgets.HTML)
        self.prompt = plain(widgets.HTML)
        self.prompt.add_class("ks-prompt")
        self.entry = plain(widgets.Textarea, layout=widgets.Layout(width="100%", max_width="40em", height="5em"))
        self.send_button = plain(widgets.Button, icon="paper-plane", layout=widgets.Layout(width="12em"))
        self.send_button.add_class("ks-main-action")
        self.send_button.on_click(lambda _: self.send(self.entry.value))
        self.feedback = plain(widgets.HTML)
        self.access = Access()
        self.tag = tagged(self.entry)
        self.children = (self.access, self.title, self.prompt, self.entry, self.send_button, self.feedback)
        self.redraw()
        follow(self)

    @property
    def exercise(self) -> str:
        return f"{self.lesson}.reason.{self.question}"

    def send(self, value: str) -> None:
        """Send the reasoning (what "Abschicken" does)."""
        reason = " ".join(value.split())[:MAX_CHARS]
        self.too_short = len(reason.split()) < MIN_WORDS
        if not self.too_short and reason not in self.sent:
            self.sent.append(reason)
            key = f"lessons.{self.lesson}.reason.{self.question}"
            task = {lang: text(key, lang) for lang in LANGUAGES}
            pupil.record("reason", lesson=pupil.page_lesson(), exercise=self.exercise, text=reason, task=task)
        self.redraw()

    def redraw(self) -> None:
        lang = language()
        key = f"lessons.{self.lesson}.reason.{self.question}"
        self.title.value = f"<h3>{escape(text('activity.reason.title', lang))}</h3>"
        self.prompt.value = f"<p>{escape(text(key, lang))}</p>"
        self.entry.placeholder = text("activity.reason.placeholder", lang)
        self.send_button.description = text("activity.reason.send", lang)
        self.access.set(self.tag, {"control:aria-label": text(key, lang)})
        self.access.flush()
        if self.too_short:
            self.feedback.value = message(text("activity.reason.short", lang, count=MIN_WORDS))
        elif self.sent:
            saved = "activity.reason.saved_class" if pupil.current() else "activity.reason.saved"
            example = level_key(f"{key}.example", page_level(self.lesson))  # a level's own words, where it has them
            self.feedback.value = message(text(saved, lang), ok=True) + message(
                text("activity.reason.compare", lang), [text(example, lang)]
            )
        else:
            self.feedback.value = ""

    def activities(self) -> dict[str, int]:
        """A reason: talked over in pairs, written, compared (`timing`)."""
        return {"reason": 1}

    def __repr__(self) -> str:
        return f"Begruende({self.lesson!r}, {self.question!r})"
