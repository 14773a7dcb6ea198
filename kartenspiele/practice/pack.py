"""A printable pack per lesson: Arbeitsblatt, answer key, Tafelbild/Merksatz, number cards.

`pack_pdf(lesson, level, lang, seed)` returns the PDF bytes (fpdf2, DejaVu for umlauts). The
worksheet holds exercises `seed` … `seed + 5` of the practice generator, each with its number,
so a pupil can open the same exercise in the practice widget. Command line:
`kartenspiele print LESSON --level LEVEL [--lang de|en] [--seed N] -o FILE.pdf`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF

from ..core.errors import KartenspieleError
from ..i18n import LANGUAGES, text
from ..quanto.cards import RAINBOW_VALUES
from ..quanto.cards import VALUES as QUANTO_VALUES
from ..tausch_rausch.cards import COLOURS
from ..tausch_rausch.cards import VALUES as TR_VALUES
from .base import LESSONS, LEVELS, Exercise, check
from .exercises import exercise

EXERCISES_PER_SHEET = 6
MERKSATZ_LINES = 3
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
TR_RGB = {"ge": (205, 150, 0), "gr": (60, 160, 80), "bl": (50, 110, 200), "ro": (210, 50, 50)}
RAINBOW = ((210, 50, 50), (245, 150, 40), (245, 200, 40), (60, 160, 80), (50, 110, 200), (130, 70, 170))


def font_path(bold: bool = False) -> Path:
    """DejaVu Sans from the system, else the copy bundled with matplotlib."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return folder / name
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name


