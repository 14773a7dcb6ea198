"""The class's board ("Tafel") as a model: a view-only token, and only what the teacher sends —
picked answers in the teacher's order, a timer, a revealed table, the pause — checked, bounded,
and gone with the class."""

from __future__ import annotations

import pytest

from kartenspiele.classroom.classes.board_state import (
    MAX_ANSWER_CHARS,
    MAX_SNAPSHOTS,
    Boards,
    Snapshot,
    board_address_value,
    board_key,
    split_board_value,
)
from kartenspiele.classroom.classes.classes import ClassError, Classes, ClassNotFoundError
from kartenspiele.classroom.classes.reveals import UnknownSectionError
from kartenspiele.classroom.store.memory_store import MemoryStore
from tests.clock import Clock


@pytest.fixture
def boards():
    clock = Clock(1_000_000.0)
    return Boards(Classes(MemoryStore(), clock=clock), clock=clock)


def test_a_board_opens_only_with_its_own_class_s_token(boards):
    code, other = boards.classes.open(), boards.classes.open()
    token = boards.token(code)
    assert boards.token(code) == token  # one per class: a board opened earlier keeps working
    assert boards.confirm(code, token)
    assert not boards.confirm(other, token) and not boards.confirm(code, token + "x") and not boards.confirm(code, "")
    assert not boards.confirm(other, boards.token(other)[:-1])
    assert split_board_value(board_address_value(code, token)) == (code, token)
    for value in ("", "ABCDE", ".x", "AB1DE.x", "ABCDE." + "x" * 100):
        assert split_board_value(value) is None, value


def test_a_new_board_shows_how_to_join_and_nothing_else(boards):
    code = boards.classes.open()
    view = boards.view(code)
    assert view.join and view.snapshots == () and view.table is None and view.seconds_left() is None
    assert not view.paused


def test_answers_show_in_the_teacher_s_order_without_names_and_bounded(boards):
    code = boards.classes.open()
    picked = [Snapshot("subsets.ways#1", "7", {"de": "Wie viele?"}), Snapshot("subsets.ways#1", "5")]
    boards.show_snapshots(code, picked)
    assert boards.view(code).snapshots == tuple(picked)
    boards.show_snapshots(code, [Snapshot("subsets.reason.cut#1", "x" * (MAX_ANSWER_CHARS + 50))])
    assert len(boards.view(code).snapshots[0].answer) == MAX_ANSWER_CHARS
    too_many = [Snapshot("subsets.ways#1", str(n)) for n in range(MAX_SNAPSHOTS + 1)]
    with pytest.raises(ClassError) as refused:
        boards.show_snapshots(code, too_many)
    assert "Höchstens 12 Antworten" in refused.value.message("de")
    assert len(boards.view(code).snapshots) == 1  # unchanged
    boards.show_snapshots(code, [])
    assert boards.view(code).snapshots == ()


def test_the_timer_counts_down_and_refuses_odd_lengths(boards):
    code = boards.classes.open()
    boards.start_timer(code, 120)
    clock = boards.clock
    assert boards.view(code).seconds_left() == 120
    clock.now += 45
    assert boards.view(code).seconds_left() == 75
    clock.now += 200
    assert boards.view(code).seconds_left() == 0  # run out: "Die Zeit ist um"
    for seconds in (0, -5, 3601, True, 2.5, "60"):
        with pytest.raises(ClassError):
            boards.start_timer(code, seconds)  # type: ignore[arg-type]
    boards.stop_timer(code)
    assert boards.view(code).seconds_left() is None


def test_only_a_revealed_table_goes_on_the_board(boards):
    code = boards.classes.open()
    with pytest.raises(ClassError) as refused:
        boards.show_table(code, "sequences.pairs")
    assert "noch nicht aufgedeckt" in refused.value.message("de") and boards.view(code).table is None
    with pytest.raises(UnknownSectionError):
        boards.show_table(code, "sequences.nothing")
    boards.classes.reveal(code, "sequences.pairs")
    boards.show_table(code, "sequences.pairs")
    assert boards.view(code).table == "sequences.pairs"
    boards.show_table(code, None)
    assert boards.view(code).table is None


def test_the_board_shows_the_pause_and_goes_with_the_class(boards):
    classes = boards.classes
    code = classes.open()
    token = boards.token(code)
    classes.pause(code)
    assert boards.view(code).paused and classes.paused(code)
    classes.pause(code, False)
    assert not boards.view(code).paused
    boards.show_snapshots(code, [Snapshot("subsets.ways#1", "7")])
    classes.delete(code)
    assert classes.store.get(board_key(code)) is None and not boards.confirm(code, token)
    with pytest.raises(ClassNotFoundError):
        boards.view(code)
    with pytest.raises(ClassNotFoundError):
        boards.show_join(code, False)
    assert classes.store.get(board_key(code)) is None  # a deleted class gets no board back
