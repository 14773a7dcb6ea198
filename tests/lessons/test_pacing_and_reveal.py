"""The lesson gate (`lessons.lesson_gate`) and answers on the teacher's word (`lessons.reveal`),
without a browser: who sees a locked lesson, and what an answer's widgets hold before it is
revealed (`tests/e2e/test_lesson_pacing.py` checks both through `kartenspiele serve`)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import ipywidgets as widgets
import pytest

from kartenspiele.catalogue import LESSONS
from kartenspiele.classroom.classes import pacing, pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.classes.reveals import SECTIONS, UnknownSectionError, sections_of
from kartenspiele.classroom.store.interface import StoreRefusedError
from kartenspiele.classroom.store.store_access import GuardedStore
from kartenspiele.lessons import index, lesson_gate, parity, reveal, subsets, switch_language
from kartenspiele.lessons.teacher import notes
from kartenspiele.widgets.reveal_control import RevealControl
from tests.switchable_store import Switchable

from .helpers import ENGLISH, cells, source

GROUPS = "1 + 2 + 5 = 8, 1 + 7 = 8, 2 + 6 = 8, 3 + 5 = 8"


@pytest.fixture
def pupil_page(monkeypatch):
    """A pupil's Voilà page (no teacher code in its address), no pupil joined yet."""
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("KARTENSPIELE_TEACHER_CODE", "geheim123")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/03_folgen.ipynb")
    pupil.set_current(None)
    yield monkeypatch
    pupil.set_current(None)
    for watch in reveal._watch:
        watch.stop()
    reveal._watch.clear()
    reveal._again.clear()
    reveal._shown_alone.clear()


def widget_states(widget: widgets.Widget) -> str:
    """Every synced trait of `widget` and of the widgets inside it, as the browser gets them."""
    found, todo = [], [widget]
    while todo:
        item = todo.pop()
        found.append(json.dumps(item.get_state(), default=str, ensure_ascii=False))
        todo.extend(child for child in getattr(item, "children", ()) if isinstance(child, widgets.Widget))
    return "\n".join(found)


def locked(reason: str | None = None) -> bool:
    """Whether this page is locked now (and, given `reason`, locked for that reason)."""
    decided = pacing.pace()
    return decided.locked and (reason is None or decided.reason == reason)


def test_a_lesson_is_locked_for_its_class_and_for_a_class_the_store_does_not_confirm(classes, pupil_page):
    code = classes.open()
    classes.release(code, 2)
    ana = classes.join(code, "Ana")
    pupil_page.setenv("KARTENSPIELE_STORE", classes.store.url)
    assert not locked()  # a pupil without a class on a server that is not class-only: the lesson works alone
    for token in ("forged", ana.token + "x"):  # a made-up token names the class but proves nothing
        pupil_page.setenv("QUERY_STRING", urlencode({"klasse": code, "spitzname": "Ana", "kind": token}))
        assert pupil.from_address(classes) is None and locked(pacing.UNCONFIRMED)
    pupil_page.setenv("QUERY_STRING", urlencode({"klasse": code, "spitzname": "Ana", "kind": ana.token}))
    assert pupil.from_address(classes) is not None and locked(pacing.NOT_RELEASED)  # lesson 3 of 2 released
    pupil_page.setenv("SCRIPT_NAME", "/voila/render/lessons/02_gerade_ungerade.ipynb")
    assert not locked()
    pupil_page.setenv("QUERY_STRING", f"lehrkraft=geheim123&klasse={code}")  # a teacher sees every lesson
    assert not locked()


SPELLINGS = (
    "lessons/03_folgen.ipynb/",
    "lessons/03%5Ffolgen.ipynb",
    "lessons/%30%33_folgen.ipynb",
    "lessons/03_folgen%2Eipynb",
    "lessons%2F03_folgen.ipynb",
    "lessons//./03_folgen.ipynb",
    "notebooks/../lessons/03_folgen.ipynb",
    "lessons/03_FOLGEN.ipynb",  # as a case-blind disk (macOS, Windows) opens it
)


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_pacing_decides_from_the_notebook_not_from_a_spelling_of_its_address(classes, pupil_page, spelling):
    code = classes.open()
    classes.release(code, 1)
    ana = classes.join(code, "Ana")
    pupil_page.setenv("KARTENSPIELE_STORE", classes.store.url)
    pupil_page.setenv("QUERY_STRING", urlencode({"klasse": code, "spitzname": "Ana", "kind": ana.token}))
    pupil_page.setenv("SCRIPT_NAME", "/user/ana/voila/render/" + spelling)
    assert pupil.page_lesson() == "sequences" and locked(pacing.NOT_RELEASED)


