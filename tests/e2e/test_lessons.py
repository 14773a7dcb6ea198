"""Every lesson renders in Voilà: its widgets appear, no error is shown, and axe-core finds
no serious or critical accessibility problem."""

import pytest
from playwright.sync_api import expect

from .driver import ROOT
from .tablet import axe_violations, new_tab_links, serious

pytestmark = pytest.mark.browser

LESSONS = sorted(path.name for path in (ROOT / "lessons").glob("*.ipynb"))


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_renders_with_its_widgets(voila, page, shots, name):
    page.goto(voila.url(f"lessons/{name}"), timeout=120_000)
    marker = ".ks-lesson-bar" if name[:2].isdigit() and name[:2] != "00" else "table.ks-facts"
    if name == "handreichung.ipynb":
        marker = ".ks-refusal"  # the teacher's guide needs the teacher code (tests/e2e/test_teacher.py)
    expect(page.locator(marker).first).to_be_visible(timeout=120_000)
    if marker == ".ks-lesson-bar":
        expect(page.locator(".ks-exercise")).to_have_count(6, timeout=60_000)
    assert page.locator("text=Traceback").count() == 0
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    page.wait_for_timeout(1000)  # the access script describes charts and controls
    if name != "handreichung.ipynb":  # the way back to the start page, in the same tab
        expect(page.locator("a.ks-home").first).to_have_attribute("href", "../notebooks/start.ipynb")
    assert new_tab_links(page) == []
    assert serious(axe_violations(page)) == []
    page.screenshot(path=str(shots / f"lesson_{name.removesuffix('.ipynb')}.png"), full_page=False)
