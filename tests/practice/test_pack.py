"""The printable pack: a PDF per lesson, level and language whose text holds the worksheet's
exercises and the engine's answers with their working; the Merksatz is the lesson's own (per
level, from the same key as the Sicherung); the card pages hold complete sets of both games,
each card with its colour symbol, and say only what is true of their game; the command line
has defaults; the board's numbers are true.

The PDF's text is read with poppler's `pdftotext` (`-raw`: in the order it was drawn, so each
card's words stay together)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from kartenspiele.arithmetic import count_subsets_with_sum, subsets_with_sum
from kartenspiele.catalogue import lesson_of_practice, merksatz_key
from kartenspiele.cli import main
from kartenspiele.core.errors import KartenspieleError
from kartenspiele.i18n import LANGUAGES, text
from kartenspiele.lite import pack_file
from kartenspiele.practice import LEVELS, exercise
from kartenspiele.practice.pack import EXERCISES_PER_SHEET, pack_pdf, write_packs
from kartenspiele.practice.pack_base import page_title
from kartenspiele.quanto import parse_cards
from kartenspiele.quanto.cards import CHIPS, DECK_COUNTS, Card
from kartenspiele.quanto.movegen import capture_moves
from kartenspiele.tausch_rausch import DEFAULT_TASKS, STALL_SIZES
from kartenspiele.tausch_rausch.cards import DECK as TR_DECK
from kartenspiele.tausch_rausch.cards import colour_name
from kartenspiele.tausch_rausch.display import PALETTE
from kartenspiele.tausch_rausch.tasks import Run

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler's pdftotext is missing (Debian package poppler-utils)"
)
SYMBOLS = {symbol: colour for colour, (_, _, symbol) in PALETTE.items()}


def flat(words: str) -> str:
    return " ".join(words.split())


def pdf_pages(data: bytes, tmp_path: Path, raw: bool = False) -> list[str]:
    """Each page's text, whitespace made single spaces."""
    path = tmp_path / "pack.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-raw" if raw else "-layout", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return [flat(page) for page in out.split("\f")[:-1]]


def pdf_text(data: bytes, tmp_path: Path) -> str:
    return " ".join(pdf_pages(data, tmp_path))


def roles(lang: str) -> dict[str, str]:
    """The tag each kind of page carries at its top (and in its footer)."""
    return {role: text(f"practice.pack.role.{role}", lang) for role in ("pupils", "teacher", "board", "cut")}


def without_role(page: str, lang: str) -> tuple[str, str]:
    """(the page's role tag, the page without it): the tag is drawn first, before the title."""
    tag = next((tag for tag in sorted(roles(lang).values(), key=len, reverse=True) if page.startswith(tag)), "")
    return tag, page[len(tag) :].strip()


@cache
def level_pack(lesson: int, level: str, lang: str) -> bytes:
    """The PDF of one level's pack, seed 40 (made once for the tests that read it)."""
    return pack_pdf(lesson, level, lang, 40)


@cache
def full_pack(lesson: int, lang: str, tmp: str) -> list[str]:
    """The pages (raw text, without their role tag) of the lesson's pack with all three levels."""
    return [without_role(page, lang)[1] for page in pdf_pages(pack_pdf(lesson, None, lang, 40), Path(tmp), raw=True)]


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("packs"))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_pack_holds_the_exercises_and_the_engines_answers(lesson: int, level: str, lang: str, tmp_path: Path) -> None:
    seed = 40
    words = pdf_text(level_pack(lesson, level, lang), tmp_path)
    worksheet, rest = words.split(page_title(lesson, text("practice.pack.key", lang), lang, level), 1)
    key = rest.split(page_title(lesson, text("practice.pack.board", lang), lang, level), 1)[0]
    assert EXERCISES_PER_SHEET >= 8
    for number in range(seed, seed + EXERCISES_PER_SHEET):
        ex = exercise(lesson, level, number)
        label = text("practice.number", lang, number=number)
        assert flat(ex.question_text(lang)) in worksheet
        assert label in worksheet
        assert all(choice in worksheet for choice in ex.choice_texts(lang))
        assert f"{label}: {ex.answer_text(lang)} " in key
        assert flat(ex.solution_text(lang)) in key
    assert text("activity.merksatz", lang) in rest
    assert text("practice.pack.cards.quanto", lang) in rest and text("practice.pack.cards.tausch_rausch", lang) in rest


