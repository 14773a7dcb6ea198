"""The end of a lesson through Voilà, with one teacher and two pupils in their own browsers.

The pupils answer the exit ticket (one right at once, one after a wrong answer) and one writes
a reason naming a classmate. The dashboard sums up the exit-ticket questions (a row for each,
right, wrong, the wrong answer); the teacher looks at the answers alone, picks one, and the board
window ("Tafel") shows it with its task and cards only after "An die Tafel" (the free text too,
never a nickname). Then the teacher deletes
the class: the open pupil pages say that it has ended, a later answer is not stored, and no
row of the store (every key, log and value of its SQLite file) holds the class's code or
anything a pupil wrote.
"""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import expect

from kartenspiele.lessons import subsets

from .test_teacher import LOAD, answer, context_page, exercise_one, join, open_class

pytestmark = pytest.mark.browser

REASON = "Das hat mir Mia Muster erklärt: die Sieben ist zu groß."
STEP = 20_000
EXIT = "Exit-Ticket: Frage 1 von 3"


def store_rows(url: str) -> list[str]:
    """Every row of every table of the SQLite store, as text."""
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return [repr(row) for table in tables for row in db.execute(f'SELECT * FROM "{table}"')]


def test_exit_ticket_summary_board_preview_and_deletion(class_server, browser):
    right = subsets.exit_questions()[0].answer
    teacher_context, teacher = context_page(browser)
    pupils = [context_page(browser) for _ in range(2)]
    try:
        code = open_class(teacher, class_server)
        for (_, page), nickname in zip(pupils, ("Ana", "Ben")):
            page.goto(class_server.url("lessons/01_teilsummen.ipynb"), timeout=LOAD)
            expect(exercise_one(page, EXIT)).to_be_visible(timeout=LOAD)
            join(page, code, nickname)
        ana, ben = pupils[0][1], pupils[1][1]
        answer(ana, right, EXIT)
        expect(exercise_one(ana, EXIT).locator(".ks-say-good")).to_be_visible(timeout=STEP)
        answer(ben, right + 1, EXIT)
        expect(exercise_one(ben, EXIT).locator(".ks-say-warn")).to_be_visible(timeout=STEP)
        answer(ben, right, EXIT)
        expect(exercise_one(ben, EXIT).locator(".ks-say-good")).to_be_visible(timeout=STEP)
        reason = ana.locator(".ks-reason").first
        reason.locator("textarea").fill(REASON)
        reason.locator("button.ks-main-action").click()
        expect(reason.locator(".ks-say-good")).to_be_visible(timeout=STEP)

        # the exit-ticket summary: one row per question (answered or not), right and wrong counted
        row = teacher.locator(".ks-exit tr", has_text="Exit-Ticket, Frage 1")
        expect(row.locator("td").nth(1)).to_have_text("1 von 2", timeout=10_000)  # right at the first try
        expect(row.locator("td").nth(2)).to_have_text("1 von 2")  # right later
        expect(row.locator("td").nth(5)).to_have_text(f"{right + 1} (1-mal)")
        expect(teacher.locator(".ks-exit tr", has_text="Exit-Ticket, Frage 3").locator("td").nth(4)).to_have_text(
            "2 von 2"  # nobody answered it yet: a row all the same
        )

        # the board: the teacher looks at the answers alone; the board window shows one once it is sent
        with teacher_context.expect_page() as opened:
            teacher.locator("a.ks-open-board").click()
        board = opened.value
        expect(board.locator(".ks-tafel-code")).to_have_text(code, timeout=LOAD)
        control = teacher.locator(".ks-board-control")
        control.locator(".widget-dropdown", has_text="Aufgabe").locator("select").select_option(
            label="Exit-Ticket, Frage 1"
        )
        expect(control.locator(".ks-board-answers")).to_contain_text(str(right + 1), timeout=STEP)
        control.locator(".ks-board-answers .ks-board-pick").first.click()
        expect(control.locator(".ks-board-chosen")).to_contain_text(str(right + 1), timeout=STEP)
        assert board.locator(".ks-tafel-answer").count() == 0  # picked, not yet sent
        control.locator(".ks-board-project").click()
        expect(board.locator(".ks-tafel-text")).to_have_text([str(right + 1)], timeout=STEP)
        assert board.locator(".ks-tafel-answer .ks-chip").count() >= 3  # the task's cards, drawn
        control.locator(".widget-dropdown", has_text="Aufgabe").locator("select").select_option(
            label="Begründe: Abschneiden im Suchbaum – Aufgabe 1"
        )
        # names are not removed from free text: the teacher sees it first, the board only once sent
        expect(control.locator(".ks-board-answers")).to_contain_text("Mia Muster", timeout=STEP)
        assert "Mia Muster" not in board.inner_text("body")
        control.locator(".ks-board-answers .ks-board-pick").first.click()
        control.locator(".ks-board-project").click()
        expect(board.locator(".ks-tafel-text")).to_have_text([str(right + 1), REASON], timeout=STEP)
        shown = board.inner_text("body")
        assert "Ana" not in shown and "Ben" not in shown

        # deleting the class: the pupils' pages say so and record nothing more
        teacher.locator(".ks-delete").click()
        teacher.locator(".ks-delete-yes").click()
        expect(teacher.locator(".ks-dash")).to_contain_text(f"Die Klasse {code} und alle ihre Daten", timeout=STEP)
        wrong = subsets.ways_problems()[0].answer + 1
        answer(ben, wrong)  # at once, before Ben's page has looked
        expect(exercise_one(ben).locator(".ks-say-warn")).to_be_visible(timeout=STEP)
        for page in (ana, ben):
            expect(page.locator(".ks-join-status")).to_contain_text(f"Die Klasse {code} ist beendet", timeout=STEP)
        answer(ana, wrong)
        expect(exercise_one(ana).locator(".ks-say-warn")).to_be_visible(timeout=STEP)
        rows = store_rows(class_server.store_url)
        assert rows  # the store is there and holds other things (counts, the teacher code's …)
        found = [row for row in rows if code in row or "Mia Muster" in row or "Ana" in row]
        assert not found, found[:3]
    finally:
        for context, _ in pupils:
            context.close()
        teacher_context.close()
