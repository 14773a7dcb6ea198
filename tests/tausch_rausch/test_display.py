"""HTML for notebooks: colours with symbols, readable contrast, hidden cards stay hidden."""

from __future__ import annotations

import re

from kartenspiele.i18n import set_language
from kartenspiele.tausch_rausch import Card, new_game, task_by_id
from kartenspiele.tausch_rausch.cards import COLOURS
from kartenspiele.tausch_rausch.display import PALETTE, STYLE, contrast

OKABE_ITO = {"ge": "#F0E442", "gr": "#009E73", "bl": "#0072B2", "ro": "#D55E00"}


def test_every_colour_has_its_okabe_ito_colour_and_its_own_symbol():
    assert {c: PALETTE[c][0] for c in COLOURS} == OKABE_ITO
    symbols = [PALETTE[c][2] for c in COLOURS]
    assert len(set(symbols)) == 4 and all(symbols)


def test_text_on_cards_is_readable():
    for colour in COLOURS:
        background, foreground, _ = PALETTE[colour]
        assert contrast(foreground, background) >= 4.5, colour
        assert f".tr-{colour}{{background:{background};color:{foreground}}}" in STYLE
    assert round(contrast("#000000", "#FFFFFF"), 1) == 21.0
    assert contrast("#FFFFFF", "#009E73") < 4.5  # why green cards carry black text


def test_a_card_shows_colour_symbol_value_and_name():
    html = Card("bl", 7)._repr_html_()
    assert "tr-bl" in html and PALETTE["bl"][2] in html and ">7<" in html
    assert 'aria-label="blaue 7"' in html and "<style>" in html
    set_language("en")
    assert 'aria-label="blue 7"' in Card("bl", 7)._repr_html_()


def test_hand_market_task_and_position():
    state = new_game(3, seed=2)
    hand = state.hand(0)
    assert str(hand) == " ".join(str(c) for c in state.hand_cards(0))
    assert hand._repr_html_().count('class="tr-card') == 5
    market = state.market()
    assert market._repr_html_().count('class="tr-card') == 10 and str(market).count("|") == 4
    task_html = task_by_id("five-even")._repr_html_()
    assert "+1" in task_html and "5 Karten, alle gerade" in task_html
    assert '<div class="tr-id">five-even</div>' in task_html  # the id a scenario or move names
    html = state._repr_html_()
    assert html.count('class="tr-card') == 10 + 15 and "Spieler 1 ist dran" in html


def test_a_view_shows_only_the_own_hand():
    state = new_game(3, seed=2)
    html = state.view(1)._repr_html_()
    assert html.count('class="tr-card') == 10 + 5  # market and own hand, no discard yet
    assert html.count('class="tr-back"') == 10
    own = {f'title="{c.name()} ({c.notation})"' for c in state.hand_cards(1)}
    shown = set(re.findall(r'title="[^"]+"', html))
    assert own <= shown
    hidden = {f'title="{c.name()} ({c.notation})"' for p in (0, 2) for c in state.hand_cards(p)}
    market = {f'title="{c.name()} ({c.notation})"' for stall in state.market().stalls for c in stall}
    assert not (hidden - own - market) & shown


def test_text_is_escaped():
    from kartenspiele.tausch_rausch.display import Hand

    assert "&lt;b&gt;" in Hand((Card("ro", 1),), "<b>")._repr_html_()
