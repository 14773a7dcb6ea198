"""Cards on paper: the faces of both games (small on the worksheet, full size to cut out) and
the cut-out pages that make one complete, playable set of each game.

Every face keeps its meaning in black and white: a Tausch-Rausch card shows its colour's
symbol (the app's, `tausch_rausch.display.PALETTE`: gelb ★, grün ♣, blau ◆, rot ♥) and its
colour word; a Quanto rainbow card shows an arc and the word "Regenbogen", a joker a star.
The sets come from the engines' own decks: Quanto's `DECK` (110 cards) and its `CHIPS`,
Tausch-Rausch's `DECK` (80 cards), `STALL_SIZES` (the market) and `DEFAULT_TASKS` (24 task
cards, with title and reward in the pack's language). Each page says how often to print it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..i18n import text
from ..quanto.cards import CHIPS, JOKERS
from ..quanto.cards import DECK as QUANTO_DECK
from ..quanto.cards import Card as QuantoCard
from ..tausch_rausch.cards import COLOURS, STALL_SIZES, colour_name
from ..tausch_rausch.cards import DECK as TR_DECK
from ..tausch_rausch.cards import Card as TauschRauschCard
from ..tausch_rausch.deck import DEFAULT_TASKS
from ..tausch_rausch.display import PALETTE
from ..tausch_rausch.tasks import Task
from .pack_base import Pack, page_title

RAINBOW = ((210, 50, 50), (245, 150, 40), (240, 210, 40), (60, 160, 80), (50, 110, 200), (130, 70, 170))
INK = (30, 30, 30)
GREY = (110, 110, 110)
CUT_MARGINS = (10.0, 10.0)
"""Side and top margin of a cut-out page in mm: the cards take the rest of the sheet."""
NUMBER_GRID = (6, 5)
"""Columns and rows of number cards per page (30 cards of about 32 × 47 mm)."""
TASK_GRID = (3, 8)
"""Columns and rows of task cards per page (24 cards of about 63 × 29 mm)."""
COPIES = 1
"""How often each cut-out page is printed for one set (every page holds different cards)."""

Draw = Callable[[Pack, float, float, float, float], None]


def rgb(colour: str) -> tuple[int, int, int]:
    """`#RRGGBB` as a triple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def centred(pdf: Pack, x: float, y: float, w: float, words: str, size: float, bold: bool = True) -> None:
    """One line of text centred in the width `w` (smaller if it would not fit), its top at `y`."""
    pdf.set_font("DejaVu", "B" if bold else "", size)
    fitted = min(size, size * w * 0.74 / max(pdf.get_string_width(words), 0.01))
    pdf.set_font_size(fitted)
    pdf.set_xy(x, y + (size - fitted) * 0.19)
    pdf.cell(w, size * 0.38, words, align="C")


def outline(pdf: Pack, x: float, y: float, w: float, h: float, colour: tuple[int, int, int], width: float) -> None:
    pdf.set_draw_color(*colour)
    pdf.set_line_width(width)
    pdf.rect(x, y, w, h, round_corners=True, corner_radius=min(w, h) * 0.1)
    pdf.set_line_width(0.2)


def arcs(pdf: Pack, cx: float, bottom: float, radius: float, band: float) -> None:
    """A rainbow: half rings in the six colours, outermost red; in grey still a rainbow's shape."""
    for index, colour in enumerate(RAINBOW):
        outer = radius - index * band
        pdf.set_fill_color(*colour)
        pdf.solid_arc(cx - outer, bottom - outer, 2 * outer, 180, 360, style="F")
    pdf.set_fill_color(255, 255, 255)
    inner = radius - len(RAINBOW) * band
    pdf.solid_arc(cx - inner, bottom - inner, 2 * inner, 180, 360, style="F")


def quanto_face(pdf: Pack, x: float, y: float, w: float, h: float, card: QuantoCard, lang: str) -> None:
    """A full-size Quanto card: corner value, big value, and "Quanto", the rainbow's arc and
    word, or the joker's star and name."""
    outline(pdf, x, y, w, h, INK, 0.5)
    face = "★" if card.is_joker else str(card.value)
    pdf.set_text_color(*INK)
    pdf.set_font("DejaVu", "B", 11)
    pdf.set_xy(x + 1.5, y + 1.5)
    pdf.cell(8, 4.5, face)
    centred(pdf, x, y + h * 0.2, w, face, 34)
    if card.is_joker:
        caption = text("quanto.card.joker", lang)
    elif card.rainbow:
        arcs(pdf, x + w / 2, y + h * 0.8, w * 0.32, w * 0.032)
        caption = text("quanto.label.rainbow_mark", lang)
    else:
        caption = "Quanto"
    pdf.set_text_color(*(INK if card.rainbow or card.is_joker else GREY))
    centred(pdf, x, y + h * 0.83, w, caption, 7.5, bold=card.rainbow or card.is_joker)
    pdf.set_text_color(0)


