"""One class through a unit, in a real browser, over "weeks" (one class-only server with a class
password on a private Redis store, for the module):

- the teacher makes login cards on the dashboard and downloads them: the PDF has a card per
  pupil, rendered in grey its QR codes decode (zxing-cpp) to each pupil's card address;
- week 1: Mia's tablet, which never typed the class password, opens her card's QR address,
  lands on the start page as Mia and works on lesson 1;
- the browser's class memory (a cookie of one rolling hour) runs out: the clock is moved past
  its expiry and the tablet no longer knows her;
- week 2: on another browser, after the class password, Mia types her nickname and secret,
  sees her own view (lesson 1 begun, where she left off), taps back into lesson 1 at that
  section, and works on lesson 2;
- the dashboard's unit view has her once, with both lessons; the class has no new row;
- a wrong secret is refused, and after the budget even the right one waits.
"""

from __future__ import annotations

import base64
import re
import subprocess
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from kartenspiele.classroom.classes.cards import LoginCards
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.classes.pupil import CLASS_COOKIE
from kartenspiele.classroom.store.opening import open_store

from .driver import TEACHER_CODE, VoilaServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a unit over weeks, minutes of browser work: `make test-slow`

PASSWORD = "Dachs7373"
LOAD = 120_000
STEP = 30_000
WEEK = 7 * 86_400


@pytest.fixture(scope="module")
def server(redis_store):
    served = VoilaServer(
        teacher_code=TEACHER_CODE,
        env={"KARTENSPIELE_STORE": redis_store.url(0)},
        extra=("--password", PASSWORD, "--login-tries", "2", "--max-per-client", "0"),
    )
    try:
        served.wait_ready()
        yield served
    finally:
        served.stop()


def tablet(browser):
    return browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")


def log_in(page, url: str) -> None:
    """Open `url` on a device that has not typed the class password yet."""
    page.goto(url, timeout=LOAD)
    page.get_by_label("Klassen-Passwort").fill(PASSWORD)
    page.keyboard.press("Enter")


def decoded_cards(pdf: bytes, folder) -> tuple[list[str], str]:
    """The QR codes of the PDF rendered in grey (as a school printer prints it), and its text."""
    import zxingcpp
    from PIL import Image

    path = folder / "login-cards.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-png", str(path), str(folder / "cards")], check=True)
    found = []
    for page in sorted(folder.glob("cards-*.png")):
        found += [result.text for result in zxingcpp.read_barcodes(Image.open(page))]
    words = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return found, words