def test_an_unknown_notebook_under_lessons_is_locked_and_other_pages_are_not_paced(classes, pupil_page):
    pupil_page.setenv("KARTENSPIELE_STORE", classes.store.url)
    for path in ("lessons/03_folgen_kopie.ipynb", "lessons/extra/03_folgen.ipynb", "LESSONS/neu.ipynb"):
        pupil_page.setenv("SCRIPT_NAME", "/voila/render/" + path)
        assert pupil.page_lesson() is None and locked(pacing.UNKNOWN), path
    pupil_page.setenv("SCRIPT_NAME", "/voila/render/notebooks/quanto.ipynb")
    assert not locked()


def test_a_forged_or_stale_remembered_class_locks_the_lesson(classes, pupil_page):
    code = classes.open()
    classes.release(code, 2)
    ana = classes.join(code, "Ana")
    pupil_page.setenv("KARTENSPIELE_STORE", classes.store.url)
    remembered = urlencode({"klasse": code, "spitzname": "Ana", "kind": ana.token})
    pupil_page.setenv(pupil.CLASS_ENVIRONMENT, remembered)  # the cookie, as `kartenspiele serve` hands it on
    session = pupil.from_address(classes)
    assert session is not None and session.pupil.nickname == "Ana" and locked(pacing.NOT_RELEASED)
    assert pupil.remembered_query(session) == remembered  # what the page's browser keeps again
    pupil.set_current(None)
    pupil_page.setenv(pupil.CLASS_ENVIRONMENT, urlencode({"klasse": code, "spitzname": "Ana", "kind": "forged"}))
    assert pupil.from_address(classes) is None and locked(pacing.UNCONFIRMED)  # a forged cookie is nobody
    other = classes.open()
    ben = classes.join(other, "Ben")
    pupil_page.setenv(pupil.CLASS_ENVIRONMENT, remembered)
    pupil_page.setenv("QUERY_STRING", urlencode({"klasse": other, "spitzname": "Ben", "kind": ben.token}))
    session = pupil.from_address(classes)
    assert session is not None and session.pupil.code == other  # the address comes first
    classes.delete(code)
    pupil_page.setenv("QUERY_STRING", "")
    pupil.set_current(None)
    assert pupil.from_address(classes) is None and locked(pacing.UNCONFIRMED)  # a stale cookie: locked
    assert pupil.remembered_query(None) == ""


def test_a_store_that_cannot_answer_locks_the_lesson(classes, pupil_page, tmp_path):
    code = classes.open()
    classes.release(code, None)  # every lesson released
    ana = classes.join(code, "Ana")
    pupil_page.setenv("QUERY_STRING", urlencode({"klasse": code, "spitzname": "Ana", "kind": ana.token}))
    pupil_page.setenv("KARTENSPIELE_STORE", classes.store.url)
    assert not locked()
    broken = tmp_path / "broken.db"
    broken.write_text("no database " * 500)
    pupil_page.setenv("KARTENSPIELE_STORE", str(broken))  # a new page cannot even open the store
    pupil.set_current(None)
    assert locked(pacing.STORE)
    switchable = Switchable(classes.store)
    pupil.set_current(pupil.PupilSession(Classes(switchable), ana))  # joined; then the store goes down
    switchable.down = True
    assert locked(pacing.STORE)
    switchable.down = False
    assert not locked()


