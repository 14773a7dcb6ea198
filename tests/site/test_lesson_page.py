"""A lesson's page in the app (`site.lesson_page`) and what the build reads from its notebook
(`site.notebook_pages`): Markdown as Voilà renders it without the served version's words, code
cells run in one namespace, whatever they show as widgets, a failing cell as a short note."""

from __future__ import annotations

import ipywidgets as widgets
from IPython.display import HTML, Latex

from kartenspiele.i18n import text
from kartenspiele.site.lesson_page import LessonPage, run_cell
from kartenspiele.site.notebook_pages import markdown_html


def test_markdown_leaves_out_the_served_versions_words_and_links_to_pages():
    html = markdown_html(
        '## 1. Start\n\nPlay. <span class="ks-served-only">Open **Binder**\nor `make serve`.</span> '
        "See [the tutorial](../notebooks/quanto_tutorial.ipynb?lang=en#top) and [a site](https://example.org/x.ipynb)."
    )
    assert 'id="1.-Start"' in html and "<strong>" not in html and "Binder" not in html and "make serve" not in html
    assert 'href="../notebooks/quanto_tutorial.html?lang=en#top"' in html
    assert 'href="https://example.org/x.ipynb"' in html  # another host's notebook stays as it is


def test_a_cell_shows_its_last_value_and_what_it_displays():
    namespace: dict = {}
    assert run_cell("x = 6 * 7", namespace, "c1") == [] and namespace["x"] == 42
    button = widgets.Button()
    namespace["button"] = button
    assert run_cell("button", namespace, "c2") == [button]
    (shown,) = run_cell("from IPython.display import HTML\nHTML('<b>' + str(x) + '</b>')", namespace, "c3")
    assert isinstance(shown, widgets.HTML) and shown.value == "<b>42</b>"
    namespace.update(HTML=HTML, Latex=Latex)
    (formula,) = run_cell("Latex('$x^2$')", namespace, "c4")
    assert isinstance(formula, widgets.HTMLMath) and formula.value == "$x^2$"
    (plain,) = run_cell("'<not html>'", namespace, "c5")
    assert plain.value == "<pre>&#x27;&lt;not html&gt;&#x27;</pre>"


def test_a_failing_cell_is_a_short_note_and_the_page_goes_on(capfd):
    page = {
        "title": "T",
        "cells": [
            {"html": "<h2 id='a'>A</h2>"},
            {"code": "1 / 0"},
            {"code": "import ipywidgets\nipywidgets.Label('after')"},
        ],
    }
    lesson = LessonPage("lessons/x", {"lessons/x": page})
    first, note, after = lesson.children
    assert isinstance(first, widgets.HTMLMath) and "jp-RenderedMarkdown" in first._dom_classes
    assert text("site.cell_failed", "de") in note.value and "ZeroDivisionError" not in note.value
    assert isinstance(after, widgets.Label) and after.value == "after"
    assert "ZeroDivisionError" in capfd.readouterr().err  # the error goes to the console, not the page
    assert lesson.title("en") == "T"
