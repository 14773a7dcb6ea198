"""The printable pack: a PDF per lesson, level and language whose text holds the worksheet's
exercises and the engine's answers; the command line writes it; the board's numbers are true."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from kartenspiele.arithmetic import count_subsets_with_sum, subsets_with_sum
from kartenspiele.cli import main
from kartenspiele.core.errors import KartenspieleError
from kartenspiele.i18n import text
from kartenspiele.practice import LEVELS, exercise
from kartenspiele.practice.pack import EXERCISES_PER_SHEET, pack_pdf
from kartenspiele.quanto import parse_cards
from kartenspiele.quanto.movegen import capture_moves
from kartenspiele.tausch_rausch.tasks import Run


def pdf_text(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "pack.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return " ".join(out.split())


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lesson", (1, 2, 3, 4))
def test_pack_holds_the_exercises_and_the_engines_answers(lesson: int, level: str, lang: str, tmp_path: Path) -> None:
    seed = 40
    words = pdf_text(pack_pdf(lesson, level, lang, seed), tmp_path)
    worksheet, rest = words.split(text("practice.pack.key", lang) + ":", 1)
    key = rest.split(text("practice.pack.board", lang) + ":", 1)[0]
    for number in range(seed, seed + EXERCISES_PER_SHEET):
        ex = exercise(lesson, level, number)
        label = text("practice.number", lang, number=number)
        assert " ".join(ex.question_text(lang).split()) in worksheet
        assert label in worksheet
        assert all(choice in worksheet for choice in ex.choice_texts(lang))
        assert f"{label}: {ex.answer_text(lang)} " in key
        assert " ".join(ex.solution_text(lang).split()) in key
    assert text("practice.pack.rule", lang) in rest
    assert text("practice.pack.cards.quanto", lang) in rest and text("practice.pack.cards.tausch_rausch", lang) in rest


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
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "y.pdf").exists()
    with pytest.raises(KartenspieleError):
        pack_pdf(1, "knobeln", "fr")


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
