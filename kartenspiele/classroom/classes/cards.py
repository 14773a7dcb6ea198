"""Login cards: a pupil keeps their nickname across lessons and devices without an account.

The teacher makes one card per pupil (nicknames typed, or generated: no real names needed). A
card holds the nickname, a short secret to type (two easy words or four digits) and a long key
for its QR code. A pupil comes back on any device, in any week, with either: the QR code's
address (`card_path`), or the nickname and the secret. Each time the device gets a page token
of its own (`Classes.add_device`); the pupil stays one pupil, with one log and one mark in rooms.

Only salted hashes are stored (`class/CODE/card/ID`): the secret under scrypt, the key under
SHA-256 with the card's salt. The secrets exist in clear only in the `NewCard`s that `make` and
`reset` return, for the printed cards; a lost sheet is a reset. Four digits (or two words of
`WORDS_KEY`) are few: the online guesses are what protects them, and `kartenspiele serve` counts
every wrong one against the class password's budgets (`serving.card_login`). Resetting a card
gives it a new secret and key and ends every device that came in with the old one.

Cards live under their class and go with it ("Klasse löschen", the retention sweep).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from ...i18n import text
from ..people.names import name_key
from ..store.interface import VersionConflictError
from .classes import ClassError, Classes, ClassNotFoundError, NicknameError, Pupil, class_key, normal_code
from .classes import normal_nickname as checked_nickname

WORDS, DIGITS = "words", "digits"
SECRET_KINDS = (WORDS, DIGITS)
WORDS_KEY = "cards.words"
"""The easy words of two-word secrets (one text per language, words split by spaces)."""
ANIMALS_KEY = "cards.animals"
"""The animals of generated nicknames ("Otter 12")."""
MAX_CARDS = 60
"""Cards one class may have (a class and a few guests)."""
SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32, "maxmem": 64 * 2**20}
"""scrypt's cost: about 0.1 s and 16 MB per check on a laptop."""
CARD_PATH = "/kartenspiele/karte"
"""The server's route for coming back with a card (a form; with `/CODE/ID/KEY` the QR address)."""
ORIGIN_ENVIRONMENT = "KARTENSPIELE_ORIGIN"
"""Set by `kartenspiele serve` for its kernels: the address pupils reach it at
(`http://10.0.0.5:8866`), for the cards' QR codes; unset, a server has no login cards."""


class CardRefusedError(ClassError):
    """A login card does not check out: one message for every reason, so that a guess learns
    nothing (no such class, nickname, card, or a wrong secret or key)."""


@dataclass(frozen=True)
class NewCard:
    """A card as it is printed, right after it was made or reset (its secrets in clear)."""

    code: str
    card_id: str
    nickname: str
    secret: str
    key: str

    def path(self) -> str:
        """The QR code's address on the server (after its origin)."""
        return card_path(self.code, self.card_id, self.key)


@dataclass(frozen=True)
class CardInfo:
    """What the dashboard lists of a card (nothing secret)."""

    card_id: str
    nickname: str
    made: float
    kind: str


def card_path(code: str, card_id: str, key: str) -> str:
    return f"{CARD_PATH}/{code}/{card_id}/{key}"


def card_key(code: str, card_id: str) -> str:
    return f"class/{code}/card/{card_id}"


def normal_secret(secret: str) -> str:
    """A typed secret as it is compared: no case, no spaces or dashes ("Igel-Mond " = "igelmond")."""
    return "".join(ch for ch in secret.casefold() if ch.isalnum())


def hash_secret(secret: str, salt: bytes) -> str:
    return hashlib.scrypt(normal_secret(secret).encode(), salt=salt, **SCRYPT).hex()  # type: ignore[arg-type]


def hash_key(key: str, salt: bytes) -> str:
    return hashlib.sha256(salt + key.encode()).hexdigest()


def new_secret(kind: str, lang: str) -> str:
    """Two easy words of the language ("Igel Mond") or four digits ("4071")."""
    if kind == DIGITS:
        return f"{secrets.randbelow(10_000):04d}"
    words = text(WORDS_KEY, lang).split()
    first = secrets.choice(words)
    return f"{first} {secrets.choice([word for word in words if word != first])}"


