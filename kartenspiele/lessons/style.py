"""The look of the lesson widgets, on top of the tables' style sheet (`widgets.style`).

Feedback reuses the tables' message boxes (`ks-say-good`, `ks-say-warn`, `ks-say-info`);
the lessons add only the search tree, the prompts and the small tables below.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

import ipywidgets as widgets

from ..widgets.plain import hidden_layout, plain

CSS = """
.ks-table.ks-exercise { border: 1px solid #bbb; border-radius: 8px; padding: 8px 12px; margin: 8px 0; max-width: 60em; }
.ks-lesson-bar { align-items: center; flex-wrap: wrap; gap: 10px; margin-bottom: 6px; }
.ks-prompt { font-size: 1.1em; }
.ks-prompt .ks-card { font-size: 16px; }
.ks-exercise .ks-say ul { margin: 4px 0 0; padding-left: 1.4em; font-weight: normal; }
.ks-exercise .jupyter-widget-text input, .ks-exercise .widget-text input { font-size: 1.1em; }
.ks-exercise .ks-round { color: #444; align-self: center; }
.ks-tree { font-family: "DejaVu Sans Mono", monospace; font-size: 1em; line-height: 1.5; max-height: 30em;
  overflow-y: auto; border: 1px solid #ddd; border-radius: 6px; padding: 4px 8px; background: #fafafa; }
.ks-tree .ks-node { white-space: pre; }
.ks-tree .ks-node-found { color: #00603F; font-weight: bold; }
.ks-tree .ks-node-too_big { color: #8A3100; }
.ks-tree .ks-node-now { background: #FFF8E1; outline: 2px solid #E69F00; }
.ks-exercise button.jupyter-button:not(.ks-card) { width: auto; }
.ks-bar-track { display: inline-block; width: 20em; height: 1em; background: #eee; border: 1px solid #999;
  position: relative; vertical-align: middle; }
.ks-bar-fill { position: absolute; left: 0; top: 0; bottom: 0; background: #0072B2; }
.ks-bar-mark { position: absolute; top: -3px; bottom: -3px; width: 3px; background: #D55E00; }
.ks-merksatz { border: 2px solid #0072B2; border-radius: 8px; background: #EEF6FC; padding: 8px 14px; margin: 8px 0;
  max-width: 58em; font-size: 1.1em; }
.ks-merksatz ul { margin: 6px 0; }
.ks-ausblick { display: inline-block; background: #FFF3D6; border: 2px solid #B35C00; border-radius: 6px;
  padding: 2px 10px; color: #5C2E00; font-weight: bold; }
.ks-exercise textarea { font-size: 1.05em; }
.ks-hands { display: grid; grid-template-columns: repeat(10, 18px); gap: 3px; margin: 6px 0; }
.ks-hands .ks-hand { width: 18px; height: 18px; border: 1px solid #555; border-radius: 3px; background: #fff; }
.ks-hands .ks-hand.ks-hit { background: #0072B2; border-color: #0072B2; }
.ks-reveal p { font-size: 15px; line-height: 1.5; max-width: 58em; }
.ks-reveal .ks-reveal-own { font-weight: bold; }
.ks-reveal input { font-size: 1.1em; }
/* a watched game (lessons.watch): the moves and questions beside the position on a landscape screen,
   the position compact (players side by side, no notation), so that it fits a tablet's window */
.ks-watch-body { align-items: flex-start; gap: 12px; overflow: visible; }
.ks-watch-side { flex: 1 1 0; min-width: 0; overflow: visible; }
.ks-watch-board { flex: 1.7 1 0; min-width: 0; }
@media (max-width: 899px) { .ks-watch-body { flex-direction: column; align-items: stretch; }
  .ks-watch-side, .ks-watch-board { flex: 0 0 auto; } }
.ks-watch .tr { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0 4px; }
.ks-watch .tr > * { grid-column: 1 / -1; }
.ks-watch .tr > .tr-box:nth-child(n+5) { grid-column: auto; }
.ks-watch .tr .tr-card { width: 2.1em; height: 3em; margin: 0.1em; font-size: 0.85em; }
.ks-watch .tr .tr-box { margin: 0.15em; padding: 0.2em 0.4em; }
.ks-watch .tr .tr-task { max-width: none; }
.ks-watch .tr .tr-id { display: none; }
.ks-watch .ks-position { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0 8px; }
.ks-watch .ks-position > .ks-row { grid-column: 1 / -1; margin: 2px 0; }
.ks-watch .ks-position > .ks-player { margin: 2px 0; }
.ks-watch .ks-position .ks-label { min-width: 0; }
.ks-watch .ks-position .ks-card { font-size: 13px; }
.ks-watch .ks-position .ks-row { gap: 4px; }
.ks-watch .ks-watch-side .ks-message .ks-say { margin: 2px 0; }
body:has(.ks-lesson-bar.ks-lang-de) .ks-only-de, body:has(.ks-lesson-bar.ks-lang-en) .ks-only-en { display: block !important; }
body:has(.ks-lesson-bar.ks-lang-de) .ks-only-en, body:has(.ks-lesson-bar.ks-lang-en) .ks-only-de { display: none !important; }
"""

TONES = {True: "ks-say-good", False: "ks-say-warn", None: "ks-say-info"}


def lesson_style() -> widgets.HTML:
    """An invisible widget carrying the lessons' CSS."""
    return plain(widgets.HTML, f"<style>{CSS}</style>", layout=hidden_layout())


def message(headline: str, lines: Iterable[str] = (), ok: bool | None = None) -> str:
    """A feedback box: a bold headline and a list of lines (plain text, escaped)."""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    body = f"<ul>{items}</ul>" if items else ""
    return f'<div class="ks-message"><div class="ks-say {TONES[ok]}">{escape(headline)}{body}</div></div>'


class Markup(str):
    """HTML that a table cell shows as it is (other cells are escaped)."""


def _cell(cell: object) -> str:
    return cell if isinstance(cell, Markup) else escape(str(cell))


CELL = "text-align:left;padding:2px 10px;border-bottom:1px solid #ccc"


def table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A small HTML table (cells escaped unless they are `Markup`). The style is inline, so
    the table looks the same wherever the notebook is shown."""
    header = "".join(f'<th style="{CELL}">{escape(str(cell))}</th>' for cell in head)
    body = "".join("<tr>" + "".join(f'<td style="{CELL}">{_cell(cell)}</td>' for cell in row) + "</tr>" for row in rows)
    return (
        f'<table class="ks-facts" style="border-collapse:collapse;margin:4px 0">'
        f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"
    )
