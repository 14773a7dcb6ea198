"""The pack's pages for one level: the worksheet, the solutions with their working, and the
Tafelbild with the lesson's Merksatz.

The worksheet prints its exercises in 13 pt for the Grundschule and 12 pt otherwise, each with
its cards, its question, squares to work in and an answer box (or boxes to tick). The
exercises are split over as few pages as hold them, evenly, and each page's spare height goes
to the squares, so no page is left half empty. The Merksatz is the lesson's own text, the one
its Sicherung shows (`catalogue.merksatz_key` picks it for the level); the Tafelbild is
`practice.pack.board.<lesson>` or that level's own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..catalogue import lesson_of_practice, level_key, merksatz_key
from ..i18n import text
from .base import Exercise
from .pack_base import TOP, Pack, page_title
from .pack_cards import small_face

SIZES = {"grundschule": 13.0, "klasse56": 12.0, "knobeln": 12.0}
"""Type size of the worksheet's exercises per level, in points."""
SQUARE = 5.0
"""The side of a square to work in, in mm."""
MIN_SQUARES = {False: 4, True: 2}
"""Rows of squares at least, for a number answer (False) and for boxes to tick (True)."""
ANSWER_WIDTH = 40.0
LABEL_WIDTH = 34.0
KEY_CARD = 12.0
"""The height of the cards beside a solution, in mm."""
GAP = 5.0
MERKSATZ_BLUE = (0, 114, 178)
MERKSATZ_FILL = (238, 246, 252)


def card_height(level: str) -> float:
    return 18.0 if level == "grundschule" else 16.0


def fixed_height(pdf: Pack, ex: Exercise, size: float, lang: str) -> float:
    """The height of an exercise without its squares: number and cards, question, boxes to tick."""
    height = card_height(ex.level) + 3 if ex.cards else size * 0.5 + 1.5
    height += pdf.text_height(ex.question_text(lang), size) + 2
    if ex.choices:
        height += len(choice_rows(pdf, ex.choice_texts(lang), size)) * (size * 0.5 + 2.5) + 1
    return height


def choice_rows(pdf: Pack, choices: Sequence[str], size: float) -> list[list[str]]:
    """The choices in rows that fit the width, each with its box."""
    pdf.set_font("DejaVu", "", size)
    rows: list[list[str]] = [[]]
    used = 0.0
    for choice in choices:
        width = pdf.get_string_width(choice) + 14
        if rows[-1] and used + width > pdf.width:
            rows.append([])
            used = 0.0
        rows[-1].append(choice)
        used += width
    return rows


def least_height(pdf: Pack, ex: Exercise, size: float, lang: str) -> float:
    return fixed_height(pdf, ex, size, lang) + MIN_SQUARES[bool(ex.choices)] * SQUARE + GAP


def split(heights: Sequence[float], first: float, rest: float) -> list[int]:
    """Where the pages start: as few pages as hold the exercises (the first page holds `first`
    mm, the others `rest`), filled as evenly as can be."""
    count = len(heights)
    for pages in range(1, count + 1):
        best: tuple[float, list[int]] | None = None
        for cuts in combinations(range(1, count), pages - 1):
            starts = [0, *cuts]
            ends = [*cuts, count]
            loads = [sum(heights[a:b]) / (first if i == 0 else rest) for i, (a, b) in enumerate(zip(starts, ends))]
            spread = sum(load * load for load in loads)
            if max(loads) <= 1 and (best is None or spread < best[0]):
                best = (spread, starts)
        if best is not None:
            return best[1]
    return list(range(count))


def instructions(exercises: Sequence[Exercise], lang: str) -> str:
    """What to do on the sheet, for the kinds of answer its exercises ask: a number in the
    answer box, cards circled (and written in the box), a box ticked."""
    kinds = {"choice" if ex.choices else "pick" if ex.pick else "number" for ex in exercises}
    said = [text("practice.pack.do.work", lang)]
    said += [text(f"practice.pack.do.{kind}", lang) for kind in ("number", "pick", "choice") if kind in kinds]
    return " ".join(said)


def worksheet(pdf: Pack, lesson: int, level: str, exercises: Sequence[Exercise], lang: str) -> None:
    """The exercises with room to work, over as few evenly filled pages as hold them."""
    size = SIZES[level]
    title = page_title(lesson, text("practice.pack.worksheet", lang), lang, level)
    intro = f"{text('practice.pack.name_line', lang)}\n{instructions(exercises, lang)}"
    pdf.role = text("practice.pack.role.pupils", lang)
    pdf.new_page()  # measuring needs a page
    heading = pdf.heading_height(title)
    first = pdf.bottom - TOP - heading - pdf.text_height(intro, size) - 3
    rest = pdf.bottom - TOP - heading
    heights = [least_height(pdf, ex, size, lang) for ex in exercises]
    starts = split(heights, first, rest)
    for page, start in enumerate(starts):
        end = starts[page + 1] if page + 1 < len(starts) else len(exercises)
        if page:
            pdf.new_page()
        pdf.heading(title)
        if page == 0:
            pdf.write_text(intro, size)
            pdf.ln(3)
        spare = (pdf.bottom - pdf.get_y() - sum(heights[start:end])) / (end - start)
        for ex in exercises[start:end]:
            exercise(pdf, ex, size, lang, MIN_SQUARES[bool(ex.choices)] * SQUARE + spare)


