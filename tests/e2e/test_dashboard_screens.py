"""Screenshots of the dashboard at the end of lesson 1 with 25 generated pupils (answers,
reasons, the exit ticket, rooms), in German and in English, at 1024×768 and at a teacher
laptop's 1366×768. Saved under test-output/screenshots/ (to look at); the test checks what a
picture would show wrong: a page wider than the screen, a header taller than a few lines, a
German word in the English view."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.opening import open_store
from tests.classroom.generated import generate_lesson

from .driver import SCREENSHOTS
from .test_teacher import LOAD, context_page

pytestmark = pytest.mark.browser

GERMAN_ONLY = re.compile(
    r"\b(Stunde|Aufgabe|Übung|Spitzname|richtig|Versuch|abgegeben|Klasse|löschen|Tafel|Frage|Sekunden|beendet)\b"
)


@pytest.fixture(scope="module")
def lesson_class(class_server) -> str:
    store = open_store(class_server.store_url)
    try:
        return generate_lesson(Classes(store), Rooms(store), pupils=25, seed=24)
    finally:
        store.close()


@pytest.mark.parametrize(
    ("width", "lang"), [(1024, "de"), (1366, "de"), (1366, "en"), pytest.param(1024, "en", marks=pytest.mark.slow)]
)
def test_dashboard_screens(class_server, browser, lesson_class, lang, width):
    context, page = context_page(browser, width, 768)
    try:
        address = class_server.teacher_url() + ("&lang=en" if lang == "en" else "")
        page.goto(address, timeout=LOAD)
        page.locator(".ks-dash .widget-dropdown select").first.select_option(lesson_class)
        expect(page.locator(".ks-dash span.ks-class-code")).to_have_text(lesson_class, timeout=10_000)
        expect(page.locator(".ks-grid tr")).to_have_count(28, timeout=10_000)  # 3 header rows, 25 pupils
        expect(page.locator(".ks-exit tr")).to_have_count(4)  # the head and three questions
        expect(page.locator(".ks-rooms tr")).to_have_count(4)  # the head and three rooms
        assert page.locator(".ks-grid td.ks-given").count() > 0
        page.screenshot(path=SCREENSHOTS / f"dashboard_lesson_{lang}_{width}x768.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        header = page.locator(".ks-grid tr").nth(2).bounding_box()
        first_row = page.locator(".ks-grid tr").nth(3).bounding_box()
        assert first_row["y"] - page.locator(".ks-grid").bounding_box()["y"] < 130  # three short rows
        assert header["height"] < 40
        legend = page.locator(".ks-legend").bounding_box()
        assert legend["x"] + legend["width"] <= width
        body = page.inner_text(".ks-dash")
        if lang == "en":
            assert not GERMAN_ONLY.findall(body), sorted(set(GERMAN_ONLY.findall(body)))
        else:
            assert "Stunde 1" in body and "Spitzname" in body
        page.set_viewport_size({"width": width, "height": 3600})  # the whole dashboard in one picture
        page.screenshot(path=SCREENSHOTS / f"dashboard_lesson_{lang}_{width}x768_full.png")
    finally:
        context.close()
