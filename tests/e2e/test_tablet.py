"""The tables on a tablet, by keyboard and for screen readers: layout at three viewports,
touch targets, no layout shift, an axe-core audit, and whole games played with keys only."""

import time

import pytest
from playwright.sync_api import expect

from .driver import STEP_TIMEOUT_MS, click_and_wait, open_app, play_quanto_turn, start_game, wait_for_turn_or_end
from .keys import (
    Keyboard,
    play_whole_game,
    quanto_turn,
    start_by_keys,
    tausch_rausch_turn,
)
from .on_top import seen
from .tablet import (
    VIEWPORTS,
    axe_violations,
    geometry,
    new_tab_links,
    outside_window,
    overlap,
    page_scrolls,
    serious,
    small_targets,
    small_texts,
)

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
    the window, with the toolbar's controls in one row, and the hand and the playing area (table cards, or
    market and tasks) are both in view and do not overlap; no control is covered (`on_top`). On a phone nothing scrolls sideways
    and the table is at most two windows tall (one scroll between the playing area and the
    hand). Every control is at least 44 × 44 px, every text at least 12 px."""
    width, height = VIEWPORTS.get(viewport, (1366, 900))
    box = geometry(page)
    page.screenshot(path=str(shots / f"tablet_{name}_{viewport}.png"))
    assert box["width"] <= width, f"sideways scrolling: {box['width']} px"
    hand, play = box["hand"], box["play"]
    assert not overlap(hand, play), f"the hand {hand} covers the playing area {play}"
    if viewport == "phone":
        assert box["table"] <= 2 * height, f"table {box['table']} px tall"
        assert hand["height"] <= height and play["height"] <= height
    else:
        assert box["scrolled"] == 0 and box["bottom"] <= height, f"table ends at {box['bottom']} px: {box}"
        assert box["toolbarRows"] == 1, f"the toolbar's controls wrap to {box['toolbarRows']} lines: {box['toolbar']}"
        for part in (hand, play):
            assert 0 <= part["top"] and part["bottom"] <= height, f"not in view: {part}"
        assert seen(page)["problems"] == []  # nothing covered or cut, nothing scrolls (on_top)
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
    """A tutorial's lesson, table and hand at once; a refusal does not move the hand."""
    context, page = at(browser, viewport)
    try:
        open_app(page, voila.url(f"notebooks/{app}.ipynb"))
        wait_for_turn_or_end(page)
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


TABLETS = ["landscape", pytest.param("portrait", marks=pytest.mark.slow)]
START = "notebooks/start.ipynb"


@pytest.mark.parametrize("viewport", ["landscape", "portrait"])
def test_the_start_page_fits_with_one_name_and_one_code_box(voila, browser, shots, viewport):
    """The explanation first, then one name field and one code box; nothing scrolls, every
    target (buttons, tiles, lesson links, rules) is at least 44 px, and with four seats (three
    seat choices) the page still fits."""
    context, page = at(browser, viewport)
    try:
        open_app(page, voila.url(START))
        page.wait_for_selector(".ks-name-input input", timeout=STEP_TIMEOUT_MS)
        page.locator(".ks-room-players button", has_text="4").click()
        expect(page.locator(".ks-room-seat-4")).to_be_visible()
        page.wait_for_timeout(500)
        page.screenshot(path=str(shots / f"tablet_start_{viewport}.png"))
        fields = page.locator(".ks-start-page input[type=text]:visible")
        assert fields.count() == 2, fields.evaluate_all("es => es.map(e => e.placeholder)")
        assert page.locator(".ks-name-input input").get_attribute("placeholder") == "z. B. Mia"
        intro = page.locator(".ks-intro").bounding_box()
        assert intro["y"] + intro["height"] <= page.locator(".ks-name-input").bounding_box()["y"] + 1
        assert page_scrolls(page) == {"down": 0, "sideways": 0}
        assert outside_window(page, ".ks-start-page button, .ks-start-page input, .ks-start-page a") == []
        assert small_targets(page) == []
        assert page.locator(".ks-lessons a").count() >= 4  # the lessons are links of their own size
        players = page.locator(".ks-room-players button").evaluate_all(
            "bs => bs.map(b => Math.round(b.getBoundingClientRect().top))"
        )
        assert len(set(players)) == 1, f"the seat counts wrap: {players}"
    finally:
        context.close()


