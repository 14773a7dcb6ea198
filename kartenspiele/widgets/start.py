"""The start page of the web app: both games, their tutorials, the lessons and short rules,
and the lobby for playing together in a room (and going on with a remembered game).

The explanation comes first, then one name and one code box (a room code, or on a pupil's
page served by Voila a class code too), beside the games and lessons. Inside a room or a
saved game the page's header and everything else fold away: the room fills the window
(the language switch moves into the room's header); leaving reloads the start page.

The lessons are listed from the `lessons/` folder as it is when the page is shown, so the
page links only to notebooks that exist. Links are relative to `notebooks/start.ipynb` and
carry the chosen language (`?lang=en`); in the browser build they lead to the site's pages
(`lite.page_href`), and instead of rooms and classes the lobby says that these need the served
version, with a link to it and to the ready printable packs.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..catalogue import lesson_of_file
from ..classroom.classes import pupil
from ..classroom.people.roles import TEACHER_NOTEBOOKS, is_teacher, query, served_by_voila
from ..classroom.store.interface import Store
from ..lite import page_href
from .class_screen import class_screen
from .lobby import Lobby
from .memory import BrowserMemory
from .plain import plain
from .pupil_unit import PupilUnit, card_link
from .room import RoomPage
from .saving import SavedGame
from .style import style_widget
from .texts import default_language, language_options, t

APPS = (
    ("quanto", "quanto.ipynb"),
    ("quanto_tutorial", "quanto_tutorial.ipynb"),
    ("tausch_rausch", "tausch_rausch.ipynb"),
    ("tausch_rausch_tutorial", "tausch_rausch_tutorial.ipynb"),
)
RULES = ("quanto", "tausch_rausch")


@dataclass(frozen=True)
class LessonLink:
    """A lesson notebook: its file name and its title, the first heading in German and the
    first heading of its English fold-out."""

    name: str
    title: str
    title_en: str = ""

    def title_in(self, lang: str) -> str:
        return self.title_en if lang == "en" and self.title_en else self.title


def find_lessons_folder(start: Path | None = None) -> Path | None:
    """`lessons/` beside the current folder (Voilà runs a notebook in its own folder) or in it."""
    here = start or Path.cwd()
    for folder in (here.parent / "lessons", here / "lessons"):
        if folder.is_dir():
            return folder
    return None


def notebook_title(path: Path, lang: str = "de") -> str:
    """The first Markdown heading of a notebook (in English: the first heading inside an English
    fold-out `<details>`), else its file name in words."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        cells = []
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        source = source if isinstance(source, str) else "".join(source)
        german, fold, english = source.partition("<details")
        for line in (english if lang == "en" else german).splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
        if lang == "en" and fold:
            break
    return path.stem.replace("_", " ").replace("-", " ")


def lesson_links(folder: Path | None, teacher: bool = False) -> list[LessonLink]:
    """Every notebook in `folder`, sorted by file name; the teacher's guide only for a teacher."""
    if folder is None:
        return []
    return [
        LessonLink(path.name, notebook_title(path), notebook_title(path, "en"))
        for path in sorted(folder.glob("*.ipynb"))
        if not path.name.startswith(".") and (teacher or path.name not in TEACHER_NOTEBOOKS)
    ]


