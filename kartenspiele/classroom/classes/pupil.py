"""The pupil's side of a class: joining from a page, and the recorder the exercises report to.

A page knows its pupil from its address (`?klasse=CODE&spitzname=NICK&kind=TOKEN`, carried
by every link after joining), from the join box, or, when the address names no class, from the
class this browser remembers: a joined page's `BrowserMemory` keeps the same three values in the
cookie `CLASS_COOKIE` for an hour, and `kartenspiele serve` hands it to the kernel as the
`CLASS_HEADER` request header (what a browser sends as that header itself is replaced). The
token is checked either way, so a forged cookie opens nothing. Without a class, `record` does nothing:
the lessons work alone in JupyterLab and on Binder. A store that fails never breaks a lesson.
"""

from __future__ import annotations

import os
import posixpath
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode

from ...catalogue import LESSONS
from ..people.roles import CODE_PARAMETER, is_teacher, query, served_by_voila
from ..store.interface import StoreError
from ..store.opening import open_store
from .classes import ClassEndedError, ClassError, Classes, ClassNotFoundError, Pupil

CLASS_PARAMETER, NICK_PARAMETER, TOKEN_PARAMETER = "klasse", "spitzname", "kind"
CLASS_COOKIE = "kartenspiele_klasse"
"""The cookie in which a browser remembers its pupil's class (the page's link query)."""
CLASS_HEADER = "X-Kartenspiele-Class"
"""The request header `kartenspiele serve` fills from `CLASS_COOKIE` for the page's kernel."""
CLASS_ENVIRONMENT = "HTTP_X_KARTENSPIELE_CLASS"
REMEMBERED_MAX_CHARS = 400
"""The longest remembered class the server passes on (code, nickname and token are far shorter)."""
RENDER_ROUTE = "/voila/render/"
"""Where Voilà's page addresses begin (after the server's base address)."""


class PupilSession:
    """A joined pupil on this page: records evidence into the class's store."""

    def __init__(self, classes: Classes, pupil: Pupil) -> None:
        self.classes = classes
        self.pupil = pupil
        self.ended = False  # the teacher deleted the class: nothing more is recorded
        self.on_end: list[Callable[[], None]] = []

    def record(self, kind: str, **fields: Any) -> None:
        if self.ended:
            return
        try:
            self.classes.record(self.pupil, {"kind": kind, **fields})
        except ClassEndedError:
            self.end()
            raise

    def still_open(self) -> bool:
        """Ask the store whether the class still exists (ends the session if not); a store that
        cannot be reached counts as open."""
        if not self.ended:
            try:
                self.classes.info(self.pupil.code)
            except ClassNotFoundError:
                self.end()
            except (ClassError, StoreError):
                pass
        return not self.ended

    def end(self) -> None:
        """The class is gone: stop recording and tell the page (each `on_end` callback once)."""
        if self.ended:
            return
        self.ended = True
        for callback in self.on_end:
            callback()

    def query(self) -> dict[str, str]:
        return {
            CLASS_PARAMETER: self.pupil.code,
            NICK_PARAMETER: self.pupil.nickname,
            TOKEN_PARAMETER: self.pupil.token,
        }

    def locked(self, lesson: str | None) -> bool:
        """Whether the teacher has not released this lesson yet (a store that cannot answer:
        locked). The lesson page itself asks `pacing.pace`."""
        if lesson is None:
            return False
        try:
            released = self.classes.released(self.pupil.code)
        except (ClassError, StoreError):
            return True
        keys = [item.key for item in LESSONS]
        return released is not None and lesson in keys and keys.index(lesson) >= released

    def extras_hidden(self) -> bool:
        """Whether the teacher hides the lessons' optional parts from this class (a store that
        cannot be reached shows them)."""
        try:
            return self.classes.extras_hidden(self.pupil.code)
        except (ClassError, StoreError):
            return False

    def solutions_hidden(self) -> bool:
        """Whether the teacher switched off "Lösung zeigen" for this class (a store that cannot
        be reached keeps the solutions back: the pupil still gets every hint)."""
        try:
            return self.classes.solutions_hidden(self.pupil.code)
        except (ClassError, StoreError):
            return True


_current: list[PupilSession | None] = [None]


def current() -> PupilSession | None:
    """The pupil of this page, if they joined a class."""
    return _current[0]


def set_current(session: PupilSession | None) -> None:
    _current[0] = session


def join(code: str, nickname: str, classes: Classes | None = None) -> PupilSession:
    """Join a class on this page (raises a `ClassError` with a message for the pupil)."""
    classes = classes or Classes(open_store())
    session = PupilSession(classes, classes.join(code, nickname))
    set_current(session)
    _seen(session)
    return session


