"""A printable pack per lesson: for each level a worksheet, its solutions with the working and
the Tafelbild with the lesson's Merksatz; then complete card sets of both games to cut out.

`pack_pdf(lesson, level, lang, seed)` returns the PDF bytes (fpdf2, DejaVu for umlauts and the
colour symbols); `level=None` gives all three levels in one pack. The worksheet holds
exercises `seed` … `seed + 7` of the practice generator, each with its number, so a pupil can
open the same exercise in the practice widget. The pages are made by `pack_sheets` (worksheet,
solutions, Tafelbild) and `pack_cards` (the card sets). Command line: `kartenspiele print 1`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..core.errors import KartenspieleError
from ..i18n import LANGUAGES
from ..lite import pack_file
from .base import LESSONS, LEVELS, check
from .exercises import exercise
from .pack_base import Pack, lesson_title
from .pack_cards import quanto_set, tausch_rausch_set
from .pack_sheets import board, solutions, worksheet

EXERCISES_PER_SHEET = 8
FILE_STEM = {"de": "lektion", "en": "lesson"}


class PackError(KartenspieleError, ValueError):
    """A language the pack is not written in, or a file that cannot be written."""


def pack_pdf(lesson: int, level: str | None = None, lang: str = "de", seed: int = 1, answers: bool = True) -> bytes:
    """The whole pack for `lesson` at `level` (None: all levels, easiest first) in `lang`;
    without `answers` it leaves out the solutions (a pack anyone may download)."""
    levels = LEVELS if level is None else (level,)
    for each in levels:
        check(lesson, each, seed)
    if lang not in LANGUAGES:
        raise PackError("practice.error.lang", lang=lang, allowed=", ".join(LANGUAGES))
    pdf = Pack(lesson_title(lesson, lang))
    for each in levels:
        exercises = [exercise(lesson, each, number) for number in range(seed, seed + EXERCISES_PER_SHEET)]
        worksheet(pdf, lesson, each, exercises, lang)
        if answers:
            solutions(pdf, lesson, each, exercises, lang)
        board(pdf, lesson, each, lang)
    quanto_set(pdf, lesson, lang)
    tausch_rausch_set(pdf, lesson, lang)
    return bytes(pdf.output())


def file_name(lesson: object, level: str | None, lang: str) -> Path:
    """`lektion1.pdf` for all levels, `lektion1-klasse56.pdf` for one (`lesson1…` in English)."""
    return Path(f"{FILE_STEM.get(lang, 'lesson')}{lesson}{'' if level is None else '-' + level}.pdf")


EXAMPLES = f"""examples:
  kartenspiele print 1                      lesson 1, all three levels -> lektion1.pdf
  kartenspiele print 2 --level grundschule  one level -> lektion2-grundschule.pdf
  kartenspiele print 4 --lang en --seed 9 -o chance.pdf

Each level gets a worksheet ({EXERCISES_PER_SHEET} exercises), its solutions and the board summary with the
Merksatz; the pack ends with complete card sets of Quanto and Tausch-Rausch to cut out."""


def main(argv: Sequence[str]) -> int:
    """`kartenspiele print LESSON [--level LEVEL] [--lang de|en] [--seed N] [-o FILE.pdf]`."""
    parser = argparse.ArgumentParser(
        prog="kartenspiele print",
        description="Write a lesson's printable pack as PDF: worksheet, solutions, board summary and cards.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("lesson", help=f"the lesson: {', '.join(map(str, LESSONS))}")
    parser.add_argument("--level", help=f"one level: {', '.join(LEVELS)} (default: all three in one pack)")
    parser.add_argument("--lang", default="de", choices=LANGUAGES, help="language of the pack (default de)")
    parser.add_argument("--seed", default="1", help="number of the first exercise (default 1)")
    parser.add_argument(
        "-o", "--output", type=Path, help="the PDF file (default: lektion1.pdf or lektion1-LEVEL.pdf, here)"
    )
    args = parser.parse_args(list(argv))
    lesson, seed = _whole(args.lesson), _whole(args.seed)
    output = args.output or file_name(lesson, args.level, args.lang)
    try:
        data = pack_pdf(lesson, args.level, args.lang, seed)  # type: ignore[arg-type]
        _write(output, data)
    except KartenspieleError as error:
        parser.error(error.message(args.lang))
    print(output)
    return 0


def write_packs(folder: str | Path) -> list[Path]:
    """Every lesson's pack (all levels) in every language into `folder`, named as the browser
    build links them (`lite.pack_file`): its ready packs, without the solutions (anyone can
    open a static site's files; the solutions stay with the served version's teacher pages);
    returns the files."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for lesson in LESSONS:
        for lang in LANGUAGES:
            path = folder / pack_file(lesson, lang)
            _write(path, pack_pdf(lesson, None, lang, answers=False))
            written.append(path)
    return written


def _whole(value: str) -> int | str:
    """A whole number as int; anything else as it was typed (the check names it)."""
    try:
        return int(value)
    except ValueError:
        return value


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise PackError("practice.error.write", path=path) from error
