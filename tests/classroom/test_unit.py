"""The unit view's model: sections as data match the lesson notebooks, every one of the 55 kinds of
anticipated mistakes has the teacher's words and a section, the practice widget records the kind
a wrong answer shows, and a pupil's path through the unit (states, first tries, level, recurring
mistakes with an example, next step) and the class's common mistakes come out of the evidence."""

from __future__ import annotations

import re

import pytest

from kartenspiele.catalogue import LESSONS, PRACTICE_LESSONS
from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.classes.evidence import Evidence
from kartenspiele.classroom.classes.unit import (
    DONE,
    EXIT_TICKET,
    IN_PROGRESS,
    NOT_STARTED,
    common_mistakes,
    pupil_path,
)
from kartenspiele.i18n import LANGUAGES, text, texts
from kartenspiele.lessons.practice import Practice
from kartenspiele.practice.exercises import exercise
from kartenspiele.sections import MISTAKE_SECTIONS, SECTIONS, quiz_of, section, section_of
from tests.lessons.helpers import ENGLISH, cells, source

PAGES = {lesson.key: f"/voila/render/lessons/{lesson.file}" for lesson in LESSONS}


def headings(lesson: str) -> dict[str, list[str]]:
    """The `##` headings of a lesson notebook per language, without tags."""
    file = next(item.file for item in LESSONS if item.key == lesson)
    found: dict[str, list[str]] = {"de": [], "en": []}
    for cell in cells(file):
        if cell["cell_type"] == "markdown":
            german, _, english = source(cell).partition(ENGLISH)
            for lang, part in (("de", german), ("en", english)):
                found[lang] += [
                    re.sub(r"<[^>]+>", " ", re.sub(r"<span class=\"ks-ausblick\".*?</span>", "", line[3:])).strip()
                    for line in part.splitlines()
                    if line.startswith("## ")
                ]
    return found


def test_every_section_is_a_heading_of_its_lesson_in_both_languages():
    for found in SECTIONS:
        listed = headings(found.lesson)
        for lang in LANGUAGES:
            title = text(found.title_key, lang)
            assert any(heading.startswith(title) for heading in listed[lang]), (found.key, lang, title)


def test_every_anticipated_mistake_has_the_teachers_words_and_a_section():
    kinds = {key.removeprefix("practice.m.") for key in texts() if key.startswith("practice.m.")}
    assert len(kinds) == 55 and kinds == set(MISTAKE_SECTIONS)
    for kind, key in MISTAKE_SECTIONS.items():
        assert f"mistake.{kind}" in texts()
        lesson = key.split(".")[0]
        assert section(key).lesson == lesson
    made_in: dict[str, int] = {}  # each kind's section is in the lesson whose practice makes it
    for number in PRACTICE_LESSONS:
        for level in ("grundschule", "klasse56", "knobeln"):
            for n in range(1, 40):
                for key in exercise(number, level, n).mistakes.values():
                    made_in[key.removeprefix("practice.m.")] = number
    assert len(made_in) >= 50
    for kind, number in made_in.items():
        assert MISTAKE_SECTIONS[kind].split(".")[0] == LESSONS[number - 1].key, kind


def test_exercises_find_their_section():
    assert quiz_of("subsets.practice.knobeln#3") == "subsets.practice"
    assert section_of("subsets.ways#2").key == "subsets.tree"
    assert section_of("parity.exit2#1").key == "parity.sicherung"
    assert section_of("select.title.runs#1").key == "sequences.runs"
    assert section_of("nothing.here#1") is None


def number_with(lesson: int, level: str, kind: str, skip: int = 0) -> tuple[int, int]:
    """The (skip+1)-th exercise number at `level` with an anticipated answer of `kind`, and that answer."""
    found = 0
    for number in range(1, 400):
        made = exercise(lesson, level, number)
        for value, key in made.mistakes.items():
            if key == f"practice.m.{kind}" and not made.choices:
                if found == skip:
                    return number, value
                found += 1
    raise LookupError(kind)


@pytest.fixture
def joined(store, monkeypatch):
    """A class with Mia and Ben joined on a lesson-2 page; the store and the class's code."""
    monkeypatch.setenv("SCRIPT_NAME", PAGES["parity"])
    classes = Classes(store)
    code = classes.open()
    sessions = {nick: pupil.PupilSession(classes, classes.join(code, nick)) for nick in ("Mia", "Ben")}
    yield classes, code, sessions
    pupil.set_current(None)


def answer_as(session, lesson: int, level: str, number: int, given: int) -> None:
    pupil.set_current(session)
    practice = Practice(lesson, level, lang="de", name="parity.practice")
    practice.show(number)  # (built at a level other than the first, the widget starts at number 1)
    assert practice.number == number
    practice.submit(str(given))


def evidence_of(classes: Classes, code: str) -> Evidence:
    return Evidence().add_all(classes.all_entries(code))


