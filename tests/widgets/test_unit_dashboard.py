"""The dashboard's unit view and login cards panel, without a browser: cards made from typed or
made-up nicknames come as a PDF with one card each; "Neue Karte" replaces one; free joining is
switched off and on; the unit view names a pupil's recurring mistake with an example and the
next step (not a single slip), and the class's most common mistake with its section."""

from __future__ import annotations

import base64
import re

import pytest

from kartenspiele.classroom.classes.cards import ORIGIN_ENVIRONMENT, LoginCards
from kartenspiele.classroom.classes.classes import ClassError, Classes
from kartenspiele.classroom.store.memory_store import MemoryStore
from kartenspiele.widgets.dashboard import Dashboard


@pytest.fixture
def dashboard(monkeypatch):
    monkeypatch.setenv(ORIGIN_ENVIRONMENT, "http://10.0.0.5:8866")
    store = MemoryStore()
    Classes(store).open()
    made = Dashboard(store, lang="de", live=False)
    yield made
    made.stop()


def pdf_of(panel) -> bytes:
    href = re.search(r"href='data:application/pdf;base64,([^']+)'", panel.download.value).group(1)
    return base64.b64decode(href)


def test_cards_are_made_printed_reset_and_free_joining_switched(dashboard):
    panel, classes = dashboard.login_cards, dashboard.classes
    code = dashboard.view.code
    panel.count.value = 3
    panel.generate_button.click()
    made_up = panel.nicknames.value.splitlines()
    assert len(made_up) == 3
    panel.nicknames.value += "\nMia"
    panel.make_button.click()
    assert "4 Karten" in panel.download.value and pdf_of(panel).startswith(b"%PDF")
    assert [row.children[0].value for row in panel.card_rows.children][-1].endswith(">Mia</span>")
    assert classes.pupils(code) == [*made_up, "Mia"]
    panel.nicknames.value = "Mia"  # taken: a clear message, nothing made
    panel.make_button.click()
    assert "hat schon jemand" in panel.status.value and len(LoginCards(classes).cards(code)) == 4
    panel.card_rows.children[-1].children[1].click()  # "Neue Karte" for Mia
    assert "1 Karte)" in panel.download.value
    panel.free_join.value = False
    with pytest.raises(ClassError):
        classes.join(code, "Guest")
    panel.free_join.value = True
    assert classes.join(code, "Guest").nickname == "Guest"


def test_no_cards_without_the_class_server(monkeypatch):
    monkeypatch.delenv(ORIGIN_ENVIRONMENT, raising=False)
    store = MemoryStore()
    Classes(store).open()
    dashboard = Dashboard(store, lang="de", live=False)
    assert dashboard.login_cards.make_button.disabled
    assert "Klassen-Server" in dashboard.login_cards.status.value


def record_mistake(classes, pupil, number: int) -> None:
    classes.record(
        pupil,
        {
            "kind": "attempt",
            "lesson": "parity",
            "exercise": f"parity.practice.klasse56#{number}",
            "answer": "0",
            "ok": False,
            "mistake": "forgot_odd_odd",
            "right": {"de": "10", "en": "10"},
        },
    )


def test_the_unit_view_names_a_recurring_mistake_and_a_next_step(dashboard):
    classes = dashboard.classes
    code = dashboard.view.code
    mia, ben = classes.join(code, "Mia"), classes.join(code, "Ben")
    for number in (1, 2):
        record_mistake(classes, mia, number)
    record_mistake(classes, ben, 3)
    dashboard.refresh()
    table = dashboard.unit.table.value
    mia_row = re.search(r"<tr data-nickname='Mia'>.*?</tr>", table).group(0)
    ben_row = re.search(r"<tr data-nickname='Ben'>.*?</tr>", table).group(0)
    assert "vergisst: ungerade + ungerade ist gerade" in mia_row and "„0“ statt „10“" in mia_row
    assert "Wiederholen: Stunde 2 · 2. Summen: gerade oder ungerade?" in mia_row
    assert "vergisst" not in ben_row  # one slip is not a pattern
    common = dashboard.unit.common.value
    assert "2 Kinder, 3-mal" in common and "Daran arbeitet: Stunde 2 · 2. Summen" in common
    before = dashboard.unit.drawn
    dashboard.refresh()  # nothing new: nothing drawn again
    assert dashboard.unit.drawn == before


def test_the_unit_view_hides_the_names_with_the_rest_of_the_dashboard(dashboard):
    classes = dashboard.classes
    code = dashboard.view.code
    classes.join(code, "Mia")
    record_mistake(classes, classes.join(code, "Ben"), 1)
    classes.set_anonymous(code)
    dashboard.refresh()
    shown = classes.pseudonyms(code, "de")
    table = dashboard.unit.table.value
    assert "Mia" not in table and "Ben" not in table
    assert f"data-nickname='{shown['Mia']}'" in table and f"data-nickname='{shown['Ben']}'" in table
    classes.set_anonymous(code, False)
    dashboard.refresh()  # shown again at once, though no pupil did anything
    assert "data-nickname='Mia'" in dashboard.unit.table.value
