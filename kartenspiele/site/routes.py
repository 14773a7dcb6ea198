"""The site's addresses: which page a browser's address asks for, in which language, with which
game or lesson section, and the address that shows a page.

Every page of the site has its own address, as Voici renders it
(`…/voici/render/notebooks/quanto.html`, `…/voici/render/lessons/01_teilsummen.html`), and all
of them are the same app. A page is named by its folder and notebook (`notebooks/quanto`);
the query carries the language (`?lang=en`, German without it) and, on the start page and a
game's page, the saved game it shows (`?resume=ABCD`); the fragment carries a lesson's section
(the id of its heading). What the browser reports is checked here: an unknown page is the start
page, an unknown language German, a malformed game code or section none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from urllib.parse import parse_qs, quote, unquote, urlencode

from ..classroom.rooms.rooms import normal_code
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES

START = "notebooks/start"
GAMES = {"notebooks/quanto": "quanto", "notebooks/tausch_rausch": "tausch_rausch"}
"""The game pages and the game each one plays."""
TUTORIALS = {"notebooks/quanto_tutorial": "quanto", "notebooks/tausch_rausch_tutorial": "tausch_rausch"}
APP_PAGES = (START, *GAMES, *TUTORIALS)
"""The pages whose content is one widget of the app (the lessons' pages come from their notebooks)."""
CODE = re.compile(r"[A-Z0-9]{3,8}")
SECTION_MAX = 200


@dataclass(frozen=True)
class Route:
    """A page of the site with its language, the game it shows ("" for none) and the lesson
    section to scroll to ("" for the top)."""

    page: str = START
    lang: str = DEFAULT_LANGUAGE
    resume: str = ""
    section: str = ""

    def with_(self, **changes: str) -> Route:
        return replace(self, **changes)

    def address(self) -> str:
        """The page's address relative to any page of the site (they all lie two folders below
        `voici/render/`): `../notebooks/quanto.html?lang=en&resume=ABCD`."""
        query = {}
        if self.lang != DEFAULT_LANGUAGE:
            query["lang"] = self.lang
        if self.resume:
            query["resume"] = self.resume
        fragment = "#" + quote(self.section, safe="") if self.section else ""
        return f"../{self.page}.html" + ("?" + urlencode(query) if query else "") + fragment


def page_of(path: str, pages: frozenset[str]) -> str:
    """The page an address's path names (its last two parts without `.html`, `.ipynb` or
    `index.html`), if the site has it; else the start page."""
    parts = [part for part in unquote(path).split("/") if part]
    if len(parts) >= 2:
        name = parts[-1]
        for ending in (".html", ".ipynb"):
            name = name.removesuffix(ending)
        page = f"{parts[-2]}/{name}"
        if page in pages:
            return page
    return START


def route_of(path: str, query: str, fragment: str, pages: frozenset[str]) -> Route:
    """The route a browser's address asks for (`path`, `query` with or without `?`, `fragment`
    with or without `#`), every part checked."""
    asked = parse_qs(query.removeprefix("?"))
    lang = asked.get("lang", [""])[0]
    code = normal_code(asked.get("resume", [""])[0][:20])
    section = unquote(fragment.removeprefix("#"))
    page = page_of(path, pages)
    return Route(
        page=page,
        lang=lang if lang in LANGUAGES else DEFAULT_LANGUAGE,
        resume=code if CODE.fullmatch(code) and (page == START or page in GAMES) else "",
        section=section if len(section) <= SECTION_MAX and section.isprintable() else "",
    )
