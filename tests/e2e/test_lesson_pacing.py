"""Pacing and "Aufdecken" through `kartenspiele serve`: one teacher and two pupils.

A lesson the class has not released shows its pupils only "Diese Stunde ist noch gesperrt",
whichever way they open it (the index, its address with their class, a forged class): neither
the page's HTML nor any message its kernel sent (the widget models) holds the lesson's text.
An answer table reaches the pupils' pages only after the teacher presses "Aufdecken", and then
within 5 seconds. Optional parts ("Zusatz") the teacher hides are neither in the page nor in
its widget models.
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.classes import Classes, Pupil
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.lessons import subsets
from kartenspiele.lessons.subsets_numbers import group_text, groups

from .driver import Received

pytestmark = pytest.mark.browser

LOAD = 120_000
LOCKED = "Diese Stunde ist noch gesperrt"
LESSON_3_TEXT = ("Benachbarte Paare", "Trick von Gauß", "Straßen")
"""Words of lesson 3's text and widgets (its Markdown and its exercises)."""
GROUPS_OF_8 = ", ".join(group_text(group) for group in groups(subsets.LESSON_VALUES, 8))
"""The answer row of lesson 1's table of the groups for 8 ("1 + 2 + 5, 1 + 7, …")."""
FOUND = "Der Suchbaum findet genau 4 Gruppen"
"""The sentence above that table (once the Markdown's: an answer before the pupils tried)."""
EXTRAS = ("Üben auf deinem Niveau", "Wähle 4 Karten, mit denen du", "Knobelaufgabe: jede Zahl von 1 bis 15")
"""Words of lesson 1's optional parts: the practice's heading, the challenge's text and its quiz."""


def address(pupil: Pupil) -> str:
    return "?" + urlencode({"klasse": pupil.code, "spitzname": pupil.nickname, "kind": pupil.token})


def received_text(received: Received, page) -> str:
    return "\n".join(m if isinstance(m, str) else m.decode("utf-8", "replace") for m in received.messages(page))


def test_a_locked_lesson_shows_nothing_of_itself_by_any_route(class_server, browser):
    classes = Classes(open_store(class_server.store_url))
    code = classes.open()
    classes.release(code, 1)
    ana = classes.join(code, "Ana")
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    received = Received(context)
    page = context.new_page()
    try:
        page.goto(class_server.url("lessons/00_index.ipynb" + address(ana)), timeout=LOAD)
        index = page.locator(".ks-facts").first
        expect(index).to_contain_text("noch gesperrt", timeout=LOAD)
        assert index.locator("a[href^='03_folgen']").count() == 0  # no way in from the index
        assert "klasse=" in index.locator("a[href^='01_teilsummen']").get_attribute("href")  # keeps the class
        forged = address(Pupil(code, "Ana", "forged-token"))
        made_up = "?" + urlencode({"klasse": "ZZZZZ", "spitzname": "Ana", "kind": "x"})
        # "" last: Ana's browser remembers her class (a cookie the server hands to the kernel)
        for query in (address(ana), forged, made_up, ""):
            page = context.new_page()  # its own record of what the kernel sent
            page.goto(class_server.url("lessons/03_folgen.ipynb" + query), timeout=LOAD)
            expect(page.locator(".ks-lesson-bar")).to_contain_text("gesperrt", timeout=LOAD)  # any reason
            if query == address(ana):
                expect(page.locator(".ks-lesson-bar")).to_contain_text(LOCKED)  # the bar's way home keeps the class
                assert "klasse=" in page.locator(".ks-lesson-bar a.ks-home").get_attribute("href")
            page.wait_for_timeout(1_000)  # any late widget message would have come by now
            html, sent = page.content(), received_text(received, page)
            for word in LESSON_3_TEXT:
                assert word not in html and word not in sent, (query, word)
        page.screenshot(path="test-output/screenshots/lesson_locked.png")
        # … while the released lesson 1 shows its text (so the checks above can fail), also to Ana
        # without her class in its address
        for query in (address(ana), ""):
            page.goto(class_server.url("lessons/01_teilsummen.ipynb" + query), timeout=LOAD)
            expect(page.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
            assert "Suchbaum" in page.content() and LOCKED not in page.inner_text("body")
            expect(page.locator(".ks-join-status")).to_have_text(f"Klasse {code} · Ana")
    finally:
        context.close()


def test_an_answer_reaches_the_pupils_within_five_seconds_of_aufdecken(class_server, browser):
    teacher_context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    teacher = teacher_context.new_page()
    pupils = []
    try:
        teacher.goto(class_server.teacher_url(), timeout=LOAD)
        teacher.locator(".ks-open-class").click()
        code_box = teacher.locator(".ks-dash span.ks-class-code")
        expect(code_box).to_have_count(1, timeout=30_000)
        classes = Classes(open_store(class_server.store_url))
        for nickname in ("Ana", "Ben"):
            context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
            received = Received(context)
            page = context.new_page()
            page.goto(
                class_server.url("lessons/01_teilsummen.ipynb" + address(classes.join(code_box.inner_text(), nickname)))
            )
            pupils.append((context, page, received))
        for _, page, received in pupils:
            expect(page.locator(".ks-reveal-note").first).to_be_visible(timeout=LOAD)
            seen = page.content() + received_text(received, page)
            assert all(answer not in seen for answer in (GROUPS_OF_8, FOUND, "6 Karten der Auslage")), page
        pupils[0][1].locator(".ks-reveal-note").first.scroll_into_view_if_needed()
        pupils[0][1].screenshot(path="test-output/screenshots/lesson_before_reveal.png")
        teacher.locator(".ks-reveal-subsets-groups").click()
        expect(teacher.locator(".ks-reveal-subsets-groups")).to_have_text("Wieder verdecken", timeout=10_000)
        revealed = time.monotonic()
        for _, page, _ in pupils:
            expect(page.locator(".ks-reveal", has_text=GROUPS_OF_8).first).to_be_visible(timeout=5_000)
        assert time.monotonic() - revealed <= 5.0
        expect(pupils[1][1].locator(".ks-reveal", has_text=FOUND)).to_have_count(1)  # with its sentence
        page = pupils[0][1]
        page.locator(".ks-reveal", has_text=GROUPS_OF_8).first.scroll_into_view_if_needed()
        page.screenshot(path="test-output/screenshots/lesson_after_reveal.png")
        assert pupils[0][1].locator(".ks-reveal-note").count() == 2  # the captures table and the Merksatz wait

        # the optional parts: labelled, and gone for the class once the teacher hides them
        page.locator(".ks-zusatz").nth(1).scroll_into_view_if_needed()
        page.screenshot(path="test-output/screenshots/lesson_zusatz_label.png")
        _, ben, received = pupils[1]
        assert all(word in ben.content() + received_text(received, ben) for word in EXTRAS)
        teacher.locator(".ks-extras-toggle").click()
        expect(teacher.locator(".ks-extras-toggle")).to_have_text("Zusatz wieder zeigen", timeout=10_000)
        url = ben.url
        ben = pupils[1][0].new_page()  # the same pupil opens the lesson again
        ben.goto(url, timeout=LOAD)
        expect(ben.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
        expect(ben.locator(".ks-sicherung")).to_be_visible(timeout=LOAD)  # the last widget of the lesson
        ben.wait_for_timeout(1_000)
        html, sent = ben.content(), received_text(received, ben)
        assert "Sicherung" in html and ben.locator(".ks-zusatz").count() == 0
        assert not any(word in html or word in sent for word in EXTRAS)
    finally:
        for context, _, _ in pupils:
            context.close()
        teacher_context.close()
