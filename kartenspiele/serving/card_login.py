"""Coming back with a login card (`classroom.classes.cards`), checked by the server itself.

- `GET /kartenspiele/karte`: a small form, nickname and secret (the class code if the pupil
  has it). `POST`: the card is checked; a right one leads to the page the pupil came from (the
  start page by default) with the pupil in its address, as after joining; that page's browser
  then remembers the class as always.
- `GET /kartenspiele/karte/CODE/ID/KEY`: the address a card's QR code holds. A right key leads
  to the start page as that pupil. The key is long and random, so this route needs no class
  password: it also gives the device the class cookie (a scanned card is enough on a tablet).
  The form stays behind the password, as the short secret is no stronger than the password.

Every check counts against the class password's budgets before anything is compared (the one
`LoginAttempts` of the server: per device and server-wide, with teacher codes): a wrong card
waits `WRONG_PASSWORD_DELAY`, a device or server over budget gets 429 with `Retry-After` and no
check at all. The store is opened once in the server process; the scrypt check runs in a
worker thread, so the server's event loop never waits for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ..classroom.classes.cards import CARD_PATH, CardRefusedError, LoginCards
from ..classroom.classes.classes import ClassError, Classes, Pupil
from ..classroom.classes.pupil import CLASS_PARAMETER, NICK_PARAMETER, TOKEN_PARAMETER
from ..classroom.store.interface import StoreError
from ..classroom.store.opening import open_store
from ..i18n import text
from .access import Access
from .clients import client_address
from .handlers import (
    START_PATH,
    WRONG_PASSWORD_DELAY,
    SecureXsrfCookie,
    held_back,
    local_target,
    request_language,
    set_login_cookie,
    small_page,
)
from .login_limits import LoginAttempts

CARD_KEY_PATTERN = CARD_PATH + r"/([A-Za-z]{5})/([0-9a-f]{1,16})/([A-Za-z0-9_-]{1,64})"
FIELD_MAX = 64
"""Characters of a typed nickname, secret or code that are looked at (longer is cut)."""


class CardDesk:
    """The server's one way to the login cards: the store opened on first use (again after a
    failure)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url
        self.cards: LoginCards | None = None

    def _ask(self, question: Callable[[LoginCards], Pupil]) -> Pupil:
        """Ask the store's login cards; a store that failed is opened anew next time."""
        try:
            if self.cards is None:
                self.cards = LoginCards(Classes(open_store(self.url)))
            return question(self.cards)
        except StoreError:
            self.cards = None
            raise

    def enter(self, nickname: str, secret: str, code: str) -> Pupil:
        return self._ask(lambda cards: cards.enter(nickname, secret, code))

    def enter_by_key(self, code: str, card_id: str, key: str) -> Pupil:
        return self._ask(lambda cards: cards.enter_by_key(code, card_id, key))


def with_pupil(target: str, pupil: Pupil, lang: str) -> str:
    """`target` (a path on this server) with the pupil in its query, as links after joining carry it."""
    parts = urlsplit(local_target(target))
    kept = [
        (name, value)
        for name, value in parse_qsl(parts.query)
        if name not in (CLASS_PARAMETER, NICK_PARAMETER, TOKEN_PARAMETER)
    ]
    if lang != "de" and not any(name == "lang" for name, _ in kept):
        kept.append(("lang", lang))
    kept += [(CLASS_PARAMETER, pupil.code), (NICK_PARAMETER, pupil.nickname), (TOKEN_PARAMETER, pupil.token)]
    return urlunsplit(("", "", parts.path, urlencode(kept), ""))


