"""Each lesson's "Für Lehrkräfte" timeline (the Ablauf table of `teacher_notes/<lesson>.md`) is
the guide's 45-minute core (`teacher_notes/guide_<lesson>.md`): the same phases with the same
minutes, in both languages; the optional parts ("Zusatz") are listed after it, never inside."""

from __future__ import annotations

import re

import pytest

from kartenspiele.catalogue import LESSONS
from kartenspiele.lessons.teacher import notes

from .helpers import ENGLISH

WORDS = {  # per language: the table's heading, the core's and the extras' labels, words of optional parts
    "de": ("**Ablauf**", "Kern", "Zusatz", ("Niveau", "Knobel", "Ausblick")),
    "en": ("**Plan**", "Core", "Extra", ("level", "challenge", "outlook")),
}
ROW = re.compile(r"^\| (\d+)–(\d+) \| ([^|]+) \| ([^|]+) \|$")


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


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
@pytest.mark.parametrize("lang", WORDS)
def test_each_lessons_timeline_is_the_guides_45_minute_core(lesson, lang):
    heading, _, extra, optional_words = WORDS[lang]
    text = in_language(lesson.key, lang)
    rows = table(text, heading)
    spans = []
    for row in rows:
        found = ROW.match(row)
        assert found, row
        spans.append((int(found[1]), int(found[2])))
    assert spans[0][0] == 0 and spans[-1][1] == lesson.minutes == 45
    assert all(before[1] == after[0] for before, after in zip(spans, spans[1:]))  # no gap, no overlap
    timings, extras = core(lesson.key, lang, lesson.minutes)
    assert [end - start for start, end in spans] == timings
    listed = text.split(heading, 1)[1].split(f"**{extra}", 1)[1].split("\n\n", 1)[0]
    inside = "\n".join(rows)
    for part in extras:
        assert part in listed and part not in inside, part
    for word in optional_words:
        assert word not in inside, word
