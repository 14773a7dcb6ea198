"""A game page's kernel started ahead of time (Voilà's preheated kernel) builds its table before
the page comes, and takes the page's language and pupil when it does."""

import pytest

from kartenspiele.kernel import page_request as preheat
from kartenspiele.widgets import QuantoTable, TauschRauschTable, saved


@pytest.fixture
def preheated_kernel(monkeypatch):
    """Voilà's variables of a kernel with no page yet; the page (`?lang=en`) comes when waited for."""
    waited = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)

    def page_comes():
        waited.append(True)
        monkeypatch.setenv("QUERY_STRING", "lang=en")

    monkeypatch.setattr(preheat, "wait_for_page", page_comes)
    monkeypatch.setattr("kartenspiele.widgets.texts.wait_for_page", lambda: None)
    monkeypatch.setattr("kartenspiele.widgets.table.wait_for_page", page_comes)
    return waited


@pytest.mark.parametrize("table_class", [QuantoTable, TauschRauschTable])
def test_the_table_is_built_first_and_speaks_the_pages_language_once_shown(preheated_kernel, table_class):
    game = saved(table_class())
    assert preheated_kernel == []  # built without its page
    assert game.table.lang == "de"
    game._repr_mimebundle_()  # shown: the page has come
    assert preheated_kernel == [True]
    assert game.table.lang == "en"
    assert game.table.setup.start.description == "Start the game"


def test_outside_a_preheated_kernel_the_address_decides_at_once(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    table = QuantoTable()
    assert table.lang == "en"
    table._repr_mimebundle_()
    assert table.lang == "en"