def test_the_packs_anyone_may_download_hold_the_worksheets_without_their_answers(tmp_path: Path) -> None:
    written = write_packs(tmp_path / "packs")
    assert len(written) == 4 * len(LANGUAGES) and all(path.stat().st_size > 0 for path in written)
    lesson, lang, level = 2, "de", LEVELS[0]
    words = pdf_text(written[[path.name for path in written].index(pack_file(lesson, lang))].read_bytes(), tmp_path)
    assert page_title(lesson, text("practice.pack.key", lang), lang, level) not in words
    for number in range(1, 1 + EXERCISES_PER_SHEET):  # the site's packs are seed 1's
        ex = exercise(lesson, level, number)
        assert flat(ex.question_text(lang)) in words and flat(ex.solution_text(lang)) not in words


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_every_level_has_its_pages_titled_alike_and_the_lessons_merksatz(lesson: int, lang: str, tmp: str) -> None:
    pages = full_pack(lesson, lang, tmp)
    part = {name: text(f"practice.pack.{name}", lang) for name in ("worksheet", "key", "board")}
    heading, copy = text("activity.merksatz", lang), text("activity.merksatz.copy", lang)
    for level in LEVELS:
        titles = {name: page_title(lesson, words, lang, level) for name, words in part.items()}
        assert re.fullmatch(r"\w+ \d · [^·]+ · [^·]+ \([^)]+\)", titles["worksheet"])
        worksheet = " ".join(page for page in pages if page.startswith(titles["worksheet"]))
        numbers = re.findall(re.escape(text("practice.number", lang, number=0))[:-1] + r"(\d+)", worksheet)
        assert len(set(numbers)) >= 8
        for number in range(40, 40 + EXERCISES_PER_SHEET):  # every card drawn with its symbol (or as Quanto's)
            ex = exercise(lesson, level, number)
            if ex.cards and lesson > 1:
                assert " ".join(f"{PALETTE[card.colour][2]} {card.value}" for card in ex.faces()) in worksheet
        (board,) = [page for page in pages if page.startswith(titles["board"])]
        shown = board.split(copy)[0].rsplit(heading, 1)[1]
        merksatz = text(merksatz_key(lesson_of_practice(lesson), level), lang)
        assert flat(shown) == flat(merksatz)
        assert any(page.startswith(titles["key"]) for page in pages)
    for page in pages:  # one pattern for every title: "Lektion 1 · Teilsummen · …"
        assert page.startswith(page_title(lesson, "", lang).rstrip())


