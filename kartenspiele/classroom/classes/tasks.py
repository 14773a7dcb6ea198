"""A task as the dashboard shows it "an der Tafel": its words and its cards, no page markup.

A lesson's problem is HTML (words, and cards drawn as `<span class="ks-card" aria-label="8">`).
What a pupil's page records is only its text, each card written `[[8]]`; the dashboard escapes
that text and draws the cards itself. So nothing a page wrote reaches the teacher's screen as
markup.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

CARD = re.compile(r"\[\[([^\[\]]{1,12})\]\]")
MAX_CHARS = 600
"""A task's text is cut to this length."""


class _TaskText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.in_card = 0  # depth inside a card's span (its inner text is the label again)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.in_card:
            self.in_card += tag == "span"
        elif tag == "span" and "ks-card" in (found.get("class") or "").split():
            self.parts.append(f" [[{found.get('aria-label') or '?'}]] ")
            self.in_card = 1
        elif tag in ("p", "div", "br", "li"):
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.in_card and tag == "span":
            self.in_card -= 1

    def handle_data(self, data: str) -> None:
        if not self.in_card:
            self.parts.append(data)


def task_text(html: str) -> str:
    """The words and cards of a problem's HTML, as plain text with `[[card]]` marks."""
    parser = _TaskText()
    parser.feed(html)
    parser.close()
    return " ".join("".join(parser.parts).split())[:MAX_CHARS]


def task_html(task: str) -> str:
    """The recorded task for the teacher's screen: escaped words, cards drawn as chips."""
    return CARD.sub(lambda card: f"<span class='ks-chip'>{card.group(1)}</span>", escape(task))