def test_on_a_class_only_server_a_pupil_without_a_class_sees_no_lesson(classes, pupil_page):
    pupil_page.setenv("KARTENSPIELE_STORE", classes.store.url)
    pupil_page.setenv(pacing.CLASS_ONLY_ENVIRONMENT, "1")
    assert locked(pacing.NO_CLASS)
    pupil_page.setenv("SCRIPT_NAME", "/voila/render/notebooks/start.ipynb")
    assert not locked()  # the start page (with its join box) is no lesson
    pupil_page.setenv("SCRIPT_NAME", "/voila/render/lessons/01_teilsummen.ipynb")
    code = classes.open()
    ana = classes.join(code, "Ana")
    pupil_page.setenv("QUERY_STRING", urlencode({"klasse": code, "spitzname": "Ana", "kind": ana.token}))
    assert not locked()  # every lesson released to Ana's class
    pupil_page.setenv("QUERY_STRING", "lehrkraft=geheim123")
    assert not locked()  # the teacher
    pupil_page.setenv(pacing.CLASS_ONLY_ENVIRONMENT, "0")
    pupil_page.setenv("QUERY_STRING", "")
    assert not locked()


def test_the_index_links_keep_the_class_and_show_locked_lessons_without_a_link(classes, pupil_page):
    code = classes.open()
    classes.release(code, 1)
    ana = classes.join(code, "Ana")
    pupil_page.setenv("QUERY_STRING", urlencode({"klasse": code, "spitzname": "Ana", "kind": ana.token}))
    pupil.from_address(classes)
    html = index.overview(lang="de").data
    assert f"01_teilsummen.ipynb?klasse={code}&amp;spitzname=Ana&amp;kind={ana.token}" in html
    assert "03_folgen.ipynb" not in html.split("mybinder")[0] and "(noch gesperrt)" in html
    assert f"start.ipynb?klasse={code}&amp;spitzname=Ana&amp;kind={ana.token}" in html  # the way home too


def test_a_teacher_gets_the_answer_table_itself(monkeypatch):
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    monkeypatch.setenv("KARTENSPIELE_TEACHER_CODE", "geheim123")
    shown = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, said=False)
    assert shown.data == subsets.ways_table(subsets.LESSON_VALUES).data and GROUPS in shown.data
    said = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, targets=[8]).data
    assert said.index("Der Suchbaum findet genau 4 Gruppen") < said.index(GROUPS)
    assert "The search tree finds exactly 4 groups" in said  # for the lesson's language switch


def test_alone_the_pupil_reveals_the_answer_after_answering(pupil_page):
    shown = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, targets=[8])
    assert isinstance(shown, reveal.Reveal) and GROUPS not in widget_states(shown)
    assert "Wie viele Gruppen für die 8 habt ihr gefunden?" in shown.question.value
    for nothing in ("   ", "x", "0", "keine Ahnung", "99"):  # no attempt: no number of groups
        shown.entry.value = nothing
        assert shown.button.layout.display == "none"  # "Lösung aufdecken" is not offered …
        shown.button.click()  # … and a forged click keeps the answer hidden; the note says why
        states = widget_states(shown)
        assert GROUPS not in states and "4 Gruppen" not in states and "Schreib zuerst deine eigene Antwort" in states
    shown.entry.value = "3 Gruppen"
    assert shown.button.layout.display != "none"
    shown.button.click()
    states = widget_states(shown)
    assert GROUPS in states and "Der Suchbaum findet genau 4 Gruppen" in states and "Deine Antwort: 3 Gruppen" in states


def test_a_shown_answer_follows_the_language(pupil_page):
    shown = reveal.answer("parity.high", parity.bound_table, parity.HIGH_TASK)
    shown.entry.value = "7"
    shown.button.click()
    assert "genau 7 Zahlenkombinationen" in widget_states(shown)
    switch_language("en")
    try:
        states = widget_states(shown)
        assert "exactly 7 combinations of values" in states and "Zahlenkombinationen" not in states
        assert "Your answer: 7" in states
    finally:
        switch_language("de")


def test_an_answer_without_a_table_is_its_sentence(pupil_page):
    shown = reveal.answer("parity.odd_sums")
    assert "zwischen 5 und 45" not in widget_states(shown)
    shown.entry.value = "ungerade"  # one word is no sentence
    shown.button.click()
    assert "zwischen 5 und 45" not in widget_states(shown)
    shown.entry.value = "Die Summe ist ungerade"
    shown.button.click()
    assert "zwischen 5 und 45" in widget_states(shown) and "<table" not in shown.answer.value


