"""The words of the page that shows while a page's kernel starts (the template's `#ks-wait`), in
every language: the template writes the German ones into the page and the page's address
(`?lang=en`) picks another at once, before anything is painted."""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES, text
from .assets import PageConfigHook

WAIT_KEYS = ("serve.wait.title", "serve.wait.text", "serve.wait.long")


def wait_texts() -> dict[str, dict[str, str]]:
    """{language: {"title", "text", "long"}} from the i18n tables."""
    return {lang: {key.rsplit(".", 1)[1]: text(key, lang) for key in WAIT_KEYS} for lang in LANGUAGES}


def waiting_hook(configured: PageConfigHook | None = None) -> PageConfigHook:
    """A Voilà page-config hook: `configured` (if any), then the waiting page's words (`ksWait`)."""
    texts = wait_texts()

    def hook(page_config: dict, **kwargs: Any) -> dict:
        if configured is not None:
            page_config = configured(page_config, **kwargs)
        return {**page_config, "ksWait": texts}

    return hook
