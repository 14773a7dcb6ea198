"""A pupil opens lesson 3 without a class (the whole lesson shows), then joins a class in the
lesson bar that keeps it locked, through `kartenspiele serve`: the kernel closes the lesson at
once and sends the page to its address with the class, which the server renders locked.

One teacher locks the lessons after lesson 1 on the dashboard. Mia's page then shows "Diese
Stunde ist noch gesperrt" with the way home, and neither its HTML nor its kernel's messages hold
the lesson any more. Ben's browser does not go (the new address answers "204 No Content", so the
old page stays, as in a browser that ignores the kernel): the kernel has closed the lesson's
widgets anyway, so nothing is left to answer. The class records nothing of the lesson for
either (not even that they opened it).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store

from .driver import Received
from .test_lesson_pacing import LESSON_3_TEXT, LOAD, LOCKED, received_text
from .test_teacher import open_class

pytestmark = pytest.mark.browser

GONE_MS = 15_000
"""How long the lesson may stay on the page after joining (a new kernel starts on a busy machine)."""


def open_lesson_3(browser, class_server):
    """A pupil's browser (1024×768, German) on lesson 3 without a class: the whole lesson."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    received = Received(context)
    page = context.new_page()
    page.goto(class_server.url("lessons/03_folgen.ipynb"), timeout=LOAD)
    expect(page.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
    assert all(word in page.content() for word in LESSON_3_TEXT)
    return context, received, page


def join_in_bar(page, code: str, nickname: str) -> float:
    """Join the class in the lesson bar; when the button was pressed."""
    bar = page.locator(".ks-lesson-bar .ks-join")
    bar.locator(".ks-class-code input").fill(code)
    bar.locator(".ks-nickname input").fill(nickname)
    bar.locator(".ks-join-button").click()
    return time.monotonic()


def stay(route, asked: list[str]) -> None:
    """Answer a page's request for another address with "no content": the page stays."""
    asked.append(route.request.url)
    route.fulfill(status=204)


def test_joining_a_class_that_keeps_the_open_lesson_locked_takes_the_lesson_away(class_server, browser, shots):
    teacher_context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    contexts = [teacher_context]
    try:
        teacher = teacher_context.new_page()
        code = open_class(teacher, class_server)
        teacher.locator(".ks-lock").click()  # "Stunden nach der aktuellen sperren": only lesson 1 stays open
        classes = Classes(open_store(class_server.store_url))
        for _ in range(100):
            if classes.released(code) == 1:
                break
            time.sleep(0.1)
        assert classes.released(code) == 1

        context, received, mia = open_lesson_3(browser, class_server)
        contexts.append(context)
        pressed = join_in_bar(mia, code, "Mia")
        mia.wait_for_url(re.compile(rf"03_folgen\.ipynb\?.*klasse={code}"), timeout=GONE_MS)
        expect(mia.locator(".ks-lesson-bar")).to_contain_text(LOCKED, timeout=GONE_MS)
        for word in LESSON_3_TEXT:
            expect(mia.get_by_text(word)).to_have_count(0, timeout=1_000)
        print(f"lesson 3 gone from Mia's page {time.monotonic() - pressed:.1f} s after 'Beitreten'")
        expect(mia.locator(".ks-join-status")).to_have_text(f"Klasse {code} · Mia")
        assert "klasse=" in mia.locator(".ks-lesson-bar a.ks-home").get_attribute("href")  # one tap to her lessons
        mia.wait_for_timeout(1_000)  # any late widget message would have come by now
        html, sent = mia.content(), received_text(received, mia)
        assert mia.locator(".ks-exercise").count() == 0
        assert not any(word in html or word in sent for word in LESSON_3_TEXT)
        mia.screenshot(path=str(shots / "lesson_join_locked.png"))
        mia.set_viewport_size({"width": 768, "height": 1024})
        mia.screenshot(path=str(shots / "lesson_join_locked_portrait.png"))

        # Ben's browser stays on the old page (the new address answers without a page)
        context, _, ben = open_lesson_3(browser, class_server)
        contexts.append(context)
        asked = []
        ben.route(lambda url: "klasse=" in url, lambda route: stay(route, asked))
        join_in_bar(ben, code, "Ben")
        expect(ben.locator(".ks-exercise")).to_have_count(0, timeout=GONE_MS)  # the kernel closed them
        expect(ben.locator(".ks-lesson-bar")).to_contain_text(LOCKED)
        for _ in range(GONE_MS // 100):  # the kernel sends the page away after closing the lesson
            if asked:
                break
            ben.wait_for_timeout(100)
        assert asked and ben.locator("input").count() == 0  # the page stayed; nothing is left to answer
        ben.screenshot(path=str(shots / "lesson_join_locked_stayed.png"))
        ben.wait_for_timeout(1_000)
        assert sorted(classes.pupils(code)) == ["Ben", "Mia"]  # both joined …
        assert list(classes.all_entries(code)) == []  # … and nothing of lesson 3 was recorded
    finally:
        for context in contexts:
            context.close()