def test_a_repeated_mistake_is_named_with_an_example_and_a_next_step_a_single_slip_is_not(joined):
    classes, code, sessions = joined
    for skip in (0, 1, 2):  # Mia forgets "odd + odd is even" in three different exercises
        number, value = number_with(2, "klasse56", "forgot_odd_odd", skip)
        answer_as(sessions["Mia"], 2, "klasse56", number, value)
    number, value = number_with(2, "klasse56", "forgot_odd_odd", 3)  # Ben once
    answer_as(sessions["Ben"], 2, "klasse56", number, value)
    entry = classes.entries(code, "Mia")[-1][1]
    assert entry["mistake"] == "forgot_odd_odd" and entry["right"]["de"] != entry["answer"]
    evidence = evidence_of(classes, code)
    mia, ben = pupil_path(evidence, "Mia"), pupil_path(evidence, "Ben")
    assert [item.kind for item in mia.recurring] == ["forgot_odd_odd"] and mia.recurring[0].exercises == 3
    example = mia.recurring[0].example
    first_number, first_value = number_with(2, "klasse56", "forgot_odd_odd", 0)
    assert example.answer == str(first_value) and example.right["de"] == str(
        exercise(2, "klasse56", first_number).answer
    )
    assert mia.next_step.why == "mistake" and mia.next_step.section == "parity.sums"
    assert "ungerade + ungerade ist gerade" in text("mistake.forgot_odd_odd", "de")
    assert ben.recurring == ()
    assert ben.next_step is None or ben.next_step.why != "mistake"
    common = common_mistakes(evidence)
    assert common[0].kind == "forgot_odd_odd" and common[0].pupils == 2 and common[0].times == 4
    assert mia.lesson("parity").state == IN_PROGRESS and mia.lesson("parity").first_try == 0
    assert mia.lesson("subsets").state == NOT_STARTED


def attempt(classes, who, lesson: str, exercise_name: str, ok: bool, at: float, **more) -> None:
    classes.record(
        who, {"kind": "attempt", "lesson": lesson, "exercise": exercise_name, "answer": "1", "ok": ok, "at": at, **more}
    )


def test_states_first_tries_levels_and_where_a_pupil_left_off(store):
    classes = Classes(store)
    code = classes.open()
    mia = classes.join(code, "Mia")
    classes.record(mia, {"kind": "seen", "lesson": "subsets", "at": 1.0})
    for number, name in enumerate(("subsets.ways#1", "subsets.capture#1", "subsets.watch#5"), start=2):
        attempt(classes, mia, "subsets", name, ok=number != 3, at=float(number))
    classes.record(
        mia,
        {"kind": "reason", "lesson": "subsets", "exercise": "subsets.reason.cut", "text": "weil es so ist", "at": 5.0},
    )
    evidence = evidence_of(classes, code)
    path = pupil_path(evidence, "Mia")
    assert path.lesson("subsets").state == DONE
    assert (path.lesson("subsets").first_try, path.lesson("subsets").answered) == (2, 3)
    assert path.next_step.why == "exit_ticket" and path.next_step.section == "subsets.sicherung"
    for question in (1, 2, 3):
        attempt(classes, mia, "subsets", f"subsets.exit{question}#1", ok=question != 2, at=10.0 + question)
    for number in range(1, 5):  # practice: four right at the first try at Grundschule
        attempt(classes, mia, "subsets", f"subsets.practice.grundschule#{number}", ok=True, at=20.0 + number)
    classes.record(mia, {"kind": "seen", "lesson": "parity", "at": 30.0})
    attempt(classes, mia, "parity", "parity.sum#1", ok=True, at=31.0)
    path = pupil_path(evidence_of(classes, code), "Mia")
    assert path.lesson("subsets").state == EXIT_TICKET
    assert path.lesson("subsets").level == "grundschule" and path.lesson("subsets").level_solved == 4
    assert path.lesson("parity").state == IN_PROGRESS
    assert path.left_off == ("parity", "parity.sums")
    assert path.next_step.why == "continue" and path.next_step.section == "parity.guess"
    assert path.lesson("chance").state == NOT_STARTED


def test_the_start_page_keeps_the_place_a_pupil_left_off(store):
    classes = Classes(store)
    code = classes.open()
    mia = classes.join(code, "Mia")
    attempt(classes, mia, "subsets", "subsets.ways#1", ok=False, at=1.0)
    classes.record(mia, {"kind": "seen", "lesson": None, "at": 2.0})  # a week later, the start page
    assert pupil_path(evidence_of(classes, code), "Mia").left_off == ("subsets", "subsets.tree")
    classes.record(mia, {"kind": "seen", "lesson": "parity", "at": 3.0})  # then lesson 2's page
    assert pupil_path(evidence_of(classes, code), "Mia").left_off == ("parity", None)
