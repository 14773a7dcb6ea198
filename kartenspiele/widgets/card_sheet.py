"""Printable login cards: A4 sheets of eight cards (two columns, four rows, dashed lines to cut).

Each card shows the class code, the nickname in large type, the secret to type, and a QR code of
the card's address on the server (`cards.NewCard.path`), which joins the class as that pupil
without typing, with one line on how to come back. Black on white only, with a quiet zone
round the QR code: the cards stay readable on a grey school printer and scan from paper.
"""

from __future__ import annotations

import io

from ..classroom.classes.cards import NewCard
from ..core.extras import needs
from ..i18n import text

COLUMNS, ROWS = 2, 4
MARGIN = 10.0
"""mm round the grid of cards."""
QR_SIZE = 40.0
"""mm of the QR code (with its quiet zone): large enough for a tablet's camera at arm's length."""


def qr_png(address: str) -> bytes:
    """The QR code of an address as a PNG (error correction M, a quiet zone of four modules)."""
    with needs("serve"):
        import segno
    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="png", scale=8, border=4)
    return out.getvalue()


def card_address(origin: str, card: NewCard) -> str:
    """The full address the QR code holds: the server's origin (`http://10.0.0.5:8866`) and the path."""
    return origin.rstrip("/") + card.path()


def cards_pdf(cards: list[NewCard], origin: str, lang: str) -> bytes:
    """The login cards as a PDF, eight to a page, in the order given."""
    with needs("print"):
        from fpdf import FPDF

        from ..practice.pack_base import font_path  # (imports fpdf)
    pdf = FPDF(format="A4")
    pdf.add_font("DejaVu", "", str(font_path()))
    pdf.add_font("DejaVu", "B", str(font_path(bold=True)))
    pdf.set_auto_page_break(False)
    pdf.set_title(text("cards.pdf.title", lang))
    width = (pdf.w - 2 * MARGIN) / COLUMNS
    height = (pdf.h - 2 * MARGIN) / ROWS
    for index, card in enumerate(cards):
        if index % (COLUMNS * ROWS) == 0:
            pdf.add_page()
            cut_lines(pdf, width, height)
        column, row = index % COLUMNS, (index // COLUMNS) % ROWS
        draw_card(pdf, card, origin, lang, MARGIN + column * width, MARGIN + row * height, width, height)
    return bytes(pdf.output())


def cut_lines(pdf, width: float, height: float) -> None:
    pdf.set_draw_color(120)
    pdf.set_line_width(0.3)
    pdf.set_dash_pattern(dash=2, gap=2)
    for column in range(COLUMNS + 1):
        x = MARGIN + column * width
        pdf.line(x, MARGIN, x, MARGIN + ROWS * height)
    for row in range(ROWS + 1):
        y = MARGIN + row * height
        pdf.line(MARGIN, y, MARGIN + COLUMNS * width, y)
    pdf.set_dash_pattern()
    pdf.set_draw_color(0)


def draw_card(pdf, card: NewCard, origin: str, lang: str, x: float, y: float, width: float, height: float) -> None:
    """One card in the box (x, y, width, height): words on the left, the QR code on the right."""
    pad = 5.0
    words = width - QR_SIZE - 3 * pad
    pdf.set_text_color(0)
    pdf.set_xy(x + pad, y + pad)
    pdf.set_font("DejaVu", "", 9)
    pdf.cell(words, 4.5, text("cards.pdf.heading", lang, code=card.code))
    pdf.set_xy(x + pad, y + pad + 7)
    fitted(pdf, card.nickname, words, 20)
    pdf.cell(words, 9, card.nickname)
    pdf.set_xy(x + pad, y + pad + 19)
    pdf.set_font("DejaVu", "", 9)
    pdf.cell(words, 4.5, text("cards.pdf.secret", lang))
    pdf.set_xy(x + pad, y + pad + 24)
    fitted(pdf, card.secret, words, 16)
    pdf.cell(words, 8, card.secret)
    pdf.set_xy(x + pad, y + pad + 35)
    pdf.set_font("DejaVu", "", 8)
    pdf.multi_cell(words, 3.8, text("cards.pdf.how", lang, code=card.code), align="L")
    pdf.image(
        io.BytesIO(qr_png(card_address(origin, card))), x=x + width - QR_SIZE - pad, y=y + pad, w=QR_SIZE, h=QR_SIZE
    )
    pdf.set_xy(x + width - QR_SIZE - pad, y + pad + QR_SIZE + 1)
    pdf.set_font("DejaVu", "", 6.5)
    pdf.multi_cell(QR_SIZE, 3, origin.removeprefix("http://").removeprefix("https://"), align="C")


def fitted(pdf, words: str, width: float, size: float) -> None:
    """Bold type of `size` points, smaller where `words` would not fit in `width` mm."""
    pdf.set_font("DejaVu", "B", size)
    while size > 8 and pdf.get_string_width(words) > width:
        size -= 1
        pdf.set_font("DejaVu", "B", size)
