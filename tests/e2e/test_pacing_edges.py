"""Pacing at its edges, through a class-only `kartenspiele serve` on a Redis store: a joined pupil
whose class released lesson 1 only tries lesson 3 by every other spelling of its address, with a
forged and a stale class cookie, with no cookie at all, and while the store is down. Every time
the page says "gesperrt", and neither its HTML nor any websocket message holds lesson 3's text.
Lesson 1 shows its text to her (so the checks can fail), and the index links nowhere outside.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.classes import Classes, Pupil
from kartenspiele.classroom.classes.pupil import CLASS_COOKIE
from kartenspiele.classroom.store.opening import open_store

from .driver import TEACHER_CODE, Received, VoilaServer
from .test_lesson_pacing import LESSON_3_TEXT, LOAD, address, received_text

pytestmark = pytest.mark.browser

LESSON_3 = "lessons/03_folgen.ipynb"
SPELLINGS = (
    "lessons/03_folgen.ipynb/",
    "lessons/03%5Ffolgen.ipynb",
    "lessons/%30%33_folgen.ipynb",
    "lessons/03_folgen%2Eipynb",
)


@pytest.fixture(scope="module")
def class_only_server(redis_store):
    server = VoilaServer(
        teacher_code=TEACHER_CODE,
        env={"KARTENSPIELE_STORE": redis_store.url(0)},
        extra=("--class-only", "--max-per-client", "0"),
    )
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def remembered(pupil: Pupil) -> str:
    """The class cookie's value as a joined page's browser writes it."""
    return quote(urlencode({"klasse": pupil.code, "spitzname": pupil.nickname, "kind": pupil.token}))


def assert_locked(page, received: Received, why: str) -> None:
    expect(page.locator(".ks-lesson-bar")).to_contain_text("gesperrt", timeout=LOAD)
    page.wait_for_timeout(1_000)  # a late widget message would have come by now
    html, sent = page.content(), received_text(received, page)
    for word in LESSON_3_TEXT:
        assert word not in html and word not in sent, (why, word)


def assert_join_box(page, why: str) -> None:
    """The way to join again: the name and the class code can be typed."""
    expect(page.locator(".ks-join .ks-class-code input")).to_be_visible(timeout=LOAD)
    assert page.locator(".ks-join .ks-nickname input").is_visible(), why


def test_lesson_3_stays_locked_by_every_spelling_cookie_and_failure(class_only_server, redis_store, browser):
    server = class_only_server
    classes = Classes(open_store(redis_store.url(0)))
    code = classes.open()
    classes.release(code, 1)
    ana = classes.join(code, "Ana")
    everything = classes.open()  # a class that released every lesson
    gone = classes.open()
    stale = classes.join(gone, "Ben")
    classes.delete(gone)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    received = Received(context)
    try:
        page = context.new_page()  # lesson 1 is released: its text shows (so the checks below can fail)
        page.goto(server.url("lessons/01_teilsummen.ipynb" + address(ana)), timeout=LOAD)
        expect(page.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
        assert "Suchbaum" in page.content() and "gesperrt" not in page.inner_text(".ks-lesson-bar")
        page.goto(server.url("lessons/00_index.ipynb" + address(ana)), timeout=LOAD)
        expect(page.locator(".ks-facts").first).to_contain_text("noch gesperrt", timeout=LOAD)
        assert page.locator("a[href^='http']").count() == 0  # no way around pacing (Binder)
        for spelling in SPELLINGS:
            page = context.new_page()
            page.goto(server.url(spelling + address(ana)), timeout=LOAD)
            assert page.url.split("?")[0] == server.url(LESSON_3), spelling  # sent to the one spelling
            assert_locked(page, received, spelling)
            expect(page.locator(".ks-join-status")).to_have_text(f"Klasse {code} · Ana")
        for who, cookie in (("forged", Pupil(code, "Ana", "forged-token")), ("stale", stale), ("none", None)):
            context.clear_cookies()
            if cookie is not None:
                context.add_cookies([{"name": CLASS_COOKIE, "value": remembered(cookie), "url": server.base}])
            page = context.new_page()
            page.goto(server.url(LESSON_3), timeout=LOAD)
            assert_locked(page, received, who)
            assert_join_box(page, who)
            if who == "none":
                expect(page.locator(".ks-pacing-note")).to_contain_text("bis du deiner Klasse beitrittst")
                page.screenshot(path="test-output/screenshots/pacing_class_only.png")
            else:
                expect(page.locator(".ks-pacing-note")).to_contain_text("nicht gefunden")
        # joining in the bar is the way in: a class that released lesson 3 loads it with the class
        page.locator(".ks-join .ks-nickname input").fill("Cem")
        page.locator(".ks-join .ks-class-code input").fill(everything)
        page.locator(".ks-join .ks-join-button").click()
        expect(page.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
        assert "Trick von Gauß" in page.content() and "klasse=" in page.url
        redis_store.stop()  # the store cannot answer
        try:
            page = context.new_page()
            page.goto(server.url(LESSON_3 + address(ana)), timeout=LOAD)
            assert_locked(page, received, "store down")
            assert_join_box(page, "store down")
            expect(page.locator(".ks-pacing-note")).to_contain_text("Speicher nicht antwortet")
        finally:
            redis_store.start()
    finally:
        context.close()