class StartPage(widgets.VBox):
    """The start page: `StartPage()`; `lessons` is the lessons folder (found by default), or
    `links` the lessons to list. `memory`, `store` and `resume` are the lobby's (`Lobby`): the
    in-browser site shares one memory and store between its pages and asks for a game itself;
    by default `?resume=` in the page's address asks."""

    def __init__(
        self,
        *,
        lang: str | None = None,
        lessons: Path | None = None,
        links: Sequence[LessonLink] | None = None,
        memory: BrowserMemory | None = None,
        store: Store | None = None,
        resume: str | None = None,
    ) -> None:
        super().__init__(_dom_classes=("ks-table", "ks-start-page"))
        self.lang = lang or default_language()
        if links is not None:
            self.lessons = list(links)
        else:
            self.lessons = lesson_links(lessons if lessons is not None else find_lessons_folder(), is_teacher())
        self.language = plain(
            widgets.ToggleButtons, options=language_options(), value=self.lang, _dom_classes=("ks-language",)
        )
        self.language.observe(lambda change: self.set_language(change["new"]), "value")
        self.heading = plain(widgets.HTML)
        self.intro = plain(widgets.HTML)
        self.body = plain(widgets.HTML)
        classes = served_by_voila() and not is_teacher()
        if classes:
            pupil.from_address()
        # `?resume=<code>` (the "connection lost" banner's link): straight back to that game
        self.lobby = Lobby(
            self.lang,
            store=store,
            memory=memory,
            on_room=self._in_room,
            classes=classes,
            on_class=lambda: self.set_language(self.lang),
            resume=query().get("resume") if resume is None else resume,
        )
        self.bar = plain(widgets.HBox, [self.heading, self.language], _dom_classes=("ks-toolbar",))
        self.classes = classes
        self.card = plain(widgets.HTML, _dom_classes=("ks-card-way",))  # back with a login card
        self.own = PupilUnit()  # the pupil's own view of the unit, above the games and lessons
        side = plain(widgets.VBox, [self.lobby, self.card], _dom_classes=("ks-start-side",))
        more = plain(widgets.VBox, [self.own, self.body], _dom_classes=("ks-start-more",))
        columns = plain(widgets.HBox, [side, more], _dom_classes=("ks-start-columns",))
        self.style = style_widget()
        self.children = (self.style, class_screen(), self.bar, self.intro, columns)
        self.set_language(self.lang)
        self.lobby.resume_asked_game()

    def set_language(self, lang: str) -> None:
        """Show the page in `lang`; the links keep the language."""
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang
        self.lobby.set_language(lang)  # first: a room's page fills the page
        self.heading.value = f"<h1 class='ks-title'>{escape(t('start.title', lang))}</h1>"
        self.intro.value = f"<p class='ks-intro'>{escape(t('start.intro', lang))}</p>"
        self.body.value = self.html()
        joined = pupil.current() is not None
        self.card.value = card_link(lang, os.environ.get("SCRIPT_NAME", "")) if self.classes and not joined else ""
        self.own.redraw(lang)

    def _in_room(self, page: RoomPage | SavedGame) -> None:
        """A room or a saved game fills the page: the header, the explanation, the links and
        the rules fold away; the room's header or the game's toolbar takes the language switch."""
        self.add_class("ks-in-room")
        self.children = (self.style, self.lobby)
        page.share_language(self.language)

    def lesson_item(self, lesson: LessonLink, query: str) -> str:
        """A lesson's line: a link, or the title with a lock while the teacher has not released it."""
        session = pupil.current()
        key = lesson_of_file(lesson.name)
        if session is not None and session.locked(key):
            title = t("start.locked_lesson", self.lang, title=lesson.title_in(self.lang))
            return f"<li class='ks-locked'><i class='fa fa-lock' aria-hidden='true'></i> {escape(title)}</li>"
        href = page_href(f"../lessons/{lesson.name}{query}")
        return f"<li><a href='{escape(href)}'>{escape(lesson.title_in(self.lang))}</a></li>"

    def html(self) -> str:
        lang = self.lang
        query = pupil.link_query(lang)
        tiles = "".join(
            f"<a class='ks-tile ks-tile-{key}' href='{escape(page_href(href + query))}'><b>{escape(t(f'start.{key}', lang))}</b>"
            f"<span>{escape(t(f'start.{key}.note', lang))}</span></a>"
            for key, href in APPS
        )
        if self.lessons:
            items = "".join(self.lesson_item(lesson, query) for lesson in self.lessons)
            lessons = f"<ul class='ks-lessons'>{items}</ul>"
        else:
            lessons = f"<p>{escape(t('start.no_lessons', lang))}</p>"
        rules = "".join(
            f"<details class='ks-rules'><summary>{escape(t(f'start.rules.{game}.title', lang))}</summary>"
            + "".join(f"<p>{escape(t(f'start.rules.{game}.{part}', lang))}</p>" for part in ("goal", "turn", "end"))
            + "</details>"
            for game in RULES
        )
        return (
            f"<div class='ks-tiles'>{tiles}</div>"
            f"<h3>{escape(t('start.lessons', lang))}</h3>{lessons}"
            f"<h3>{escape(t('start.rules', lang))}</h3><div class='ks-rules-row'>{rules}</div>"
        )
