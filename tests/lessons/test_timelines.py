"""Each lesson's "Für Lehrkräfte" timeline (the Ablauf table of `teacher_notes/<lesson>.md`)
follows the time model and is the guide's core (`teacher_notes/guide_<lesson>.md`): 5 minutes of
arriving first, then every section of the Kern in order with at least the minutes the model
gives it at the lesson's youngest grade (`kartenspiele.lessons.timing`), the same phases with the
same minutes in the guide, in both languages; the optional parts ("Zusatz") are listed after it,
never inside; no timeline sends a class to Binder, which has no class mode."""

from __future__ import annotations

import re

import pytest

from kartenspiele.catalogue import LESSONS
from kartenspiele.lessons import timing
from kartenspiele.lessons.teacher import notes

from .helpers import ENGLISH
from .kern import kern_sections
from .test_kern_time import youngest_band

WORDS = {  # per language: the table's heading, the core's and the extras' labels, words of optional parts
    "de": ("**Ablauf**", "Kern", "Zusatz", ("Niveau", "Knobel", "Ausblick")),
    "en": ("**Plan**", "Core", "Extra", ("level", "challenge", "outlook")),
}
SECTION_WORDS = {"de": ("Regeln", "Sicherung"), "en": ("Rules", "Summing up")}
"""How a row names the lesson's rules (with its opening) and its Sicherung; numbers name the rest."""
ROW = re.compile(r"^\| (\d+)–(\d+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$")
BUFFER = {"de": "Puffer", "en": "buffer"}


def in_language(name: str, lang: str) -> str:
    german, _, english = notes(name).partition(ENGLISH)
    return german if lang == "de" else english


def table(text: str, heading: str) -> list[str]:
    """The rows of the first Markdown table after `heading`."""
    lines = text.split(heading, 1)[1].splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith("|"))
    end = next((number for number, line in enumerate(lines[start:], start) if not line.startswith("|")), len(lines))
    return lines[start + 2 : end]  # without the header and its rule


def core(lesson_key: str, lang: str, minutes: int) -> tuple[list[int], list[str]]:
    """The guide's core: the minutes of its phases, and its optional parts."""
    _, label, extra, _ = WORDS[lang]
    text = in_language(f"guide_{lesson_key}", lang).split(f"**{label} ({minutes} min):**", 1)[1]
    timings, _, extras = text.partition(f"**{extra}")
    parts = extras.split(":**", 1)[1].split("\n\n", 1)[0]
    return [int(found) for found in re.findall(r"\((\d+) min\)", timings)], [
        part.strip(" .\n") for part in parts.split(",")
    ]


def section_key(heading: str) -> str:
    """A Kern section as an Ablauf row names it: its number, or "rules" / "sicherung"."""
    numbered = re.match(r"## (\d+)\. ", heading)
    if numbered:
        return numbered[1]
    return "sicherung" if heading.startswith("## Sicherung") else "rules"  # the opening goes with the rules


def row_sections(named: str, lang: str) -> list[str]:
    rules, sicherung = SECTION_WORDS[lang]
    keys = {rules: "rules", sicherung: "sicherung"}
    return [keys.get(part.strip(), part.strip()) for part in named.split(",")]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
@pytest.mark.parametrize("lang", WORDS)
def test_each_lessons_timeline_follows_the_model_and_is_the_guides_core(lesson, lang):
    heading, _, extra, optional_words = WORDS[lang]
    text = in_language(lesson.key, lang)
    rows = [ROW.match(row) for row in table(text, heading)]
    assert all(rows), table(text, heading)
    spans = [(int(row[1]), int(row[2])) for row in rows]
    assert spans[0] == (0, timing.JOINING_MINUTES) and spans[-1][1] == lesson.minutes == 45
    assert all(before[1] == after[0] for before, after in zip(spans, spans[1:]))  # no gap, no overlap
    band = youngest_band(lesson.grades)
    model: dict[str, float] = {}
    for found_heading, activities in kern_sections(lesson.file, band):
        key = section_key(found_heading)
        model[key] = model.get(key, 0.0) + timing.minutes(activities, band)
    covered = []
    for row, (start, end) in zip(rows[1:], spans[1:]):
        if row[4].strip() == BUFFER[lang]:
            continue
        sections = row_sections(row[3], lang)
        covered += sections
        needed = sum(model[key] for key in sections)
        assert end - start >= round(needed), (row[0], round(needed, 1))  # at least the model's minutes
    assert covered == list(model)  # every Kern section, in order, once
    timings, extras = core(lesson.key, lang, lesson.minutes)
    assert [end - start for start, end in spans] == timings
    listed = text.split(heading, 1)[1].split(f"**{extra}", 1)[1].split("\n\n", 1)[0]
    inside = "\n".join(row[0] for row in rows)
    for part in extras:
        assert part in listed and part not in inside, part
    for word in optional_words:
        assert word not in inside, word
    assert "Binder" not in inside and "Binder" not in in_language(f"guide_{lesson.key}", lang)