def tausch_rausch_face(pdf: Pack, x: float, y: float, w: float, h: float, card: TauschRauschCard, lang: str) -> None:
    """A full-size Tausch-Rausch card: a band of its colour with its symbol twice at top and
    bottom, the big value and the colour word between."""
    background, ink, symbol = PALETTE[card.colour]
    band, radius = h * 0.18, min(w, h) * 0.1
    pdf.set_fill_color(*rgb(background))
    pdf.rect(x, y, w, band, style="F", round_corners=("TOP_LEFT", "TOP_RIGHT"), corner_radius=radius)
    pdf.rect(x, y + h - band, w, band, style="F", round_corners=("BOTTOM_LEFT", "BOTTOM_RIGHT"), corner_radius=radius)
    outline(pdf, x, y, w, h, rgb(background), 0.8)

    def symbols(top: float) -> None:
        pdf.set_text_color(*rgb(ink))
        pdf.set_font("DejaVu", "B", 14)
        for align in ("L", "R"):
            pdf.set_xy(x + 1.5, top + (band - 5.5) / 2)
            pdf.cell(w - 3, 5.5, symbol, align=align)

    symbols(y)
    pdf.set_text_color(*INK)
    centred(pdf, x, y + h * 0.3, w, str(card.value), 34)
    centred(pdf, x, y + h * 0.64, w, colour_name(card.colour, lang), 8, bold=False)
    symbols(y + h - band)
    pdf.set_text_color(0)


def small_face(pdf: Pack, x: float, y: float, w: float, h: float, card: object) -> None:
    """A small card for an exercise: the value; a Tausch-Rausch card's colour band with its
    symbol, a rainbow card's arc, a joker's star."""
    if isinstance(card, TauschRauschCard):
        background, ink, symbol = PALETTE[card.colour]
        band = h * 0.34
        pdf.set_fill_color(*rgb(background))
        pdf.rect(x, y, w, band, style="F", round_corners=("TOP_LEFT", "TOP_RIGHT"), corner_radius=min(w, h) * 0.1)
        outline(pdf, x, y, w, h, rgb(background), 0.6)
        pdf.set_text_color(*rgb(ink))
        centred(pdf, x, y + band * 0.16, w, symbol, band * 2.3)
        pdf.set_text_color(*INK)
        centred(pdf, x, y + band + (h - band) * 0.2, w, str(card.value), h * 1.15)
    else:
        assert isinstance(card, QuantoCard)
        outline(pdf, x, y, w, h, INK, 0.35)
        if card.rainbow:
            arcs(pdf, x + w / 2, y + h * 0.92, w * 0.36, w * 0.045)
        pdf.set_text_color(*INK)
        centred(pdf, x, y + h * (0.12 if card.rainbow else 0.25), w, "★" if card.is_joker else str(card.value), h * 1.2)
    pdf.set_text_color(0)


def chip_face(pdf: Pack, x: float, y: float, w: float, h: float, value: int, lang: str) -> None:
    """A round Quanto chip with its number."""
    radius = min(w, h) / 2 - 1
    cx, cy = x + w / 2, y + h / 2
    pdf.set_fill_color(235, 235, 235)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.7)
    pdf.circle(cx, cy, radius, style="DF")
    pdf.set_line_width(0.2)
    pdf.set_text_color(*INK)
    centred(pdf, x, cy - radius * 0.55, w, str(value), 26)
    centred(pdf, x, cy + radius * 0.42, w, text("practice.pack.cards.chip", lang), 6.5)
    pdf.set_text_color(0)


def stall_face(pdf: Pack, x: float, y: float, w: float, h: float, size: int, lang: str) -> None:
    """A market stall card with the number of cards that lie under it."""
    outline(pdf, x, y, w, h, INK, 0.8)
    pdf.set_text_color(*INK)
    centred(pdf, x, y + h * 0.25, w, str(size), 34)
    centred(pdf, x, y + h * 0.7, w, text("practice.pack.cards.stall", lang), 7.5)
    pdf.set_text_color(0)


def task_face(pdf: Pack, x: float, y: float, w: float, h: float, task: Task, lang: str) -> None:
    """A task card: the colour's symbol for a colour-bound task, the title, and the reward."""
    outline(pdf, x, y, w, h, INK, 0.5)
    left = x + 2.5
    colour = task.colour.which
    if colour in PALETTE:
        background, ink, symbol = PALETTE[colour]
        pdf.set_fill_color(*rgb(background))
        pdf.rect(left, y + 2.5, 6.5, 6.5, style="F", round_corners=True, corner_radius=1)
        pdf.set_text_color(*rgb(ink))
        centred(pdf, left, y + 3.4, 6.5, symbol, 11)
        left += 8.5
    pdf.set_text_color(*INK)
    pdf.set_xy(left, y + 2)
    pdf.set_font("DejaVu", "B", 9.5)
    pdf.multi_cell(x + w - 2.5 - left, 4.1, task.title(lang), align="L")
    bar = 6.5
    pdf.set_fill_color(*INK)
    pdf.rect(x + 2.5, y + h - bar - 2.5, w - 5, bar, style="F", round_corners=True, corner_radius=1)
    pdf.set_text_color(255, 255, 255)
    centred(pdf, x + 2.5, y + h - bar - 1.4, w - 5, text("practice.pack.cards.reward", lang, count=task.reward), 9)
    pdf.set_text_color(0)