class Pack(FPDF):
    """An A4 document in DejaVu Sans with a page footer."""

    def __init__(self, footer: str) -> None:
        super().__init__(format="A4")
        self.footer_text = footer
        self.add_font("DejaVu", "", str(font_path()))
        self.add_font("DejaVu", "B", str(font_path(bold=True)))
        self.set_auto_page_break(True, margin=18)
        self.set_margins(18, 16, 18)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("DejaVu", "", 8)
        self.set_text_color(120)
        self.cell(0, 5, f"{self.footer_text} · {self.page_no()}", align="C")
        self.set_text_color(0)

    def heading(self, words: str, size: int = 18) -> None:
        self.set_font("DejaVu", "B", size)
        self.multi_cell(0, size * 0.5, words, align="L", new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def body(self, words: str, size: int = 12, bold: bool = False) -> None:
        self.set_font("DejaVu", "B" if bold else "", size)
        self.multi_cell(0, size * 0.5, words, align="L", new_x="LMARGIN", new_y="NEXT")


def pack_pdf(lesson: int, level: str, lang: str = "de", seed: int = 1) -> bytes:
    """The whole pack for `lesson` at `level` in `lang` as PDF bytes."""
    check(lesson, level, seed)
    if lang not in LANGUAGES:
        raise PackError("practice.error.lang", lang=lang, allowed=", ".join(LANGUAGES))
    exercises = [exercise(lesson, level, number) for number in range(seed, seed + EXERCISES_PER_SHEET)]
    title = text(f"practice.pack.lesson.{lesson}", lang)
    level_name = text(f"practice.level.{level}", lang)
    pdf = Pack(f"{title} · {level_name}")
    worksheet(pdf, title, level_name, exercises, lang)
    answer_key(pdf, title, level_name, exercises, lang)
    tafelbild(pdf, lesson, title, lang)
    quanto_cards(pdf, lang)
    tausch_rausch_cards(pdf, lang)
    return bytes(pdf.output())


def worksheet(pdf: Pack, title: str, level: str, exercises: Sequence[Exercise], lang: str) -> None:
    pdf.add_page()
    pdf.heading(f"{text('practice.pack.worksheet', lang)}: {title}")
    pdf.body(f"{text('practice.level', lang)} {level}")
    pdf.ln(2)
    pdf.body(text("practice.pack.name_line", lang))
    pdf.ln(4)
    for ex in exercises:
        if pdf.get_y() > 220:
            pdf.add_page()
        pdf.body(text("practice.number", lang, number=ex.number), bold=True)
        pdf.ln(1)
        if ex.cards:
            draw_row(pdf, ex)
        pdf.body(ex.question_text(lang))
        pdf.ln(2)
        if ex.choices:  # boxes to tick instead of lines to write on
            pdf.body("     ".join(f"☐ {choice}" for choice in ex.choice_texts(lang)))
            pdf.ln(6)
            continue
        y = pdf.get_y()
        for line in range(2):  # room to write the working
            pdf.set_draw_color(170)
            pdf.line(pdf.l_margin, y + 8 + line * 8, pdf.w - pdf.r_margin, y + 8 + line * 8)
        pdf.set_y(y + 20)
        pdf.body(f"{text('practice.pack.answer', lang)} ________")
        pdf.ln(5)


def draw_row(pdf: Pack, ex: Exercise) -> None:
    """The exercise's cards as small card outlines."""
    x, y = pdf.l_margin, pdf.get_y()
    for face in ex.faces():
        small_card(pdf, x, y, 11, 15, face)
        x += 13
    pdf.set_y(y + 18)


def small_card(pdf: Pack, x: float, y: float, w: float, h: float, face: object) -> None:
    colour = getattr(face, "colour", None)
    rainbow = getattr(face, "rainbow", False)
    pdf.set_draw_color(*(TR_RGB[colour] if colour else (40, 40, 40)))
    pdf.set_line_width(0.6 if colour else 0.3)
    pdf.rect(x, y, w, h)
    if rainbow:
        for index, rgb in enumerate(RAINBOW):
            pdf.set_fill_color(*rgb)
            pdf.rect(x + index * w / len(RAINBOW), y + h - 2.5, w / len(RAINBOW), 2.5, style="F")
    pdf.set_line_width(0.2)
    label = "J" if getattr(face, "value", None) is None else str(face.value)  # type: ignore[attr-defined]
    pdf.set_font("DejaVu", "B", h * 1.1)
    pdf.set_text_color(*(TR_RGB[colour] if colour else (0, 0, 0)))
    pdf.set_xy(x, y + h * 0.2)
    pdf.cell(w, h * 0.5, label, align="C")
    pdf.set_text_color(0)


def answer_key(pdf: Pack, title: str, level: str, exercises: Sequence[Exercise], lang: str) -> None:
    pdf.add_page()
    pdf.heading(f"{text('practice.pack.key', lang)}: {title}")
    pdf.body(f"{text('practice.level', lang)} {level}")
    pdf.ln(4)
    for ex in exercises:
        pdf.body(f"{text('practice.number', lang, number=ex.number)}: {ex.answer_text(lang)}", bold=True)
        pdf.body(ex.solution_text(lang), size=11)
        pdf.ln(3)


def tafelbild(pdf: Pack, lesson: int, title: str, lang: str) -> None:
    pdf.add_page()
    pdf.heading(f"{text('practice.pack.board', lang)}: {title}")
    pdf.body(text(f"practice.pack.board.{lesson}", lang), size=13)
    pdf.ln(6)
    pdf.heading(text("practice.pack.rule", lang), size=15)
    for line in range(1, MERKSATZ_LINES + 1):
        pdf.body(f"•  {text(f'practice.pack.rule.{lesson}.{line}', lang)}", size=13)
        pdf.ln(3)


def card_grid(pdf: Pack, faces: Sequence[object], columns: int, w: float, h: float) -> None:
    x0, y = pdf.l_margin, pdf.get_y()
    for index, face in enumerate(faces):
        row, column = divmod(index, columns)
        x = x0 + column * w
        pdf.set_draw_color(150)
        pdf.set_dash_pattern(dash=1, gap=1)
        pdf.rect(x, y + row * h, w, h)  # cut line
        pdf.set_dash_pattern()
        small_card(pdf, x + 3, y + row * h + 3, w - 6, h - 6, face)


def quanto_cards(pdf: Pack, lang: str) -> None:
    from ..quanto.cards import JOKER, Card

    pdf.add_page()
    pdf.heading(text("practice.pack.cards.quanto", lang), size=15)
    pdf.body(text("practice.pack.cards.hint", lang), size=10)
    pdf.ln(3)
    faces = [Card(v) for v in QUANTO_VALUES] + [Card(v, True) for v in RAINBOW_VALUES] + [JOKER]
    card_grid(pdf, faces, 6, 29, 40)


def tausch_rausch_cards(pdf: Pack, lang: str) -> None:
    from ..tausch_rausch.cards import Card

    pdf.add_page()
    pdf.heading(text("practice.pack.cards.tausch_rausch", lang), size=15)
    pdf.body(text("practice.pack.cards.hint", lang), size=10)
    pdf.ln(3)
    card_grid(pdf, [Card(colour, v) for colour in COLOURS for v in TR_VALUES], 8, 21.5, 30)


class PackError(KartenspieleError, ValueError):
    """A language the pack is not written in."""


def main(argv: Sequence[str]) -> int:
    """`kartenspiele print LESSON --level LEVEL [--lang de|en] [--seed N] -o FILE.pdf`."""
    parser = argparse.ArgumentParser(prog="kartenspiele print", description=__doc__.splitlines()[0])
    parser.add_argument("lesson", type=int, choices=LESSONS)
    parser.add_argument("--level", required=True, choices=LEVELS)
    parser.add_argument("--lang", default="de", choices=LANGUAGES)
    parser.add_argument("--seed", type=int, default=1, help="number of the first exercise (default 1)")
    parser.add_argument("-o", "--output", required=True, type=Path)
    args = parser.parse_args(list(argv))
    try:
        data = pack_pdf(args.lesson, args.level, args.lang, args.seed)
    except KartenspieleError as error:
        parser.error(error.message(args.lang))
    args.output.write_bytes(data)
    print(args.output)
    return 0
