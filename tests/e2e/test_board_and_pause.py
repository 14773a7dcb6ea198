"""The teacher's screen is the class's screen (issue 36), through `kartenspiele serve` with one
teacher, a board window for the projector and four pupils, each in their own browser.

* The dashboard's address holds no code once it has loaded, and a reload keeps the dashboard; a
  second device gets it by a one-time pass, once.
* The board ("Tafel") shows the class code and how to join, then only what the teacher sends:
  the answers picked, in the teacher's order, a timer, a revealed table — never a nickname the
  teacher did not pick and never the teacher code, in its HTML or in any websocket message.
* "Alle Bildschirme anhalten" covers every pupil's page within 3 s (a tap on a button reaches the
  pause screen, not the button); "freigeben" lifts it within 3 s and each page is as it was.
* "Namen verbergen": the dashboard shows pseudonyms only, also after a reload.
* Pacing within a lesson by every route (the class cookie, another spelling of the address, the
  pupil's own address, joining on the page): nothing of a later section in the HTML or frames;
  releasing the next section offers "Weiter", which shows it.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.pupil import CLASS_COOKIE
from kartenspiele.classroom.classes.sections import lesson_sections
from kartenspiele.i18n import text
from kartenspiele.lessons import subsets

from .driver import SCREENSHOTS, TEACHER_CODE, Received
from .test_teacher import LOAD, answer, exercise_one, join, received_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # minutes of browser walks: `make test-slow`

NICKNAMES = ("Ana", "Ben", "Cem", "Dan")
STEP = 20_000
PAUSE_S = 3.0
LESSON_3 = "lessons/03_folgen.ipynb"
LATER = (
    *(section.title for section in lesson_sections("sequences")[2:]),  # "2. Benachbarte Paare" …
    text("lessons.sequences.sum.title", "de"),  # the widgets of later sections
    text("lessons.sequences.challenge.title", "de"),
)
"""What only lesson 3's sections after "1. Straßen" hold: their headings, their widgets' titles."""


def new_page(browser, width=1280, height=720):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE")
    received = Received(context)
    return SimpleNamespace(context=context, page=context.new_page(), received=received)


@pytest.fixture(scope="module")
def room(class_server, browser):
    """The teacher with the dashboard, the board window and four pupils who joined and answered."""
    teacher = new_page(browser)
    pupils = {nick: new_page(browser, 1024, 768) for nick in NICKNAMES}
    try:
        teacher.page.goto(class_server.teacher_url(), timeout=LOAD)
        teacher.page.locator(".ks-open-class").click()
        code_box = teacher.page.locator(".ks-dash span.ks-class-code")
        expect(code_box).to_have_count(1, timeout=30_000)
        code = code_box.inner_text()
        with teacher.context.expect_page() as opened:
            teacher.page.locator("a.ks-open-board").click()
        board = SimpleNamespace(page=opened.value, received=teacher.received)
        board.page.set_viewport_size({"width": 1280, "height": 720})
        expect(board.page.locator(".ks-tafel-code")).to_have_text(code, timeout=LOAD)
        right = subsets.ways_problems()[0].answer
        for offset, (nick, pupil) in enumerate(pupils.items(), start=1):
            pupil.page.goto(class_server.url("lessons/01_teilsummen.ipynb"), timeout=LOAD)
            expect(pupil.page.locator(".ks-exercise").first).to_be_visible(timeout=LOAD)
            join(pupil.page, code, nick)
            answer(pupil.page, right + offset)  # four different wrong answers
            expect(exercise_one(pupil.page).locator(".ks-say-warn")).to_be_visible(timeout=STEP)
        yield SimpleNamespace(server=class_server, teacher=teacher, board=board, pupils=pupils, code=code, right=right)
    finally:
        for pupil in pupils.values():
            pupil.context.close()
        teacher.context.close()


def board_text(room) -> str:
    """Everything the board window holds: its page's HTML and every websocket message it received."""
    return room.board.page.content() + "\n".join(received_text(room.board.received, room.board.page))


