"""The class's switches the dashboard writes: pause, hidden names (with a stable pseudonym per
pupil that is never a nickname) and pacing within a lesson; bad input is refused and changes nothing."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes.classes import ClassError, Classes, NicknameError
from kartenspiele.classroom.classes.pseudonyms import animals, pseudonym
from kartenspiele.classroom.store.memory_store import MemoryStore
from tests.clock import Clock


@pytest.fixture
def classes():
    clock = Clock()

    def tick():
        clock.now += 1  # pupils join one after another
        return clock.now

    return Classes(MemoryStore(), clock=tick)


def test_each_pupil_keeps_one_pseudonym_whatever_joins_later(classes):
    code = classes.open()
    for nick in ("Ana", "Ben"):
        classes.join(code, nick)
    before = classes.pseudonyms(code, "de")
    assert before == {"Ana": "Adler·1", "Ben": "Biber·2"}
    for number in range(30):
        classes.join(code, f"Kind{number}")
    after = classes.pseudonyms(code, "de")
    assert {nick: after[nick] for nick in before} == before
    assert len(set(after.values())) == len(after) == 32  # unique past the 26 animals
    assert after["Kind24"] == "Adler·27"  # the animals again, with the place
    assert classes.pseudonyms(code, "en")["Ben"] == "Beaver·2"
    assert len(animals("de")) == len(animals("en")) == 26


def test_a_pseudonym_can_never_be_a_nickname(classes):
    code = classes.open()
    with pytest.raises(NicknameError):
        classes.join(code, pseudonym(1, "de"))  # "Adler·1": the dot is no letter
    classes.join(code, "Adler")  # an animal's name alone is a nickname like any other
    assert classes.pseudonyms(code, "de") == {"Adler": "Adler·1"}
    with pytest.raises(ValueError):
        pseudonym(0)


def test_pause_and_hidden_names_are_kept_by_the_class(classes):
    code = classes.open()
    assert not classes.paused(code) and not classes.anonymous(code)
    classes.pause(code)
    classes.set_anonymous(code)
    assert classes.paused(code) and classes.anonymous(code)
    classes.pause(code, False)
    classes.set_anonymous(code, False)
    assert not classes.paused(code) and not classes.anonymous(code)


def test_a_lesson_is_released_up_to_a_section(classes):
    code = classes.open()
    assert classes.sections(code) == {}
    classes.release_sections(code, "sequences", 2)
    classes.release_sections(code, "subsets", 5)
    assert classes.sections(code) == {"sequences": 2, "subsets": 5}
    classes.release_sections(code, "sequences", None)
    assert classes.sections(code) == {"subsets": 5}


@pytest.mark.parametrize(
    ("lesson", "count", "says"),
    [
        ("nothing", 2, "Eine Stunde „nothing“ gibt es nicht."),
        ("sequences", 0, "Mindestens ein Abschnitt"),
        ("sequences", -1, "Mindestens ein Abschnitt"),
        ("sequences", True, "Mindestens ein Abschnitt"),
        ("sequences", "2", "Mindestens ein Abschnitt"),
        ("sequences", 2.0, "Mindestens ein Abschnitt"),
    ],
)
def test_a_bad_section_release_is_refused_and_changes_nothing(classes, lesson, count, says):
    code = classes.open()
    classes.release_sections(code, "sequences", 3)
    with pytest.raises(ClassError) as refused:
        classes.release_sections(code, lesson, count)
    assert says in refused.value.message("de")
    assert classes.sections(code) == {"sequences": 3}
