"""Teacher mode through Voilà: one teacher and two pupils in their own browser contexts.

The pupils join a class and answer (right, wrong, with a hint); the dashboard shows exactly
that within 5 seconds. Pupil pages never receive teacher material (checked in the page text
and in every message the kernel sends, which carries the widget models). Teacher pages
without the right code give the refusal page.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.lessons import subsets
from kartenspiele.lessons.teacher import notes
from tests.classroom.generated import generate

from .driver import TEACHER_CODE, Received

pytestmark = pytest.mark.browser

CODE = TEACHER_CODE
LOAD = 120_000
TEACHER_ONLY = ("Für Lehrkräfte", "Lernziele", "Lösungen aller Übungen", "Knobelaufgaben")


@pytest.fixture(scope="module")
def server(class_server):
    return class_server


def context_page(browser, width=1366, height=900):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE")
    return context, context.new_page()


def received_text(received: Received, page) -> list[str]:
    """Everything the kernel sent to `page` over its websockets, as text."""
    return [item if isinstance(item, str) else item.decode("utf-8", "replace") for item in received.messages(page)]


def test_serve_prints_the_teacher_address(server):
    assert server.teacher_url() == f"{server.base}/voila/render/notebooks/lehrkraft.ipynb?lehrkraft={CODE}"


def test_a_teacher_page_without_the_code_gets_the_refusal_page(server, browser):
    context, page = context_page(browser)
    try:
        received = Received(context)
        page.goto(server.url("notebooks/lehrkraft.ipynb"), timeout=LOAD)
        expect(page.locator(".ks-refusal")).to_be_visible(timeout=LOAD)
        assert "Nur für Lehrkräfte" in page.inner_text("body")
        assert page.locator(".ks-dash").count() == 0
        frames = received_text(received, page)
        assert frames and not any("Klassenübersicht" in frame or "Handreichung" in frame for frame in frames)
    finally:
        context.close()


@pytest.mark.parametrize(
    "path", ["notebooks/lehrkraft.ipynb?lehrkraft=falsch1234", "lessons/handreichung.ipynb?lehrkraft=TAFEL2026"]
)
def test_a_wrong_teacher_code_is_refused_by_the_server_before_any_kernel(server, browser, path):
    context, page = context_page(browser)
    try:
        kernels = len(server.kernels())
        answer = page.goto(server.url(path), timeout=LOAD)
        assert answer is not None and answer.status == 401
        assert "Dieser Lehrkraft-Code stimmt nicht" in page.inner_text("body")
        assert "Klassenübersicht" not in page.content() and "Handreichung" not in page.content()
        assert len(server.kernels()) == kernels  # no page ran
    finally:
        context.close()


def join(page, code: str, nickname: str) -> None:
    page.locator(".ks-join .ks-class-code input").fill(code)
    page.locator(".ks-join .ks-nickname input").fill(nickname)
    page.locator(".ks-join-button").click()
    expect(page.locator(".ks-join-status")).to_contain_text(nickname, timeout=20_000)


def open_class(teacher, server) -> str:
    """The teacher opens the dashboard and a new class; returns its code."""
    teacher.goto(server.teacher_url(), timeout=LOAD)
    teacher.locator(".ks-open-class").click()
    code_box = teacher.locator(".ks-dash span.ks-class-code")
    expect(code_box).to_have_count(1, timeout=30_000)
    return code_box.inner_text()


def exercise_one(page, title: str = "Übung 1: Wie viele Arten"):
    """The first exercise of lesson 1 ("Wie viele Arten?"; the exit ticket asks it again below),
    or the exercise of lesson 1 with this title."""
    return page.locator(".ks-exercise", has_text=title)


def answer(page, value: int, title: str = "Übung 1: Wie viele Arten") -> None:
    exercise = exercise_one(page, title)
    exercise.locator("input").fill(str(value))
    exercise.locator("button", has_text="Prüfen").click()


def test_teacher_sees_two_pupils_work_within_five_seconds(server, browser):
    right = subsets.ways_problems()[0].answer
    teacher_context, teacher = context_page(browser)
    pupils = [context_page(browser) for _ in range(2)]
    try:
        class_code = open_class(teacher, server)
        recorders = []
        for (context, page), nickname in zip(pupils, ("Ana", "Ben")):
            recorders.append(Received(context))
            page.goto(server.url("lessons/01_teilsummen.ipynb"), timeout=LOAD)
            expect(page.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
            join(page, class_code, nickname)
        ana, ben = pupils[0][1], pupils[1][1]
        answer(ana, right)  # Ana: right at the first try
        expect(exercise_one(ana).locator(".ks-say-good")).to_be_visible(timeout=20_000)
        answer(ben, right + 1)  # Ben: wrong, a hint, then right
        expect(exercise_one(ben).locator(".ks-say-warn")).to_be_visible(timeout=20_000)
        exercise_one(ben).locator("button", has_text="Tipp").click()
        answer(ben, right)
        expect(exercise_one(ben).locator(".ks-say-good")).to_be_visible(timeout=20_000)
        done = time.monotonic()

        grid = teacher.locator(".ks-grid")
        row = {name: grid.locator("tr", has=teacher.locator("th", has_text=name)) for name in ("Ana", "Ben")}
        expect(row["Ana"].locator("td.ks-cell").first).to_have_class("ks-cell ks-first", timeout=5_000)
        expect(row["Ben"].locator("td.ks-cell").first).to_have_class("ks-cell ks-after", timeout=5_000)
        seen_after = time.monotonic() - done
        assert seen_after <= 5.0
        assert row["Ana"].locator("td.ks-cell").first.inner_text() == "✔"
        assert row["Ben"].locator("td.ks-cell").first.inner_text() == "↻2?"
        expect(teacher.locator(".ks-wrong")).to_contain_text(f"{right + 1} (1-mal)")
        expect(teacher.locator(".ks-presence")).to_contain_text("Ana")
        teacher.screenshot(path="test-output/screenshots/dashboard_two_pupils.png")

        # nothing of the teacher material reached a pupil: page text and every kernel message
        for (_, page), recorder in zip(pupils, recorders):
            received = received_text(recorder, page)
            body = page.inner_text("body")
            assert received and all(word not in body for word in TEACHER_ONLY)
            assert not any(word in frame for frame in received for word in TEACHER_ONLY)
        # … while the same lesson with the teacher code shows it (so the check above can fail)
        teacher.goto(server.url(f"lessons/01_teilsummen.ipynb?lehrkraft={CODE}"), timeout=LOAD)
        expect(teacher.locator("text=Lösungen aller Übungen").first).to_be_visible(timeout=LOAD)
        assert notes("subsets").splitlines()[0].lstrip("# ") in teacher.inner_text("body")
    finally:
        for context, _ in pupils:
            context.close()
        teacher_context.close()


@pytest.mark.parametrize("width, height", [pytest.param(1366, 900, marks=pytest.mark.slow), (1024, 768)])
def test_dashboard_with_25_generated_pupils(server, browser, width, height):
    store = open_store(server.store_url)
    code = generate(Classes(store), pupils=25, exercises=20, seed=width)
    store.close()
    context, page = context_page(browser, width, height)
    try:
        page.goto(server.teacher_url(), timeout=LOAD)
        page.locator(".ks-dash .widget-dropdown select").first.select_option(code)
        expect(page.locator(".ks-dash span.ks-class-code")).to_have_text(code, timeout=10_000)
        expect(page.locator(".ks-grid tr")).to_have_count(28, timeout=10_000)  # lessons, tasks, numbers, 25 pupils
        assert page.locator(".ks-grid td.ks-first").count() > 0 and page.locator(".ks-grid td.ks-open").count() > 0
        page.screenshot(path=f"test-output/screenshots/dashboard_25_{width}x{height}.png", full_page=False)
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, scroll_width
        page.set_viewport_size({"width": width, "height": 3200})  # the whole dashboard in one picture
        page.screenshot(path=f"test-output/screenshots/dashboard_25_{width}x{height}_full.png")
    finally:
        context.close()
