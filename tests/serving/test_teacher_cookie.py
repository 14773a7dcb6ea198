"""The teacher code out of every address: the cookie's pieces, the second device's one-time pass,
and a log that masks any code an address quotes."""

from __future__ import annotations

import logging

import pytest

from kartenspiele.classroom.people.roles import CODE_ENV, TEACHER_ENVIRONMENT, Role, role
from kartenspiele.classroom.people.teacher_pass import PASS_SECONDS, make_pass, pass_nonce
from kartenspiele.serving.teacher_cookie import UsedPasses, address_without_code, teacher_mark
from kartenspiele.serving.window import FullNotice, HideTeacherCode, ReadyNotice
from tests.clock import Clock


def test_the_address_loses_the_code_and_keeps_the_rest():
    path = "/voila/render/notebooks/lehrkraft.ipynb"
    assert address_without_code(path, "lehrkraft=kreide7171") == path
    assert address_without_code(path, "lehrkraft=kreide7171&lang=en") == path + "?lang=en"
    assert address_without_code(path, "lang=en&lehrkraft=a&lehrkraft=b&x=") == path + "?lang=en&x="


def test_the_cookie_mark_needs_the_server_s_secret_and_the_code():
    mark = teacher_mark(b"secret", "kreide7171")
    assert mark == teacher_mark(b"secret", "kreide7171")
    assert mark != teacher_mark(b"other", "kreide7171") and mark != teacher_mark(b"secret", "kreide7172")
    assert "kreide7171" not in mark


def test_a_pass_works_once_within_two_minutes_and_only_under_its_code(monkeypatch):
    monkeypatch.setenv(CODE_ENV, "kreide7171")
    given = make_pass("kreide7171", now=1000.0)
    assert "kreide7171" not in given
    assert pass_nonce("kreide7171", given, now=1000.0 + PASS_SECONDS - 1) is not None
    assert pass_nonce("kreide7171", given, now=1000.0 + PASS_SECONDS + 1) is None  # expired
    assert pass_nonce("kreide7172", given, now=1000.0) is None  # another server's code
    expires, nonce, mac = given.split(".")
    for forged in (
        f"{int(expires) + 600}.{nonce}.{mac}",
        f"{expires}.x{nonce}.{mac}",
        f"{expires}.{nonce}",
        "",
        "a.b.c",
    ):
        assert pass_nonce("kreide7171", forged, now=1000.0) is None, forged
    used = UsedPasses()
    fresh = make_pass("kreide7171")
    assert used.take(fresh) and not used.take(fresh)  # the second use is refused
    assert not used.take(make_pass("kreide7172"))


@pytest.mark.parametrize(
    ("header", "expected"), [("kreide7171", Role.TEACHER), ("kreide7172", Role.PUPIL), ("", Role.PUPIL)]
)
def test_a_kernel_is_a_teacher_s_only_with_the_code_the_server_handed_it(monkeypatch, header, expected):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv(CODE_ENV, "kreide7171")
    monkeypatch.setenv(TEACHER_ENVIRONMENT, header)
    assert role() is expected


def test_the_log_masks_a_teacher_code_in_any_address():
    addresses = "/x.ipynb?lehrkraft=kreide7171&lang=en and /login?next=/x.ipynb%3Flehrkraft%3Dkreide7171"
    record = logging.LogRecord(
        "tornado.access", logging.INFO, __file__, 1, "%d GET %s (%s)", (302, addresses, "127.0.0.1"), None
    )
    assert HideTeacherCode().filter(record)
    message = record.getMessage()
    assert "kreide7171" not in message and "lehrkraft=***&lang=en" in message and "127.0.0.1" in message


def test_the_window_says_server_full_once_a_minute_and_all_ready_once(capsys, caplog):
    from kartenspiele.serving.window import show_events

    show_events()
    clock = Clock(0.0)
    notice = FullNotice(clock=clock)
    notice.refused("total", 60)
    notice.refused("total", 60)
    clock.now += 61
    notice.refused("client", 8)
    ready = ReadyNotice(2, clock=clock)
    ready.one_ready()
    ready.one_ready()
    ready.one_ready()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "Server voll",
        "Server voll",
        "Alle 2 vorbereiteten Seiten sind bereit (nach 0 Sekunden).",
    ]