class LoginCards:
    """The login cards of the classes in one store."""

    def __init__(self, classes: Classes) -> None:
        self.classes = classes
        self.store = classes.store

    # -- the teacher -----------------------------------------------------------------------
    def make(self, code: str, nicknames: list[str], kind: str = WORDS, lang: str = "de") -> list[NewCard]:
        """A card for each nickname (its record kept for it). Every nickname is checked first:
        an empty, invalid, repeated or taken one raises `NicknameError` and nothing is made."""
        code = normal_code(code)
        self.classes.info(code)
        if kind not in SECRET_KINDS:
            raise ClassError("cards.kind", kind=kind, allowed=", ".join(SECRET_KINDS))
        wanted = [checked_nickname(nick) for nick in nicknames if nick.strip()]
        if not wanted:
            raise NicknameError("class.nick.empty")
        seen: set[str] = set()
        for nick in wanted:
            if name_key(nick) in seen or self.store.get(f"class/{code}/pupil/{name_key(nick)}") is not None:
                raise NicknameError("class.nick.taken", nickname=nick)
            seen.add(name_key(nick))
        if len(self.cards(code)) + len(wanted) > MAX_CARDS:
            raise ClassError("cards.too_many", count=MAX_CARDS)
        made = []
        for nick in wanted:
            nick = self.classes.reserve(code, nick)
            made.append(self._write(code, secrets.token_hex(4), nick, kind, lang, expected=0))
        return made

    def generated_nicknames(self, code: str, count: int, lang: str = "de") -> list[str]:
        """`count` nicknames nobody in the class has yet ("Otter 12"): no real names needed."""
        if not 1 <= count <= MAX_CARDS:
            raise ClassError("cards.count", count=MAX_CARDS)
        taken = {name_key(nick) for nick in self.classes.pupils(code)}
        animals = text(ANIMALS_KEY, lang).split()
        found: list[str] = []
        while len(found) < count:
            nick = f"{secrets.choice(animals)} {secrets.randbelow(90) + 10}"
            if name_key(nick) not in taken:
                taken.add(name_key(nick))
                found.append(nick)
        return found

    def reset(self, code: str, nickname: str, kind: str = WORDS, lang: str = "de") -> NewCard:
        """A new secret and key for the pupil's card; every device that came in with the old
        card ends (the pupil's work stays)."""
        code = normal_code(code)
        found = self._find(code, nickname)
        if found is None:
            raise ClassError("cards.none", nickname=nickname)
        card_id, document = found
        card = self._write(code, card_id, document.value["nickname"], kind, lang, expected=document.version)
        self.classes.end_devices(code, card.nickname)
        return card

    def cards(self, code: str) -> list[CardInfo]:
        """The class's cards, in the order they were made."""
        code = normal_code(code)
        found = []
        for key in self.store.keys(f"class/{code}/card/"):
            document = self.store.get(key)
            if document is not None:
                value = document.value
                found.append(CardInfo(key.rsplit("/", 1)[1], value["nickname"], value["made"], value["kind"]))
        return sorted(found, key=lambda card: (card.made, card.nickname))

    def _write(self, code: str, card_id: str, nickname: str, kind: str, lang: str, expected: int) -> NewCard:
        if kind not in SECRET_KINDS:
            raise ClassError("cards.kind", kind=kind, allowed=", ".join(SECRET_KINDS))
        secret, key, salt = new_secret(kind, lang), secrets.token_urlsafe(16), secrets.token_bytes(16)
        value = {
            "nickname": nickname,
            "name": name_key(nickname),
            "kind": kind,
            "made": self.classes.clock(),
            "salt": salt.hex(),
            "secret": hash_secret(secret, salt),
            "key": hash_key(key, salt),
        }
        try:
            self.store.put(card_key(code, card_id), value, expected=expected)
        except VersionConflictError:
            raise ClassError("class.busy") from None
        return NewCard(code, card_id, nickname, secret, key)

    def _find(self, code: str, nickname: str) -> tuple[str, Any] | None:
        wanted = name_key(nickname)
        for key in self.store.keys(f"class/{code}/card/"):
            document = self.store.get(key)
            if document is not None and document.value.get("name") == wanted:
                return key.rsplit("/", 1)[1], document
        return None

    # -- the pupil -------------------------------------------------------------------------
    def enter(self, nickname: str, secret: str, code: str = "") -> Pupil:
        """The pupil of the card with this nickname and secret, with a new page token for this
        device. Without a class code every class of the store is asked; a nickname whose
        secret fits in two classes asks for the code. Anything wrong raises `CardRefusedError`."""
        codes = [normal_code(code)] if code.strip() else self.classes.codes()
        fitting = []
        checked = False
        for each in codes:
            try:
                found = self._find(each, nickname) if self.store.get(class_key(each)) else None
            except ClassError:
                found = None
            if found is not None:
                checked = True
                value = found[1].value
                if hmac.compare_digest(hash_secret(secret, bytes.fromhex(value["salt"])), value["secret"]):
                    fitting.append((each, value["nickname"]))
        if not checked:
            hash_secret(secret, secrets.token_bytes(16))  # as long as a real check: no card is told apart
        if len(fitting) > 1:
            raise CardRefusedError("cards.which_class")
        if not fitting:
            raise CardRefusedError("cards.refused")
        return self._device(*fitting[0])

    def enter_by_key(self, code: str, card_id: str, key: str) -> Pupil:
        """The pupil of the card whose QR address this is, with a new page token for this device."""
        code = normal_code(code)
        document = self.store.get(card_key(code, card_id)) if card_id.isalnum() else None
        if document is None:
            raise CardRefusedError("cards.refused")
        value = document.value
        if not hmac.compare_digest(hash_key(key, bytes.fromhex(value["salt"])), value["key"]):
            raise CardRefusedError("cards.refused")
        return self._device(code, value["nickname"])

    def _device(self, code: str, nickname: str) -> Pupil:
        try:
            return self.classes.add_device(code, nickname)
        except ClassNotFoundError:
            raise CardRefusedError("cards.refused") from None
