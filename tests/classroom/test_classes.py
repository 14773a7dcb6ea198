"""Classes and the evidence records in the store, on both backends (SQLite and Redis)."""

import pytest

from kartenspiele.classroom.classes.classes import ClassError, Classes, ClassNotFoundError, NicknameError
from kartenspiele.classroom.classes.evidence import AFTER_TRIES, FIRST_TRY, NOT_YET, Evidence


@pytest.fixture
def classes(store):
    return Classes(store)


def attempt(exercise, answer, ok, seconds=3.0, lesson="subsets"):
    return {"kind": "attempt", "lesson": lesson, "exercise": exercise, "answer": answer, "ok": ok, "seconds": seconds}


def test_a_class_is_opened_joined_and_listed(classes):
    code = classes.open()
    assert len(code) == 5 and code in classes.codes()
    ana = classes.join(code.lower(), "  Ana  ")
    classes.join(code, "Ben 2")
    assert ana.nickname == "Ana" and ana.token
    assert classes.pupils(code) == ["Ana", "Ben 2"]
    assert classes.resume(code, "ana", ana.token).nickname == "Ana"
    with pytest.raises(ClassNotFoundError):
        classes.resume(code, "Ana", "wrong-token")


@pytest.mark.parametrize(
    "nickname, key",
    [("", "class.nick.empty"), ("x" * 17, "class.nick.long"), ("<b>", "class.nick.signs"), ("ANA", "class.nick.taken")],
)
def test_bad_nicknames_are_refused_and_change_nothing(classes, nickname, key):
    code = classes.open()
    classes.join(code, "Ana")
    with pytest.raises(NicknameError) as caught:
        classes.join(code, nickname)
    assert caught.value.key == key and caught.value.message("en") and caught.value.message("de")
    assert classes.pupils(code) == ["Ana"]


def test_unknown_class_and_taken_code(classes):
    with pytest.raises(ClassNotFoundError) as caught:
        classes.join("ZZZZZ", "Ana")
    assert "ZZZZZ" in caught.value.message("de")
    classes.open("abcde")
    with pytest.raises(ClassError):
        classes.open("ABCDE")


def test_evidence_records_per_pupil_and_exercise(classes):
    code = classes.open()
    ana, ben = classes.join(code, "Ana"), classes.join(code, "Ben")
    for entry in (
        attempt("subsets.ways#1", "3", False, 4),
        attempt("subsets.ways#1", "5", False, 7),
        {"kind": "hint", "lesson": "subsets", "exercise": "subsets.ways#1"},
        attempt("subsets.ways#1", "4", True, 12),
        attempt("subsets.ways#1", "9", False, 20),
        {"kind": "reason", "lesson": "parity", "exercise": "parity.sum#1", "text": "Zwei ungerade sind gerade"},
        {"kind": "game", "game": "quanto", "result": "won", "moves": 31, "seconds": 300},
    ):
        classes.record(ana, entry)
    classes.record(ben, attempt("subsets.ways#1", "4", True, 2))
    classes.record(ben, attempt("subsets.ways#2", "3", False, 2))
    assert [seq for seq, _ in classes.entries(code, "Ana")] == list(range(1, 8))
    evidence = Evidence().add_all(classes.all_entries(code))
    ana_ways = evidence.record("Ana", "subsets.ways#1")
    assert (ana_ways.tries, ana_ways.first_try_right, ana_ways.solved, ana_ways.hints) == (3, False, True, 1)
    assert ana_ways.wrong == ["3", "5"] and ana_ways.seconds == 12 and ana_ways.status == AFTER_TRIES
    assert evidence.record("Ben", "subsets.ways#1").status == FIRST_TRY
    assert evidence.record("Ben", "subsets.ways#2").status == NOT_YET
    assert evidence.record("Ana", "parity.sum#1").reasons == ["Zwei ungerade sind gerade"]
    assert evidence.games[0].result == "won" and evidence.games[0].moves == 31
    assert evidence.common_wrong("subsets.ways#1") == [("3", 1), ("5", 1)]
    # incremental reading gives the same records as reading everything
    later = Evidence()
    for nick in classes.pupils(code):
        for _, entry in classes.entries(code, nick, since=0)[:2] + classes.entries(code, nick, since=2):
            later.add(nick, entry)
    assert later.records == evidence.records


def test_pacing_and_delete_remove_everything(classes, store):
    code, other = classes.open(), classes.open()
    ana = classes.join(code, "Ana")
    classes.record(ana, attempt("subsets.ways#1", "4", True))
    classes.join(other, "Cem")
    assert classes.released(code) is None
    classes.release(code, 2)
    assert classes.released(code) == 2
    with pytest.raises(ClassError):
        classes.release(code, 0)
    assert classes.released(code) == 2
    classes.delete(code)
    assert store.keys(f"class/{code}") == [] and store.logs(f"class/{code}") == []
    assert classes.codes() == [other] and classes.pupils(other) == ["Cem"]
    with pytest.raises(ClassNotFoundError):
        classes.delete(code)
