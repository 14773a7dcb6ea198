"""The way back: a link from every app page to the start page (same tab, same language)."""

from __future__ import annotations

from html import escape

from ..lite import page_href
from .texts import t

START_PAGE = "start.ipynb"
"""The start page, beside the apps in `notebooks/`."""

START_FROM_LESSONS = "../notebooks/start.ipynb"
"""The start page as seen from a lesson in `lessons/`."""


def home_href(lang: str, page: str = START_PAGE, query: str | None = None) -> str:
    """The start page's address relative to an app, keeping the language (or, given the page's
    own `query` for links, `pupil.link_query`, keeping the language and the class); in the
    browser build the site's page (`lite.page_href`)."""
    if query is not None:
        return page_href(page + query)
    return page_href(page if lang == "de" else f"{page}?lang={lang}")


def home_link(lang: str, page: str = START_PAGE, query: str | None = None) -> str:
    """An HTML link to the start page, drawn like a button."""
    return (
        f"<a class='ks-home' href='{escape(home_href(lang, page, query))}' target='_self'>"
        f"<span aria-hidden='true'>⌂</span> <span class='ks-home-text'>{escape(t('access.home', lang))}</span></a>"
    )
