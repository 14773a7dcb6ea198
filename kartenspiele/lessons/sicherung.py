"""The end of a lesson: the Merksatz for the exercise book and a three-question exit ticket.

`Sicherung("subsets", questions)` first asks the lesson's question (`lessons.reveal.ask.
<lesson>.sicherung`): the pupils put what they found into a sentence of their own. The
Merksatz `lessons.<lesson>.merksatz` (its lines as a list, to copy into the Heft) is the answer
section `<lesson>.sicherung` (`reveal`): a class sees it when the teacher reveals it, a pupil
alone after writing their sentence, a teacher at once. With a `level` it is that practice
level's Merksatz (`catalogue.merksatz_key` picks it, for the printed pack too); without one,
the page's level (`page_level`: the class's, or the pupil's choice). Then one small quiz per question, each a problem of `quiz` (number or choice): answers
are judged by its `check`, with the solution only after real attempts, and recorded as
evidence (`<lesson>.exit1` …) when a class is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..catalogue import EXIT_QUESTIONS, merksatz_key
from ..i18n import text
from .language import follow, language
from .page_level import page_level
from .quiz import ChoiceQuiz, NumberQuiz, Quiz
from .reveal import section_widget


def merksatz_html(lesson: str, lang: str, level: str | None = None) -> str:
    """The Merksatz box: a title and the lines to copy into the exercise book (at `level`:
    that practice level's words, the same the printed pack shows)."""
    lines = text(merksatz_key(lesson, level), lang).split("\n")
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return (
        f"<div class='ks-merksatz'><b>{escape(text('activity.merksatz', lang))}</b>"
        f"<ul>{items}</ul><i>{escape(text('activity.merksatz.copy', lang))}</i></div>"
    )


def exit_quiz(lesson: str, number: int, problem: Any) -> Quiz:
    """One exit-ticket question as its own quiz (a number or a choice)."""
    kind = ChoiceQuiz if hasattr(problem, "choices") else NumberQuiz
    return kind([problem], f"activity.exit.q{number}", name=f"{lesson}.exit{number}")


class Sicherung(widgets.VBox):
    """Merksatz and exit ticket at the end of a lesson."""

    def __init__(self, lesson: str, questions: Sequence[Any], level: str | None = None) -> None:
        super().__init__()
        if len(questions) != EXIT_QUESTIONS:
            raise ValueError(f"an exit ticket has {EXIT_QUESTIONS} questions")
        merksatz_key(lesson, level)  # an unknown level fails here, not at the first redraw
        self.add_class("ks-sicherung")
        self.lesson = lesson
        self.level = level
        self.heading = widgets.HTML()
        self.merksatz = section_widget(f"{lesson}.sicherung", self.merksatz_html)
        self.ticket = widgets.HTML()
        self.quizzes = [exit_quiz(lesson, i + 1, problem) for i, problem in enumerate(questions)]
        self.children = (self.heading, self.merksatz, self.ticket, *self.quizzes)
        self.redraw()
        follow(self)

    def merksatz_html(self, lang: str) -> str:
        """The Merksatz at the Sicherung's level (or the page's), once it may be seen."""
        return merksatz_html(self.lesson, lang, self.level or page_level(self.lesson))

    def redraw(self) -> None:
        lang = language()
        self.heading.value = f"<h3>{escape(text('activity.sicherung', lang))}</h3>"
        self.ticket.value = (
            f"<h4>{escape(text('activity.exit', lang))}</h4><p>{escape(text('activity.exit.intro', lang))}</p>"
        )

    def activities(self) -> dict[str, int]:
        """A sentence of one's own, the Merksatz copied (its letters, at the page's level) and
        the exit ticket's questions (`timing`)."""
        lines = text(merksatz_key(self.lesson, self.level or page_level(self.lesson)), "de").split("\n")
        found = {"sentence": 1, "copying": sum(len(line.replace(" ", "")) for line in lines)}
        for quiz in self.quizzes:
            for kind, count in quiz.activities().items():
                found[kind] = found.get(kind, 0) + count
        return found

    def __repr__(self) -> str:
        level = "" if self.level is None else f", level={self.level!r}"
        return f"Sicherung({self.lesson!r}{level})"
