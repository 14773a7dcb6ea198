"""The texts of the tables: every key lives in `i18n/widgets.json` under `widgets.`."""

from __future__ import annotations

import os
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, text
from ..kernel.page_request import preheated, wait_for_page

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}


def t(key: str, lang: str, /, **params: object) -> str:
    """The table text `widgets.<key>` in `lang`."""
    return text(f"widgets.{key}", lang, **params)


def why(more: str, lang: str) -> str:
    """The full reasoning one tap away: a "Warum?" fold (HTML; "" when there is no more)."""
    if not more:
        return ""
    return f"<details class='ks-why'><summary>{escape(t('why', lang))}</summary>{escape(more)}</details>"


def relabel_options(choice: widgets.widget_selection._Selection, options: list[tuple[str, Any]]) -> None:
    """Give a selection widget (drop-down, toggle buttons) new option labels and keep its choice,
    in one message to the browser (`options` has the same values, worded anew). Its value
    observers see the value pass through the first option and back."""
    if tuple(choice.options) == tuple(options):
        return
    value = choice.value
    with choice.hold_sync():
        choice.options = options
        choice.value = value


def language_options() -> list[tuple[str, str]]:
    """(label, code) pairs for a language chooser, German first."""
    return [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES]


def default_language(wait: bool = True) -> str:
    """The language asked for in the page's address (`?lang=en`, which Voilà passes to the
    kernel as `QUERY_STRING`), else German. A kernel Voilà started ahead of time (preheated)
    waits here until a page asks for it, so that it knows the address; with `wait=False` it
    answers German at once (a table built ahead of time takes its page's language when the
    page comes: `GameTable.page_arrived`)."""
    if not wait and preheated():
        return DEFAULT_LANGUAGE
    wait_for_page()
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [""])[0]
    return asked if asked in LANGUAGES else DEFAULT_LANGUAGE