def test_a_section_shown_again_asks_nothing_and_shows_with_the_first(classes, pupil_page):
    """Lesson 1's outlook shows the groups for 8 again (the multiplied-out product): it asks no
    second time and holds nothing of the answer until the section above is revealed."""
    first = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, targets=[8])
    again = reveal.answer("subsets.groups", subsets.expanded_html, subsets.LESSON_VALUES, 8, said=False, again=True)
    states = widget_states(again)
    assert "4x⁸" not in states and "Vor x⁸ steht die 4" not in states
    assert "Wie viele Gruppen" not in states and "sobald oben die Lösung aufgedeckt ist" in states
    assert again.children == (again.note,)  # no box, no button
    first.entry.value = "5"
    first.button.click()
    assert "4x⁸" in widget_states(again) and "Vor x⁸ steht die 4" in widget_states(again)
    late = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, said=False, again=True)
    assert GROUPS in widget_states(late)  # a cell run again after the answer shows it at once

    # in a class: the teacher's reveal shows both
    reveal._again.clear()
    reveal._shown_alone.clear()
    code = classes.open()
    pupil.set_current(pupil.PupilSession(classes, classes.join(code, "Ben")))
    first = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, targets=[8])
    again = reveal.answer("subsets.groups", subsets.expanded_html, subsets.LESSON_VALUES, 8, said=False, again=True)
    reveal._watch[0].look()
    assert "4x⁸" not in widget_states(again) and not first.shown
    classes.reveal(code, "subsets.groups")
    reveal._watch[0].look()
    assert GROUPS in widget_states(first) and "Vor x⁸ steht die 4" in widget_states(again)


def test_in_a_class_only_the_teacher_reveals_and_the_page_follows(classes, pupil_page):
    code = classes.open()
    groups = reveal.answer("subsets.groups", subsets.ways_table, subsets.LESSON_VALUES, targets=[8])
    pupil.set_current(pupil.PupilSession(classes, classes.join(code, "Ana")))  # joins on this page …
    switch_language("de")  # … and the bar redraws the lesson (`LessonBar`'s `on_join`)
    taken = reveal.answer("subsets.captures", subsets.captures_table, subsets.LESSON_TABLE, subsets.LESSON_CARD)
    groups.entry.value = "4"
    groups.button.click()  # a pupil of a class cannot reveal it themselves
    reveal._watch[0].look()
    assert GROUPS not in widget_states(groups) and groups.button.layout.display == "none"
    classes.reveal(code, "subsets.groups")
    reveal._watch[0].look()  # what the page's thread does every few seconds
    assert GROUPS in widget_states(groups) and not taken.shown


def test_reveals_are_kept_in_the_class_document_and_only_a_teacher_writes_them(classes, tmp_path):
    code = classes.open()
    classes.reveal(code, "parity.high")
    classes.reveal(code, "sequences.pairs")
    classes.reveal(code, "sequences.pairs", shown=False)
    assert classes.revealed(code) == {"parity.high"}
    with pytest.raises(UnknownSectionError):
        classes.reveal(code, "parity.answers")
    assert classes.revealed(code) == {"parity.high"}
    pupils_store = GuardedStore(classes.store, teacher=False, user="ana")
    with pytest.raises(StoreRefusedError):
        Classes(pupils_store).reveal(code, "parity.low")
    assert Classes(pupils_store).revealed(code) == {"parity.high"}  # a pupil's page reads it


def test_every_section_has_a_lesson_and_the_dashboard_a_button(classes):
    assert {section for lesson in LESSONS for section in sections_of(lesson.key)} == set(SECTIONS)
    assert all(f"{lesson.key}.sicherung" in SECTIONS for lesson in LESSONS)  # every Merksatz waits
    code = classes.open()
    choice = widgets.Dropdown(options=[code], value=code)
    control = RevealControl(classes, choice, "de")
    control.buttons["parity.low"].click()
    assert classes.revealed(code) == {"parity.low"}
    assert control.buttons["parity.low"].description == "Wieder verdecken"
    control.buttons["parity.low"].click()
    assert classes.revealed(code) == frozenset() and control.buttons["parity.low"].description == "Aufdecken"