class CardBase(SecureXsrfCookie):
    def initialize(self, access: Access, attempts: LoginAttempts, desk: CardDesk) -> None:
        self.access = access
        self.attempts = attempts
        self.desk = desk

    async def counted(self, check: Callable[[], Pupil]) -> Pupil | None:
        """Run one card check under the budgets; answers the request itself unless it succeeds."""
        lang = request_language(self)
        client = client_address(self.request, self.access.proxies)
        seconds = held_back(self, self.attempts, client)
        if seconds:
            self.refuse(text("serve.login_too_many", lang, count=seconds), 429)
            return None
        try:
            pupil = await asyncio.to_thread(check)
        except CardRefusedError as error:
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
            self.refuse(error.message(lang), 401)
            return None
        except (ClassError, StoreError) as error:
            self.refuse(error.message(lang), 503)
            return None
        self.attempts.succeeded(client)
        return pupil

    def refuse(self, message: str, status: int) -> None:
        raise NotImplementedError


class CardFormHandler(CardBase):
    """The form: nickname, secret and (if known) the class code."""

    def get(self) -> None:
        self.form()

    def form(self, warning: str = "", status: int = 200) -> None:
        lang = request_language(self)
        target = local_target(self.get_argument("next", START_PATH))
        code = self.get_argument(CLASS_PARAMETER, "")[:FIELD_MAX]
        nickname = self.get_argument(NICK_PARAMETER, "")[:FIELD_MAX]
        alert = f"<p class='ks-wrong' role='alert'>{escape(warning)}</p>" if warning else ""

        def field(name: str, label: str, value: str = "", extra: str = "") -> str:
            return (
                f"<p><label>{escape(text(label, lang))}<br><input name='{name}' value='{escape(value)}' "
                f"autocomplete='off' autocapitalize='off' spellcheck='false' {extra}></label></p>"
            )

        body = (
            f"<p>{escape(text('cards.form.prompt', lang))}</p>{alert}"
            f"<form method='post' action='{CARD_PATH}?lang={lang}'>"
            f"<input type='hidden' name='_xsrf' value='{escape(self.xsrf_token.decode())}'>"
            f"<input type='hidden' name='next' value='{escape(target)}'>"
            + field(NICK_PARAMETER, "cards.form.nickname", nickname, "autofocus")
            + field("geheim", "cards.form.secret")
            + field(CLASS_PARAMETER, "cards.form.code", code, "maxlength='5'")
            + f"<button type='submit'>{escape(text('cards.form.button', lang))}</button></form>"
        )
        self.set_status(status)
        self.finish(small_page(text("cards.form.title", lang), body, lang))

    def refuse(self, message: str, status: int) -> None:
        self.form(message, status)

    async def post(self) -> None:
        self.check_xsrf_cookie()
        nickname = self.get_body_argument(NICK_PARAMETER, "")[:FIELD_MAX]
        secret = self.get_body_argument("geheim", "")[:FIELD_MAX]
        code = self.get_body_argument(CLASS_PARAMETER, "")[:FIELD_MAX]
        pupil = await self.counted(lambda: self.desk.enter(nickname, secret, code))
        if pupil is not None:
            self.redirect(with_pupil(self.get_body_argument("next", START_PATH), pupil, request_language(self)))


class CardKeyHandler(CardBase):
    """A card's QR address: the start page as that pupil (and the class cookie, if there is a password)."""

    async def get(self, code: str, card_id: str, key: str) -> None:
        pupil = await self.counted(lambda: self.desk.enter_by_key(code, card_id, key))
        if pupil is None:
            return
        if self.access.password:
            set_login_cookie(self, self.access.password)
        self.redirect(with_pupil(START_PATH, pupil, request_language(self)))

    def refuse(self, message: str, status: int) -> None:
        lang = request_language(self)
        body = (
            f"<p class='ks-wrong' role='alert'>{escape(message)}</p><p>{escape(text('cards.key.ask', lang))}</p>"
            f"<p><a class='ks-button' href='{escape(CARD_PATH)}'>{escape(text('cards.form.title', lang))}</a></p>"
        )
        self.set_status(status)
        self.finish(small_page(text("cards.form.title", lang), body, lang))
