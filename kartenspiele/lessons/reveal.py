"""Answer tables on the teacher's word: a lesson's solution is built only once it may be seen.

`answer(section, build, …)` stands where a lesson shows an answer table (`classroom.classes.reveals`):

* on a teacher's page (and in the stored outputs) it is the table itself;
* for a pupil of a class it is a note until the teacher reveals the section on the dashboard:
  one thread per page (`RevealWatch`) reads the class document every `CHECK_EVERY` seconds and
  then builds the table. Before that the page's widgets hold no part of it;
* for a pupil alone (no class) it is the section's question (`ASKED`), a box for the pupil's own
  answer and "Lösung aufdecken", which appears only once the box holds a genuine attempt (a
  number in the range the question's answers lie in, or a sentence of `MIN_WORDS` words; the
  kernel checks again when it is pressed) and then shows the answer below the pupil's own.

In a class the pupils write their answer into the same box while they wait. Either way a
shown answer follows the lesson's language. A section shown a second time further down the page
(`again=True`, e.g. in an outlook) asks nothing: it says it appears once the answer above is
revealed, and shows with it (in a class on the teacher's word, alone with the pupil's own
"Lösung aufdecken" of that section in this kernel). `section_widget` is the same as a widget (a
teacher's page shows the answer at once), for parts of a lesson that are widgets themselves,
such as the Sicherung's Merksatz.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.classes import pupil
from ..classroom.classes.reveals import check_section
from ..classroom.people.roles import is_teacher
from ..core.errors import KartenspieleError
from ..i18n import text
from ..widgets.plain import looks, plain, set_shown
from .language import _html, follow, in_both_languages, language
from .style import message

CHECK_EVERY = 2.0
"""Seconds between two looks at the class's revealed sections."""
MIN_WORDS = 3
"""The words (letters or numbers) a written attempt needs."""
MAX_CHARS = 300
"""The longest attempt kept (the box takes no more)."""


@dataclass(frozen=True)
class Asked:
    """What a section asks before its answer shows: a number in `numbers` (written alone or in
    words, "3" or "3 Gruppen"), or (None) a sentence of at least `MIN_WORDS` words. The question
    is `lessons.reveal.ask.<section>`."""

    numbers: range | None = None

    def attempted(self, written: str) -> bool:
        """Whether `written` is a genuine attempt at the question."""
        if self.numbers is None:
            return len(re.findall(r"\w+", written)) >= MIN_WORDS
        return any(int(number) in self.numbers for number in re.findall(r"\d+", written))


A_SENTENCE = Asked()
ASKED: dict[str, Asked] = {
    "subsets.groups": Asked(range(1, 64)),
    "subsets.captures": Asked(range(1, 64)),
    "parity.sums": A_SENTENCE,
    "parity.odd_sums": A_SENTENCE,
    "parity.high": Asked(range(1, 100)),
    "parity.low": Asked(range(1, 100)),
    "sequences.pairs": Asked(range(1, 100)),
    "sequences.arithmetic": Asked(range(1, 200)),
    "chance.many": Asked(range(0, 1001)),
}
"""What each section asks; a section not listed (the Sicherung's) asks for a sentence."""


def asked(section: str) -> Asked:
    return ASKED.get(section, A_SENTENCE)


