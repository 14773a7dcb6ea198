"""The index lists every lesson with a link here and on Binder."""

from kartenspiele.catalogue import LESSONS, binder_url
from kartenspiele.lessons.index import overview

from .helpers import LESSONS as FOLDER


def test_binder_urls_open_the_lesson_in_voila():
    assert binder_url("01_teilsummen.ipynb") == (
        "https://mybinder.org/v2/gh/kartenspiele/kartenspiele/HEAD?urlpath=voila%2Frender%2Flessons%2F01_teilsummen.ipynb"
    )


def test_overview_links_every_lesson():
    html = overview("en").data
    for lesson in LESSONS:
        assert (FOLDER / lesson.file).exists()
        assert f"href='{lesson.file}?lang=en'" in html and binder_url(lesson.file) in html
    assert "Subset sums" in html and "Teilsummen" in overview("de").data
