"""A lesson page in a kernel Voilà started ahead of time (issue 40): importing the lessons does
not wait for the page, and the lesson's fixed numbers are worked out before the page comes, so
the page waits only for what depends on it (language, class, role)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from kartenspiele.kernel import page_request

PREHEATED = """
import time
began = time.monotonic()
from kartenspiele.lessons import chance, subsets
from kartenspiele.kernel import page_request
imported = time.monotonic() - began
print(round(imported, 1), [work.__qualname__ for work in page_request._ahead])
"""


def test_a_preheated_kernel_imports_the_lessons_without_waiting_for_its_page():
    """Before, the import asked for the page's language and waited for the page (here no server
    answers: it would have tried for two minutes); the lesson's own work then waited behind it."""
    environment = {**os.environ, "VOILA_PREHEAT": "True", "VOILA_APP_PORT": "9", "SERVER_SOFTWARE": "voila/0.5"}
    environment.pop("QUERY_STRING", None)
    done = subprocess.run(
        [sys.executable, "-c", PREHEATED], env=environment, capture_output=True, text=True, timeout=60, check=True
    )
    seconds, ahead = done.stdout.split(" ", 1)
    assert float(seconds) < 30
    assert "prepare" in ahead  # lesson 4's numbers, to be worked out before the wait


def test_work_registered_while_waiting_is_done_before_the_wait_and_once(monkeypatch):
    done: list[str] = []
    monkeypatch.setattr(page_request, "_ahead", [])
    monkeypatch.setattr(page_request, "preheated", lambda: True)

    async def page_comes(url: str, wait: float = 0) -> str:
        done.append("page")
        return '{"QUERY_STRING": "lang=en"}'

    monkeypatch.setattr(page_request, "_receive", page_comes)
    monkeypatch.setenv("QUERY_STRING", "")  # noted first, so that the page's language set below is undone after
    monkeypatch.delenv("QUERY_STRING")
    page_request.while_waiting(lambda: done.append("numbers"))
    page_request.wait_for_page()
    assert done == ["numbers", "page"] and os.environ["QUERY_STRING"] == "lang=en"
    monkeypatch.delenv("QUERY_STRING")
    page_request.wait_for_page()
    assert done == ["numbers", "page", "page"]  # the work once


@pytest.mark.parametrize("name", ["reward_figure", "reward_table", "many_hands"])
def test_lesson_four_shows_its_numbers_at_once_once_prepared(name):
    from kartenspiele.lessons import chance

    chance.prepare()
    began = time.monotonic()
    shown = getattr(chance, name)(*(["five-even"] if name == "many_hands" else []))
    assert shown.data and time.monotonic() - began < 0.5
