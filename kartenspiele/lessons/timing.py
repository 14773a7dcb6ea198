"""The time model of the lessons: how long each kind of activity takes a class, by grade band.

A lesson's core ("Kern") must fit 40 minutes at its youngest grade (5 of the 45 stay for joining
and settling). Each lesson widget says what it asks of a class (`activities()`: a count per
kind), the lesson's German Markdown is read, a new section (`## `) is a change of phase; the
model turns the counts into minutes. `docs/lessons.md` explains every rate and its source;
`tests/lessons/test_kern_time.py` adds up each lesson's Kern from its cells with this model.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

BANDS = ("klasse34", "klasse56")
"""The grade bands of the model: Klasse 3–4 and Klasse 5–6."""
BAND_LEVEL = {"klasse34": "grundschule", "klasse56": "klasse56"}
"""The practice level a grade band's class works at."""
LESSON_MINUTES = 45
JOINING_MINUTES = 5
"""Logging in (password, nickname, class code) and settling, before the Kern."""
KERN_MINUTES = LESSON_MINUTES - JOINING_MINUTES


@dataclass(frozen=True)
class Rate:
    """One kind of activity: what is counted (`unit`) and how much a class does per minute
    (`per_minute=True`: words or letters a minute) or how many minutes one takes."""

    unit: str
    klasse34: float
    klasse56: float
    per_minute: bool = False

    def minutes(self, count: float, band: str) -> float:
        rate = getattr(self, band)
        return count / rate if self.per_minute else count * rate


MODEL: dict[str, Rate] = {
    "reading": Rate("word", 70, 95, per_minute=True),
    "phase": Rate("new section", 1.0, 0.5),
    "number": Rate("typed number", 1.5, 1.0),
    "choice": Rate("choice", 0.75, 0.5),
    "prediction": Rate("prediction step", 0.5, 0.33),
    "cards": Rate("card-picking task", 2.0, 1.5),
    "game": Rate("game round", 2.0, 1.0),
    "compare": Rate("revealed answer", 2.5, 2.0),
    "sentence": Rate("written sentence", 2.5, 1.5),
    "reason": Rate("written reason", 6.0, 4.0),
    "experiment": Rate("experiment", 6.0, 4.0),
    "copying": Rate("letter", 40, 65, per_minute=True),
}
"""The rates (see `docs/lessons.md`, "The time model")."""


def minutes(counts: Counter[str], band: str) -> float:
    """The minutes a class in `band` spends on these activities."""
    if band not in BANDS:
        raise ValueError(f"no grade band {band!r}; the bands are {', '.join(BANDS)}")
    unknown = set(counts) - set(MODEL)
    if unknown:
        raise ValueError(f"no activity {', '.join(sorted(unknown))}; the activities are {', '.join(MODEL)}")
    return sum(MODEL[kind].minutes(count, band) for kind, count in counts.items())


def words(markdown: str) -> int:
    """The words a class reads in a Markdown text (its labels and markup left out)."""
    plain = re.sub(r"<[^>]+>", " ", markdown)
    plain = re.sub(r"\$[^$]*\$", " x ", plain)
    return len(re.findall(r"[\w\d]+(?:[-'’][\w\d]+)*", plain))


def markdown_activities(german: str) -> Counter[str]:
    """What a Markdown cell (its German part) asks of a class: reading, and a new phase for each
    section heading."""
    return Counter({"reading": words(german), "phase": len(re.findall(r"^## ", german, re.M))})


def activities(shown: Any) -> Counter[str]:
    """What a code cell's result asks of a class (`activities()` of a lesson widget); a table or
    a card display asks nothing beyond reading the text around it."""
    asked = getattr(shown, "activities", None)
    return Counter(asked()) if callable(asked) else Counter()
