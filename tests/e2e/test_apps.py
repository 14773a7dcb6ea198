"""The Voilà apps in headless Chromium: load each, play by clicking, check what is shown."""

import re

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.people.roles import TEACHER_NOTEBOOKS
from kartenspiele.quanto import new_game

from .driver import ROOT, STEP_TIMEOUT_MS, open_app, play_whole_quanto_game, start_game

pytestmark = pytest.mark.browser


def a_sum_to_capture():
    """A seed whose first deal lets player 1 capture a sum of two plain cards with a plain card."""
    for seed in range(1, 2000):
        state = new_game(2, seed)
        for move in state.legal_moves():
            faces = [move.card, *move.takes]
            if (
                move.kind == "capture"
                and len(move.takes) == 2
                and not any(f.rainbow or f.is_joker for f in faces)
                and sum(f.value for f in move.takes) == move.card.value
            ):
                return seed, move
    raise AssertionError("no such deal")


def shoot(page, path) -> None:
    """A screenshot of the whole app, the window made tall enough to hold all of it."""
    app = page.locator(".ks-table").first
    height = int(app.evaluate("element => element.scrollHeight"))
    page.set_viewport_size({"width": 1366, "height": max(900, height + 80)})
    app.screenshot(path=str(path))
    page.set_viewport_size({"width": 1366, "height": 900})


def click_card(page, row: str, value: int, nth: int = 0) -> None:
    page.locator(f"{row} button.ks-v{value}:not(.ks-selected)").nth(nth).click()


def test_serve_prints_the_start_page(voila):
    assert voila.printed_url() == voila.url("notebooks/start.ipynb")


def test_start_page_links_games_tutorials_and_lessons(voila, page, shots):
    open_app(page, voila.url("notebooks/start.ipynb"))
    tiles = page.locator("a.ks-tile")
    expect(tiles).to_have_count(4)
    expect(page.locator(".ks-start-page")).to_contain_text("Die Regeln kurz")
    lessons = [path for path in sorted((ROOT / "lessons").glob("*.ipynb")) if path.name not in TEACHER_NOTEBOOKS]
    expect(page.locator(".ks-lessons a")).to_have_count(len(lessons))  # a pupil's start page: no teacher's guide
    shoot(page, shots / "start.png")
    if lessons:  # Voilà serves the lessons beside the apps: the first link opens its notebook
        link = page.locator(".ks-lessons a").first
        title = link.inner_text()
        link.click()
        expect(page.get_by_role("heading", name=title).first).to_be_visible(timeout=120_000)
        page.go_back()
        page.wait_for_selector(".ks-start-page", timeout=120_000)
    page.get_by_role("button", name="English").click()
    expect(page.locator("a.ks-tile").first).to_have_attribute("href", "quanto.ipynb?lang=en")
    page.locator("a.ks-tile").first.click()
    page.wait_for_selector(".ks-setup", timeout=120_000)
    expect(page.locator(".ks-setup .ks-start")).to_have_text("Start the game")


@pytest.mark.slow  # about 45 s; test_rooms plays Quanto by touch in `make test`
def test_quanto_capture_with_a_sum_then_a_whole_game(voila, page, shots):
    seed, move = a_sum_to_capture()
    open_app(page, voila.url("notebooks/quanto.ipynb"))
    shoot(page, shots / "quanto_setup.png")
    start_game(page, seed)
    expect(page.locator(".ks-status")).to_contain_text("du bist am Zug")
    click_card(page, ".ks-hand-cards", move.card.value)
    values = sorted(face.value for face in move.takes)
    for index, value in enumerate(values):
        click_card(page, ".ks-table-cards", value)
        expect(page.locator(".ks-table-cards button.ks-selected")).to_have_count(index + 1)
    arithmetic = f"{values[0]} + {values[1]} = {move.card.value}"
    expect(page.locator(".ks-sum")).to_contain_text(arithmetic)
    shoot(page, shots / "quanto_selection.png")
    page.locator(".ks-actions button.ks-do-capture").first.click()
    log = page.locator(".ks-log")
    expect(log).to_contain_text(f"Du spielst die {move.card.value}.", timeout=STEP_TIMEOUT_MS)
    told = re.escape(f"{values[1]} + {values[0]} = {move.card.value}") + "|" + re.escape(arithmetic)
    expect(log).to_contain_text(re.compile(told))
    expect(page.locator(".ks-private .ks-player")).to_contain_text(re.compile(r"Gewinnstapel\s*3"))
    play_whole_quanto_game(page)
    result = page.locator(".ks-result")
    expect(result).to_contain_text("Spielende")
    expect(result).to_contain_text(re.compile(r"gewonnen|Gleichstand|Unentschieden"))
    rows = page.locator(".ks-scores tr")
    expect(rows).to_have_count(3)
    assert all(re.search(r"\d+$", rows.nth(i).inner_text().strip()) for i in (1, 2))
    shoot(page, shots / "quanto_game_over.png")