@pytest.mark.parametrize(("level", "size"), [("grundschule", 13), ("knobeln", 12)])
def test_the_worksheet_is_printed_in_13_pt_for_the_grundschule_and_12_pt_else(level, size, tmp_path: Path) -> None:
    path = tmp_path / "pack.pdf"
    path.write_bytes(pack_pdf(2, level, "de", 3))
    boxes = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "2", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    heights = [float(y1) - float(y0) for y0, y1 in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', boxes)]
    sizes = Counter(round(height / 1.164) for height in heights)  # DejaVu's line box is 1.164 em
    assert sizes.most_common(1)[0][0] == size


def test_the_pack_and_the_sicherung_show_one_merksatz_and_grundschule_gets_plain_words() -> None:
    from kartenspiele.lessons.sicherung import Sicherung
    from kartenspiele.lessons.subsets import exit_questions

    assert merksatz_key("chance") == "lessons.chance.merksatz"
    assert merksatz_key("chance", "grundschule") == "lessons.chance.merksatz.grundschule"
    assert merksatz_key("subsets", "grundschule") == "lessons.subsets.merksatz.grundschule"
    assert merksatz_key("subsets", "knobeln") == "lessons.subsets.merksatz"  # no words of its own
    for lang in LANGUAGES:
        plain = text(merksatz_key("chance", "grundschule"), lang)
        for words in ("Wahrscheinlichkeit =", "relative Häufigkeit", "günstigen Fälle", "relative frequency"):
            assert words not in plain
    questions = exit_questions()
    assert repr(Sicherung("subsets", questions)) == "Sicherung('subsets')"  # the notebooks' outputs stay
    shown = Sicherung("chance", questions, level="grundschule").merksatz_html("de")
    assert text("lessons.chance.merksatz.grundschule", "de").split("\n")[1] in shown
    with pytest.raises(ValueError):
        Sicherung("chance", questions, level="abitur")


def quanto_counts(pages: list[str], lang: str) -> tuple[Counter, list[int]]:
    """The Quanto cards and chips on the pages, each page counted as often as its note says."""
    captions = {
        "Quanto": False,
        text("quanto.label.rainbow_mark", lang): True,
        text("quanto.card.joker", lang): None,
    }
    cards: Counter = Counter()
    chips: list[int] = []
    chip = re.escape(text("practice.pack.cards.chip", lang))
    for copies, page in pages_with_copies(pages, lang):
        for face, caption in re.findall(r"(?<!\S)(\d+|★) \1 (Quanto|\S+)(?!\S)", page):
            if caption in captions:
                kind = captions[caption]
                cards[Card(None) if kind is None else Card(int(face), kind)] += copies
        chips += [int(value) for value in re.findall(rf"(?<!\S)(\d+) {chip}(?!\S)", page) for _ in range(copies)]
    return cards, sorted(chips)


def pages_with_copies(pages: list[str], lang: str) -> list[tuple[int, str]]:
    """Each page with the number of copies its note asks for (one note per page)."""
    found = []
    for number, page in enumerate(pages, start=1):
        notes = [
            copies
            for copies in range(1, 9)
            if text("practice.pack.cards.copies", lang, count=copies, page=number, pages=len(pages)) in page
        ]
        assert len(notes) == 1, page[:300]
        found.append((notes[0], page))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_pages_hold_complete_sets_that_say_only_what_is_true(lang: str, tmp: str) -> None:
    pages = full_pack(3, lang, tmp)
    quanto = [page for page in pages if text("practice.pack.cards.quanto", lang) in page.split(" ✂ ")[0]]
    tausch = [page for page in pages if text("practice.pack.cards.tausch_rausch", lang) in page.split(" ✂ ")[0]]
    assert quanto and tausch and pages[-len(quanto) - len(tausch) :] == quanto + tausch
    cards, chips = quanto_counts(quanto, lang)
    assert cards == DECK_COUNTS and sum(cards.values()) == 110
    assert chips == sorted(CHIPS)
    words = " ".join(quanto).lower()
    assert text("quanto.label.rainbow_mark", lang).lower() in words and "joker" in words
    numbers: Counter = Counter()
    stalls: list[int] = []
    stall = re.escape(text("practice.pack.cards.stall", lang))
    for copies, page in pages_with_copies(tausch, lang):
        assert not re.search("regenbogen|rainbow|joker", page, re.IGNORECASE), page[:300]
        for symbol, value, word, end in re.findall(r"(?<!\S)([★♣◆♥]) \1 (\d+) (\S+) ([★♣◆♥]) \4(?!\S)", page):
            colour = SYMBOLS[symbol]
            assert end == symbol and word == colour_name(colour, lang)
            numbers[(colour, int(value))] += copies
        stalls += [int(size) for size in re.findall(rf"(?<!\S)(\d+) {stall}(?!\S)", page) for _ in range(copies)]
    assert numbers == Counter((card.colour, card.value) for card in TR_DECK) and sum(numbers.values()) == 80
    assert sorted(stalls) == sorted(STALL_SIZES)
    assert len(DEFAULT_TASKS) == 24  # each task card with its title and reward, as often as the deck has it
    printed = [
        flat(f"{task.title(lang)} {text('practice.pack.cards.reward', lang, count=task.reward)}")
        for task in DEFAULT_TASKS
    ]
    for card, count in Counter(printed).items():
        assert sum(page.count(card) * copies for copies, page in pages_with_copies(tausch, lang)) == count, card


def test_command_line_writes_the_pdf_and_rejects_bad_input(tmp_path: Path, capsys) -> None:
    target = tmp_path / "blatt.pdf"
    assert main(["print", "2", "--level", "knobeln", "--lang", "en", "--seed", "7", "-o", str(target)]) == 0
    assert target.read_bytes().startswith(b"%PDF")
    assert text("practice.number", "en", number=7) in pdf_text(target.read_bytes(), tmp_path)
    with pytest.raises(SystemExit):
        main(["print", "2", "--level", "abitur", "-o", str(tmp_path / "x.pdf")])
    with pytest.raises(SystemExit):
        main(["print", "1", "--level", "knobeln", "--seed", "0", "-o", str(tmp_path / "y.pdf")])
    assert "ab 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["print", "5", "-o", str(tmp_path / "z.pdf")])
    assert "Lektion 5" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["print", "1", "--level", "knobeln", "-o", str(tmp_path / "kein" / "ordner.pdf")])
    assert "ordner.pdf" in capsys.readouterr().err
    assert not any((tmp_path / name).exists() for name in ("x.pdf", "y.pdf", "z.pdf", "kein"))
    with pytest.raises(KartenspieleError):
        pack_pdf(1, "knobeln", "fr")


