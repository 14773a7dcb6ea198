"""Every character a page shows is in the font the pages name first (DejaVu Sans, the font of
a classroom Linux laptop and of the test machine): no empty boxes where a computer has no emoji
font."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from kartenspiele.widgets.ending import EndScreen

FONTS = Path("/usr/share/fonts/truetype/dejavu")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def drawable() -> set[int]:
    if not (FONTS / "DejaVuSans.ttf").is_file():
        pytest.skip("fonts-dejavu is not installed (make test installs it)")
    found: set[int] = set()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        found |= set(TTFont(FONTS / name)["cmap"].getBestCmap())
    return found | {ord("\n")}


def page_sources() -> list[Path]:
    """Everything a page can show: the package's code, texts and styles, notebooks, lessons."""
    return (
        [
            path
            for pattern in (
                "kartenspiele/**/*.py",
                "kartenspiele/**/*.json",
                "kartenspiele/**/*.css",
                "kartenspiele/**/*.js",
            )
            for path in ROOT.glob(pattern)
        ]
        + sorted(ROOT.glob("notebooks/*.ipynb"))
        + sorted(ROOT.glob("lessons/*.ipynb"))
    )


def test_every_character_of_texts_styles_and_notebooks_is_drawn_by_the_page_font(drawable):
    sources = page_sources()
    assert len(sources) > 100 and any(path.name == "widgets.json" for path in sources)
    missing = {
        f"{path.relative_to(ROOT)}: {character!r}"
        for path in sources
        for character in set(path.read_text(encoding="utf-8"))
        if ord(character) > 127 and ord(character) not in drawable
    }
    assert not missing, sorted(missing)[:10]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_celebration_of_a_win_has_no_characters_the_font_lacks(drawable, lang):
    screen = EndScreen(lambda: None, lambda: None)
    screen.show([30, 12], [0], ["Ada", "Bo"], 0, "Karten", [], lang)
    assert "ks-confetti" in screen.text.value
    assert [c for c in screen.text.value if ord(c) not in drawable] == []