def test_the_dashboard_keeps_no_code_in_its_address_and_a_second_device_gets_it_once(room, browser):
    teacher = room.teacher.page
    assert "lehrkraft=" not in teacher.url and TEACHER_CODE not in teacher.url
    assert TEACHER_CODE not in teacher.content()
    teacher.reload(timeout=LOAD)
    expect(teacher.locator(".ks-dash span.ks-class-code")).to_have_text(room.code, timeout=LOAD)
    assert teacher.locator(".ks-refusal").count() == 0 and "lehrkraft=" not in teacher.url
    teacher.locator(".ks-second-device").click()
    link = teacher.locator("a.ks-device-link")
    expect(link).to_have_count(1, timeout=STEP)
    assert teacher.locator(".ks-device-qr svg").count() == 1
    address = link.get_attribute("href")
    assert TEACHER_CODE not in address
    tablet, other = new_page(browser, 1024, 768), new_page(browser, 1024, 768)
    try:
        tablet.page.goto(address, timeout=LOAD)
        expect(tablet.page.locator(".ks-dash")).to_be_visible(timeout=LOAD)
        assert "lehrkraft/" not in tablet.page.url  # on the dashboard's own address
        answered = other.page.goto(address, timeout=LOAD)  # the same pass again: used up
        assert answered is not None and answered.status == 401
        assert other.page.locator(".ks-dash").count() == 0
    finally:
        tablet.context.close()
        other.context.close()


def test_the_board_shows_only_what_the_teacher_sends(room):
    teacher, board = room.teacher.page, room.board.page
    assert board.locator(".ks-tafel-join svg").count() == 1  # the QR code for joining
    assert "lehrkraft=" not in board.url
    shown = board_text(room)
    assert TEACHER_CODE not in shown and not [nick for nick in NICKNAMES if nick in board.inner_text("body")]
    for nick in NICKNAMES:  # no nickname anywhere in the board's page or messages
        assert f">{nick}<" not in shown and f'"{nick}"' not in shown, nick
    control = teacher.locator(".ks-board-control")
    control.locator(".widget-dropdown", has_text="Aufgabe").locator("select").select_option(index=0)
    picks = control.locator(".ks-board-answers .ks-board-pick")
    expect(picks).to_have_count(4, timeout=STEP)
    listed = control.locator(".ks-board-answers .ks-board-answer-text").all_inner_texts()
    chosen = [listed[2], listed[0]]  # the teacher's order, not the list's
    picks.nth(2).click()
    expect(control.locator(".ks-board-chosen .ks-board-answer-text")).to_have_count(1, timeout=STEP)
    picks.nth(0).click()
    expect(control.locator(".ks-board-chosen .ks-board-answer-text")).to_have_count(2, timeout=STEP)
    control.locator(".ks-board-minutes select, .widget-dropdown:has-text('Timer') select").first.select_option(
        label=text("boardctl.minutes", "de", count=2)
    )
    control.locator(".ks-timer-start").click()
    control.locator(".ks-board-project").click()
    expect(board.locator(".ks-tafel-text")).to_have_text(chosen, timeout=STEP)
    expect(board.locator(".ks-tafel-letter")).to_contain_text(["A", "B"])
    expect(board.locator(".ks-tafel-timer")).to_contain_text("1:5", timeout=STEP)  # counting down from 2:00
    # a revealed table: "Aufdecken" first, then onto the board
    teacher.locator(".ks-reveal-subsets-groups").click()
    control.locator(".widget-dropdown", has_text="Lösung").locator("select").select_option(index=0)
    control.locator(".ks-board-table").click()
    expect(board.locator(".ks-tafel-table table")).to_have_count(1, timeout=STEP)
    board.screenshot(path=str(SCREENSHOTS / "board_1280x720.png"))
    shown = board_text(room)
    assert TEACHER_CODE not in shown
    for nick in NICKNAMES:
        assert f">{nick}<" not in shown and f'"{nick}"' not in shown and nick not in board.inner_text("body"), nick


def test_pause_and_resume_reach_every_pupil_within_three_seconds(room):
    teacher = room.teacher.page
    ana = room.pupils["Ana"].page
    exercise_one(ana).locator("input").fill("12")  # typed, not sent: it must be there after the pause
    ana.locator(".ks-exercise").nth(1).scroll_into_view_if_needed()
    scrolled = ana.evaluate("document.querySelector('#main, body').scrollTop + window.scrollY")
    teacher.locator(".ks-pause").click()
    started = time.monotonic()
    for pupil in room.pupils.values():
        expect(pupil.page.locator("#ks-class-screen")).to_be_visible(timeout=PAUSE_S * 1000)
    paused_after = time.monotonic() - started
    assert paused_after <= PAUSE_S, paused_after
    expect(ana.locator("#ks-class-screen")).to_contain_text("Schau nach vorne")
    button = exercise_one(ana).locator("button", has_text="Prüfen")
    box = button.bounding_box()
    hit = ana.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y).closest('#ks-class-screen')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit  # a tap on "Prüfen" lands on the pause screen
    expect(room.board.page.locator(".ks-tafel-pause")).to_be_visible(timeout=PAUSE_S * 1000)
    ana.screenshot(path=str(SCREENSHOTS / "pupil_paused_1024x768.png"))
    teacher.screenshot(path=str(SCREENSHOTS / "dashboard_paused_1280x720.png"))
    teacher.locator(".ks-pause").click()
    started = time.monotonic()
    for pupil in room.pupils.values():
        expect(pupil.page.locator("#ks-class-screen")).to_be_hidden(timeout=PAUSE_S * 1000)
    assert time.monotonic() - started <= PAUSE_S
    assert exercise_one(ana).locator("input").input_value() == "12"
    assert ana.evaluate("document.querySelector('#main, body').scrollTop + window.scrollY") == scrolled
    expect(room.board.page.locator(".ks-tafel-pause")).to_have_count(0, timeout=PAUSE_S * 1000)


