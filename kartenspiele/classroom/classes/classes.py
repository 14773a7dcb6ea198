"""Classes in the store: a teacher opens one, pupils join with its code and a nickname.

Layout in the store (`store.Store`):

* `class/CODE` — the class: when it was opened, how far the lessons are released (and within
  a lesson, up to which section: `sections`), the practice level the teacher set per lesson
  (`levels`, none at first: pupils choose), the answer sections revealed (`revealed`), whether
  the optional parts are hidden (`extras_hidden`), whether "Lösung zeigen" is switched off
  (`solutions_hidden`), whether the teacher paused every pupil's screen (`paused`) and shows the
  dashboard's names as pseudonyms (`anonymous`);
* `class/CODE/board` — what the class's board ("Tafel") shows (`board_state`);
* `class/CODE/pupil/NICK` — a pupil: nickname, when they joined, the hash of their first page
  token (`token`, which also makes their `member_id`), the hashes of the tokens of the devices
  they came back on with a login card (`devices`, at most `MAX_DEVICES`), and `card` when a
  login card was made for them (NICK is the nickname's `names.name_key`: look-alike nicknames
  are one pupil);
* `class/CODE/card/ID` — a login card (`cards`: salted hashes of its secrets, never the secrets);
* `class/CODE/pupil/NICK/log` — the pupil's evidence, append-only (`evidence.Event`s).

A pupil who takes a seat in a room marks it with their `member_id` (a hash of their record
and its token hash): the dashboard finds the class's rooms by it, never by a nickname.

One log per pupil: pupils never race for a log number, and the dashboard reads only the
entries after the ones it has seen. No personal data beyond the nickname is stored; deleting
a class removes all of these records.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ...catalogue import LESSONS, PRACTICE_LEVELS
from ...core.errors import KartenspieleError
from ..people.names import hidden_signs, name_key, tidy
from ..store.interface import SequenceConflictError, Store, StoreError, VersionConflictError
from .pseudonyms import pseudonyms
from .reveals import check_section

CODE_LETTERS = "ACDEFHJKLMNPRTUVWXY"
"""Class-code letters: none that looks like a digit or like another letter."""
CODE_LENGTH = 5
NICK_MAX = 16
APPEND_TRIES = 20
MAX_DEVICES = 8
"""Devices a pupil may have come back on with their login card at once (the oldest goes first)."""


class ClassError(KartenspieleError):
    """A class cannot do what was asked; the message says why (nothing was changed)."""


class ClassNotFoundError(ClassError):
    """No class has this code."""


class ClassEndedError(ClassNotFoundError):
    """The pupil's class was deleted (or they are no longer in it): nothing is recorded."""


class NicknameError(ClassError, ValueError):
    """A nickname that is empty, too long, taken or made of signs that are not letters."""


def normal_code(code: str) -> str:
    return "".join(code.split()).upper()


def normal_nickname(nickname: str) -> str:
    """The nickname as stored: NFKC, trimmed, inner spaces kept single; raises `NicknameError`
    (also for signs nobody can see, such as U+202E that turns the text around)."""
    nick = tidy(nickname)
    if not nick:
        raise NicknameError("class.nick.empty")
    if hidden_signs(nick):
        raise NicknameError("class.nick.hidden")
    if len(nick) > NICK_MAX:
        raise NicknameError("class.nick.long", maximum=NICK_MAX)
    if not all(ch.isalnum() or ch in " -_" for ch in nick):
        raise NicknameError("class.nick.signs")
    return nick


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Pupil:
    """A pupil of a class: nickname and the page token that proves it (only on their pages);
    `anchor` is the hash of their first token, which names them in rooms on every device."""

    code: str
    nickname: str
    token: str = ""
    anchor: str = ""

    @property
    def log(self) -> str:
        return pupil_log(self.code, self.nickname)

    @property
    def member(self) -> str:
        """What a room's seat keeps of this pupil (`member_id`)."""
        return member_id(self.code, self.nickname, self.anchor or token_hash(self.token))


def class_key(code: str) -> str:
    return f"class/{code}"


def pupil_key(code: str, nickname: str) -> str:
    """The pupil's record: one per `name_key`, so look-alike nicknames are one pupil ("Аna" with a
    Cyrillic "А" is "Ana"); for plain names the key is the lower-case nickname, as it always was."""
    return f"class/{code}/pupil/{name_key(nickname)}"


def pupil_log(code: str, nickname: str) -> str:
    return f"{pupil_key(code, nickname)}/log"


