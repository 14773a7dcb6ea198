"""The tables' texts live under `widgets.` in both languages; their colours stay readable."""

import json
import re
from importlib import resources

from kartenspiele.tausch_rausch.display import PALETTE, contrast
from kartenspiele.widgets.style import css

MIN_CONTRAST = 4.5


def test_widget_texts_are_prefixed_and_in_both_languages():
    table = json.loads(resources.files("kartenspiele").joinpath("i18n/widgets.json").read_text(encoding="utf-8"))
    for key, entry in table.items():
        assert key.startswith("widgets."), key
        assert set(entry) == {"de", "en"}, key


def test_the_literal_text_keys_of_the_widgets_exist():
    from kartenspiele.i18n import texts

    table = texts()
    package = resources.files("kartenspiele").joinpath("widgets")
    used = set()
    for module in package.iterdir():
        if module.name.endswith(".py"):
            used.update(re.findall(r'\bt\(\s*"([a-z_.]+)"', module.read_text(encoding="utf-8")))
    assert used and {f"widgets.{key}" for key in used} <= set(table)


def test_tausch_rausch_cards_have_a_symbol_per_colour_and_readable_text():
    symbols = [symbol for _, _, symbol in PALETTE.values()]
    assert len(set(symbols)) == len(symbols) == 4
    sheet = css()
    for colour, (background, text, symbol) in PALETTE.items():
        assert contrast(text, background) >= MIN_CONTRAST, colour
        assert f"ks-c-{colour} {{ background: {background}; color: {text}; }}" in sheet
        assert f'content: "{symbol}"' in sheet


def test_text_on_quanto_cards_is_readable():
    for text, background in (
        ("#1a1a1a", "#fffdf7"),
        ("#fffdf7", "#1a1a1a"),
        ("#595959", "#fffdf7"),
        ("#ffffff", "#0072B2"),
        ("#000000", "#009E73"),
    ):
        assert contrast(text, background) >= MIN_CONTRAST, (text, background)
