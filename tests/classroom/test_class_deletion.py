"""Deleting a class is final: no key of it stays, no page can write to it again, open pupil
pages say so; classes nobody used for the kept days go by themselves (both store backends)."""

import threading
import time

import pytest

from kartenspiele.classroom.classes import pupil
from kartenspiele.classroom.classes.classes import ClassEndedError, Classes
from kartenspiele.serving.room_sweep import RoomSweeper
from kartenspiele.widgets.join import JoinBox

DAY = 86_400


def class_keys(store, code):
    return store.keys(f"class/{code}") + store.logs(f"class/{code}")


@pytest.fixture
def classes(store, clock):
    return Classes(store, clock=clock)


@pytest.fixture
def no_session():
    pupil.set_current(None)
    yield
    pupil.set_current(None)


def test_after_deletion_no_key_is_left_and_no_write_gets_in(classes, store):
    code, other = classes.open(), classes.open()
    ana, cem = classes.join(code, "Ana"), classes.join(other, "Cem")
    classes.record(ana, {"kind": "seen", "lesson": "subsets"})
    classes.record(cem, {"kind": "seen", "lesson": "subsets"})
    classes.delete(code)
    assert class_keys(store, code) == []
    with pytest.raises(ClassEndedError) as caught:
        classes.record(ana, {"kind": "attempt", "exercise": "subsets.ways#1", "answer": "4", "ok": True})
    assert code in caught.value.message("de") and caught.value.message("en")
    assert class_keys(store, code) == []  # the refused write left nothing behind
    assert len(classes.entries(other, "Cem")) == 1  # the other class is untouched


def test_a_write_racing_the_deletion_leaves_nothing(classes, store):
    code = classes.open()
    ana = classes.join(code, "Ana")
    append = store.append

    def append_while_the_teacher_deletes(log, seq, entry):
        classes.delete(code)  # the teacher's click lands between the check and the write
        store.append = append
        append(log, seq, entry)

    store.append = append_while_the_teacher_deletes
    with pytest.raises(ClassEndedError):
        classes.record(ana, {"kind": "seen", "lesson": "subsets"})
    assert class_keys(store, code) == []


def test_a_stolen_or_old_token_cannot_write(classes, store):
    code = classes.open()
    ana = classes.join(code, "Ana")
    forged = type(ana)(code, "Ana", "not-the-token")
    with pytest.raises(ClassEndedError):
        classes.record(forged, {"kind": "seen", "lesson": "subsets"})
    assert classes.entries(code, "Ana") == []


def test_the_open_pupil_page_says_the_class_ended_and_stops_recording(classes, store, no_session, monkeypatch):
    monkeypatch.setattr("kartenspiele.widgets.class_watch.CHECK_EVERY", 0.05)
    code = classes.open()
    pupil.join(code, "Ana", classes)
    box = JoinBox()
    assert "Ana" in box.status.value
    ended = threading.Event()
    pupil.current().on_end.append(ended.set)
    classes.delete(code)
    assert ended.wait(5), "the page did not notice the deletion"
    assert "beendet" in box.status.value
    box.set_language("en")
    assert "has ended" in box.status.value
    pupil.record("attempt", lesson="subsets", exercise="subsets.ways#1", answer="4", ok=True, seconds=3)
    assert class_keys(store, code) == []
    box.watch.stop()


def test_classes_nobody_used_for_the_kept_days_are_deleted(classes, store, clock):
    old, busy, fresh = classes.open(), classes.open(), classes.open()
    ana = classes.join(busy, "Ana")
    clock.now += 20 * DAY
    classes.record(ana, {"kind": "seen", "lesson": "subsets"})  # busy had something 10 days ago
    fresh_pupil_joined = classes.join(fresh, "Ben")
    assert fresh_pupil_joined.nickname == "Ben"
    clock.now += 10 * DAY
    assert classes.last_activity(busy) == pytest.approx(clock.now - 10 * DAY)
    assert classes.delete_expired(25) == [old]
    assert sorted(classes.codes()) == sorted([busy, fresh]) and class_keys(store, old) == []
    clock.now += 16 * DAY
    assert sorted(classes.delete_expired(25)) == sorted([busy, fresh])


def test_the_server_sweeps_old_classes_once_an_hour_unless_told_to_keep_them(store_url):
    keeping = RoomSweeper(store_url, keep_classes_days=0)
    sweeper = RoomSweeper(store_url, keep_classes_days=30)
    keeping.sweep_now(), sweeper.sweep_now()
    month_ago = Classes(sweeper.rooms.store, clock=lambda: time.time() - 31 * DAY)
    old, recent = month_ago.open(), Classes(sweeper.rooms.store).open()
    assert keeping.sweep_now() == [] and keeping.sweep_classes() == [] and len(month_ago.codes()) == 2
    sweeper.classes_swept_at = float("-inf")  # an hour has passed since its first sweep
    assert sweeper.sweep_classes() == [old] and month_ago.codes() == [recent]
    assert sweeper.sweep_classes() == []  # not again within the hour
