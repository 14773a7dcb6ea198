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
from .tablet import VIEWPORTS, axe_violations, geometry, new_tab_links, overlap, serious, small_targets, small_texts

pytestmark = pytest.mark.browser

SLOW_VIEWPORTS = [pytest.param(name, marks=pytest.mark.slow) if name != "landscape" else name for name in VIEWPORTS]


def at(browser, viewport: str):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE")
    return context, context.new_page()


def hand_on_page(page) -> float:
    """Where the hand starts on the page (not in the window: a phone may have scrolled)."""
    box = geometry(page)
    return box["hand"]["top"] + box["scrolled"]


def check_layout(page, viewport: str, shots, name: str) -> dict:
    """A turn as the player sees it, without scrolling first. On a tablet the whole table fits in
    the window, with the toolbar in one row, and the hand and the playing area (table cards, or
    market and tasks) are both in view and do not overlap. On a phone nothing scrolls sideways
    and the table is at most two windows tall (one scroll between the playing area and the
    hand). Every control is at least 44 × 44 px, every text at least 12 px."""
    width, height = VIEWPORTS.get(viewport, (1366, 900))
    box = geometry(page)
    page.screenshot(path=str(shots / f"tablet_{name}_{viewport}.png"))
    assert box["width"] <= width, f"sideways scrolling: {box['width']} px"
    hand, play, pinned = box["hand"], box["play"], box["pinned"]
    assert not overlap(hand, play), f"the hand {hand} covers the playing area {play}"
    if viewport == "phone":
        assert box["table"] <= 2 * height, f"table {box['table']} px tall"
        assert hand["height"] <= height and play["height"] <= height
    else:
        assert box["scrolled"] == 0 and box["bottom"] <= height, f"table ends at {box['bottom']} px: {box}"
        assert box["toolbar"]["height"] <= 60, f"the toolbar wraps: {box['toolbar']}"
        for part in (hand, play):
            assert 0 <= part["top"] and part["bottom"] <= height, f"not in view: {part}"
        assert play["bottom"] <= pinned["top"] + 1, f"the pinned hand {pinned} covers the playing area {play}"
    assert small_targets(page) == []
    small = small_texts(page)
    assert small == [], sorted({(t["text"], t["size"]) for t in small})
    return box


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_tausch_rausch_fits_and_keeps_its_place(voila, browser, shots, viewport):
    context, page = at(browser, viewport)
    try:
        open_app(page, voila.url("notebooks/tausch_rausch.ipynb"))
        if viewport == "landscape":  # the set-up panel: every drop-down and the game number named
            page.wait_for_selector(".ks-setup input[type=number][aria-label]", timeout=30_000)
            assert serious(axe_violations(page)) == []
        start_game(page, 7)
        wait_for_turn_or_end(page)
        hand = page.locator(".ks-hand-cards button")
        click_and_wait(page, hand.nth(0))
        before = hand_on_page(page)
        click_and_wait(page, page.locator(".ks-stall-button").nth(4))  # one card for three: refused
        expect(page.locator(".ks-message")).to_contain_text("genau 3 Karten")
        assert abs(hand_on_page(page) - before) <= 1, "the message pushed the hand"
        click_and_wait(page, hand.nth(1))
        box = check_layout(page, viewport, shots, "tausch_rausch")
        print(f"Tausch-Rausch table at {viewport}: {box['table']:.0f} px tall")
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
        if viewport == "landscape":  # the set-up panel: every drop-down and the game number named
            page.wait_for_selector(".ks-setup input[type=number][aria-label]", timeout=30_000)
            assert serious(axe_violations(page)) == []
        start_game(page, 7)
        wait_for_turn_or_end(page)
        before = hand_on_page(page)
        click_and_wait(page, page.locator(".ks-table-cards button").first)  # a table card first: told why not
        expect(page.locator(".ks-message .ks-say")).to_be_visible()
        assert abs(hand_on_page(page) - before) <= 1, "the message pushed the hand"
        click_and_wait(page, page.locator(".ks-hand-cards button").first)
        box = check_layout(page, viewport, shots, "quanto")
        print(f"Quanto table at {viewport}: {box['table']:.0f} px tall")
        if viewport == "landscape":
            assert serious(axe_violations(page)) == []
            names = page.locator(".ks-table-cards button, .ks-hand-cards button").evaluate_all(
                "bs => bs.map(b => b.getAttribute('aria-label'))"
            )
            assert all(names) and page.locator(".ks-hand-cards button[aria-pressed='true']").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("app", [pytest.param("quanto", marks=pytest.mark.slow), "tausch_rausch"])
