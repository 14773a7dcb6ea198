"""Pacing the kernel enforces: a lesson the teacher has not released is not rendered for a
pupil of that class, whatever address opened it.

The lesson bar (the first code cell of every lesson) asks `page_locked` once: a pupil's
Voilà page is locked when its pupil's class has not released this lesson, or when its address
names a class that the store does not confirm (a made-up code or token must not open a lesson
that the real class keeps locked). A locked page then

* blanks every later cell in this kernel (`close_page`: an IPython input transformer that turns
  each cell's code into nothing), so no widget of the lesson is ever made;
* carries `GATE_MIME` in the bar's output: the Voilà template (`serving/share/voila/templates/
  kartenspiele`) holds a lesson's Markdown back until it has seen the bar's verdict and drops all
  Markdown and output after a locked one. The lesson's text never reaches the browser.

A teacher's page, a page outside Voilà (JupyterLab, nbval) and a pupil without a class are
never locked.
"""

from __future__ import annotations

from IPython import get_ipython

from ..classroom import pupil
from ..classroom.roles import is_teacher, query, served_by_voila

GATE_MIME = "application/vnd.kartenspiele.lesson-gate+json"
"""The bar's verdict in its output, read by the Voilà template (never shown)."""

_closed = [False]


def page_locked() -> bool:
    """Whether this page's lesson must not be rendered (see the module docstring)."""
    if not served_by_voila() or is_teacher():
        return False
    session = pupil.current()
    if session is None:
        asked = query()
        return any(asked.get(name) for name in (pupil.CLASS_PARAMETER, pupil.NICK_PARAMETER, pupil.TOKEN_PARAMETER))
    return session.locked(pupil.page_lesson())


def _nothing(lines: list[str]) -> list[str]:
    return []


def close_page() -> None:
    """Run no later cell of this page: each cell's code becomes empty before it runs."""
    shell = get_ipython()
    if shell is None or _closed[0]:
        return
    shell.input_transformers_cleanup.append(_nothing)
    _closed[0] = True


def closed() -> bool:
    """Whether this kernel's later cells are blanked."""
    return _closed[0]