def test_hiding_the_names_shows_pseudonyms_only(room):
    teacher = room.teacher.page
    teacher.locator(".ks-anonymous input").check()
    grid = teacher.locator(".ks-grid")
    expect(grid).to_contain_text("Adler·1", timeout=STEP)
    for view in (".ks-grid", ".ks-presence"):
        shown = teacher.locator(view).inner_text()
        assert not [nick for nick in NICKNAMES if nick in shown], (view, shown)
    shown = grid.inner_text()
    assert all(f"{animal}·{place}" in shown for place, animal in enumerate(("Adler", "Biber", "Dachs", "Eule"), 1))
    teacher.screenshot(path=str(SCREENSHOTS / "dashboard_anonymous_1280x720.png"))
    teacher.reload(timeout=LOAD)  # the class keeps it
    expect(teacher.locator(".ks-grid")).to_contain_text("Biber·2", timeout=LOAD)
    assert "Ben" not in teacher.locator(".ks-grid").inner_text()
    teacher.locator(".ks-anonymous input").uncheck()
    expect(teacher.locator(".ks-grid")).to_contain_text("Ben", timeout=STEP)


def assert_up_to_streets(page, received: Received, why: str) -> None:
    """Lesson 3 shows "1. Straßen" and nothing of a later section, in the HTML or in any message."""
    expect(page.locator(".ks-lesson-bar")).to_contain_text("Abschnitt für Abschnitt", timeout=LOAD)
    body = page.inner_text("body")
    assert "Straßen" in body, why
    html = page.content()
    frames = received_text(received, page)
    for word in LATER:
        assert word not in html, (why, word)
        assert not [frame for frame in frames if word in frame], (why, word)


def test_pacing_within_a_lesson_by_every_route(room, browser):
    teacher = room.teacher.page
    pace = teacher.locator(".ks-section-pace")
    pace.locator(".ks-section-lesson select").select_option(label=text("lessons.catalogue.sequences.title", "de"))
    pace.locator(".ks-section-until select").select_option(label="bis „1. Straßen“")
    expect(pace.locator(".ks-section-state")).to_contain_text("2 von 9", timeout=STEP)
    ben = room.pupils["Ben"]
    remembered = unquote(next(c["value"] for c in ben.context.cookies() if c["name"] == CLASS_COOKIE))
    routes = {
        "the class cookie": LESSON_3,
        "another spelling": "lessons/03%5Ffolgen.ipynb",
        "the pupil's own address": f"{LESSON_3}?{remembered}",
    }
    for why, path in routes.items():
        ben.page.goto(room.server.url(path), timeout=LOAD)
        assert_up_to_streets(ben.page, ben.received, why)
    # joining on the page: a pupil without a class sees the whole lesson, joins, and the page closes it
    newcomer = new_page(browser, 1024, 768)
    try:
        newcomer.page.goto(room.server.url(LESSON_3), timeout=LOAD)
        expect(newcomer.page.locator("text=Arithmetische Folgen").first).to_be_visible(
            timeout=LOAD
        )  # the check can fail
        join(newcomer.page, room.code, "Eda")
        newcomer.page.wait_for_load_state()
        expect(newcomer.page.locator(".ks-lesson-bar")).to_contain_text("Abschnitt für Abschnitt", timeout=LOAD)
        assert "3. Arithmetische Folgen" not in newcomer.page.content()
    finally:
        newcomer.context.close()
    # one section more: the open page offers "Weiter", which shows it
    ben.page.goto(room.server.url(LESSON_3), timeout=LOAD)
    assert_up_to_streets(ben.page, ben.received, "before the next section")
    pace.locator(".ks-section-next").click()
    expect(ben.page.locator("#ks-more-bar")).to_be_visible(timeout=PAUSE_S * 1000)
    ben.page.locator("#ks-more-bar button").click()
    expect(ben.page.locator("text=2. Benachbarte Paare").first).to_be_visible(timeout=LOAD)
    assert "3. Arithmetische Folgen" not in ben.page.content()
    teacher.screenshot(path=str(SCREENSHOTS / "dashboard_1280x720.png"))