def member_id(code: str, nickname: str, hashed_token: str) -> str:
    """A class's pupil as a room's seat keeps them: a hash of their record and its token hash.
    It names neither the class nor the nickname, and only the pupil's own pages (and the
    teacher, who reads the record) can make it; a class opened anew under the same code and a
    pupil of another class with the same nickname make other ones."""
    return hashlib.sha256(f"{pupil_key(code, nickname)}\n{hashed_token}".encode()).hexdigest()[:32]


def holds(record: dict[str, Any], token: str) -> bool:
    """Whether a page token is the pupil's: their first one or a device's (constant time each)."""
    hashed = token_hash(token)
    found = False
    for known in [record.get("token", ""), *record.get("devices", [])]:
        found |= secrets.compare_digest(str(known), hashed)
    return found


class Classes:
    """Opening, joining, pacing, reading and deleting classes in one store."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # -- the teacher -----------------------------------------------------------------------
    def open(self, code: str | None = None) -> str:
        """Open a new class; returns its code (random unless given)."""
        for _ in range(100):
            new = normal_code(code) if code else "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            try:
                self.store.put(class_key(new), {"code": new, "opened": self.clock(), "released": None}, expected=0)
                return new
            except VersionConflictError:
                if code:
                    raise ClassError("class.exists", code=new) from None
        raise ClassError("class.no_code")

    def codes(self) -> list[str]:
        """Every open class, oldest first."""
        keys = [key for key in self.store.keys("class/") if key.count("/") == 1]
        found = [(doc.value["opened"], doc.value["code"]) for key in keys if (doc := self.store.get(key))]
        return [code for _, code in sorted(found)]

    def info(self, code: str) -> dict[str, Any]:
        document = self.store.get(class_key(normal_code(code)))
        if document is None:
            raise ClassNotFoundError("class.unknown", code=normal_code(code))
        return document.value

    def released(self, code: str) -> int | None:
        """How many lessons (in catalogue order) pupils may open; None: all."""
        return self.info(code)["released"]

    def release(self, code: str, lessons: int | None) -> None:
        """Let pupils open the first `lessons` lessons (None: all); the others are locked."""
        if lessons is not None and lessons < 1:
            raise ClassError("class.release_none")
        self._change(code, lambda value: {**value, "released": lessons})

    def levels(self, code: str) -> dict[str, str]:
        """The practice level the teacher set for each lesson (lesson key -> level)."""
        return dict(self.info(code).get("levels") or {})

    def set_level(self, code: str, lesson: str, level: str | None) -> None:
        """Set the practice level of a lesson for the whole class (None: each pupil chooses)."""
        if level is not None and level not in PRACTICE_LEVELS:
            raise ClassError("class.level.unknown", level=level, allowed=", ".join(PRACTICE_LEVELS))

        def change(value: dict[str, Any]) -> dict[str, Any]:
            levels = {k: v for k, v in (value.get("levels") or {}).items() if k != lesson}
            return {**value, "levels": {**levels, lesson: level} if level else levels}

        self._change(code, change)

    def revealed(self, code: str) -> frozenset[str]:
        """The answer sections the teacher revealed to the class (`reveals.SECTIONS`)."""
        return frozenset(self.info(code).get("revealed") or ())

    def reveal(self, code: str, section: str, shown: bool = True) -> None:
        """Reveal an answer section to the class's pupils (`shown=False`: hide it again)."""
        check_section(section)

        def change(value: dict[str, Any]) -> dict[str, Any]:
            revealed = set(value.get("revealed") or ()) - {section} | ({section} if shown else set())
            return {**value, "revealed": sorted(revealed)}

        self._change(code, change)

    def extras_hidden(self, code: str) -> bool:
        """Whether the teacher hides the lessons' optional parts ("Zusatz") from the class."""
        return bool(self.info(code).get("extras_hidden"))

    def hide_extras(self, code: str, hidden: bool = True) -> None:
        """Hide the lessons' optional parts from the class's pupils (`hidden=False`: show them)."""
        self._change(code, lambda value: {**value, "extras_hidden": hidden})

    def free_join(self, code: str) -> bool:
        """Whether pupils may join with a nickname of their own (else only with a login card)."""
        return self.info(code).get("free_join", True) is not False

    def allow_free_join(self, code: str, allowed: bool = True) -> None:
        """Let pupils join with a new nickname (`allowed=False`: only with their login cards)."""
        self._change(code, lambda value: {**value, "free_join": allowed})

    def paused(self, code: str) -> bool:
        """Whether the teacher paused every pupil's screen of the class ("Schau nach vorne")."""
        return bool(self.info(code).get("paused"))

    def pause(self, code: str, paused: bool = True) -> None:
        """Freeze every pupil's page of the class (`paused=False`: let them go on where they were)."""
        self._change(code, lambda value: {**value, "paused": bool(paused)})

    def anonymous(self, code: str) -> bool:
        """Whether the dashboard shows the class's nicknames as pseudonyms (`pseudonyms`)."""
        return bool(self.info(code).get("anonymous"))

    def set_anonymous(self, code: str, anonymous: bool = True) -> None:
        self._change(code, lambda value: {**value, "anonymous": bool(anonymous)})

    def pseudonyms(self, code: str, lang: str | None = None) -> dict[str, str]:
        """A stable pseudonym for each nickname of the class ("Eule", "Biber 2"), by the order the
        pupils joined: the same pupil keeps theirs, whatever view asks and whenever."""
        return pseudonyms(self.pupils(code), lang)

    def sections(self, code: str) -> dict[str, int]:
        """Per lesson (catalogue key), how many of its sections pupils see; a lesson not named
        shows all of them."""
        return {key: int(count) for key, count in (self.info(code).get("sections") or {}).items()}

    def release_sections(self, code: str, lesson: str, count: int | None) -> None:
        """Let pupils see the first `count` sections of `lesson` (its `## ` headings; None: all)."""
        if lesson not in {item.key for item in LESSONS}:
            raise ClassError("class.sections.lesson", lesson=lesson)
        if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
            raise ClassError("class.sections.count", count=count)

        def change(value: dict[str, Any]) -> dict[str, Any]:
            sections = {key: n for key, n in (value.get("sections") or {}).items() if key != lesson}
            return {**value, "sections": {**sections, lesson: count} if count is not None else sections}

        self._change(code, change)

    def solutions_hidden(self, code: str) -> bool:
        """Whether the teacher switched off the worked solutions after wrong answers ("Lösung
        zeigen") in the class's exercises."""
        return bool(self.info(code).get("solutions_hidden"))

    def hide_solutions(self, code: str, hidden: bool = True) -> None:
        """Switch off "Lösung zeigen" for the class's pupils (`hidden=False`: on again)."""
        self._change(code, lambda value: {**value, "solutions_hidden": hidden})

    def _change(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self._change_key(
            class_key(normal_code(code)), change, ClassNotFoundError("class.unknown", code=normal_code(code))
        )

    def _change_key(self, key: str, change: Callable[[dict[str, Any]], dict[str, Any]], missing: ClassError) -> dict:
        """Write `change(value)` to the document `key` (compare-and-set, retried); returns it."""
        for _ in range(APPEND_TRIES):
            document = self.store.get(key)
            if document is None:
                raise missing
            value = change(document.value)
            try:
                self.store.put(key, value, expected=document.version)
                return value
            except VersionConflictError:
                continue
        raise ClassError("class.busy")

    def delete(self, code: str) -> int:
        """Remove the class and everything of its pupils for good; returns how many records
        went. The class goes first, so from then on no page can join or record; the logs go
        last (`record` removes a log that a racing write created after that). Then the store
        makes the deletion final in its files too (`Store.purge`: SQLite's write-ahead log)."""
        code = normal_code(code)
        self.info(code)
        removed = self.store.delete(class_key(code))
        for key in self.store.keys(f"class/{code}/"):
            removed += self.store.delete(key)
        for log in self.store.logs(f"class/{code}/"):
            removed += self.store.delete_log(log)
        self.store.purge()
        return removed

    def last_activity(self, code: str) -> float:
        """When anything last happened in the class: opened, a pupil joined, or an entry."""
        code = normal_code(code)
        moments = [float(self.info(code)["opened"])]
        for key in self.store.keys(f"class/{code}/pupil/"):
            if key.count("/") == 3 and (document := self.store.get(key)):
                moments.append(float(document.value["joined"]))
        for log in self.store.logs(f"class/{code}/"):
            last = self.store.read(log, max(0, self.store.length(log) - 1))
            moments += [float(entry.get("at", 0.0)) for _, entry in last]
        return max(moments)

    def delete_expired(self, keep_days: float) -> list[str]:
        """Delete every class with nothing done for `keep_days` days; returns their codes."""
        cutoff = self.clock() - keep_days * 86_400
        expired = []
        for code in self.codes():
            try:
                if self.last_activity(code) < cutoff:
                    self.delete(code)
                    expired.append(code)
            except ClassNotFoundError:
                continue  # deleted meanwhile
        return expired

    # -- pupils ----------------------------------------------------------------------------
    def join(self, code: str, nickname: str) -> Pupil:
        """A pupil joins with the class code and a nickname of their own; returns the pupil
        with a fresh page token. A nickname taken by another pupil (or kept for a login card)
        is refused, and so is any new nickname where the teacher switched free joining off."""
        code = normal_code(code)
        free = self.info(code).get("free_join", True) is not False
        nick = normal_nickname(nickname)
        if not free:
            raise ClassError("class.free_join_off")
        token = secrets.token_urlsafe(12)
        record = {"nickname": nick, "joined": self.clock(), "token": token_hash(token)}
        try:
            self.store.put(pupil_key(code, nick), record, expected=0)
        except VersionConflictError:
            raise NicknameError(
                "class.nick.card" if self._carded(code, nick) else "class.nick.taken", nickname=nick
            ) from None
        return Pupil(code, nick, token, token_hash(token))

    def _carded(self, code: str, nickname: str) -> bool:
        """Whether a taken nickname is kept for a login card (a store that will not tell: no)."""
        try:
            taken = self.store.get(pupil_key(code, nickname))
        except StoreError:  # a hub pupil may not read another pupil's record
            return False
        return taken is not None and bool(taken.value.get("card"))

    def reserve(self, code: str, nickname: str) -> str:
        """Keep a nickname for a login card: the pupil's record, with no device yet (nobody can
        take the nickname by joining freely). Returns the nickname as stored; a nickname that
        is taken raises `NicknameError`."""
        code = normal_code(code)
        self.info(code)
        nick = normal_nickname(nickname)
        anchor = token_hash(secrets.token_urlsafe(12))  # nobody holds this token: it only names the pupil
        record = {"nickname": nick, "joined": self.clock(), "token": anchor, "devices": [], "card": True}
        try:
            self.store.put(pupil_key(code, nick), record, expected=0)
        except VersionConflictError:
            raise NicknameError("class.nick.taken", nickname=nick) from None
        return nick

    def add_device(self, code: str, nickname: str) -> Pupil:
        """A new page token for a pupil who proved who they are (a login card); the oldest of
        more than `MAX_DEVICES` devices ends."""
        code = normal_code(code)
        token = secrets.token_urlsafe(12)

        def add(value: dict[str, Any]) -> dict[str, Any]:
            return {**value, "devices": [*value.get("devices", []), token_hash(token)][-MAX_DEVICES:]}

        value = self._change_key(pupil_key(code, nickname), add, ClassEndedError("class.ended", code=code))
        return Pupil(code, value["nickname"], token, value["token"])

    def end_devices(self, code: str, nickname: str) -> None:
        """Every device that came back with the pupil's login card ends (the card was reset)."""
        code = normal_code(code)
        self._change_key(
            pupil_key(code, nickname),
            lambda value: {**value, "devices": []},
            ClassEndedError("class.ended", code=code),
        )

    def resume(self, code: str, nickname: str, token: str) -> Pupil:
        """The pupil whose page carries this token (another page of the same pupil)."""
        code = normal_code(code)
        document = self.store.get(pupil_key(code, nickname))
        if document is None or not holds(document.value, token):
            raise ClassNotFoundError("class.unknown", code=code)
        return Pupil(code, document.value["nickname"], token, document.value["token"])

    def pupils(self, code: str) -> list[str]:
        """The nicknames of a class, in the order they joined."""
        return [nickname for nickname, _ in self.roster(code)]

    def roster(self, code: str) -> list[tuple[str, str]]:
        """(nickname, `member_id`) of each pupil of a class, in the order they joined (the
        member id is the mark their seats in rooms carry)."""
        code = normal_code(code)
        keys = [key for key in self.store.keys(f"class/{code}/pupil/") if key.count("/") == 3]
        records = sorted((doc.value for key in keys if (doc := self.store.get(key))), key=lambda r: r["joined"])
        return [(record["nickname"], member_id(code, record["nickname"], record["token"])) for record in records]

    def record(self, pupil: Pupil, entry: dict[str, Any]) -> int:
        """Append one evidence entry to the pupil's log; returns its number. A pupil whose
        class was deleted (or whose token no longer matches) raises `ClassEndedError` and
        nothing stays written."""
        self._check_member(pupil)
        for _ in range(APPEND_TRIES):
            seq = self.store.length(pupil.log) + 1
            try:
                self.store.append(pupil.log, seq, {**entry, "at": entry.get("at", self.clock())})
            except SequenceConflictError:
                continue
            try:
                self._check_member(pupil)
            except ClassEndedError:
                self.store.delete_log(pupil.log)  # the class was deleted while this was written
                raise
            return seq
        raise ClassError("class.busy")

    def _check_member(self, pupil: Pupil) -> None:
        document = self.store.get(pupil_key(pupil.code, pupil.nickname))
        if document is None or not holds(document.value, pupil.token):
            raise ClassEndedError("class.ended", code=pupil.code)

    def entries(self, code: str, nickname: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        return self.store.read(pupil_log(normal_code(code), nickname), since)

    def all_entries(self, code: str) -> Iterator[tuple[str, dict[str, Any]]]:
        for nick in self.pupils(code):
            for _, entry in self.entries(code, nick):
                yield nick, entry
