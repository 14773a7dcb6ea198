"""Pacing the kernel enforces: a lesson the teacher has not released is not rendered for a
pupil of that class, whatever address opened it.

The lesson bar (the first code cell of every lesson) asks `verdict` once, which asks the one
pacing decision (`classroom.classes.pacing.pace`: from the notebook that is rendered, failing
closed when the class, the cookie, the store or the lesson does not check out). A locked page then

* blanks every later cell in this kernel (`close_page`: an IPython input transformer that turns
  each cell's code into nothing), so no widget of the lesson is ever made;
* carries `GATE_MIME` in the bar's output: the Voilà template (`serving/share/voila/templates/
  kartenspiele`) holds a lesson's Markdown back until it has seen the bar's verdict and drops all
  Markdown and output after a locked one. The lesson's text never reaches the browser.

A teacher can also hide the lessons' optional parts ("Zusatz") from the class
(`Classes.hide_extras`). Then the bar blanks every later code cell whose first line is
`EXTRA_MARK`, and the template drops the Markdown of each section labelled `ks-zusatz` (up to
the next `## ` heading) with its outputs.

And a teacher can release a lesson up to a section (`Pace.sections`, pacing within a lesson):
then the bar blanks the code cells of every later section (`classroom.classes.sections`), and the
template drops everything from the first later `## ` heading on. If the sections cannot be read,
the page is locked (fail closed).

A teacher can switch off "Lösung zeigen" for the class (`Classes.hide_solutions`): the
exercises then show no worked solution after wrong answers, only their help (`solutions_hidden`).

The outlooks above the lesson's grades (code cells whose first line is `OUTLOOK_MARK`, Markdown
labelled `ks-ausblick`) are left out of a Grundschule page (`page_level.primary`): the bar blanks
their cells and the template drops their Markdown.

A pupil who joins a class (or leaves one, "Ändern") in the bar of an open lesson that is then
locked for them: the bar closes the lesson at once in this kernel (`close_lesson`: every widget
the lesson made is closed, so its views leave the page and nothing of it can answer or record any
more) and sends the page to its own address, which the server renders locked. A locked page
whose pupil joins a class that released the lesson is sent to its address with the class.
"""

from __future__ import annotations

import ipywidgets as widgets
from IPython import get_ipython
from ipywidgets.widgets.widget import _instances

from ..classroom.classes import pupil
from ..classroom.classes.pacing import STORE, Pace, pace
from ..classroom.classes.sections import later_code
from ..classroom.people.roles import is_teacher
from ..widgets.plain import is_shared
from .page_level import primary

GATE_MIME = "application/vnd.kartenspiele.lesson-gate+json"
"""The bar's verdict in its output, read by the Voilà template (never shown)."""

EXTRA_MARK = "# Zusatz"
"""The first line of a lesson's code cell that belongs to an optional part."""
OUTLOOK_MARK = "# Zusatz: Ausblick"
"""The first line of a code cell of an outlook above the lesson's grades (optional, too)."""

_blanking: list[object] = []


def solutions_hidden() -> bool:
    """Whether the teacher switched off "Lösung zeigen" for this page's pupil's class (asked
    when a pupil has earned it, so a switch on the dashboard counts from the next wrong answer)."""
    if is_teacher():
        return False
    session = pupil.current()
    return session is not None and session.solutions_hidden()


def _nothing(lines: list[str]) -> list[str]:
    return []


def _no_extras(lines: list[str]) -> list[str]:
    return [] if lines and lines[0].strip().startswith(EXTRA_MARK) else lines


def _no_outlook(lines: list[str]) -> list[str]:
    return [] if lines and lines[0].strip().startswith(OUTLOOK_MARK) else lines


def _blank(transform: object) -> None:
    """Run `transform` on the code of every later cell of this page (once)."""
    shell = get_ipython()
    if shell is not None and transform not in _blanking:
        shell.input_transformers_cleanup.append(transform)
        _blanking.append(transform)


def _not_in(later: frozenset[str]):
    """A transform that blanks each cell whose code is one of `later`."""

    def later_section(lines: list[str]) -> list[str]:
        return [] if "".join(lines).strip() in later else lines

    return later_section


def verdict() -> Pace:
    """Decide this page once (for the lesson bar): whether it is locked, whether its optional
    parts show and how many sections; blank the later cells that must not run. A decision that
    fails for any other reason locks the page too."""
    try:
        decided = pace()
        later = frozenset()
        if not decided.locked and decided.sections is not None:
            later = later_code(pupil.page_lesson() or "", decided.sections)
    except Exception:  # noqa: BLE001 — fail closed: nothing of the lesson runs or shows
        decided, later = Pace(True, STORE), frozenset()
    if decided.locked:
        _blank(_nothing)
        return decided
    if not decided.extras:
        _blank(_no_extras)
    elif not outlook_shown(decided):
        _blank(_no_outlook)
    if later:
        _blank(_not_in(later))
    return decided


def outlook_shown(decided: Pace) -> bool:
    """Whether this page shows the outlooks above the lesson's grades (not at Grundschule)."""
    return decided.extras and not decided.locked and not primary(pupil.page_lesson())


def template_verdict(decided: Pace) -> dict[str, bool | int | None]:
    """What the Voilà template reads from the bar's output (`GATE_MIME`)."""
    return {
        "locked": decided.locked,
        "extras": decided.extras and not decided.locked,
        "sections": None if decided.locked else decided.sections,
        "outlook": outlook_shown(decided),
    }


def held_widgets(root: widgets.Widget) -> list[widgets.Widget]:
    """`root` and every open widget it holds (in a trait or an attribute), however deep; not the
    kernel's shared layouts and styles (`plain`), which no page owns."""
    found: dict[str, widgets.Widget] = {}
    todo = [root]
    while todo:
        item = todo.pop()
        if item.model_id is None or item.model_id in found or is_shared(item):
            continue
        found[item.model_id] = item
        for value in [*item.trait_values().values(), *vars(item).values()]:
            values = value if isinstance(value, list | tuple) else (value,)
            todo.extend(held for held in values if isinstance(held, widgets.Widget))
    return list(found.values())


def close_lesson(keep: widgets.Widget, before: set[str]) -> None:
    """Stop the lesson on this page now: blank every later cell and close every widget made
    since `before` (the model ids that existed when the lesson bar was made) except what `keep`
    holds (the kernel's shared layouts and styles stay). A closed widget leaves the browser's
    page, and what the browser still sends to it reaches no handler: no answer is taken or
    recorded."""
    _blank(_nothing)
    kept = before | {widget.model_id for widget in held_widgets(keep)}
    for model_id, widget in list(_instances.items()):
        if model_id not in kept and not is_shared(widget):
            widget.close()