def class_asked() -> bool:
    """Whether the page's address or the browser's remembered class names a class."""
    asked = asked_pupil()
    return any(asked.get(name) for name in (CLASS_PARAMETER, NICK_PARAMETER, TOKEN_PARAMETER))


def asked_pupil() -> dict[str, str]:
    """The pupil the page's address names, or else the class this browser remembers."""
    asked = query()
    if any(asked.get(name) for name in (CLASS_PARAMETER, NICK_PARAMETER, TOKEN_PARAMETER)):
        return asked
    remembered = os.environ.get(CLASS_ENVIRONMENT, "")[:REMEMBERED_MAX_CHARS]
    return {name: values[0] for name, values in parse_qs(remembered).items()}


def remembered_query(session: PupilSession | None) -> str:
    """What a page's browser keeps in `CLASS_COOKIE` ("" forgets the class)."""
    return urlencode(session.query()) if session is not None and not session.ended else ""


def from_address(classes: Classes | None = None) -> PupilSession | None:
    """The pupil named in the page's address (or remembered by the browser), if the token
    matches; else None (also when the store cannot answer)."""
    try:
        return confirmed(classes)
    except StoreError:
        return None


def confirmed(classes: Classes | None = None) -> PupilSession | None:
    """As `from_address`, but a store that cannot answer raises its `StoreError` (pacing tells
    "not confirmed" from "could not ask")."""
    asked = asked_pupil()
    if not all(asked.get(name) for name in (CLASS_PARAMETER, NICK_PARAMETER, TOKEN_PARAMETER)):
        return None
    try:
        classes = classes or Classes(open_store())
        pupil = classes.resume(asked[CLASS_PARAMETER], asked[NICK_PARAMETER], asked[TOKEN_PARAMETER])
    except ClassError:
        return None
    session = PupilSession(classes, pupil)
    set_current(session)
    _seen(session)
    return session


def _seen(session: PupilSession) -> None:
    """Report that the pupil opened this page's lesson, unless the class keeps it locked (the
    dashboard takes the furthest lesson seen for the class's current one)."""
    lesson = page_lesson()
    if not session.locked(lesson):
        record("seen", lesson=lesson)


def page_path() -> str:
    """The notebook of this page relative to the served folder, as the server opened it:
    Voilà's `SCRIPT_NAME` (the request's path, still encoded) after `/voila/render/`, decoded
    once (as tornado decodes it to find the file) and normalised (`lessons//./03_folgen.ipynb/`
    is `lessons/03_folgen.ipynb`); "" when the page is not rendered from such an address."""
    script = os.environ.get("SCRIPT_NAME", "")
    if RENDER_ROUTE not in script:
        return ""
    path = posixpath.normpath("/" + unquote(script.partition(RENDER_ROUTE)[2]))
    return path.strip("/")


def page_lesson() -> str | None:
    """The key of this page's lesson (`page_path` is `lessons/<a lesson's file>`, compared
    without case, as a case-blind disk finds it), or None."""
    path = page_path().casefold()
    return next((lesson.key for lesson in LESSONS if path == f"lessons/{lesson.file}".casefold()), None)


def record(kind: str, **fields: Any) -> None:
    """Report to the class if this page's pupil joined one; otherwise do nothing."""
    session = current()
    if session is None:
        return
    try:
        session.record(kind, **fields)
    except (ClassError, StoreError):
        pass  # the lesson goes on; the dashboard misses this entry


def link_query(lang: str | None = None) -> str:
    """`?…` for links from this page: the language, the teacher code on a teacher's page, and
    the pupil once they joined a class."""
    params = {"lang": lang} if lang and lang != "de" else {}
    if served_by_voila() and is_teacher() and query().get(CODE_PARAMETER):  # (a hub teacher needs no code)
        params[CODE_PARAMETER] = query()[CODE_PARAMETER]
    session = current()
    if session is not None:
        params.update(session.query())
    return f"?{urlencode(params)}" if params else ""


_last_lap = [time.monotonic()]
"""When a pupil last answered or asked for a hint anywhere on this page."""


class Stopwatch:
    """The seconds a pupil spends on one problem: from when it was shown, or from their last
    answer or hint elsewhere on the page if that came later (on a lesson page every exercise is
    shown at once; the reading and work above one do not count for it)."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.begun: float | None = None

    def reset(self) -> None:
        """A new problem is shown."""
        self.start = time.monotonic()
        self.begun = None

    def seconds(self) -> float:
        """Seconds on this problem so far; the pupil did something on it now (an answer, a hint)."""
        now = time.monotonic()
        if self.begun is None:
            self.begun = max(self.start, _last_lap[0])
        _last_lap[0] = now
        return round(now - self.begun, 1)
