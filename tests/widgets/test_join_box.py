"""A lesson's class box, without a browser: the name this browser remembers and one code box;
once joined one small line with "Ändern"; a refusal changes nothing."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.widgets.join import JoinBox
from kartenspiele.widgets.memory import BrowserMemory


@pytest.fixture
def classes(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENSPIELE_STORE", str(tmp_path / "store.db"))
    pupil.set_current(None)
    store = open_store()
    yield Classes(store)
    pupil.set_current(None)
    store.close()


def loaded_memory(name: str) -> BrowserMemory:
    """The memory as the browser sends it when the page has loaded."""
    memory = BrowserMemory()
    memory.name = name
    memory.loaded = True
    return memory


def test_the_remembered_name_and_a_class_code_join_and_fold_to_one_line(classes):
    code = classes.open()
    calls = []
    memory = BrowserMemory()
    box = JoinBox(on_join=lambda: calls.append(pupil.current()), memory=memory)
    assert box.children == (memory, box.nickname, box.code, box.button, box.status)
    assert box.nickname.description == "Dein Name" and box.code.description == "Klassen-Code"
    memory.name, memory.loaded = "Mia", True  # the page loaded: the browser sent its memory
    assert box.nickname.value == "Mia"
    box.code.value = code.lower()
    box.button.click()
    session = pupil.current()
    assert session is not None and (session.pupil.code, session.pupil.nickname) == (code, "Mia")
    assert calls == [session] and box.code.value == ""
    assert box.children == (memory, box.status, box.leave_button) and "ks-joined" in box._dom_classes
    assert box.status.value == f"Klasse {code} · Mia" and box.leave_button.description == "Ändern"
    box.set_language("en")
    assert box.status.value == f"Class {code} · Mia" and box.leave_button.description == "Change"
    box.watch.stop()


def test_a_typed_name_is_remembered_and_a_remembered_one_does_not_overwrite_it(classes):
    code = classes.open()
    box = JoinBox(memory=BrowserMemory())
    box.nickname.value = "Ole"
    box.memory.name, box.memory.loaded = "Mia", True
    assert box.nickname.value == "Ole"  # typed before the page's memory came: kept
    box.code.value = code
    box.button.click()
    assert box.memory.name == "Ole"
    box.watch.stop()


def test_leaving_shows_the_boxes_again_and_the_page_is_in_no_class(classes):
    code = classes.open()
    calls = []
    box = JoinBox(on_join=lambda: calls.append(pupil.current()), memory=loaded_memory("Mia"))
    box.code.value = code
    box.button.click()
    watch = box.watch
    box.leave_button.click()
    assert pupil.current() is None and calls[-1] is None and watch.stopped.is_set()
    assert box.children == (box.memory, box.nickname, box.code, box.button, box.status)
    assert "ks-joined" not in box._dom_classes and box.nickname.value == "Mia"


@pytest.mark.parametrize("code", ["", "QQQQQ"])
def test_an_unknown_code_is_refused_with_a_message_and_nothing_changes(classes, code):
    classes.open()
    calls = []
    box = JoinBox(on_join=lambda: calls.append(1), memory=loaded_memory("Mia"))
    box.code.value = code
    box.button.click()
    assert pupil.current() is None and calls == []
    assert "ks-join-error" in box.status.value and box.status in box.children
    assert box.memory.name == "Mia"


def test_a_taken_name_is_refused(classes):
    code = classes.open()
    classes.join(code, "Mia")
    box = JoinBox(memory=loaded_memory("Mia"))
    box.code.value = code
    box.button.click()
    assert pupil.current() is None and "Mia" in box.status.value and "ks-join-error" in box.status.value


def test_the_browser_keeps_the_joined_class_until_the_pupil_leaves_and_cannot_set_it_itself(classes):
    from kartenspiele.kernel import update_guard

    code = classes.open()
    box = JoinBox(memory=loaded_memory("Mia"))
    assert box.memory.pupil_class == ""
    box.code.value = code
    box.button.click()
    session = pupil.current()
    assert session is not None and box.memory.pupil_class == pupil.remembered_query(session)
    assert f"klasse={code}" in box.memory.pupil_class and f"kind={session.pupil.token}" in box.memory.pupil_class
    assert "pupil_class" not in BrowserMemory.browser_sets  # only the kernel sets it
    forged = {"method": "update", "state": {"pupil_class": "klasse=ZZZZZ"}}
    assert "may not set" in (update_guard.refusal(box.memory, forged, []) or "")
    box.leave_button.click()
    assert box.memory.pupil_class == ""  # "Ändern" forgets the class in the browser too
