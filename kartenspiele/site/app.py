"""The in-browser site's app: one Python for a whole visit.

Every page of the site runs `App()`. It asks the browser for the page's address (`Address`) and
shows that page: the start page, a game's table, a tutorial or a lesson. Following a link to
another page of the site does not load a new page (and start Python again): the browser puts the
new address in its history and the app shows the page in the same kernel, keeping the pages
already built. So "back" returns at once to the page as it was, a running game included.

The address says everything a reload needs: the page, the language (`?lang=en`), the saved game
that a game's page or the start page shows (`?resume=ABCD`, set as soon as a game is saved) and
a lesson's section (the fragment). A page opened afresh, by a reload or a bookmark, is built
from it: the game goes on from the browser's storage, the lesson scrolls to its section.

One language for the whole visit: the address's, changed by any page's switch, which every page
built so far follows at once, and the address with it. One memory of games for the whole visit:
the browser's (`BrowserMemory`, and its store) is shared by the start page and every table.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from ..bots.games import GAMES as GAME_INFO
from ..i18n import DEFAULT_LANGUAGE, text
from ..lessons.language import follow, language, switch_language
from ..widgets import QuantoTutorial, StartPage, TauschRauschTutorial, saved
from ..widgets.closing import close_tree
from ..widgets.memory import BrowserMemory
from ..widgets.plain import plain
from ..widgets.saving import TABLES
from ..widgets.start import LessonLink
from ..widgets.style import style_widget
from .address import Address
from .lesson_page import LessonPage, site_pages
from .routes import APP_PAGES, GAMES, START, TUTORIALS, Route, route_of

TUTORIAL_CLASSES = {"quanto": QuantoTutorial, "tausch_rausch": TauschRauschTutorial}
SITE_STYLE = "<style>.ks-site > .ks-hidden { display: none !important; }</style>"


@dataclass
class View:
    """A page built in this kernel: its widget and the saved game it shows ("" for none)."""

    page: str
    widget: Any
    game: str = ""


class App(widgets.VBox):
    """The site's app; `pages`: the lesson pages (default: those the site's build wrote)."""

    def __init__(self, pages: Mapping[str, dict[str, Any]] | None = None) -> None:
        super().__init__(_dom_classes=("ks-site",))
        self.lesson_pages = dict(pages if pages is not None else site_pages())
        self.pages = frozenset((*APP_PAGES, *self.lesson_pages))
        self.lang = DEFAULT_LANGUAGE
        self.memory = BrowserMemory()
        self.store = self.memory.store()
        self.address = Address(pages=sorted(self.pages))
        self.views: dict[str, View] = {}
        self.shown: View | None = None
        self.route = Route()
        self.children = (style_widget(), plain(widgets.HTML, value=SITE_STYLE), self.address, self.memory)
        self.address.observe(lambda _: self._arrived(), "asked")
        self.memory.observe(lambda _: self._arrived(), "loaded")
        self.memory.observe(lambda _: self._game_changed(), "current")
        follow(self)  # a lesson's language switch speaks for the whole app

    # -- where the browser is ----------------------------------------------------------------
    def _arrived(self) -> None:
        """The browser told its address (and has sent its memory): show that page."""
        asked = self.address.asked
        if not asked or not self.memory.loaded:
            return
        self.go(route_of(asked["path"], asked["query"], asked["fragment"], self.pages))

    def go(self, route: Route) -> None:
        """Show the page of `route` in its language (built now, or as it was left)."""
        if route.lang != self.lang:
            self.set_language(route.lang, tell=False)
        view = self._view(route)
        self._show(view)
        self.route = route.with_(resume=view.game) if route.page == START or route.page in GAMES else route
        self.address.replace(self.route.address())
        self.address.shown(self.title(view), route.section)

    def _show(self, view: View) -> None:
        for other in self.views.values():
            widget = other.widget
            with widget.hold_sync():
                widget.remove_class("ks-shown" if other is not view else "ks-hidden")
                widget.add_class("ks-hidden" if other is not view else "ks-shown")
        self.shown = view

    # -- the pages -----------------------------------------------------------------------------
    def _view(self, route: Route) -> View:
        kept = self.views.get(route.page)
        if kept is not None and self._fits(kept, route):
            return kept
        view = self._build(route)
        if kept is not None:
            close_tree(kept.widget, keep=(self.memory,))
        self.views[route.page] = view
        self.children = tuple(child for child in self.children if kept is None or child is not kept.widget) + (
            view.widget,
        )
        return view

    @staticmethod
    def _fits(view: View, route: Route) -> bool:
        """Whether the page built before shows what `route` asks: the start page with the game
        it shows (none: its own page), a game's page with any game unless another is asked."""
        if route.page == START:
            return view.game == route.resume
        if route.page in GAMES:
            return not route.resume or view.game == route.resume
        return True

    def _build(self, route: Route) -> View:
        lang, page = self.lang, route.page
        resume = route.resume if self.memory.entry(route.resume) is not None else ""
        if page == START or resume:
            start = StartPage(lang=lang, links=self.lesson_links(), memory=self.memory, store=self.store, resume=resume)
            start.language.observe(lambda change: self.set_language(change["new"]), "value")
            return View(page, start, resume)
        if page in GAMES:
            table = TABLES[GAMES[page]](lang=lang)
            table.language.observe(lambda change: self.set_language(change["new"]), "value")
            return View(page, saved(table, self.store, self.memory))
        if page in TUTORIALS:
            tutorial = TUTORIAL_CLASSES[TUTORIALS[page]](lang=lang)
            tutorial.language.observe(lambda change: self.set_language(change["new"]), "value")
            return View(page, tutorial)
        switch_language(lang)
        return View(page, LessonPage(page, self.lesson_pages))

    def lesson_links(self) -> list[LessonLink]:
        """The lesson pages for the start page's list (in the order of their notebooks)."""
        return [
            LessonLink(page.split("/")[-1] + ".ipynb", found["title"], found.get("title_en", ""))
            for page, found in sorted(self.lesson_pages.items())
        ]

    def title(self, view: View) -> str:
        """The browser's title for a page."""
        page, lang = view.page, self.lang
        if isinstance(view.widget, LessonPage):
            return view.widget.title(lang)
        if page in GAMES:
            return GAME_INFO[GAMES[page]].title
        if page in TUTORIALS:
            return text(f"widgets.start.{page.split('/')[-1]}", lang)
        return text("widgets.start.title", lang)

    # -- games and language ------------------------------------------------------------------
    def _game_changed(self) -> None:
        """A game was saved or continued on the page shown: its address names it from now on
        (on the start page as a new entry, so that "back" leaves the game)."""
        view, code = self.shown, self.memory.current
        if view is None or not code or view.game == code or not (view.page == START or view.page in GAMES):
            return
        view.game = code
        self.route = self.route.with_(resume=code)
        if view.page == START:
            self.address.push(self.route.address())
        else:
            self.address.replace(self.route.address())

    def set_language(self, lang: str, tell: bool = True) -> None:
        """Every page built so far in `lang`; the address says it (unless `tell` is False)."""
        if lang == self.lang:
            return
        self.lang = lang
        os.environ["QUERY_STRING"] = urlencode({"lang": lang}) if lang != DEFAULT_LANGUAGE else ""
        for view in self.views.values():
            if not isinstance(view.widget, LessonPage):
                view.widget.set_language(lang)
        switch_language(lang)
        if tell and self.shown is not None:
            self.route = self.route.with_(lang=lang)
            self.address.replace(self.route.address())
            self.address.shown(self.title(self.shown))

    def redraw(self) -> None:
        """A lesson's switch changed the language (`lessons.language.follow`)."""
        if language() != self.lang:
            self.set_language(language())
