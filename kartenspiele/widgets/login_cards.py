"""The dashboard's login cards (`classroom.classes.cards`): the teacher types the class's nicknames
(or has them made up: no real names needed), chooses two easy words or four digits as the
secrets, and gets the cards as a PDF to print (`card_sheet`). Each card's row has "Neue Karte"
(a new secret and QR code; the old card and its devices end). A switch lets pupils join with a
nickname of their own beside the cards, or not.

The secrets exist in clear only in this page's memory, for the PDF of the cards just made or
reset: the store keeps salted hashes. Cards need `kartenspiele serve` (its address goes into
the QR codes: `cards.ORIGIN_ENVIRONMENT`); elsewhere the panel says so and makes none.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..classroom.classes.cards import DIGITS, MAX_CARDS, ORIGIN_ENVIRONMENT, WORDS, LoginCards, NewCard
from ..classroom.classes.classes import Classes
from ..core.errors import KartenspieleError
from ..i18n import text
from .card_sheet import cards_pdf

FILE_NAMES = {"de": "login-karten-{code}.pdf", "en": "login-cards-{code}.pdf"}


class LoginCardsPanel(widgets.VBox):
    """Making, printing and resetting a class's login cards; free joining on or off."""

    def __init__(self, classes: Classes, lang: str, on_change: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.add_class("ks-login-cards")
        self.classes = classes
        self.cards = LoginCards(classes)
        self.lang = lang
        self.on_change = on_change
        self.code: str | None = None
        self.origin = os.environ.get(ORIGIN_ENVIRONMENT, "")
        self.intro = widgets.HTML(f"<p class='ks-quiet'>{escape(text('cards.panel.intro', lang))}</p>")
        self.nicknames = widgets.Textarea(
            placeholder=text("cards.panel.placeholder", lang), layout=widgets.Layout(width="22em", height="8em")
        )
        self.nicknames.add_class("ks-card-nicknames")
        self.count = widgets.BoundedIntText(value=25, min=1, max=MAX_CARDS, layout=widgets.Layout(width="5em"))
        self.generate_button = self._button("cards.panel.generate", self.generate, "ks-card-generate")
        self.kind = widgets.Dropdown(
            options=[(text("cards.panel.words", lang), WORDS), (text("cards.panel.digits", lang), DIGITS)],
            value=WORDS,
            description=text("cards.panel.kind", lang),
            style={"description_width": "initial"},
        )
        self.make_button = self._button("cards.panel.make", self.make, "ks-card-make", "ks-main-action")
        self.free_join = widgets.Checkbox(description=text("cards.panel.free_join", lang), indent=False)
        self.free_join.add_class("ks-free-join")
        self._syncing = False
        self.free_join.observe(lambda _: self._syncing or self._safely(self.set_free_join), "value")
        self.download = widgets.HTML()
        self.download.add_class("ks-card-download")
        self.card_rows = widgets.VBox()
        self.card_rows.add_class("ks-card-list")
        self.status = widgets.HTML()
        self.children = (
            self.intro,
            widgets.HBox(
                [
                    self.nicknames,
                    widgets.VBox([widgets.HBox([self.count, self.generate_button]), self.kind, self.make_button]),
                ]
            ),
            self.download,
            self.free_join,
            self.card_rows,
            self.status,
        )

    def _button(self, key: str, action: Callable[[], None], *classes: str) -> widgets.Button:
        button = widgets.Button(description=text(key, self.lang), layout=widgets.Layout(width="auto"))
        for name in classes:
            button.add_class(name)
        button.on_click(lambda _: self._safely(action))
        return button

    def _safely(self, action: Callable[[], None]) -> None:
        try:
            action()
        except KartenspieleError as error:
            self.status.value = f"<div class='ks-warn-box' role='alert'>{escape(error.message(self.lang))}</div>"

    def show_class(self, code: str | None) -> None:
        """The panel for the class `code` (None: none chosen); the PDF of another class goes."""
        if code != self.code:
            self.download.value = self.status.value = ""
            self.nicknames.value = ""
        self.code = code
        usable = bool(self.origin)
        for control in (self.nicknames, self.count, self.generate_button, self.kind, self.make_button):
            control.disabled = not usable or code is None
        if not usable:
            self.status.value = f"<p class='ks-quiet'>{escape(text('cards.panel.no_server', self.lang))}</p>"
        if code is None:
            self.card_rows.children = ()
            return
        self._syncing = True
        try:
            self.free_join.value = self.classes.free_join(code)
        finally:
            self._syncing = False
        self.draw_cards()

    def draw_cards(self) -> None:
        rows = []
        for card in self.cards.cards(self.code) if self.code else []:
            label = widgets.HTML(f"<span class='ks-card-nick'>{escape(card.nickname)}</span>")
            reset = widgets.Button(
                description=text("cards.panel.reset", self.lang), layout=widgets.Layout(width="auto")
            )
            reset.add_class("ks-card-reset")
            reset.on_click(lambda _, nickname=card.nickname: self._safely(lambda: self.reset(nickname)))
            reset.disabled = not self.origin
            rows.append(widgets.HBox([label, reset], layout=widgets.Layout(align_items="center")))
        self.card_rows.children = tuple(rows)

    def generate(self) -> None:
        """Made-up nicknames into the box (the teacher may change them before making the cards)."""
        if self.code is not None:
            self.nicknames.value = "\n".join(self.cards.generated_nicknames(self.code, self.count.value, self.lang))

    def make(self) -> None:
        """A card for every nickname in the box; the PDF of them to download."""
        if self.code is None or not self.origin:
            return
        made = self.cards.make(self.code, self.nicknames.value.splitlines(), self.kind.value, self.lang)
        self.nicknames.value = ""
        self.offer(made)

    def reset(self, nickname: str) -> None:
        if self.code is None or not self.origin:
            return
        self.offer([self.cards.reset(self.code, nickname, self.kind.value, self.lang)])

    def offer(self, made: list[NewCard]) -> None:
        """The PDF of these cards as a download link, and the list and roster redrawn."""
        data = base64.b64encode(cards_pdf(made, self.origin, self.lang)).decode("ascii")
        name = FILE_NAMES[self.lang].format(code=self.code)
        self.download.value = (
            f"<a class='ks-download ks-cards-pdf' download='{escape(name)}' href='data:application/pdf;base64,{data}'>"
            f"{escape(text('cards.panel.pdf', self.lang, count=len(made)))}</a> "
            f"<span class='ks-quiet'>{escape(text('cards.panel.print_now', self.lang))}</span>"
        )
        self.status.value = ""
        self.draw_cards()
        if self.on_change is not None:
            self.on_change()

    def set_free_join(self) -> None:
        if self.code is not None:
            self.classes.allow_free_join(self.code, self.free_join.value)
