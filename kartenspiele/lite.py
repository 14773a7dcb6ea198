"""The in-browser build (JupyterLite/Voici on Pyodide): one place that says whether this
kernel runs in the browser without a server, and what changes then.

`in_browser()` is true on Pyodide (`sys.platform == "emscripten"`); the environment variable
`KARTENSPIELE_LITE` (`1` or `0`) overrides it, so that tests on CPython can switch it on. In
the browser there are no threads, no page address (`QUERY_STRING`), no store on a disk and no
secrets: every page is a pupil's page, games and a lesson's progress are kept in the browser's
own storage, and what needs a server (rooms, classes, the dashboard, making PDFs) is not offered
but named, with a link to the served version (`served_url`).

`page_href` is the one place that turns a page's address as the server knows it into the
address in the built site.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from html import escape

from .binder import binder_url
from .i18n import text

ENVIRONMENT = "KARTENSPIELE_LITE"
SERVED_ENVIRONMENT = "KARTENSPIELE_SERVED_URL"
"""The address of the served version that the browser build links to (default: Binder)."""
PACKS_FOLDER = "files/packs"
"""Where the built site keeps the ready printable packs, seen from the site's root."""
SITE_ROOT = "../../.."
"""The site's root seen from a page (`voici/render/notebooks/start.html`)."""


def in_browser() -> bool:
    """Whether this kernel runs in the browser without a server (Pyodide), or is told so."""
    told = os.environ.get(ENVIRONMENT, "").strip()
    if told in ("0", "1"):
        return told == "1"
    return sys.platform == "emscripten"


def page_href(href: str) -> str:
    """A link to another page of the app, as the server knows it (`quanto.ipynb`,
    `../lessons/01_teilsummen.ipynb?lang=en`), or in the browser build the page Voici renders
    from that notebook (`quanto.html`): Voici keeps the folders under `voici/render/`, so the
    relative address stays and only the notebook becomes its page."""
    if not in_browser():
        return href
    path, mark, query = href.partition("?")
    if path.endswith(".ipynb"):
        path = path.removesuffix(".ipynb") + ".html"
    return path + mark + query


def served_url() -> str:
    """Where the served version opens (`$KARTENSPIELE_SERVED_URL`, else the start page on Binder)."""
    return os.environ.get(SERVED_ENVIRONMENT) or binder_url("voila/render/notebooks/start.ipynb")


def pack_file(lesson: int, lang: str) -> str:
    """The file name of a lesson's ready printable pack (all levels) in the built site."""
    return f"kartenspiele-{lesson}-{lang}.pdf"


def pack_href(lesson: int, lang: str) -> str:
    """The address of a lesson's ready printable pack in the built site, from a page."""
    return f"{SITE_ROOT}/{PACKS_FOLDER}/{pack_file(lesson, lang)}"


def server_note(lang: str, packs: Sequence[int] = ()) -> str:
    """In the browser build: one short note that rooms, classes and the teacher's pages need
    the served version, with its link (and the links to the ready printable packs of the
    lessons `packs`); elsewhere nothing."""
    if not in_browser():
        return ""
    served = escape(text("lite.server_link", lang))
    link = f"<a href='{escape(served_url())}' target='_blank' rel='noopener'>{served}</a>"
    note = f"<p class='ks-lite-note' role='note'>{escape(text('lite.server_needed', lang))} {link}</p>"
    if packs:
        files = " ".join(
            f"<a href='{escape(pack_href(lesson, lang))}' target='_blank'>{lesson}</a>" for lesson in packs
        )
        note += f"<p class='ks-lite-packs'>{escape(text('lite.packs_link', lang))}: {files}</p>"
    return note
