"""Each lesson's Kern fits 40 minutes at its youngest grade, by the written time model.

The Kern is added up from the lesson's cells as a class meets them (`kern.py`): the German text
it reads, a change of phase per section, and what each widget asks of a class (a typed number,
a choice, a prediction step, a card-picking task, a written reason, a game round, …), at the
rates of `kartenspiele.lessons.timing` for Klasse 3–4 and Klasse 5–6 (`docs/lessons.md`)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from kartenspiele.catalogue import LESSONS
from kartenspiele.lessons import timing

from .kern import kern_minutes, kern_sections

DOCS = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"


def youngest_band(grades: str) -> str:
    """The model's band of a lesson's youngest grade ("3–7" -> Klasse 3–4)."""
    return "klasse34" if int(grades.split("–")[0]) <= 4 else "klasse56"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
@pytest.mark.parametrize("band", timing.BANDS)
def test_the_kern_fits_40_minutes(lesson, band):
    minutes = kern_minutes(lesson.file, band)
    assert timing.JOINING_MINUTES + timing.KERN_MINUTES == lesson.minutes == 45
    assert minutes <= timing.KERN_MINUTES, (lesson.file, band, round(minutes, 1))
    assert youngest_band(lesson.grades) == "klasse34" or band == "klasse56"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_part_of_the_kern_is_counted(lesson):
    """Every Kern section asks something of the class, and the widgets are asked (a lesson whose
    exercises were left out of the count would fit any time)."""
    found = kern_sections(lesson.file, youngest_band(lesson.grades))
    asked: Counter[str] = Counter()
    for heading, activities in found:
        assert sum(activities.values()) > 0, heading
        asked.update(activities)
    assert {"reading", "phase", "sentence", "copying"} <= set(asked)  # the text, the sections, the Sicherung
    assert asked["game"] >= 1 and asked["choice"] + asked["number"] >= 3  # the real game, the exit ticket


def test_the_model_is_written_down_with_the_same_rates():
    """`docs/lessons.md` states every rate of the model, for both grade bands."""
    written = DOCS.read_text(encoding="utf-8")
    table = written.split("### The rates", 1)[1].split("\n\n", 2)[1]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = (float(cells[2]), float(cells[3]))
    assert rows == {kind: (rate.klasse34, rate.klasse56) for kind, rate in timing.MODEL.items()}
    assert re.search(r"\b5 minutes\b.*joining", written)


def test_the_model_counts_what_it_is_given():
    """A hand-made Kern: 2 typed numbers, a reason and 140 words at Klasse 3–4."""
    counts = Counter({"number": 2, "reason": 1, "reading": 140})
    assert timing.minutes(counts, "klasse34") == pytest.approx(2 * 1.5 + 6 + 140 / 70)
    assert timing.minutes(counts, "klasse56") < timing.minutes(counts, "klasse34")
    with pytest.raises(ValueError):
        timing.minutes(Counter({"dancing": 1}), "klasse34")
    with pytest.raises(ValueError):
        timing.minutes(counts, "klasse7")
    assert timing.words("Ein <b>Suchbaum</b> mit $x^8$ und 1 + 7 = 8.") == 8


def test_the_docs_state_each_lessons_kern_as_the_model_adds_it_up():
    written = DOCS.read_text(encoding="utf-8")
    table = written.split("### The Kern of each lesson by the model", 1)[1].split("\n\n", 2)[1]
    stated = [re.findall(r"(\d+) min", line) for line in table.splitlines()[2:]]
    counted = [[str(round(kern_minutes(lesson.file, band))) for band in timing.BANDS] for lesson in LESSONS]
    assert stated == counted
