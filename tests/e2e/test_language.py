"""One language at a time: after the switch (or with `?lang=en`) the widgets show no word of the
other language — start page, a game, a tutorial and a lesson (whose Markdown stays German with
its English fold-out; its tables, plots' pictures and exercises follow the switch)."""

import re
import time

import pytest
from playwright.sync_api import expect

from kartenspiele.i18n import texts

from .driver import STEP_TIMEOUT_MS, open_app, play_quanto_turn, start_game, wait_for_turn_or_end
from .test_lessons import EXERCISES

pytestmark = pytest.mark.browser

WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")
BOTH = {
    "Quanto",
    "Quantos",
    "Tausch",
    "Rausch",
    "Joker",
    "Computer",
    "Full",
    "House",
    "normal",
    "Binder",
    "Deutsch",
    "English",
    "Lektion",
}


def words_only_in(lang: str) -> set[str]:
    """Words of the text table that only one language uses ("Karten" but not "Quanto")."""
    found: dict[str, set[str]] = {"de": set(), "en": set()}
    for entry in texts().values():
        for code, words in found.items():
            forms = entry[code].values() if isinstance(entry[code], dict) else [entry[code]]
            for form in forms:
                words.update(WORD.findall(re.sub(r"\{[^}]*\}", " ", form)))
    other = {word.lower() for word in found["en" if lang == "de" else "de"] | BOTH}
    return {word for word in found[lang] if word.lower() not in other}


GERMAN = words_only_in("de")
ENGLISH = words_only_in("en")


def german_words_shown(page, selector: str, probe: set[str] = GERMAN) -> set[str]:
    """The German-only words (or those of `probe`) in the visible text of the widgets matched
    by `selector`."""
    shown = " ".join(page.locator(selector).all_inner_texts())
    return set(WORD.findall(shown)) & probe


def assert_no_german(page, selector: str, seconds: float = 10, probe: set[str] = GERMAN) -> None:
    """No German-only word (or word of `probe`) shows in `selector` once the widgets' updates
    have arrived (each widget of a redraw reaches the page in its own message)."""
    end = time.monotonic() + seconds
    while (words := german_words_shown(page, selector, probe)) and time.monotonic() < end:
        page.wait_for_timeout(250)
    assert not words, words


def switch_to_english(page) -> None:
    page.get_by_role("button", name="English").first.click()


def test_the_word_lists_tell_the_languages_apart():
    assert {"Karten", "Auslage", "Spieler", "Aufgabe", "Nachziehstapel", "Gewinnstapel"} <= GERMAN
    assert not {"cards", "table", "Player", "Quanto"} & GERMAN
    assert {"cards", "Undo", "Hint"} <= ENGLISH and not {"Karten", "Tipp"} & ENGLISH


def test_start_page_switches_everything(voila, page):
    open_app(page, voila.url("notebooks/start.ipynb"))
    assert german_words_shown(page, ".ks-start-page")  # it starts in German
    switch_to_english(page)
    expect(page.locator(".ks-start-page")).to_contain_text("The rules in short")
    page.locator(".ks-rules summary").first.click()
    assert_no_german(page, ".ks-start-page")
    expect(page.locator(".ks-lessons a").nth(1)).to_contain_text("Subset sums")


@pytest.mark.slow  # the solo table's switch mid-game runs in `make test`
def test_a_game_switches_everything_also_after_moves_and_at_the_end(voila, page):
    open_app(page, voila.url("notebooks/quanto.ipynb"))
    switch_to_english(page)
    expect(page.locator(".ks-setup")).to_contain_text("Game number")
    assert_no_german(page, ".ks-table")
    start_game(page, seed=3, speed="instant")
    page.locator(".ks-toolbar button", has_text="Hint").click()
    expect(page.locator(".ks-say")).to_contain_text("Hint:", timeout=STEP_TIMEOUT_MS)
    assert_no_german(page, ".ks-table")


