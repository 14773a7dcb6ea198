"""The language of a lesson's widgets: one switch per notebook, German by default.

The Markdown of a lesson carries both languages (German first, English in a fold-out block).
The widgets follow one switch (`LessonBar`): it sets the package's current language
(`i18n.set_language`) and asks every lesson widget to redraw itself. Tables and plots shown
once (`@in_both_languages`) carry both languages; the bar's class `ks-lang-de`/`ks-lang-en`
shows one of them by the lessons' style sheet. A lesson starts in the language of the page's
address (`?lang=en` in Voilà), else in German.
"""

from __future__ import annotations

import base64
import inspect
import io
import posixpath
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, Protocol, TypeVar
from weakref import WeakSet

import ipywidgets as widgets
from IPython.display import HTML
from ipywidgets.widgets.widget import _instances

from ..classroom.classes import pupil
from ..classroom.classes.pacing import STORE, Pace, pace
from ..classroom.classes.sections import lesson_sections
from ..classroom.people.roles import is_teacher, query, served_by_voila
from ..i18n import LANGUAGES, current_language, set_language, text
from ..kernel.page_request import preheated
from ..lite import in_browser, server_note
from ..widgets.access import Access
from ..widgets.class_screen import class_screen
from ..widgets.deferred_open import defer_in_cells
from ..widgets.home import START_FROM_LESSONS, home_link
from ..widgets.join import JoinBox
from ..widgets.page_load import PageLoad
from ..widgets.plain import looks, plain
from ..widgets.section_scroll import SECTION_PARAMETER, asked_section
from ..widgets.style import style_widget
from ..widgets.texts import default_language, language_options
from .lesson_gate import GATE_MIME, close_lesson, template_verdict, verdict
from .page_level import LevelChooser
from .style import lesson_style, message


class Redrawable(Protocol):
    def redraw(self) -> None: ...


_followers: WeakSet = WeakSet()
_bars: list[LessonBar] = []  # the bar of the lesson on show (one per notebook)
_undecided = [preheated()]
"""A kernel started ahead of time imports the lessons before its page comes: the language of a
page without a lesson bar is taken from the address when first asked (`language`), so that the
import does not wait for the page (the lesson's own work would wait behind it)."""
if not _undecided[0]:
    set_language(default_language())  # a page without a lesson bar (index, guide) speaks its address's language


def follow(widget: Redrawable) -> None:
    """Redraw `widget` whenever the lesson's language changes."""
    _followers.add(widget)


def switch_language(lang: str) -> None:
    """Show every lesson widget in `lang` ("de" or "en")."""
    _undecided[0] = False
    set_language(lang)
    for widget in list(_followers):
        widget.redraw()


def language() -> str:
    """The language the lesson widgets speak now."""
    if _undecided[0]:
        _undecided[0] = False
        set_language(default_language())
    return current_language()


Shown = TypeVar("Shown", bound=Callable[..., Any])


def _html(shown: object) -> str:
    figure = sys.modules.get("matplotlib.figure")  # a figure exists only if matplotlib is loaded
    if figure is not None and isinstance(shown, figure.Figure):
        png = io.BytesIO()
        shown.savefig(png, format="png", metadata={"Software": None})
        return f"<img alt='' src='data:image/png;base64,{base64.b64encode(png.getvalue()).decode()}'>"
    return shown.data if isinstance(shown, HTML) else str(shown)