def exercise(pdf: Pack, ex: Exercise, size: float, lang: str, room: float) -> None:
    """One exercise: its number, cards and question, then `room` mm of squares (whole squares;
    the rest is space below) beside the answer box, or the boxes to tick above the squares."""
    label = text("practice.number", lang, number=ex.number)
    if ex.cards:  # the number, and the cards beside it
        h = card_height(ex.level)
        y = pdf.get_y()
        pdf.set_y(y + (h - size * 0.5) / 2)
        pdf.write_text(label, size, bold=True)
        pdf.set_y(y)
        card_row(pdf, ex, pdf.l_margin + LABEL_WIDTH, h, pdf.width - LABEL_WIDTH)
        pdf.ln(3)
    else:
        pdf.write_text(label, size, bold=True)
        pdf.ln(1.5)
    pdf.write_text(ex.question_text(lang), size)
    pdf.ln(2)
    if ex.choices:
        for row in choice_rows(pdf, ex.choice_texts(lang), size):
            x, y = pdf.l_margin, pdf.get_y()
            for choice in row:
                pdf.set_draw_color(40)
                pdf.set_line_width(0.4)
                pdf.rect(x, y + 0.5, size * 0.4, size * 0.4)
                pdf.set_xy(x + size * 0.4 + 2.5, y)
                pdf.set_font("DejaVu", "", size)
                pdf.cell(pdf.get_string_width(choice) + 1, size * 0.5, choice)
                x += pdf.get_string_width(choice) + 14
            pdf.set_y(y + size * 0.5 + 2.5)
        pdf.ln(1)
    rows = max(1, int(room // SQUARE))
    y = pdf.get_y()
    width = pdf.width if ex.choices else pdf.width - ANSWER_WIDTH - 5
    squares(pdf, pdf.l_margin, y, int(width // SQUARE), rows)
    if not ex.choices:
        box = min(14.0, rows * SQUARE - size * 0.5 - 1)
        x = pdf.l_margin + pdf.width - ANSWER_WIDTH
        pdf.set_xy(x, y + rows * SQUARE - box - size * 0.5 - 1)
        pdf.set_font("DejaVu", "B", size - 1)
        pdf.cell(ANSWER_WIDTH, size * 0.5, text("practice.pack.answer", lang))
        pdf.set_draw_color(40)
        pdf.set_line_width(0.5)
        pdf.rect(x, y + rows * SQUARE - box, ANSWER_WIDTH, box, round_corners=True, corner_radius=2)
        pdf.set_line_width(0.2)
    pdf.set_y(y + room + GAP)


def squares(pdf: Pack, x: float, y: float, columns: int, rows: int) -> None:
    """A grid of squares to work in, as in a maths exercise book."""
    pdf.set_draw_color(185)
    pdf.set_line_width(0.15)
    for row in range(rows + 1):
        pdf.line(x, y + row * SQUARE, x + columns * SQUARE, y + row * SQUARE)
    for column in range(columns + 1):
        pdf.line(x + column * SQUARE, y, x + column * SQUARE, y + rows * SQUARE)
    pdf.set_line_width(0.2)


def solutions(pdf: Pack, lesson: int, level: str, exercises: Sequence[Exercise], lang: str) -> None:
    """Each exercise's answer with its cards beside it, then its working, for the teacher: on as
    few pages as hold them; then with the cards if they fit, in the largest type (13 to 10 pt)."""
    title = page_title(lesson, text("practice.pack.key", lang), lang, level)
    pdf.role = text("practice.pack.role.teacher", lang)
    pdf.new_page()
    room = pdf.bottom - TOP - pdf.heading_height(title)

    def answer(ex: Exercise) -> str:
        return f"{text('practice.number', lang, number=ex.number)}: {ex.answer_text(lang)}"

    def row(ex: Exercise, size: float, cards: bool) -> float:
        return max(pdf.text_height(answer(ex), size + 1, bold=True), KEY_CARD if cards and ex.cards else 0)

    def height(ex: Exercise, size: float, cards: bool) -> float:
        return row(ex, size, cards) + pdf.text_height(ex.solution_text(lang), size, width=pdf.width - 8) + 8.5

    layouts = [
        (len(starts), not cards, -size, size, cards, starts)
        for cards in (True, False)
        for size in (13, 12.5, 12, 11.5, 11, 10.5, 10)
        for starts in [split([height(ex, size, cards) for ex in exercises], room, room)]
    ]
    *_, size, cards, starts = min(layouts, key=lambda layout: layout[:3])
    for page, start in enumerate(starts):
        end = starts[page + 1] if page + 1 < len(starts) else len(exercises)
        if page:
            pdf.new_page()
        pdf.heading(title)
        for ex in exercises[start:end]:
            top, high = pdf.get_y(), row(ex, size, cards)
            pdf.set_y(top + (high - (size + 1) * 0.5) / 2)
            pdf.write_text(answer(ex), size + 1, bold=True)
            pdf.set_font("DejaVu", "B", size + 1)
            left = pdf.l_margin + pdf.get_string_width(answer(ex)) + 10
            if cards and ex.cards and left < pdf.l_margin + pdf.width - 40:  # the cards to the right
                pdf.set_y(top)
                width = min(pdf.width - (left - pdf.l_margin), len(ex.cards) * (KEY_CARD * 0.72 + 2.5))
                card_row(pdf, ex, pdf.l_margin + pdf.width - width, KEY_CARD, width)
            pdf.set_y(top + high + 1)
            pdf.write_text(ex.solution_text(lang), size, width=pdf.width - 8, x=pdf.l_margin + 8)
            pdf.ln(2.5)
            pdf.set_draw_color(200)
            pdf.line(pdf.l_margin, pdf.get_y(), pdf.l_margin + pdf.width, pdf.get_y())
            pdf.ln(3)


def card_row(pdf: Pack, ex: Exercise, x: float, h: float, width: float) -> None:
    """The exercise's cards in a row from `x` at the current y, narrower if many; y goes below."""
    faces = ex.faces()
    y = pdf.get_y()
    step = min(h * 0.72 + 2.5, (width + 2.5) / len(faces))
    for face in faces:
        small_face(pdf, x, y, step - 2.5, h, face)
        x += step
    pdf.set_y(y + h)


def board(pdf: Pack, lesson: int, level: str, lang: str) -> None:
    """The Tafelbild and, in its box, the lesson's Merksatz for this level: as large as fits."""
    title = page_title(lesson, text("practice.pack.board", lang), lang, level)
    tafelbild = text(level_key(f"practice.pack.board.{lesson}", level), lang).split("\n")
    merksatz = text(merksatz_key(lesson_of_practice(lesson), level), lang).split("\n")
    heading = text("activity.merksatz", lang)
    copy = text("activity.merksatz.copy", lang)
    pdf.role = text("practice.pack.role.board", lang)
    pdf.new_page()
    pdf.heading(title)
    pdf.ln(2)
    inner = pdf.width - 16

    def height(size: float) -> float:
        lines = sum(pdf.text_height(line, size, width=pdf.width) + size * 0.35 for line in tafelbild)
        rules = sum(pdf.text_height(line, size, width=inner) + size * 0.3 for line in merksatz)
        return lines + rules + pdf.text_height(heading, size + 2, bold=True) + pdf.text_height(copy, 11) + 25

    size = next((s for s in range(24, 12, -1) if pdf.get_y() + height(s) <= pdf.bottom), 12)
    for line in tafelbild:
        pdf.write_text(line, size)
        pdf.ln(size * 0.35)
    pdf.ln(6)
    top = pdf.get_y()
    box = (
        pdf.text_height(heading, size + 2, bold=True)
        + sum(pdf.text_height(line, size, width=inner) + size * 0.3 for line in merksatz)
        + pdf.text_height(copy, 11)
        + 13
    )
    pdf.set_draw_color(*MERKSATZ_BLUE)
    pdf.set_fill_color(*MERKSATZ_FILL)
    pdf.set_line_width(0.8)
    pdf.rect(pdf.l_margin, top, pdf.width, box, style="DF", round_corners=True, corner_radius=3)
    pdf.set_line_width(0.2)
    pdf.set_y(top + 5)
    pdf.set_text_color(*MERKSATZ_BLUE)
    pdf.write_text(heading, size + 2, bold=True, x=pdf.l_margin + 8)
    pdf.set_text_color(0)
    pdf.ln(2)
    for line in merksatz:
        y = pdf.get_y()
        pdf.set_fill_color(*MERKSATZ_BLUE)
        pdf.circle(pdf.l_margin + 5, y + size * 0.25, size * 0.07, style="F")
        pdf.write_text(line, size, width=inner, x=pdf.l_margin + 8)
        pdf.ln(size * 0.3)
    pdf.ln(1)
    pdf.set_text_color(70)
    pdf.write_text(copy, 11, x=pdf.l_margin + 8)
    pdf.set_text_color(0)
