"""Light charts as inline SVG: line charts with a reference line and a band, horizontal bars.

The lessons' charts are drawn here instead of with matplotlib so that a lesson's kernel stays
small (matplotlib alone adds about 50 MB). Each chart is an `<svg role="img">` with its text
for screen readers in `aria-label`, scales with the page (`viewBox`) and uses colours that
colour-blind readers tell apart (Okabe–Ito), with dashes and hatching as a second cue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from math import floor, log10

BLUE, VERMILLION, GREEN, GREY = "#0072B2", "#D55E00", "#009E73", "#999999"
FONT = "font-family='DejaVu Sans, Verdana, sans-serif'"


@dataclass(frozen=True)
class Line:
    """A series of (x, y) points drawn as a line, with its legend label."""

    points: Sequence[tuple[float, float]]
    label: str
    colour: str = BLUE
    width: float = 2.5
    dash: str = ""


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) that gives about `ticks` ticks."""
    raw = span / ticks if span > 0 else 1
    power = 10 ** floor(log10(raw))
    return next(factor * power for factor in (1, 2, 5, 10) if raw <= factor * power * 1.0001)


def _number(value: float, lang: str) -> str:
    shown = f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"
    return shown.replace(",", "\u202f").replace(".", ",") if lang == "de" else shown


def line_chart(
    lines: Sequence[Line],
    *,
    x_max: float,
    y_max: float,
    x_label: str,
    y_label: str,
    title: str,
    alt: str,
    lang: str,
    reference: tuple[float, str] | None = None,
    band: Sequence[tuple[float, float, float]] = (),
    band_label: str = "",
    width: int = 760,
    height: int = 340,
) -> str:
    """Lines over 0…x_max × 0…y_max, an optional dashed reference line (y, label) and a shaded
    band of (x, low, high) points."""
    left, right, top, bottom = 62, 16, 34, 96
    plot_w, plot_h = width - left - right, height - top - bottom

    def sx(x: float) -> float:
        return left + plot_w * x / x_max

    def sy(y: float) -> float:
        return top + plot_h * (1 - min(max(y, 0), y_max) / y_max)

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' class='ks-chart' role='img' aria-label='{escape(alt)}' "
        f"viewBox='0 0 {width} {height}' style='max-width:{width}px;width:100%;height:auto' {FONT}>",
        f"<rect x='0' y='0' width='{width}' height='{height}' fill='white'/>",
        f"<text x='{width / 2}' y='20' text-anchor='middle' font-size='15' font-weight='bold'>{escape(title)}</text>",
    ]
    for k in range(int(y_max / (step := nice_step(y_max))) + 1):
        y = k * step
        parts.append(f"<line x1='{left}' x2='{left + plot_w}' y1='{sy(y):.1f}' y2='{sy(y):.1f}' stroke='#e4e4e4'/>")
        parts.append(
            f"<text x='{left - 6}' y='{sy(y) + 4:.1f}' text-anchor='end' font-size='12'>{_number(y, lang)}</text>"
        )
    for k in range(int(x_max / (step := nice_step(x_max))) + 1):
        x = k * step
        parts.append(
            f"<text x='{sx(x):.1f}' y='{top + plot_h + 17}' text-anchor='middle' font-size='12'>{_number(x, lang)}</text>"
        )
    if band:
        outline = [f"{sx(x):.1f},{sy(high):.1f}" for x, _, high in band]
        outline += [f"{sx(x):.1f},{sy(low):.1f}" for x, low, _ in reversed(band)]
        parts.append(f"<polygon points='{' '.join(outline)}' fill='{VERMILLION}' fill-opacity='0.12' stroke='none'/>")
    if reference is not None:
        y, _ = reference
        parts.append(
            f"<line x1='{left}' x2='{left + plot_w}' y1='{sy(y):.1f}' y2='{sy(y):.1f}' stroke='{VERMILLION}' "
            "stroke-width='2.5' stroke-dasharray='9 6'/>"
        )
    for line in lines:
        points = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in line.points)
        dash = f" stroke-dasharray='{line.dash}'" if line.dash else ""
        parts.append(
            f"<polyline points='{points}' fill='none' stroke='{line.colour}' stroke-width='{line.width}' "
            f"stroke-linejoin='round'{dash}/>"
        )
    parts.append(
        f"<rect x='{left}' y='{top}' width='{plot_w}' height='{plot_h}' fill='none' stroke='#555' stroke-width='1'/>"
    )
    parts.append(
        f"<text x='{left + plot_w / 2}' y='{top + plot_h + 36}' text-anchor='middle' font-size='13'>{escape(x_label)}</text>"
    )
    parts.append(
        f"<text transform='translate(16 {top + plot_h / 2}) rotate(-90)' text-anchor='middle' font-size='13'>"
        f"{escape(y_label)}</text>"
    )
    legend = [(line.label, line.colour, line.dash, "line") for line in lines]
    if reference is not None:
        legend.append((reference[1], VERMILLION, "9 6", "line"))
    if band and band_label:
        legend.append((band_label, VERMILLION, "", "band"))
    x, y = left, height - 36
    for label, colour, dash, kind in legend:
        if x + 32 + 6.6 * len(label) > width:  # the next legend line
            x, y = left, y + 20
        if kind == "band":
            parts.append(f"<rect x='{x}' y='{y - 9}' width='26' height='12' fill='{colour}' fill-opacity='0.12'/>")
        else:
            style = f" stroke-dasharray='{dash}'" if dash else ""
            parts.append(
                f"<line x1='{x}' x2='{x + 26}' y1='{y - 3}' y2='{y - 3}' stroke='{colour}' stroke-width='2.5'{style}/>"
            )
        parts.append(f"<text x='{x + 32}' y='{y + 1}' font-size='12'>{escape(label)}</text>")
        x += 44 + 6.6 * len(label)
    parts.append("</svg>")
    return "".join(parts)