def test_the_teacher_hides_the_optional_parts_for_the_class(classes, pupil_page):
    code = classes.open()
    pupil.set_current(pupil.PupilSession(classes, classes.join(code, "Ana")))
    assert lesson_gate.template_verdict(lesson_gate.verdict()) == {
        "locked": False,
        "extras": True,
        "sections": None,
        "outlook": True,
    }
    control = RevealControl(classes, widgets.Dropdown(options=[code], value=code), "de")
    control.extras.click()
    assert classes.extras_hidden(code) and control.extras.description == "Zusatz wieder zeigen"
    assert lesson_gate.template_verdict(lesson_gate.verdict()) == {
        "locked": False,
        "extras": False,
        "sections": None,
        "outlook": False,
    }
    assert lesson_gate._no_extras([f"{lesson_gate.EXTRA_MARK}\n", "lesson.practice()"]) == []
    assert lesson_gate._no_extras([f"{lesson_gate.OUTLOOK_MARK}\n", "lesson.hands(5)"]) == []
    assert lesson_gate._no_extras(["lesson.reason()"]) == ["lesson.reason()"]


def test_at_grundschule_level_the_outlooks_are_left_out(classes, pupil_page):
    """The class's level for the page's lesson (lesson 3 here) decides; without one the
    address's `niveau` (the pupil's own choice) does."""
    code = classes.open()
    pupil.set_current(pupil.PupilSession(classes, classes.join(code, "Ana")))
    assert lesson_gate.template_verdict(lesson_gate.verdict())["outlook"]
    classes.set_level(code, "sequences", "grundschule")
    assert lesson_gate.template_verdict(lesson_gate.verdict()) == {
        "locked": False,
        "extras": True,
        "sections": None,
        "outlook": False,
    }
    assert lesson_gate._no_outlook([f"{lesson_gate.OUTLOOK_MARK}\n", "lesson.sum_quiz()"]) == []
    assert lesson_gate._no_outlook([f"{lesson_gate.EXTRA_MARK}\n", "lesson.practice()"]) != []
    pupil.set_current(None)
    pupil_page.setenv("QUERY_STRING", "niveau=grundschule")
    assert not lesson_gate.template_verdict(lesson_gate.verdict())["outlook"]
    pupil_page.setenv("QUERY_STRING", "niveau=klasse56")
    assert lesson_gate.template_verdict(lesson_gate.verdict())["outlook"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_each_lesson_marks_its_optional_parts_in_text_and_code(lesson):
    """What the template leaves out (a section labelled Zusatz or, at Grundschule level, Ausblick,
    up to the next `## `) is exactly what the kernel blanks (code cells whose first line is the
    mark: an outlook's cells carry the outlook's mark, which is an optional part's, too)."""
    optional = outlook = False
    labelled = 0
    for cell in cells(lesson.file):
        text = source(cell)
        if cell["cell_type"] == "markdown":
            labelled += "ks-zusatz" in text
            optional = "ks-zusatz" in text or (optional and not text.startswith("## "))
            outlook = "ks-ausblick" in text or (outlook and not text.startswith("## "))
        else:
            assert text.startswith(lesson_gate.EXTRA_MARK) == optional, text
            assert text.startswith(lesson_gate.OUTLOOK_MARK + "\n") == outlook, text
    assert labelled >= 2


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
@pytest.mark.parametrize("lang, core, extra", [("de", "Kern", "Zusatz"), ("en", "Core", "Extra")])
def test_the_guides_timings_of_each_core_add_up_to_45_minutes(lesson, lang, core, extra):
    german, _, english = notes(f"guide_{lesson.key}").partition(ENGLISH)
    part = (german if lang == "de" else english).split(f"**{core} ({lesson.minutes} min):**", 1)[1]
    timings = [int(minutes) for minutes in re.findall(r"\((\d+) min\)", part.split(f"**{extra}", 1)[0])]
    assert len(timings) >= 5 and sum(timings) == lesson.minutes == 45
