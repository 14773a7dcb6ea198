"""Spelling: every German and English text of the package and every Markdown cell of the notebooks
(`notebooks/`, `lessons/`) is checked with Debian's hunspell dictionaries (`de_DE`, `en_US`).

Game words and names the dictionaries do not know are in the project word lists
`tests/words/de.txt` and `tests/words/en.txt` (one word a line). The English texts are British
(colour, fulfil), so the English list also holds the British spellings en_US does not know.
Skipped, saying why, when hunspell or a dictionary is missing (`make test` installs them).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kartenspiele.i18n import LANGUAGES

from .test_texts import rendered_texts

ROOT = Path(__file__).resolve().parents[1]
WORDS = Path(__file__).parent / "words"
DICTIONARIES = {"de": "de_DE", "en": "en_US"}
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("lessons/*.ipynb")])


def hunspell_missing() -> str | None:
    if shutil.which("hunspell") is None:
        return "hunspell is not installed (Debian package hunspell; `make test` installs it)"
    listed = subprocess.run(["hunspell", "-D"], input="", capture_output=True, text=True, check=False).stderr
    for lang, name in DICTIONARIES.items():
        if f"/{name}" not in listed:
            return f"the hunspell dictionary {name} is missing (Debian package hunspell-{lang}-…)"
    return None


def plain(markdown: str) -> str:
    """Markdown/HTML without what is not prose: code, formulas, tags, links' targets, entities."""
    markdown = re.sub(r"```.*?```", " ", markdown, flags=re.DOTALL)
    markdown = re.sub(r"`[^`]*`", " ", markdown)
    markdown = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", " ", markdown, flags=re.DOTALL)
    markdown = re.sub(r"\]\([^)]*\)", "]", markdown)
    markdown = re.sub(r"https?://\S+", " ", markdown)
    markdown = re.sub(r"<[^>]+>", " ", markdown)
    return html.unescape(markdown)


def markdown_texts() -> dict[str, list[tuple[str, str]]]:
    """Each Markdown cell split into its German part and its English fold-out:
    {lang: [(where, text), …]}."""
    found: dict[str, list[tuple[str, str]]] = {lang: [] for lang in LANGUAGES}
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells):
            if cell["cell_type"] != "markdown":
                continue
            source = "".join(cell["source"])
            german, fold, english = source.partition("<details")
            where = f"{path.relative_to(ROOT)} cell {number}"
            found["de"].append((where, plain(german)))
            if fold:
                found["en"].append((where, plain(english)))
    return found


def misspelt(lang: str, texts: list[str]) -> dict[str, list[int]]:
    """{word: [indexes of the texts it is in]} for words hunspell does not know."""
    command = ["hunspell", "-l", "-i", "utf-8", "-d", DICTIONARIES[lang], "-p", str(WORDS / f"{lang}.txt")]
    found: dict[str, list[int]] = {}
    for index, chunk in enumerate(texts):
        out = subprocess.run(command, input=chunk, capture_output=True, text=True, check=True).stdout
        for word in out.split():
            found.setdefault(word, []).append(index)
    return found


def tidy(sentence: str) -> str:
    """Dashes that are not words ("–", "---") and the hyphen after a number ("95%-KI", "+2-Karten")
    are left out: hunspell would read them as words."""
    return re.sub(r"(?<![\w])-+(?![\w])|(?<=[\d%])-", " ", sentence)


def all_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every rendered text and Markdown cell in `lang`, each text once."""
    texts = [(where, tidy(text)) for where, text in [*rendered_texts()[lang], *markdown_texts()[lang]]]
    return list({text: (where, text) for where, text in texts}.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_is_spelt_right(lang):
    reason = hunspell_missing()
    if reason:
        pytest.skip(reason)
    texts = all_texts(lang)
    batched = ["\n".join(text for _, text in texts)]  # one hunspell run; words are looked up below
    wrong = misspelt(lang, batched)
    where = {
        word: [w for w, text in texts if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)][:3] for word in wrong
    }
    assert not wrong, "\n".join(f"{word}: {', '.join(where[word])}" for word in sorted(wrong))
    print(f"spelling {lang}: {len(texts)} texts read")


def test_the_spelling_check_finds_a_typo():
    reason = hunspell_missing()
    if reason:
        pytest.skip(reason)
    assert set(misspelt("de", ["Die Kartte liegt in der Auslagge und bleibt."])) == {"Kartte", "Auslagge"}
    assert set(misspelt("en", ["The card lies on the tabel."])) == {"tabel"}
    assert not misspelt("de", ["Lege die Regenbogenkarte an den Nachziehstapel."])  # project words
