"""Classes in the store: a teacher opens one, pupils join with its code and a nickname.

Layout in the store (`store.Store`):

* `class/CODE` — the class: when it was opened, how far the lessons are released, the
  practice level the teacher set per lesson (`levels`, none at first: pupils choose), the
  answer sections revealed (`revealed`), whether the optional parts are hidden
  (`extras_hidden`) and whether "Lösung zeigen" is switched off (`solutions_hidden`);
* `class/CODE/pupil/NICK` — a pupil: nickname, when they joined, the hash of their page token
  (NICK is the nickname's `names.name_key`: look-alike nicknames are one pupil);
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

from ...catalogue import PRACTICE_LEVELS
from ...core.errors import KartenspieleError
from ..people.names import hidden_signs, name_key, tidy
from ..store.interface import SequenceConflictError, Store, VersionConflictError
from .reveals import check_section

CODE_LETTERS = "ACDEFHJKLMNPRTUVWXY"
"""Class-code letters: none that looks like a digit or like another letter."""
CODE_LENGTH = 5
NICK_MAX = 16
APPEND_TRIES = 20


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
    """A pupil of a class: nickname and the page token that proves it (only on their pages)."""

    code: str
    nickname: str
    token: str = ""

    @property
    def log(self) -> str:
        return pupil_log(self.code, self.nickname)

    @property
    def member(self) -> str:
        """What a room's seat keeps of this pupil (`member_id`)."""
        return member_id(self.code, self.nickname, token_hash(self.token))


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

    def solutions_hidden(self, code: str) -> bool:
        """Whether the teacher switched off the worked solutions after wrong answers ("Lösung
        zeigen") in the class's exercises."""
        return bool(self.info(code).get("solutions_hidden"))

    def hide_solutions(self, code: str, hidden: bool = True) -> None:
        """Switch off "Lösung zeigen" for the class's pupils (`hidden=False`: on again)."""
        self._change(code, lambda value: {**value, "solutions_hidden": hidden})

    def _change(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        key = class_key(normal_code(code))
        for _ in range(APPEND_TRIES):
            document = self.store.get(key)
            if document is None:
                raise ClassNotFoundError("class.unknown", code=normal_code(code))
            try:
                self.store.put(key, change(document.value), expected=document.version)
                return
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
        with a fresh page token. A nickname taken by another pupil is refused."""
        code = normal_code(code)
        self.info(code)
        nick = normal_nickname(nickname)
        token = secrets.token_urlsafe(12)
        record = {"nickname": nick, "joined": self.clock(), "token": token_hash(token)}
        try:
            self.store.put(pupil_key(code, nick), record, expected=0)
        except VersionConflictError:
            raise NicknameError("class.nick.taken", nickname=nick) from None
        return Pupil(code, nick, token)

    def resume(self, code: str, nickname: str, token: str) -> Pupil:
        """The pupil whose page carries this token (another page of the same pupil)."""
        code = normal_code(code)
        document = self.store.get(pupil_key(code, nickname))
        if document is None or not secrets.compare_digest(document.value["token"], token_hash(token)):
            raise ClassNotFoundError("class.unknown", code=code)
        return Pupil(code, document.value["nickname"], token)

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
        if document is None or not secrets.compare_digest(document.value["token"], token_hash(pupil.token)):
            raise ClassEndedError("class.ended", code=pupil.code)

    def entries(self, code: str, nickname: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        return self.store.read(pupil_log(normal_code(code), nickname), since)

    def all_entries(self, code: str) -> Iterator[tuple[str, dict[str, Any]]]:
        for nick in self.pupils(code):
            for _, entry in self.entries(code, nick):
                yield nick, entry
