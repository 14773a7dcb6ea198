"""Every character a page shows is in the font the pages name first (DejaVu Sans, the font of
a classroom Linux laptop and of the test machine): no empty boxes where a computer has no emoji
font."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from kartenspiele.widgets.ending import EndScreen

FONTS = Path("/usr/share/fonts/truetype/dejavu")
I18N = Path(__file__).resolve().parents[2] / "kartenspiele" / "i18n"


@pytest.fixture(scope="module")
def drawable() -> set[int]:
    if not (FONTS / "DejaVuSans.ttf").is_file():
        pytest.skip("fonts-dejavu is not installed (make test installs it)")
    found: set[int] = set()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        found |= set(TTFont(FONTS / name)["cmap"].getBestCmap())
    return found | {ord("\n")}


def texts(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for part in value.values():
            yield from texts(part)


def test_every_text_of_the_i18n_table_is_drawn_by_the_page_font(drawable):
    missing = {
        f"{file.name}:{key}: {character!r}"
        for file in sorted(I18N.glob("*.json"))
        for key, entry in json.loads(file.read_text()).items()
        for text in texts(entry)
        for character in text
        if ord(character) not in drawable
    }
    assert not missing, sorted(missing)[:10]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_celebration_of_a_win_has_no_characters_the_font_lacks(drawable, lang):
    screen = EndScreen(lambda: None, lambda: None)
    screen.show([30, 12], [0], ["Ada", "Bo"], 0, "Karten", [], lang)
    assert "ks-confetti" in screen.text.value
    assert [c for c in screen.text.value if ord(c) not in drawable] == []
