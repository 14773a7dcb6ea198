"""The printed pack's page: A4 in DejaVu Sans (umlauts, ★♣◆♥), a footer, headings and text
that can be measured before it is drawn, and the one pattern of every page title:
"Lektion 1 · Teilsummen · Arbeitsblatt (Klasse 5–6)".
"""

from __future__ import annotations

import re
from pathlib import Path

from fpdf import FPDF

from ..i18n import text

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
LINE = 0.5
"""Line height in mm per point of type (13 pt: 6.5 mm)."""
TOP, SIDE, BOTTOM = 14.0, 16.0, 16.0
"""Page margins in mm; the footer sits in the bottom margin."""


SUM_SPACE = re.compile(r"(?<=[\d✓…)]) (?=[+−=·≈✓%]|: )|(?<=\s[+−=·:≈]) (?=[\d…(])")
"""A space inside a sum ("1 + 2 + 5 = 8 ✓"), where a line must not break."""


def glued(words: str) -> str:
    """`words` with the spaces inside sums made non-breaking (they print as spaces)."""
    return SUM_SPACE.sub("\u00a0", words)


def font_path(bold: bool = False) -> Path:
    """DejaVu Sans from the system, else the copy bundled with matplotlib."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return folder / name
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name


def lesson_title(lesson: int, lang: str) -> str:
    """ "Lektion 1 · Teilsummen": the start of every page title and the footer."""
    return text("practice.pack.title", lang, lesson=lesson, topic=text(f"practice.pack.lesson.{lesson}", lang))


def page_title(lesson: int, part: str, lang: str, level: str | None = None) -> str:
    """ "Lektion 1 · Teilsummen · Arbeitsblatt (Klasse 5–6)"; without a level, no brackets."""
    title = f"{lesson_title(lesson, lang)} · {part}"
    return title if level is None else f"{title} ({text(f'practice.level.{level}', lang)})"


class Pack(FPDF):
    """An A4 document in DejaVu Sans whose footer names the lesson and the page. Each page says
    whom it is for (`role`: the children, the teacher, cutting out), in a tag at the top right
    and in the footer, so that a printed pack sorts itself."""

    def __init__(self, footer: str) -> None:
        super().__init__(format="A4")
        self.footer_text = footer
        self.role = ""  # the role of the pages added from now on
        self.page_roles: dict[int, str] = {}
        self.add_font("DejaVu", "", str(font_path()))
        self.add_font("DejaVu", "B", str(font_path(bold=True)))
        self.set_auto_page_break(False)
        self.set_margins(SIDE, TOP, SIDE)
        self.alias_nb_pages()

    @property
    def width(self) -> float:
        """The width between the margins."""
        return self.w - self.l_margin - self.r_margin

    @property
    def bottom(self) -> float:
        """The lowest y that text may reach."""
        return self.h - BOTTOM

    def header(self) -> None:
        """The page's role as a tag in the top right corner, above the top margin."""
        self.page_roles[self.page_no()] = self.role
        if not self.role:
            return
        self.set_font("DejaVu", "B", 8)
        width = self.get_string_width(self.role) + 6
        x, y = self.w - self.r_margin - width, 3.0
        self.set_draw_color(60)
        self.set_line_width(0.3)
        self.rect(x, y, width, 5.5, round_corners=True, corner_radius=1.5)
        self.set_xy(x, y + 0.3)
        self.cell(width, 5, self.role, align="C")
        self.set_xy(self.l_margin, self.t_margin)

    def footer(self) -> None:
        self.set_y(-11)
        self.set_font("DejaVu", "", 8)
        self.set_text_color(110)
        page_role = self.page_roles.get(self.page_no(), "")  # the closing page's, not the next one's
        role = f" · {page_role.removeprefix('✂ ')}" if page_role else ""
        self.cell(0, 4, f"{self.footer_text}{role} · {self.page_no()}/{{nb}}", align="C")
        self.set_text_color(0)

    def new_page(self, margins: tuple[float, float] = (SIDE, TOP)) -> None:
        """A new page with side and top margins `margins`."""
        self.set_margins(margins[0], margins[1], margins[0])
        self.add_page()

    def write_text(self, words: str, size: float, bold: bool = False, width: float = 0, x: float | None = None) -> None:
        """`words` (lines split at "\\n") at the current y, wrapped to `width` (0: to the margin)."""
        self.set_font("DejaVu", "B" if bold else "", size)
        if x is not None:
            self.set_x(x)
        self.multi_cell(width, size * LINE, glued(words), align="L", new_x="LMARGIN", new_y="NEXT")

    def text_height(self, words: str, size: float, bold: bool = False, width: float = 0) -> float:
        """How much height `write_text` would take."""
        self.set_font("DejaVu", "B" if bold else "", size)
        return float(self.multi_cell(width, size * LINE, glued(words), dry_run=True, output="HEIGHT"))

    def heading(self, words: str, size: float = 15, least: float = 10.5) -> None:
        """A page title: on one line if it fits at `least` pt or more."""
        self.write_text(words, self.fitting(words, size, least), bold=True)
        self.ln(2)

    def heading_height(self, words: str, size: float = 15, least: float = 10.5) -> float:
        return self.text_height(words, self.fitting(words, size, least), bold=True) + 2

    def fitting(self, words: str, size: float, least: float = 12) -> float:
        """`size`, or smaller down to `least`, so that `words` fit on one line."""
        self.set_font("DejaVu", "B", size)
        width = self.get_string_width(words) + 2 * self.c_margin
        return max(least, min(size, size * self.width * 0.97 / width))