def test_command_line_defaults_all_levels_into_a_named_file_here(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["print", "1"]) == 0
    assert [path.name for path in tmp_path.iterdir()] == ["lektion1.pdf"]
    words = pdf_text((tmp_path / "lektion1.pdf").read_bytes(), tmp_path)
    for level in LEVELS:
        assert page_title(1, text("practice.pack.worksheet", "de"), "de", level) in words
    assert main(["print", "3", "--level", "grundschule", "--lang", "en"]) == 0
    assert (tmp_path / "lesson3-grundschule.pdf").exists()
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main(["print", "--help"])
    assert done.value.code == 0
    assert "kartenspiele print 1 " in capsys.readouterr().out


def test_board_numbers_are_the_engines() -> None:
    table = [1, 2, 3, 5, 6, 7]
    assert count_subsets_with_sum(table, 8) == 4
    assert sorted(tuple(table[i] for i in group) for group in subsets_with_sum(table, 8)) == [
        (1, 2, 5),
        (1, 7),
        (2, 6),
        (3, 5),
    ]
    best = max(capture_moves(parse_cards("1 2 3 5 6 7"), parse_cards("8")[0]), key=lambda move: len(move.takes))
    assert len(best.takes) == 6  # 1 + 7, 2 + 6 and 3 + 5 together
    for k in (3, 4, 5):
        assert len(list(Run().targets(k, 1))) == 11 - k


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_the_instructions_match_the_items_and_every_page_says_whom_it_is_for(lesson: int, lang: str, tmp_path) -> None:
    """A sheet asks to tick only where there are boxes to tick, to circle cards only where cards
    are picked; each page is tagged for the children, the teacher or cutting out, top and bottom."""
    tag = roles(lang)
    for level in LEVELS:
        pages = pdf_pages(level_pack(lesson, level, lang), tmp_path, raw=True)
        exercises = [exercise(lesson, level, number) for number in range(40, 40 + EXERCISES_PER_SHEET)]
        worksheet = [page for page in pages if page.startswith(tag["pupils"])]
        said = worksheet[0]
        for kind, present in (
            ("choice", any(ex.choices for ex in exercises)),
            ("pick", any(ex.pick for ex in exercises)),
            ("number", any(not ex.choices and not ex.pick for ex in exercises)),
        ):
            assert (text(f"practice.pack.do.{kind}", lang) in said) == present, (lesson, level, kind)
        if any(ex.choices for ex in exercises):  # the boxes to tick are there: each choice's words
            assert all(choice in " ".join(worksheet) for ex in exercises for choice in ex.choice_texts(lang))
        footer = {role: f"{words.removeprefix('✂ ')} ·" for role, words in tag.items()}
        longest_first = sorted(tag.items(), key=lambda item: -len(item[1]))
        kinds = [next(role for role, words in longest_first if page.startswith(words)) for page in pages]
        for page, role in zip(pages, kinds):
            assert footer[role] in page  # the footer says it again
        assert kinds[: len(worksheet)] == ["pupils"] * len(worksheet) and kinds[-1] == "cut"
        assert {"teacher", "board"} <= set(kinds)
        assert all(text("practice.pack.cards.quanto", lang) not in page for page in worksheet)
