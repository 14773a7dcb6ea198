"""The tables on a tablet, by keyboard and for screen readers: layout at three viewports,
touch targets, no layout shift, an axe-core audit, and whole games played with keys only."""

import pytest
from playwright.sync_api import expect

from .driver import click_and_wait, open_app, start_game, wait_for_turn_or_end
from .keys import (
    Keyboard,
    play_whole_game,
    quanto_turn,
    start_by_keys,
    tausch_rausch_turn,
)
from .tablet import VIEWPORTS, axe_violations, geometry, serious, small_targets

pytestmark = pytest.mark.browser

SLOW_VIEWPORTS = [pytest.param(name, marks=pytest.mark.slow) if name != "landscape" else name for name in VIEWPORTS]


def at(browser, viewport: str):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE")
    return context, context.new_page()


def check_layout(page, viewport: str, shots, name: str) -> dict:
    """The table fits (a phone may scroll once), nothing scrolls sideways, hand and playing area
    are seen together (on a tablet; the hand does not cover the table), every control is at
    least 44 × 44 px."""
    width, height = VIEWPORTS[viewport]
    page.locator(".ks-table-cards, .ks-market").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    box = geometry(page)
    assert box["width"] <= width, f"sideways scrolling: {box['width']} px"
    assert box["table"] <= (height if viewport != "phone" else 2 * height), f"table {box['table']} px tall"
    hand, play, pinned = box["hand"], box["play"], box["pinned"]
    if viewport != "phone":
        assert 0 <= hand["top"] and hand["bottom"] <= height + 1, f"hand not in view: {hand}"
    assert play["top"] >= -1 and play["bottom"] <= pinned["top"] + 1, f"playing area hidden or out of view: {play}"
    assert small_targets(page) == []
    page.screenshot(path=str(shots / f"tablet_{name}_{viewport}.png"))
    return box


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_tausch_rausch_fits_and_keeps_its_place(voila, browser, shots, viewport):
    context, page = at(browser, viewport)
    try:
        open_app(page, voila.url("notebooks/tausch_rausch.ipynb"))
        start_game(page, 7)
        wait_for_turn_or_end(page)
        hand = page.locator(".ks-hand-cards button")
        click_and_wait(page, hand.nth(0))
        before = geometry(page)["hand"]["top"]
        click_and_wait(page, page.locator(".ks-stall-button").nth(4))  # one card for three: refused
        expect(page.locator(".ks-message")).to_contain_text("genau 3 Karten")
        assert abs(geometry(page)["hand"]["top"] - before) <= 1, "the message pushed the hand"
        click_and_wait(page, hand.nth(1))
        check_layout(page, viewport, shots, "tausch_rausch")
        if viewport == "landscape":
            assert serious(axe_violations(page)) == []
            assert page.locator(".ks-hand-cards button[aria-pressed='true']").count() == 2
            names = page.locator(".ks-hand-cards button").evaluate_all(
                "bs => bs.map(b => b.getAttribute('aria-label'))"
            )
            assert all(n and n.split()[0] in ("gelbe", "grüne", "blaue", "rote") for n in names), names
            tasks = page.locator(".ks-task-button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
            assert len(set(tasks)) == len(tasks) == 5 and all(t.startswith("Aufgabe erfüllen:") for t in tasks)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", SLOW_VIEWPORTS)
def test_quanto_fits_and_keeps_its_place(voila, browser, shots, viewport):
    context, page = at(browser, viewport)
    try:
        open_app(page, voila.url("notebooks/quanto.ipynb"))
        start_game(page, 7)
        wait_for_turn_or_end(page)
        before = geometry(page)["hand"]["top"]
        click_and_wait(page, page.locator(".ks-table-cards button").first)  # a table card first: told why not
        expect(page.locator(".ks-message .ks-say")).to_be_visible()
        assert abs(geometry(page)["hand"]["top"] - before) <= 1, "the message pushed the hand"
        click_and_wait(page, page.locator(".ks-hand-cards button").first)
        check_layout(page, viewport, shots, "quanto")
        if viewport == "landscape":
            assert serious(axe_violations(page)) == []
            names = page.locator(".ks-table-cards button, .ks-hand-cards button").evaluate_all(
                "bs => bs.map(b => b.getAttribute('aria-label'))"
            )
            assert all(names) and page.locator(".ks-hand-cards button[aria-pressed='true']").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("app", ["start.ipynb", "quanto_tutorial.ipynb", "tausch_rausch_tutorial.ipynb"])
def test_pages_pass_the_axe_audit_and_link_home(voila, browser, shots, app):
    context, page = at(browser, "landscape")
    try:
        open_app(page, voila.url(f"notebooks/{app}"))
        page.wait_for_timeout(1500)  # let the access script put its names on
        assert serious(axe_violations(page)) == []
        if app != "start.ipynb":
            expect(page.locator("a.ks-home").first).to_have_attribute("href", "start.ipynb")
            assert small_targets(page) == []
        page.screenshot(path=str(shots / f"tablet_{app.removesuffix('.ipynb')}.png"))
    finally:
        context.close()


def keyboard_game(voila, browser, app: str, turn, whole: bool, seed: int) -> Keyboard:
    context, page = at(browser, "landscape")
    try:
        open_app(page, voila.url(f"notebooks/{app}"))
        keys = Keyboard(page)
        start_by_keys(keys, seed)
        assert keys.wait_focus_in("ks-hand-cards")  # after "Spiel starten" the focus is on the table
        ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth")
        assert float(ring.removesuffix("px")) >= 3, ring
        if whole:
            play_whole_game(keys, turn)
            expect(page.locator(".ks-result")).to_contain_text("Spielende")
            keys.wait_focus_in("ks-result-buttons")
        else:
            start = keys.presses
            for _ in range(3):
                assert not wait_for_turn_or_end(page)
                turn(keys)
            keys.per_turn = (keys.presses - start) / 3
            assert not wait_for_turn_or_end(page)
            assert keys.wait_focus_in("ks-hand-cards", "ks-actions")  # back to the hand after the move
        page.screenshot(path=str(voila.root / "test-output" / "screenshots" / f"keys_{app.removesuffix('.ipynb')}.png"))
        return keys
    finally:
        context.close()


def test_quanto_turns_by_keyboard(voila, browser, shots):
    keys = keyboard_game(voila, browser, "quanto.ipynb", quanto_turn, whole=False, seed=7)
    print(f"key presses per Quanto turn: {keys.per_turn:.1f}")


def test_tausch_rausch_turns_by_keyboard(voila, browser, shots):
    keyboard_game(voila, browser, "tausch_rausch.ipynb", tausch_rausch_turn, whole=False, seed=7)


@pytest.mark.slow
def test_whole_quanto_game_by_keyboard(voila, browser, shots):
    keys = keyboard_game(voila, browser, "quanto.ipynb", quanto_turn, whole=True, seed=7)
    print(f"key presses for a whole Quanto game: {keys.presses}")


@pytest.mark.slow
def test_whole_tausch_rausch_game_by_keyboard(voila, browser, shots):
    keys = keyboard_game(voila, browser, "tausch_rausch.ipynb", tausch_rausch_turn, whole=True, seed=7)
    print(f"key presses for a whole Tausch-Rausch game: {keys.presses}")