def test_a_pupil_keeps_her_name_across_weeks_devices_and_lessons(server, redis_store, browser, shots, tmp_path):
    classes = Classes(open_store(redis_store.url(0)))
    code = classes.open()
    teacher = tablet(browser)
    try:
        # the teacher makes the cards on the dashboard and prints them
        dash = teacher.new_page()
        log_in(dash, server.url(f"notebooks/lehrkraft.ipynb?lehrkraft={TEACHER_CODE}"))
        cards = dash.locator(".ks-login-cards")
        expect(cards.locator(".ks-card-nicknames textarea")).to_be_visible(timeout=LOAD)
        cards.locator(".ks-card-nicknames textarea").fill("Mia\nBen")
        cards.locator(".ks-card-make").click()
        link = cards.locator("a.ks-cards-pdf")
        expect(link).to_contain_text("2 Karten", timeout=STEP)
        cards.screenshot(path=str(shots / "login_cards_panel.png"))
        pdf = base64.b64decode(link.get_attribute("href").split(",", 1)[1])
        addresses, words = decoded_cards(pdf, tmp_path)
        (shots / "login_cards_grey.png").write_bytes((tmp_path / "cards-1.png").read_bytes())
        assert len(addresses) == 2 and all(
            a.startswith(server.base + "/kartenspiele/karte/" + code + "/") for a in addresses
        )
        assert "Mia" in words and "Ben" in words and words.count("Dein Geheimwort") == 2
        secret = re.search(r"\nMia\nDein Geheimwort:\n(.+)\n", words).group(1)  # as the card prints it
        mia_id = next(card.card_id for card in LoginCards(classes).cards(code) if card.nickname == "Mia")
        mia_card = next(address for address in addresses if address.split("/")[-2] == mia_id)

        # week 1: the QR code on a tablet that never typed the class password
        week1 = tablet(browser)
        page = week1.new_page()
        page.goto(mia_card, timeout=LOAD)
        expect(page.locator(".ks-class-status")).to_contain_text(f"Klasse {code} · Mia", timeout=LOAD)
        assert "Passwort" not in page.content()
        page.locator(".ks-lessons a", has_text="Teilsummen").click()
        quiz = page.locator(".ks-exercise", has=page.locator(".ks-number-entry")).first
        expect(quiz.locator(".ks-number-entry input")).to_be_visible(timeout=LOAD)
        quiz.locator(".ks-number-entry input").fill("99")
        quiz.locator(".ks-number-entry input").press("Enter")
        expect(quiz.locator(".ks-say-warn")).to_be_visible(timeout=STEP)

        # a week later: the class memory has run out (its clock moved past the cookie's expiry)
        (remembered,) = [c for c in week1.cookies() if c["name"] == CLASS_COOKIE]
        assert 0 < remembered["expires"] - time.time() <= 3600 + 60  # one rolling hour, no more
        week1.add_cookies([{**remembered, "expires": remembered["expires"] - WEEK}])
        assert not [c for c in week1.cookies() if c["name"] == CLASS_COOKIE]
        page = week1.new_page()
        page.goto(server.url("notebooks/start.ipynb"), timeout=LOAD)
        expect(page.locator("a.ks-card-login")).to_be_visible(timeout=LOAD)  # nobody is remembered
        assert "Mia" not in page.locator(".ks-class-status").inner_text()
        week1.close()

        # week 2: another browser, the class password, then nickname and secret
        week2 = tablet(browser)
        page = week2.new_page()
        log_in(page, server.url("notebooks/start.ipynb"))
        page.locator("a.ks-card-login").click(timeout=LOAD)
        page.get_by_label("Spitzname").fill("mia")
        page.get_by_label("Geheimwort").fill(secret.lower())
        page.get_by_role("button", name="Weiter").click()
        expect(page.locator(".ks-class-status")).to_contain_text(f"Klasse {code} · Mia", timeout=LOAD)
        own = page.locator(".ks-own-unit")
        expect(own).to_contain_text("Stunde 1 · Teilsummen (Quanto): angefangen", timeout=STEP)
        expect(own).to_contain_text("Zuletzt warst du bei: Stunde 1 · 2. Systematisch suchen: der Suchbaum")
        page.screenshot(path=str(shots / "unit_own_view.png"))
        games = page.locator(".ks-start-more").bounding_box()  # the own view keeps to its column
        assert games["x"] + games["width"] <= 1024 and games["width"] > 1024 / 3, games
        own.get_by_role("link", name="Dort weitermachen").click()
        expect(page.locator("html[data-ks-section='subsets.tree']")).to_be_attached(timeout=LOAD)
        heading = page.get_by_role("heading", name=re.compile("2. Systematisch suchen"))
        top = heading.bounding_box()["y"]
        assert 0 <= top < 768 / 2, top  # the section is at the top of the screen
        page.screenshot(path=str(shots / "unit_back_at_section.png"))
        page.goto(page.url.split("01_teilsummen")[0] + "02_gerade_ungerade.ipynb?" + urlsplit(page.url).query)
        reason = page.locator(".ks-reason")
        reason.locator("textarea").fill("Sechs ungerade Zahlen geben zusammen eine gerade Summe.", timeout=LOAD)
        reason.get_by_role("button", name="Abschicken").click()
        expect(reason.locator(".ks-say-good")).to_be_visible(timeout=STEP)

        # the dashboard: the same row, both lessons, no new nickname
        unit = dash.locator(".ks-unit")
        row = unit.locator("tr[data-nickname='Mia']")
        expect(row).to_have_count(1, timeout=STEP)
        expect(row.locator("td.ks-state-in_progress")).to_have_count(2, timeout=STEP)
        assert unit.locator("tr[data-nickname]").count() == 2 and classes.pupils(code) == ["Mia", "Ben"]
        dash.locator(".ks-unit-view").scroll_into_view_if_needed()
        dash.screenshot(path=str(shots / "unit_dashboard.png"))

        # a wrong secret is refused, and limited like the class password
        guesser = week2.new_page()
        guesser.goto(server.base + "/kartenspiele/karte", timeout=LOAD)
        for _ in range(2):
            guesser.get_by_label("Spitzname").fill("Mia")
            guesser.get_by_label("Geheimwort").fill("Falsch Falsch")
            guesser.get_by_role("button", name="Weiter").click()
            expect(guesser.locator(".ks-wrong")).to_contain_text("stimmen nicht", timeout=STEP)
        guesser.get_by_label("Spitzname").fill("Mia")
        guesser.get_by_label("Geheimwort").fill(secret)
        guesser.get_by_role("button", name="Weiter").click()
        expect(guesser.locator(".ks-wrong")).to_contain_text("Zu viele Versuche", timeout=STEP)
        week2.close()
    finally:
        teacher.close()