def test_tausch_rausch_swap_and_task_checks(voila, page, shots):
    open_app(page, voila.url("notebooks/tausch_rausch.ipynb"))
    start_game(page, 7)
    hand = page.locator(".ks-hand-cards button")
    first, second = (int(hand.nth(i).inner_text()) for i in (0, 1))
    hand.nth(0).click()
    hand.nth(1).click()
    expect(page.locator(".ks-sum")).to_contain_text(f"{first} + {second} = {first + second}")
    expect(page.locator(".ks-task").first).to_contain_text(re.compile("✘|✔"))
    shoot(page, shots / "tausch_rausch_selection.png")
    page.locator(".ks-stall-button.ks-ready").first.click()
    expect(page.locator(".ks-log")).to_contain_text("Du tauschst am Marktstand", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".ks-log")).to_contain_text("Computer")
    expect(page.locator(".ks-private .ks-player")).to_contain_text(re.compile(r"Erfüllte Aufgaben\s*0 / 5"))
    page.locator(".ks-hand-cards button").first.click()
    page.locator(".ks-stall-button").nth(4).click()
    expect(page.locator(".ks-message")).to_contain_text("genau 3 Karten geben, nicht 1")
    shoot(page, shots / "tausch_rausch.png")


def test_quanto_tutorial_checks_and_explains(voila, page, shots):
    open_app(page, voila.url("notebooks/quanto_tutorial.ipynb"))
    expect(page.locator(".ks-lesson")).to_contain_text("Lektion 1 von")
    page.get_by_role("button", name="Tipp").click()
    expect(page.locator(".ks-table-cards button.ks-selected")).to_have_count(1)
    page.locator(".ks-actions button.ks-do-capture").click()
    expect(page.locator(".ks-lesson")).to_contain_text("✔ Richtig: Die 8 passt genau")
    page.get_by_role("button", name="Weiter").click()
    expect(page.locator(".ks-lesson")).to_contain_text("Lektion 2 von")
    page.locator(".ks-lesson-chooser select").select_option(index=2)
    expect(page.locator(".ks-lesson")).to_contain_text("Mehrere Gruppen")
    click_card(page, ".ks-hand-cards", 8)
    click_card(page, ".ks-table-cards", 8)
    page.locator(".ks-actions button.ks-do-capture").click()
    expect(page.locator(".ks-message")).to_contain_text("8 passt genau: du nimmst 8.")
    expect(page.locator(".ks-message")).to_contain_text("Da geht noch mehr")
    shoot(page, shots / "quanto_tutorial.png")


def test_tausch_rausch_tutorial_in_english(voila, page, shots):
    open_app(page, voila.url("notebooks/tausch_rausch_tutorial.ipynb?lang=en"))
    expect(page.locator(".ks-lesson")).to_contain_text("Lesson 1 of")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".ks-hand-cards button.ks-selected")).to_have_count(3)
    page.locator(".ks-stall-button").nth(4).click()
    expect(page.locator(".ks-lesson")).to_contain_text("✔ Right: 6 − 3 + 3 + 1 = 7")
    expect(page.locator(".ks-banner")).to_contain_text("You swap at market stall 5")
    shoot(page, shots / "tausch_rausch_tutorial.png")


def test_quanto_tutorial_reasons_name_reachable_targets_and_the_hint_marks_the_button(voila, page, shots):
    open_app(page, voila.url("notebooks/quanto_tutorial.ipynb"))
    page.locator(".ks-lesson-chooser select").select_option(index=6)  # lesson 7: the 1
    expect(page.locator(".ks-lesson")).to_contain_text("Lektion 7 von")
    click_card(page, ".ks-hand-cards", 1)
    click_card(page, ".ks-table-cards", 3)
    expect(page.locator(".ks-message")).to_contain_text("1 + 3 = 4: Quanto-Chips gibt es erst ab 5.")
    expect(page.locator(".ks-status")).to_contain_text("oder lege die Karte an")
    page.locator(".ks-lesson-chooser select").select_option(index=3)  # lesson 4: form a Quanto
    expect(page.locator(".ks-lesson")).to_contain_text("Lektion 4 von")
    page.get_by_role("button", name="Tipp").click()
    expect(page.locator(".ks-message")).to_contain_text("Karten und der passende Knopf sind markiert")
    expect(page.locator(".ks-actions button.ks-hinted")).to_have_text("Quanto 10 bilden")
    expect(page.locator(".ks-sum")).to_contain_text("Quanto 10 bilden: 4 + 6 = 10; 10 passt genau.")
    shoot(page, shots / "quanto_tutorial_hint.png")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.screenshot(path=str(shots / "quanto_tutorial_hint_1024.png"))
