"""The site's addresses (`kartenspiele.site.routes`): what a browser's address asks for, every
part checked, and the address that shows a page."""

from __future__ import annotations

import pytest

from kartenspiele.site.routes import START, Route, route_of

PAGES = frozenset({START, "notebooks/quanto", "notebooks/quanto_tutorial", "lessons/01_teilsummen"})


@pytest.mark.parametrize(
    ("path", "query", "fragment", "expected"),
    [
        ("/voici/render/notebooks/start.html", "", "", Route()),
        ("/schule/kartenspiele/voici/render/notebooks/quanto.html", "?lang=en", "", Route("notebooks/quanto", "en")),
        ("/voici/render/notebooks/quanto.html", "resume=abcd&lang=de", "", Route("notebooks/quanto", "de", "ABCD")),
        ("/voici/render/notebooks/start.html", "?resume=AB-CD", "", Route(START, resume="ABCD")),
        (
            "/voici/render/lessons/01_teilsummen.html",
            "",
            "#2.-Systematisch%20suchen",
            Route("lessons/01_teilsummen", section="2.-Systematisch suchen"),
        ),
        ("/voici/render/lessons/01_teilsummen.ipynb", "?lang=fr", "", Route("lessons/01_teilsummen")),
    ],
)
def test_an_address_names_its_page_language_game_and_section(path, query, fragment, expected):
    assert route_of(path, query, fragment, PAGES) == expected


@pytest.mark.parametrize(
    ("path", "query", "fragment"),
    [
        ("/voici/render/notebooks/lehrkraft.html", "", ""),  # not a page of the site
        ("/", "", ""),
        ("/voici/render/../../etc/passwd", "", ""),
        ("/voici/render/notebooks/start.html", "?resume=<script>", ""),  # no game code
        ("/voici/render/notebooks/start.html", "?resume=" + "A" * 50, ""),
        ("/voici/render/notebooks/start.html", "", "#" + "x" * 500),  # no section
        ("/voici/render/notebooks/start.html", "", "#%0A"),
    ],
)
def test_anything_else_is_the_start_page_in_german_without_game_or_section(path, query, fragment):
    assert route_of(path, query, fragment, PAGES) == Route()


def test_a_game_code_counts_only_on_the_start_page_and_a_games_page():
    assert route_of("/voici/render/notebooks/quanto_tutorial.html", "?resume=ABCD", "", PAGES).resume == ""
    assert route_of("/voici/render/lessons/01_teilsummen.html", "?resume=ABCD", "", PAGES).resume == ""


def test_a_route_gives_back_the_address_it_came_from():
    route = Route("lessons/01_teilsummen", "en", section="3. Was darf die 8 nehmen?")
    address = route.address()
    assert address == "../lessons/01_teilsummen.html?lang=en#3.%20Was%20darf%20die%208%20nehmen%3F"
    path, _, rest = address.partition("?")
    query, _, fragment = rest.partition("#")
    assert route_of("/voici/render/" + path.removeprefix("../"), query, fragment, PAGES) == route
    assert Route("notebooks/quanto", resume="ABCD").address() == "../notebooks/quanto.html?resume=ABCD"
    assert Route().address() == "../notebooks/start.html"