@pytest.mark.slow  # the address's language reaching a page runs in test_serving
def test_address_language_reaches_the_tausch_rausch_table(voila, page):
    open_app(page, voila.url("notebooks/tausch_rausch.ipynb?lang=en"))
    start_game(page, seed=5, speed="instant")
    expect(page.locator(".ks-table").first).to_contain_text("Open tasks")
    assert_no_german(page, ".ks-table")


def test_a_tutorial_switches_everything(voila, page):
    open_app(page, voila.url("notebooks/tausch_rausch_tutorial.ipynb"))
    switch_to_english(page)
    expect(page.locator(".ks-tutorial")).to_contain_text("Lesson 1 of")
    assert_no_german(page, ".ks-table")
    page.locator(".ks-tutorial button", has_text="Hint").first.click()
    expect(page.locator(".ks-tutorial")).to_contain_text("Hint:")
    assert_no_german(page, ".ks-table")


def test_a_lesson_switches_its_widgets_tables_and_plots(voila, page):
    page.goto(voila.url("lessons/04_zufall.ipynb"), timeout=120_000)
    expect(page.locator(".ks-lesson-bar")).to_be_visible(timeout=120_000)
    expect(page.locator(".ks-exercise")).to_have_count(EXERCISES["04_zufall.ipynb"], timeout=60_000)
    outputs = ".jp-OutputArea-output"
    assert german_words_shown(page, outputs)
    switch_to_english(page)
    expect(page.locator(".ks-lesson-bar")).to_contain_text("Language of the exercises")
    page.wait_for_timeout(1000)
    assert not german_words_shown(page, outputs), german_words_shown(page, outputs)
    expect(page.locator(".ks-only-en").first).to_be_visible()
    assert page.locator(".jp-RenderedMarkdown").first.inner_text().startswith("4. Zufall")  # Markdown stays


def english_within(page, selector: str, seconds: float = 10) -> float:
    """Switch to English and wait until no German-only word shows in `selector`; returns the
    seconds it took (every widget message of the switch has arrived by then)."""
    start = time.monotonic()
    switch_to_english(page)
    assert_no_german(page, selector, seconds)
    return time.monotonic() - start


@pytest.mark.slow  # the solo table's switch mid-game runs in `make test`
def test_a_room_mid_game_switches_everything_and_back(voila, page):
    """A pupil's room (Quanto, a computer player beside them) after a few moves: header,
    toolbar, status, board, log and the "Deine Hand" label all speak English, then German."""
    open_app(page, voila.url("notebooks/start.ipynb"))
    page.locator(".ks-room-players button", has_text="2").click()
    page.locator(".ks-room-seat-2 select").select_option(index=1)  # a computer player
    page.locator(".ks-name-input input").fill("Ana")
    page.locator(".ks-room-open").click()
    page.locator(".ks-room-start").click()
    for _ in range(3):
        if wait_for_turn_or_end(page):
            break
        play_quanto_turn(page)
    room = ".ks-room"
    expect(page.locator(room)).to_contain_text("Du spielst als")
    seconds = english_within(page, room)
    expect(page.locator(room)).to_contain_text("You play as")
    expect(page.locator(f"{room} .ks-log")).to_contain_text("Ana")
    print(f"room page: no German word {seconds:.2f} s after the click")
    page.get_by_role("button", name="Deutsch").first.click()
    assert_no_german(page, room, probe=ENGLISH)
    expect(page.locator(room)).to_contain_text("Du spielst als")
    expect(page.locator(f"{room} .ks-toolbar").first).to_contain_text("Tipp")


def test_a_solo_table_mid_game_switches_everything_and_back(voila, page):
    open_app(page, voila.url("notebooks/quanto.ipynb"))
    start_game(page, seed=3, speed="instant")
    for _ in range(3):
        if wait_for_turn_or_end(page):
            break
        play_quanto_turn(page)
    seconds = english_within(page, ".ks-table")
    expect(page.locator(".ks-table .ks-log")).to_contain_text("New game")
    print(f"solo table: no German word {seconds:.2f} s after the click")
    page.get_by_role("button", name="Deutsch").first.click()
    assert_no_german(page, ".ks-table", probe=ENGLISH)
    expect(page.locator(".ks-table .ks-toolbar").first).to_contain_text("Tipp")