class Reveal(widgets.VBox):
    """One answer section, hidden until revealed; `content(lang)` is its HTML once it may be seen."""

    def __init__(self, section: str, content: Callable[[str], str], again: bool = False) -> None:
        super().__init__(**looks(widgets.VBox), _dom_classes=("ks-reveal",))  # shared empty looks (`plain`)
        self.section, self.content, self.again = section, content, again
        self.asks = asked(section)
        self.question = plain(widgets.HTML, _dom_classes=("ks-prompt",))
        self.note = plain(widgets.HTML)
        width = "8em" if self.asks.numbers is not None else "100%"
        self.entry = plain(widgets.Text, layout=widgets.Layout(width=width, max_width="40em", height="44px"))
        self.entry.add_class("ks-reveal-entry")
        self.entry.observe(lambda _: self._offer(), "value")
        self.button = plain(widgets.Button, icon="eye", _dom_classes=("ks-reveal-button",))
        self.button.on_click(lambda _: self.reveal_alone())
        self.asking = plain(widgets.HBox, (self.entry, self.button), layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = plain(widgets.HTML)  # made now: a page's thread that reveals it makes no widget
        self.shown = self.watched = self.asked = False
        if again:
            _again.setdefault(section, []).append(self)
            self.shown = section in _shown_alone
        self.redraw()
        follow(self)

    @property
    def attempted(self) -> bool:
        """Whether the box holds a genuine attempt (`Asked.attempted`)."""
        return self.asks.attempted(self.entry.value[:MAX_CHARS])

    def _offer(self) -> None:
        """Show "Lösung aufdecken" once the box holds a genuine attempt (alone only)."""
        if not self.shown and not self.again:
            set_shown(self.button, pupil.current() is None and self.attempted)

    def activities(self) -> dict[str, int]:
        """The class writes its answer, then compares it with the revealed one (`timing`)."""
        return {"compare": 1}

    def reveal_alone(self) -> None:
        """The pupil's own "Lösung aufdecken": only outside a class (there the teacher decides),
        and only once the pupil has written a genuine attempt of their own."""
        self.asked = True
        if pupil.current() is None and self.attempted:
            self.show()
        else:
            self.redraw()

    def show(self) -> None:
        """Build the answer and show it in place of the note (alone, also where the section
        appears again further down)."""
        self.shown = True
        self.redraw()
        if pupil.current() is None and not self.again:
            _shown_alone.add(self.section)
            for later in _again.get(self.section, ()):
                if not later.shown:
                    later.show()

    def redraw(self) -> None:
        lang = language()
        if self.shown:
            own = " ".join(self.entry.value[:MAX_CHARS].split())
            said = f"<p class='ks-reveal-own'>{escape(text('lessons.reveal.own', lang, answer=own))}</p>" if own else ""
            self.answer.value = said + self.content(lang)
            self.children = (self.answer,)
            return
        session = pupil.current()
        in_class = session is not None
        if session is not None and not self.watched:  # also once the pupil joined on this page
            self.watched = True
            _watch_for(session).add(self)
        key = "lessons.reveal.waiting" if in_class else "lessons.reveal.alone"
        if self.asked and not in_class:
            key = "lessons.reveal.first"
        if self.again:
            self.note.value = f"<div class='ks-reveal-note'>{message(text('lessons.reveal.later', lang))}</div>"
            self.children = (self.note,)
            return
        self.question.value = f"<p>{escape(text(f'lessons.reveal.ask.{self.section}', lang))}</p>"
        self.note.value = f"<div class='ks-reveal-note'>{message(text(key, lang))}</div>"
        kind = "number" if self.asks.numbers is not None else "sentence"
        self.entry.placeholder = text(f"lessons.reveal.entry.{kind}", lang)
        self.button.description = text("lessons.reveal.button", lang)
        self._offer()
        self.children = (self.question, self.asking, self.note)


class RevealWatch:
    """Looks at the class's revealed sections in a background thread and shows each waiting
    answer once it is revealed; stops when the class ended (or by `stop`)."""

    def __init__(self, session: pupil.PupilSession, every: float = CHECK_EVERY) -> None:
        self.session, self.every = session, every
        self.waiting: list[Reveal] = []
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="kartenspiele-reveal-watch", daemon=True)
        self.thread.start()

    def add(self, reveal: Reveal) -> None:
        with self.lock:
            self.waiting.append(reveal)
        self.look()

    def look(self) -> None:
        """Show every waiting answer that the class has revealed by now."""
        try:
            revealed = self.session.classes.revealed(self.session.pupil.code)
        except KartenspieleError:
            return  # the store is away or the class ended: the answers stay hidden
        with self.lock:
            due = [item for item in self.waiting if item.section in revealed]
            self.waiting = [item for item in self.waiting if item not in due]
        for reveal in due:
            reveal.show()

    def _run(self) -> None:
        while not self.stopped.wait(self.every) and not self.session.ended:
            self.look()

    def stop(self) -> None:
        self.stopped.set()


_watch: list[RevealWatch] = []
_again: dict[str, list[Reveal]] = {}
"""The sections shown again further down this kernel's page (`again=True`), by section."""
_shown_alone: set[str] = set()
"""The sections a pupil without a class revealed in this kernel."""


def _watch_for(session: pupil.PupilSession) -> RevealWatch:
    if not _watch or _watch[0].session is not session:
        for old in _watch:
            old.stop()
        _watch[:] = [RevealWatch(session)]
    return _watch[0]


SAID: dict[str, tuple[str, str]] = {
    "subsets.groups": ("lessons.answer.groups", ""),
    "subsets.captures": ("lessons.answer.captures", "lessons.answer.largest"),
    "parity.odd_sums": ("lessons.answer.odd_sums", ""),
    "parity.high": ("lessons.answer.high", ""),
    "parity.low": ("lessons.answer.low", "lessons.answer.mirror"),
    "sequences.arithmetic": ("lessons.answer.arithmetic", ""),
}
"""The sentences (i18n keys) said before and after a section's table; the answer itself where
there is no table."""


def answer(
    section: str,
    build: Callable[..., object] | None = None,
    *args: Any,
    said: bool = True,
    again: bool = False,
    **kwargs: Any,
) -> object:
    """The answer of `section`, shown as the module docstring says: the section's sentences
    (`SAID`, unless `said` is false) around the table `build(*args, lang=…, **kwargs)`;
    `again`: the section was asked further up the page already."""
    check_section(section)

    @in_both_languages
    def content(lang: str | None = None) -> str:
        return answer_html(section, build, *args, said=said, lang=lang or language(), **kwargs)

    if is_teacher():
        return content()
    return Reveal(section, content, again=again)


def answer_html(
    section: str, build: Callable[..., object] | None, *args: Any, said: bool = True, lang: str, **kwargs: Any
) -> str:
    """The answer of `section` in `lang` as HTML: its sentences (`SAID`) around the table (the
    lesson page's answer, and the board's when the teacher shows it there)."""
    before, after = SAID.get(section, ("", "")) if said else ("", "")
    table = _html(build(*args, lang=lang, **kwargs)) if build is not None else ""
    sentences = [f"<p>{escape(text(key, lang))}</p>" if key else "" for key in (before, after)]
    return sentences[0] + table + sentences[1]


class Shown(widgets.HTML):
    """An answer on a teacher's page, as a widget that follows the language."""

    def __init__(self, content: Callable[[str], str]) -> None:
        super().__init__()
        self.content = content
        self.redraw()
        follow(self)

    def redraw(self) -> None:
        self.value = self.content(language())


def section_widget(section: str, content: Callable[[str], str]) -> widgets.Widget:
    """The answer `content(lang)` of `section` as a widget: at once on a teacher's page, else a
    `Reveal` (as `answer` shows it)."""
    check_section(section)
    return Shown(content) if is_teacher() else Reveal(section, content)
