"""The game page as an app: a friendly waiting page while the kernel starts (in the address's
language, never Voilà's English spinner), moves that fly (and stay still for people who ask for
reduced motion), the banner's resume as a real button."""

import pytest
from playwright.sync_api import expect

from .driver import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, click_and_wait, start_game, wait_for_turn_or_end

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("address", "title"), [("quanto.ipynb", "Gleich geht es los!"), ("start.ipynb?lang=en", "Almost there!")]
)
def test_a_friendly_wait_while_the_kernel_starts(browser, voila, address, title):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(voila.url(f"notebooks/{address}"), wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        waiting = page.locator("#ks-wait")
        expect(waiting.locator("h1")).to_have_text(title, timeout=LOAD_TIMEOUT_MS)
        assert waiting.is_visible() and page.locator("#ks-wait .ks-wait-cards span").count() == 4
        assert "Starting up" not in page.locator("body").inner_text()
        expect(waiting).to_have_count(0, timeout=LOAD_TIMEOUT_MS)  # gone once the page is drawn
        expect(page.locator(".ks-table").first).to_be_visible()
        assert page.locator("#ks-lost-resume").evaluate("e => e.tagName") == "BUTTON"
    finally:
        context.close()


def game_page(browser, voila, app: str, seed: int, **context_options):
    """A context and its page with a game of `app` dealt, the child to move."""
    context = browser.new_context(locale="de-DE", **context_options)
    page = context.new_page()
    page.goto(voila.url(f"notebooks/{app}"), timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".ks-setup .ks-start", timeout=LOAD_TIMEOUT_MS)
    start_game(page, seed=seed)
    wait_for_turn_or_end(page)
    return context, page


def flights_after_a_move(browser, voila, motion: str) -> tuple[int, int]:
    """Copies in flight just after a Tausch-Rausch move, and a second later."""
    size = {"width": 1024, "height": 768}
    context, page = game_page(browser, voila, "tausch_rausch.ipynb", 35, viewport=size, reduced_motion=motion)
    try:
        click_and_wait(page, page.locator(".ks-toolbar button:has(i.fa-lightbulb-o)"))
        click_and_wait(page, page.locator("button.ks-hinted").first)
        page.wait_for_timeout(60)
        flying = page.locator(".ks-flights .ks-ghost").count()
        page.wait_for_timeout(1000)
        return flying, page.locator(".ks-flights .ks-ghost").count()
    finally:
        context.close()


@pytest.mark.slow  # issue 35 is open: a CI run at load 5 counted no flying copy (0, 0) after the
# move; it passed in four earlier full runs. The count is taken once, while copies fly 380 ms
def test_a_move_flies_to_where_it_went_and_stays_still_for_reduced_motion(browser, voila):
    flying, later = flights_after_a_move(browser, voila, "no-preference")
    assert flying >= 2 and later == 0, (flying, later)  # the cards given and taken, for at most 400 ms
    assert flights_after_a_move(browser, voila, "reduce") == (0, 0)


def test_the_language_switch_is_on_the_table_during_a_game(browser, voila):
    context, page = game_page(browser, voila, "quanto.ipynb", 7, viewport={"width": 768, "height": 1024})
    try:
        switch = page.locator(".ks-toolbar:not(.ks-settings) .ks-language button", has_text="English")
        expect(switch).to_be_visible()
        switch.click()
        expect(page.locator(".ks-toolbar button", has_text="Undo")).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    finally:
        context.close()