def open_start(browser, voila, viewport: str):
    context, page = at(browser, viewport)
    open_app(page, voila.url(START))
    page.wait_for_selector(".ks-name-input input", timeout=STEP_TIMEOUT_MS)
    return context, page


def next_mover(pages, seconds: float = 90):
    """The page whose turn it is (the computer's moves come in between)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(".ks-room .ks-table.ks-your-turn").count():
                return page
        assert not any(page.locator(".ks-room .ks-table.ks-over").count() for page in pages), "over too soon"
        pages[0].wait_for_timeout(200)
    raise AssertionError("nobody's turn")


def check_room_fits(page) -> None:
    """The room fills the window: no scrolling, every hand card and action button in view,
    no target below 44 px, and the start page's header and explanation folded away."""
    assert page_scrolls(page)["down"] <= 0 and page_scrolls(page)["sideways"] <= 0, page_scrolls(page)
    assert outside_window(page, ".ks-room .ks-hand-cards button, .ks-room .ks-actions button") == []
    assert small_targets(page) == []
    expect(page.locator(".ks-start-page > .ks-toolbar")).to_have_count(0)
    expect(page.locator(".ks-intro, .ks-lobby-entry")).to_have_count(0)
    expect(page.locator(".ks-room .ks-language:visible")).to_have_count(1)  # the language switch stays


@pytest.mark.parametrize("viewport", TABLETS)
def test_a_three_seat_room_after_moves_fits_the_tablet(voila, browser, shots, viewport):
    """Kind1 opens a 3-seat Quanto room, Kind2 types its code (in small letters) into the one
    code box and joins; after six moves the one to move sees every hand card and every action
    button without scrolling, at 1024 x 768 and 768 x 1024. Back on the start page the browser
    remembers Kind2's name."""
    (first, opener), (second, guest) = open_start(browser, voila, viewport), open_start(browser, voila, viewport)
    try:
        opener.locator(".ks-name-input input").fill("Kind1")
        opener.locator(".ks-room-game button", has_text="Quanto").click()
        opener.locator(".ks-room-players button", has_text="3").click()
        opener.locator(".ks-room-open").click()
        opener.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
        code = opener.locator(".ks-room-code").inner_text().strip()
        guest.locator(".ks-name-input input").fill("Kind2")
        guest.locator(".ks-code-input input").fill(code.lower())
        guest.locator(".ks-code-input input").press("Enter")  # Enter in the code box joins
        guest.wait_for_selector(".ks-waiting-room", timeout=STEP_TIMEOUT_MS)
        expect(guest.locator(".ks-room-head")).to_contain_text("Kind2")
        check_room_fits(guest)
        expect(opener.locator(".ks-waiting-room")).to_contain_text("Kind2", timeout=STEP_TIMEOUT_MS)
        opener.locator(".ks-room-start").click()  # the computer takes the third seat
        pages = (opener, guest)
        for page in pages:
            page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
        for _ in range(6):
            play_quanto_turn(next_mover(pages))
        mover = next_mover(pages)
        mover.wait_for_timeout(500)
        for page, name in ((opener, "kind1"), (guest, "kind2")):
            page.screenshot(path=str(shots / f"tablet_room_{name}_{viewport}.png"))
            check_room_fits(page)
        assert mover.locator(".ks-room .ks-hand-cards button").count() >= 1
        click_and_wait(mover, mover.locator(".ks-room .ks-hand-cards button:not([disabled])").first)
        assert mover.locator(".ks-room .ks-actions button:visible").count() >= 1  # what the card can do
        check_room_fits(mover)
        open_app(guest, voila.url(START))  # leaving: the start page again, the name remembered
        expect(guest.locator(".ks-name-input input")).to_have_value("Kind2", timeout=STEP_TIMEOUT_MS)
        expect(guest.locator(".ks-start-page > .ks-toolbar")).to_be_visible()
        expect(guest.locator(".ks-room-resume")).to_contain_text(code)
        assert page_scrolls(guest) == {"down": 0, "sideways": 0}  # "Weiterspielen" too fits
    finally:
        first.close()
        second.close()