def in_both_languages(function: Shown) -> Shown:
    """For a table or plot that is shown once: called without `lang`, it is drawn in every
    language, and the lesson's switch shows one (at first the language of now); called with
    `lang`, it is drawn in that language only."""
    signature = inspect.signature(function)

    @wraps(function)
    def shown(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        if bound.arguments.get("lang") is not None:
            return function(*args, **kwargs)
        now = language()
        parts = []
        for lang in LANGUAGES:
            bound.arguments["lang"] = lang
            hidden = "" if lang == now else " style='display:none'"
            parts.append(
                f"<div class='ks-only-{lang}' lang='{lang}'{hidden}>"
                f"{_html(function(*bound.args, **bound.kwargs))}</div>"
            )
        return HTML("".join(parts))

    return shown  # type: ignore[return-value]


class LessonBar(widgets.HBox):
    """The bar at the top of a lesson: the language switch, the level (`page_level`), the style
    sheet of the widgets and, for a pupil in the web app, the class they joined (or the box to
    join one). Joining a class that keeps this lesson locked (or leaving one on a class-only
    server) closes the lesson and loads the page again, locked; joining a class that released a
    locked lesson loads it with the class. A lesson released up to a section says so here, and
    joining a class that shows fewer sections than the page does closes the lesson and loads it
    again with those."""

    def __init__(self, lang: str | None = None) -> None:
        self.before = set(_instances)  # the widgets that are not the lesson's (`close_lesson`)
        super().__init__(**looks(widgets.HBox))
        self.add_class("ks-table")
        self.add_class("ks-lesson-bar")
        start = lang or default_language()
        switch_language(start)
        self.label = plain(widgets.HTML)
        self.switch = plain(widgets.ToggleButtons, options=language_options(), value=start)
        self.switch.observe(lambda change: switch_language(change["new"]), "value")
        self.level = LevelChooser(pupil.page_lesson(), on_change=lambda: switch_language(language()))
        self.access = Access()
        self.home = plain(widgets.HTML)
        self.lite_note = plain(widgets.HTML)  # the browser build: classes need the served version
        self.children = (
            style_widget(),
            class_screen(),
            lesson_style(),
            self.access,
            self.label,
            self.switch,
            self.level,
            self.home,
        )
        if in_browser():
            self.children += (self.lite_note,)
        _bars[:] = [self]
        self.join: JoinBox | None = None
        if served_by_voila() and not is_teacher():
            pupil.from_address()
            self.join = JoinBox(on_join=self.joined)
            self.children += (self.join,)
        self.pace = verdict()
        self.locked = self.pace.locked
        self.notice = plain(widgets.HTML)
        self.notice.add_class("ks-pacing-note")
        if self.locked or self.pace.sections is not None:
            self.children += (self.notice,)
        if not self.locked:  # back into the lesson at a section (a pupil's own view links there)
            scroll = asked_section(pupil.page_lesson(), query().get(SECTION_PARAMETER))
            self.children += (scroll,) if scroll is not None else ()
        lesson = pupil.page_lesson()
        if lesson is not None and not self.locked:
            class_screen().showing(lesson, self.pace.sections)
        if not self.locked:
            defer_in_cells()  # the lesson's cells send each widget once, finished
        self.redraw()
        follow(self)

    def joined(self) -> None:
        """After joining (or leaving): the lesson follows the bar, unless pacing now locks it; a
        locked lesson that the pupil's new class released is loaded again with the class."""
        now = pacing_now()
        if not self.locked and (now.locked or fewer_sections(now.sections, self.pace.sections)):
            self.lock(now)
        elif self.locked and not now.locked:
            self.children += (PageLoad(address=self.address()),)
        elif self.locked:
            self.pace = now
        switch_language(language())

    def lock(self, now: Pace) -> None:
        """Close this page's lesson now (no widget of it shows, answers or follows the language
        any more) and send the page to its own address with the class: the server renders it
        locked, or with the sections the class may see."""
        self.locked = True
        self.pace = now
        close_lesson(self, self.before)
        _followers.clear()
        follow(self)
        self.children += (self.notice, PageLoad(address=self.address()))

    def address(self) -> str:
        """This page's own address (its notebook's canonical name) with the language and the class."""
        return posixpath.basename(pupil.page_path()) + pupil.link_query(language())

    def redraw(self) -> None:
        self.label.value = f"<b>{text('lessons.bar.language', language())}</b>"
        self.home.value = home_link(language(), START_FROM_LESSONS, pupil.link_query(language()))
        self.lite_note.value = server_note(language())
        for lang in LANGUAGES:
            if lang == language():
                self.add_class(f"ks-lang-{lang}")
            else:
                self.remove_class(f"ks-lang-{lang}")
        if self.switch.value != language():
            self.switch.value = language()
        self.level.redraw(language())
        if self.join is not None:
            self.join.set_language(language())
        key = self.pace.text_key
        if self.locked:
            self.notice.value = message(text(key, language())) if key else ""
        elif self.pace.sections is not None:
            self.notice.value = message(sections_note(self.pace.sections, language()))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget, and on a Voilà page the lesson gate's verdict for the template."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and served_by_voila():
            bundle[GATE_MIME] = template_verdict(self.pace)
        return bundle

    def __repr__(self) -> str:
        return "LessonBar()"


def fewer_sections(now: int | None, shown: int | None) -> bool:
    """Whether a page that shows `shown` sections (None: all) shows more than `now` allows."""
    return now is not None and (shown is None or now < shown)


def sections_note(shown: int, lang: str) -> str:
    """ "Bis „1. Straßen“ kannst du arbeiten …" for a lesson released up to its `shown`th section."""
    try:
        sections = lesson_sections(pupil.page_lesson() or "")
        last = sections[min(shown, len(sections)) - 1].title_in(lang)
    except (LookupError, IndexError):
        last = "…"
    return text("pacing.sections", lang, last=last)


def pacing_now() -> Pace:
    """The pacing decision now, for a page whose later cells are blanked already (any failure
    keeps it locked)."""
    try:
        return pace()
    except Exception:  # noqa: BLE001 — fail closed
        return Pace(True, STORE)


def describe_figure(alt: str) -> None:
    """Give the next chart shown on the lesson's page its text for screen readers (the page's
    output images are described in the order they are made)."""
    if _bars:
        access = _bars[0].access
        access.set(
            "__images__", {**access.attrs.get("__images__", {}), str(len(access.attrs.get("__images__", {}))): alt}
        )
        access.flush()