def test_big_cards_fit_a_laptop(voila, browser, shots, app):
    """ "Groß" (behind "Einstellungen" during a game) at 1366 × 900: the table still fits."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="de-DE")
    page = context.new_page()
    try:
        open_app(page, voila.url(f"notebooks/{app}.ipynb"))
        start_game(page, 7)
        wait_for_turn_or_end(page)
        expect(page.locator(".ks-settings")).to_be_hidden()  # the settings row is closed during a game
        settings = page.locator(".ks-toolbar button", has_text="Einstellungen")
        settings.click()
        expect(settings).to_have_attribute("aria-expanded", "true")
        page.locator(".ks-settings button", has_text="Groß").click()
        settings.click()
        expect(page.locator(".ks-table.ks-big")).to_have_count(1)
        expect(page.locator(".ks-settings")).to_be_hidden()
        page.wait_for_timeout(500)
        box = check_layout(page, "big", shots, app)
        print(f"{app} table, big cards, at 1366 × 900: {box['table']:.0f} px tall")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", SLOW_VIEWPORTS)
@pytest.mark.parametrize("app", ["quanto_tutorial", "tausch_rausch_tutorial"])
def test_tutorials_fit_and_keep_their_place(voila, browser, shots, app, viewport):
    """A tutorial's lesson, table and hand at once (the hand pinned); a refusal does not move
    the hand."""
    context, page = at(browser, viewport)
    try:
        open_app(page, voila.url(f"notebooks/{app}.ipynb"))
        wait_for_turn_or_end(page)
        assert page.evaluate("() => getComputedStyle(document.querySelector('.ks-hand-slot')).position") == (
            "static" if viewport == "phone" else "sticky"
        )
        task = page.locator(".ks-message").inner_text()
        if app == "tausch_rausch_tutorial":
            click_and_wait(page, page.locator(".ks-hand-cards button").first)
        before = hand_on_page(page)
        if app == "quanto_tutorial":
            click_and_wait(page, page.locator(".ks-table-cards button").first)  # a table card first: told why not
        else:
            click_and_wait(page, page.locator(".ks-stall-button").first)  # a legal swap, not the lesson's
        expect(page.locator(".ks-message .ks-say")).not_to_have_text(task)
        assert abs(hand_on_page(page) - before) <= 1, "the message pushed the hand"
        if viewport != "phone":  # the lesson is in view too
            lesson = page.locator(".ks-lesson").bounding_box()
            assert lesson["y"] >= 0 and lesson["y"] + lesson["height"] <= VIEWPORTS[viewport][1], lesson
        box = check_layout(page, viewport, shots, app)
        print(f"{app} at {viewport}: {box['table']:.0f} px tall")
    finally:
        context.close()


@pytest.mark.parametrize("app", ["start.ipynb", "quanto_tutorial.ipynb", "tausch_rausch_tutorial.ipynb"])
def test_pages_pass_the_axe_audit_and_link_home(voila, browser, shots, app):
    context, page = at(browser, "landscape")
    try:
        open_app(page, voila.url(f"notebooks/{app}"))
        page.wait_for_timeout(1500)  # let the access script put its names on
        assert serious(axe_violations(page)) == []
        assert new_tab_links(page) == []
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


def test_new_game_can_be_undone_and_cards_move_briefly(voila, browser, shots):
    """ "Neues Spiel" mid-game keeps the game ("Zurück zum Spiel") and stands apart from
    "Rückgängig"; the last move is the one live region of the table's moves (the log is not);
    cards arrive with a short move, and without one for people who ask for reduced motion."""
    context, page = at(browser, "landscape")
    try:
        open_app(page, voila.url("notebooks/quanto.ipynb"))
        start_game(page, 7)
        wait_for_turn_or_end(page)
        undo = page.locator(".ks-toolbar button", has_text="Rückgängig").bounding_box()
        new = page.locator(".ks-toolbar button", has_text="Neues Spiel")
        gap = new.bounding_box()["x"] - (undo["x"] + undo["width"])
        assert gap >= 100, f"'Neues Spiel' only {gap} px from 'Rückgängig'"
        hand = page.locator(".ks-hand-cards").inner_text()
        new.click()
        page.locator(".ks-resume").click()
        wait_for_turn_or_end(page)
        assert page.locator(".ks-hand-cards").inner_text() == hand
        assert page.locator(".ks-banner").get_attribute("aria-live") == "polite"
        assert page.locator(".ks-log[aria-live], .ks-log [aria-live]").count() == 0
        animation = "() => getComputedStyle(document.querySelector('.ks-hand-cards button')).animationName"
        assert page.evaluate(animation) == "ks-arrive"
    finally:
        context.close()
    calm = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE", reduced_motion="reduce")
    try:
        page = calm.new_page()
        open_app(page, voila.url("notebooks/quanto.ipynb"))
        start_game(page, 7)
        wait_for_turn_or_end(page)
        assert page.evaluate(animation) == "none"
    finally:
        calm.close()
