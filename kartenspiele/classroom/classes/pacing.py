"""Pacing: whether a pupil's page may show its lesson — one decision in the kernel, `pace()`.

It decides from the notebook that is rendered, never from a spelling of its address: Voilà hands
the kernel the page's path still encoded (`SCRIPT_NAME`), so `pupil.page_path` decodes and
normalises it (`lessons/03_folgen.ipynb/`, `03%5Ffolgen`, `%30%33_folgen`, `lessons//./03_…`
and `03_FOLGEN.ipynb`, as a case-blind disk reads it, are all lesson 3), and `kartenspiele serve`
sends any other spelling of a page's address to its one canonical spelling before a kernel runs.

It fails closed: whenever the answer cannot be checked, the lesson is locked, with a reason the
lesson bar says (`Pace.reason`, text `pacing.<reason>`) and the join box to join again:

* `unknown`: a notebook under `lessons/` that is no lesson of the catalogue;
* `no_class`: on a class-only server (`class_only()`, `kartenspiele serve --class-only`, the
  default with a class password) a pupil who joined no class of this server;
* `unconfirmed`: the page's address or the browser's remembered class (the cookie the server
  hands on) names a class, but the store does not confirm it (a forged or stale token, a
  deleted class);
* `store`: the store cannot answer (down, damaged);
* `not_released`: the teacher has not released this lesson to the pupil's class.

Open are: a page outside Voilà (JupyterLab, nbval), a teacher's page, a page that is no lesson
(the start page, a game), and a released lesson (`released`) — and on a server that is not
class-only, a pupil without any class (`no_class` unlocked: the lessons work alone).

`Pace.extras` says whether the lesson's optional parts ("Zusatz") show, and `Pace.sections` how
many of its `## ` sections (`sections.py`): the teacher may release a lesson up to a section
(`Classes.release_sections`); None shows them all. The lesson gate runs none of the later
sections' code and the template drops their Markdown, as for a locked lesson. Every page asks
`pace()` and nothing else.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ...catalogue import LESSONS
from ..people.roles import is_teacher, served_by_voila
from ..store.interface import StoreError
from . import pupil
from .classes import ClassError, ClassNotFoundError

CLASS_ONLY_ENVIRONMENT = "KARTENSPIELE_CLASS_ONLY"
"""Set to "1" by `kartenspiele serve --class-only` for its kernels (the browser cannot set it)."""
LESSON_FOLDER = "lessons/"

OPEN, RELEASED, NO_CLASS = "open", "released", "no_class"
UNKNOWN, UNCONFIRMED, STORE, NOT_RELEASED = "unknown", "unconfirmed", "store", "not_released"
LOCKED_REASONS = (UNKNOWN, NO_CLASS, UNCONFIRMED, STORE, NOT_RELEASED)
"""Why a page can be locked; each has its text `pacing.<reason>` for the lesson bar."""


@dataclass(frozen=True)
class Pace:
    """The decision for one page: locked or not, why, and whether the optional parts show."""

    locked: bool
    reason: str
    extras: bool = True
    sections: int | None = None
    """How many of the lesson's sections show (None: all)."""

    @property
    def text_key(self) -> str | None:
        """The lesson bar's note for a locked page."""
        return f"pacing.{self.reason}" if self.locked else None


def class_only() -> bool:
    """Whether this kernel's server shows lessons only to pupils who joined one of its classes."""
    return os.environ.get(CLASS_ONLY_ENVIRONMENT) == "1"


def pace() -> Pace:
    """The pacing decision for this kernel's page (see the module docstring)."""
    if not served_by_voila() or is_teacher():
        return Pace(False, OPEN)
    path = pupil.page_path()
    lesson = pupil.page_lesson()
    if lesson is None:
        return Pace(True, UNKNOWN) if path.casefold().startswith(LESSON_FOLDER) else Pace(False, OPEN)
    session = pupil.current()
    if session is None:
        if not pupil.class_asked():
            return Pace(class_only(), NO_CLASS)
        try:
            session = pupil.confirmed()
        except StoreError:
            return Pace(True, STORE)
        if session is None:
            return Pace(True, UNCONFIRMED)
    return decide_for(session, lesson)


def decide_for(session: pupil.PupilSession, lesson: str) -> Pace:
    """The decision for a joined pupil's page of `lesson` (what their class released)."""
    code = session.pupil.code
    try:
        info = session.classes.info(code)
        released = info["released"]
        hidden = bool(info.get("extras_hidden"))
        shown = (info.get("sections") or {}).get(lesson)
    except ClassNotFoundError:
        return Pace(True, UNCONFIRMED)
    except (ClassError, StoreError, KeyError, TypeError):
        return Pace(True, STORE)
    keys = [item.key for item in LESSONS]
    if released is not None and keys.index(lesson) >= released:
        return Pace(True, NOT_RELEASED)
    if shown is not None and (isinstance(shown, bool) or not isinstance(shown, int) or shown < 1):
        return Pace(True, STORE)  # a record the dashboard never writes: fail closed
    return Pace(False, RELEASED, extras=not hidden, sections=shown)
