"""Every lesson renders in Voilà: its widgets appear, no error is shown, and axe-core finds
no serious or critical accessibility problem."""

import pytest
from playwright.sync_api import expect

from kartenspiele.i18n import text

from .driver import ROOT
from .tablet import axe_violations, new_tab_links, serious

pytestmark = pytest.mark.browser

LESSONS = sorted(path.name for path in (ROOT / "lessons").glob("*.ipynb"))
EXERCISES = {"01_teilsummen.ipynb": 11, "02_gerade_ungerade.ipynb": 11, "03_folgen.ipynb": 12, "04_zufall.ipynb": 13}


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_renders_with_its_widgets(voila, page, shots, name):
    page.goto(voila.url(f"lessons/{name}"), timeout=120_000)
    marker = ".ks-lesson-bar" if name[:2].isdigit() and name[:2] != "00" else "table.ks-facts"
    if name == "handreichung.ipynb":
        marker = ".ks-refusal"  # the teacher's guide needs the teacher code (tests/e2e/test_teacher.py)
    expect(page.locator(marker).first).to_be_visible(timeout=120_000)
    if marker == ".ks-lesson-bar":
        expect(page.locator(".ks-exercise")).to_have_count(EXERCISES.get(name, 6), timeout=60_000)
    assert page.locator("text=Traceback").count() == 0
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    page.wait_for_timeout(1000)  # the access script describes charts and controls
    if name != "handreichung.ipynb":  # the way back to the start page, in the same tab
        expect(page.locator("a.ks-home").first).to_have_attribute("href", "../notebooks/start.ipynb")
    assert new_tab_links(page) == []
    assert serious(axe_violations(page)) == []
    page.screenshot(path=str(shots / f"lesson_{name.removesuffix('.ipynb')}.png"), full_page=False)


@pytest.mark.parametrize(
    "name", [pytest.param("01_teilsummen.ipynb", marks=pytest.mark.slow), "02_gerade_ungerade.ipynb"]
)
def test_a_pupil_works_through_the_lesson_at_each_level(voila, browser, shots, name):
    """At 1024×768: a wrong answer gets help and no solution, each practice level is solved,
    the watched game asks for a prediction first, and a reason is sent."""
    from kartenspiele.practice import LEVELS, exercise

    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(voila.url(f"lessons/{name}"), timeout=120_000)
        expect(page.locator(".ks-practice")).to_be_visible(timeout=120_000)
        quiz = page.locator(".ks-exercise", has=page.locator(".ks-number-entry")).first
        for tries, wrong in enumerate(("50", "60"), 1):  # two genuine tries: "Lösung zeigen" after the second
            quiz.locator(".ks-number-entry input").fill(wrong)
            quiz.locator(".ks-number-entry input").press("Enter")
            expect(quiz.locator(".ks-say-warn")).to_contain_text(wrong, timeout=20_000)
            expect(quiz.get_by_role("button", name="Lösung zeigen")).to_have_count(tries - 1, timeout=20_000)
        assert "Die Lösung" not in quiz.inner_text()
        practice = page.locator(".ks-practice")
        lesson = int(name[:2])
        for level in LEVELS:
            practice.get_by_role("button", name=text(f"practice.level.{level}", "de")).click()
            made = exercise(lesson, level, 1)
            expect(practice.locator(".ks-prompt")).to_contain_text(made.question_text("de")[:30], timeout=20_000)
            if made.choices:  # a choice is judged as it is clicked
                practice.get_by_role("button", name=made.choice_texts("de")[made.answer], exact=True).click()
            else:
                if made.pick:  # tap the cards of a right pick
                    for position in made.picks[0]:
                        practice.locator(".ks-practice-pick button").nth(position).click()
                else:
                    expect(practice.locator("input")).to_have_value("", timeout=20_000)
                    practice.locator("input").fill(str(made.answer))
                practice.get_by_role("button", name="Prüfen").click()
            expect(practice.locator(".ks-say-good")).to_be_visible(timeout=20_000)
        watch = page.locator(".ks-exercise", has_text="Nächster Zug").first
        expect(watch.get_by_role("button", name="Nächster Zug")).to_be_disabled()
        watch.locator(".ks-cards button").first.click()
        expect(watch.get_by_role("button", name="Nächster Zug")).to_be_enabled(timeout=20_000)
        reason = page.locator(".ks-reason")
        reason.locator("textarea").fill("Weil je zwei Karten ein Paar bilden.")
        reason.get_by_role("button", name="Abschicken").click()
        expect(reason.locator(".ks-say-good")).to_be_visible(timeout=20_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(shots / f"lesson_levels_{name.removesuffix('.ipynb')}.png"))
    finally:
        context.close()
