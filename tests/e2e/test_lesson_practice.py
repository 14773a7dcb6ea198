"""A pupil works through lesson 4 in Voilà on a 1024×768 screen: the group experiment (estimate
first, then deal from the group's own seed), and the practice at each level — a wrong answer
gets a hint and no solution, the right one is praised and explained, "Neue Aufgabe" goes on."""

import re

import pytest
from playwright.sync_api import expect

from kartenspiele.i18n import text
from kartenspiele.practice import LEVELS, exercise

pytestmark = pytest.mark.browser
STEP_MS = 30_000


@pytest.fixture
def small_page(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    yield page
    context.close()


def answer(practice, made, right: bool) -> None:
    """Answer exercise `made` in the practice widget, rightly or with a wrong answer."""
    if made.choices:
        labels = made.choice_texts("de")
        index = made.answer if right else (made.answer + 1) % len(labels)
        practice.locator(".ks-practice-choices button", has_text=labels[index]).first.click()
        return
    value = made.answer if right else made.answer + 7
    box = practice.locator("input[type=text]").first
    box.fill(f"{value} %" if made.level == "knobeln" and right else str(value))
    practice.get_by_role("button", name=text("practice.check", "de")).click()


def test_a_pupil_works_through_lesson_4_at_each_level(voila, small_page, shots):
    page = small_page
    page.goto(voila.url("lessons/04_zufall.ipynb"), timeout=120_000)
    expect(page.locator(".ks-practice").first).to_be_visible(timeout=120_000)

    # the experiment: the deal buttons wait for an estimate; the group's seed is shown
    experiment = page.locator(".ks-exercise", has_text="Eure Spielnummer").first
    seed = re.search(r"Eure Spielnummer: (\d{4})", experiment.inner_text()).group(1)
    deal = experiment.get_by_role("button", name=text("lessons.chance.sim.deal", "de", games=100))
    expect(deal).to_be_disabled()
    experiment.locator("input[type=text]").first.fill("4")
    experiment.locator("input[type=text]").first.press("Tab")
    expect(deal).to_be_enabled(timeout=STEP_MS)
    deal.click()
    expect(experiment.locator("text=100 Hände ausgeteilt")).to_be_visible(timeout=STEP_MS)
    expect(experiment.locator("svg.ks-chart")).to_be_visible(timeout=STEP_MS)
    experiment.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lesson4_experiment_1024.png"))
    experiment.get_by_role("button", name=text("lessons.chance.sim.reset", "de")).click()
    expect(experiment.locator(f"text=Eure Spielnummer: {seed}")).to_have_count(0, timeout=STEP_MS)

    practice = page.locator(".ks-practice").first
    practice.scroll_into_view_if_needed()
    for level in LEVELS:
        practice.get_by_role("button", name=text(f"practice.level.{level}", "de"), exact=True).click()
        first = exercise(4, level, 1)
        expect(practice.locator(".ks-prompt")).to_contain_text(first.question_text("de")[:40], timeout=STEP_MS)
        answer(practice, first, right=False)
        hint = practice.locator(".ks-say-warn")
        expect(hint).to_be_visible(timeout=STEP_MS)
        assert first.solution_text("de")[:30] not in practice.inner_text()  # a wrong answer shows no solution
        answer(practice, first, right=True)
        expect(practice.locator(".ks-say-good")).to_contain_text(text("practice.f.right", "de"), timeout=STEP_MS)
        expect(practice.locator(".ks-say-good")).to_contain_text(first.solution_text("de")[:30])
        page.screenshot(path=str(shots / f"lesson4_practice_{level}_1024.png"))
        practice.get_by_role("button", name=text("practice.new", "de")).click()
        second = exercise(4, level, 2)
        expect(practice.locator(".ks-prompt")).to_contain_text(second.question_text("de")[:40], timeout=STEP_MS)
        answer(practice, second, right=True)
        expect(practice.locator(".ks-say-good")).to_be_visible(timeout=STEP_MS)
    assert page.locator("text=Traceback").count() == 0