def bar_chart(
    rows: Sequence[tuple[str, float, bool]],
    *,
    x_label: str,
    alt: str,
    lang: str,
    threshold: float,
    plain_label: str = "",
    marked_label: str = "",
    width: int = 760,
) -> str:
    """Horizontal bars (label, value, marked); marked bars vermillion and hatched, the others
    blue; a black line at `threshold`; a legend of the two kinds where they are named."""
    left = 12 + 6.6 * max(len(label) for label, _, _ in rows)  # room for the longest task name
    right, top, row_h = 20, 12, 22
    width = int(left + width * 0.6)
    height = top + row_h * len(rows) + 80
    x_max = max(value for _, value, _ in rows) * 1.05
    plot_w = width - left - right

    def sx(x: float) -> float:
        return left + plot_w * x / x_max

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' class='ks-chart' role='img' aria-label='{escape(alt)}' "
        f"viewBox='0 0 {width} {height}' style='max-width:{width}px;width:100%;height:auto' {FONT}>",
        f"<defs><pattern id='ks-hatch' width='6' height='6' patternUnits='userSpaceOnUse' patternTransform='rotate(45)'>"
        f"<rect width='6' height='6' fill='{VERMILLION}'/><line x1='0' y1='0' x2='0' y2='6' stroke='white' stroke-width='2'/>"
        "</pattern></defs>",
        f"<rect x='0' y='0' width='{width}' height='{height}' fill='white'/>",
    ]
    bottom = top + row_h * len(rows)
    for k in range(int(x_max / (step := nice_step(x_max))) + 1):
        x = k * step
        parts.append(f"<line x1='{sx(x):.1f}' x2='{sx(x):.1f}' y1='{top}' y2='{bottom}' stroke='#e4e4e4'/>")
        parts.append(
            f"<text x='{sx(x):.1f}' y='{bottom + 16}' text-anchor='middle' font-size='12'>{_number(x, lang)}</text>"
        )
    for index, (label, value, marked) in enumerate(rows):
        y = top + index * row_h
        fill = "url(#ks-hatch)" if marked else BLUE
        kind = "ks-bar ks-bar-marked" if marked else "ks-bar"
        parts.append(
            f"<rect class='{kind}' x='{left}' y='{y + 3}' width='{max(sx(value) - left, 1):.1f}' "
            f"height='{row_h - 6}' fill='{fill}'/>"
        )
        parts.append(
            f"<text x='{left - 6}' y='{y + row_h / 2 + 4}' text-anchor='end' font-size='12'>{escape(label)}</text>"
        )
    parts.append(
        f"<line x1='{sx(threshold):.1f}' x2='{sx(threshold):.1f}' y1='{top}' y2='{bottom}' stroke='black' stroke-width='2'/>"
    )
    parts.append(
        f"<text x='{left + plot_w / 2}' y='{bottom + 36}' text-anchor='middle' font-size='13'>{escape(x_label)}</text>"
    )
    y = bottom + 60
    if not (plain_label or marked_label):
        parts.append("</svg>")
        return "".join(parts)
    parts.append(f"<rect x='{left}' y='{y - 11}' width='26' height='14' fill='{BLUE}'/>")
    parts.append(f"<text x='{left + 32}' y='{y}' font-size='12'>{escape(plain_label)}</text>")
    x = left + 60 + 6.6 * len(plain_label)
    parts.append(f"<rect x='{x}' y='{y - 11}' width='26' height='14' fill='url(#ks-hatch)'/>")
    parts.append(f"<text x='{x + 32}' y='{y}' font-size='12'>{escape(marked_label)}</text>")
    parts.append("</svg>")
    return "".join(parts)