def cut_lines(pdf: Pack, x0: float, y0: float, w: float, h: float, count: int, columns: int) -> None:
    """Dashed lines around `count` cells: each shared edge once."""
    pdf.set_draw_color(150)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=1.2, gap=1.2)
    for index in range(count):
        row, column = divmod(index, columns)
        x, y = x0 + column * w, y0 + row * h
        pdf.line(x, y, x + w, y)
        pdf.line(x, y, x, y + h)
        if column == columns - 1 or index + 1 == count:
            pdf.line(x + w, y, x + w, y + h)
        if index + columns >= count:
            pdf.line(x, y + h, x + w, y + h)
    pdf.set_dash_pattern()


def cut_pages(
    pdf: Pack, title: str, hint: str, items: Sequence[Draw], grid: tuple[int, int], lang: str, first: int, pages: int
) -> None:
    """`items` on pages of `grid` cells, each with its title, the hint and how often to print it;
    the pages are numbered `first` … of `pages` (the game's whole set)."""
    columns, rows = grid
    per_page = columns * rows
    pdf.role = text("practice.pack.role.cut", lang)
    for start in range(0, len(items), per_page):
        pdf.new_page(CUT_MARGINS)
        pdf.heading(title, size=13, least=10)
        pdf.write_text(f"✂ {hint}", 8.5)
        page = first + start // per_page
        pdf.write_text(text("practice.pack.cards.copies", lang, count=COPIES, page=page, pages=pages), 8.5, bold=True)
        pdf.ln(2)
        x0, y0 = pdf.l_margin, pdf.get_y()
        w = pdf.width / columns
        h = min((pdf.h - 12 - y0) / rows, w * 1.6)
        chunk = items[start : start + per_page]
        cut_lines(pdf, x0, y0, w, h, len(chunk), columns)
        for index, draw in enumerate(chunk):
            row, column = divmod(index, columns)
            draw(pdf, x0 + column * w + 2, y0 + row * h + 2, w - 4, h - 4)


def page_count(items: int, grid: tuple[int, int]) -> int:
    return math.ceil(items / (grid[0] * grid[1]))


def quanto_set(pdf: Pack, lesson: int, lang: str) -> None:
    """Quanto's whole deck in the engine's order, then its chips."""
    items: list[Draw] = [_bind(quanto_face, card, lang) for card in QUANTO_DECK]
    items += [_bind(chip_face, chip, lang) for chip in CHIPS]
    hint = text("practice.pack.cards.hint.quanto", lang, cards=len(QUANTO_DECK), jokers=JOKERS, chips=len(CHIPS))
    title = page_title(lesson, text("practice.pack.cards.quanto", lang), lang)
    cut_pages(pdf, title, hint, items, NUMBER_GRID, lang, 1, page_count(len(items), NUMBER_GRID))


def tausch_rausch_set(pdf: Pack, lesson: int, lang: str) -> None:
    """Tausch-Rausch's 80 number cards by colour and the market's stalls, then the task cards."""
    numbers: list[Draw] = [_bind(tausch_rausch_face, card, lang) for card in TR_DECK]
    numbers += [_bind(stall_face, size, lang) for size in STALL_SIZES]
    tasks = [_bind(task_face, task, lang) for task in DEFAULT_TASKS]
    colours = ", ".join(f"{colour_name(colour, lang)} {PALETTE[colour][2]}" for colour in COLOURS)
    hint = text(
        "practice.pack.cards.hint.tausch_rausch",
        lang,
        cards=len(TR_DECK),
        stalls=len(STALL_SIZES),
        sizes=", ".join(map(str, STALL_SIZES)),
        tasks=len(DEFAULT_TASKS),
        colours=colours,
    )
    title = page_title(lesson, text("practice.pack.cards.tausch_rausch", lang), lang)
    number_pages = page_count(len(numbers), NUMBER_GRID)
    pages = number_pages + page_count(len(tasks), TASK_GRID)
    cut_pages(pdf, title, hint, numbers, NUMBER_GRID, lang, 1, pages)
    cut_pages(pdf, title, hint, tasks, TASK_GRID, lang, number_pages + 1, pages)


def _bind(face: Callable[..., None], thing: object, lang: str) -> Draw:
    return lambda pdf, x, y, w, h: face(pdf, x, y, w, h, thing, lang)
