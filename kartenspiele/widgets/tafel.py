"""The board ("Tafel"): a page of its own for the projector, showing only what the teacher sends.

The teacher opens it from the dashboard in a second window (`notebooks/tafel.ipynb?tafel=CODE.TOKEN`,
a view-only token: `classroom.classes.board_state`). It shows, large and readable from the back
of the room:

* the pause screen while the class is paused;
* the address and QR code for joining, with the class code;
* the teacher's timer;
* the answers the teacher picked, in the teacher's order, lettered A, B, C … and never with a name;
* a revealed answer table.

It holds no control and no name: the page's kernel reads the class's board every `POLL`
seconds and redraws what changed. Its kernel is never a teacher's (the server does not hand the
board's page the teacher code), and a page without a valid token shows a short note only.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.classes.board_state import (
    BOARD_PARAMETER,
    JOIN_ADDRESS_ENVIRONMENT,
    Boards,
    BoardView,
    Snapshot,
    split_board_value,
)
from ..classroom.classes.classes import Classes, ClassNotFoundError
from ..classroom.classes.export import exercise_title
from ..classroom.classes.tasks import task_html
from ..classroom.people.roles import query
from ..classroom.store.interface import Store
from ..classroom.store.opening import open_store
from ..core.errors import KartenspieleError
from ..i18n import text
from .style import style_widget
from .texts import default_language

POLL = 1.0
"""Seconds between two looks at the board's document (the timer counts in whole seconds)."""
LETTERS = "ABCDEFGHIJKL"

CSS = """
.ks-tafel { font-family: 'DejaVu Sans', sans-serif; color: #1D2A3A; padding: 12px 20px; }
.ks-tafel .ks-tafel-pause { background: #EAF2F8; border: 4px solid #3A6EA5; border-radius: 16px;
  text-align: center; padding: 40px 20px; margin-bottom: 16px; }
.ks-tafel .ks-tafel-pause h1 { font-size: 64px; margin: 0 0 10px; }
.ks-tafel .ks-tafel-pause p { font-size: 28px; margin: 0; }
.ks-tafel .ks-tafel-pause.ks-tafel-strip { padding: 8px 20px; }
.ks-tafel .ks-tafel-pause.ks-tafel-strip h1 { font-size: 34px; margin: 0; }
.ks-tafel .ks-tafel-top { display: flex; align-items: center; justify-content: space-between; gap: 20px; }
.ks-tafel .ks-tafel-timer { font-size: 72px; font-weight: bold; font-variant-numeric: tabular-nums;
  border: 4px solid #1D2A3A; border-radius: 16px; padding: 0 24px; background: #fff; }
.ks-tafel .ks-tafel-timer.ks-tafel-over { background: #FBE3B3; border-color: #C77700; }
.ks-tafel .ks-tafel-join { display: flex; gap: 24px; align-items: center; }
.ks-tafel .ks-tafel-join svg { flex: none; background: #fff; }
.ks-tafel .ks-tafel-join p { font-size: 26px; margin: 6px 0; }
.ks-tafel .ks-tafel-join p.ks-tafel-address { font-family: 'DejaVu Sans Mono', monospace; font-size: 24px;
  word-break: break-all; font-weight: bold; }
.ks-tafel .ks-tafel-join p.ks-tafel-code { font-family: 'DejaVu Sans Mono', monospace; font-size: 64px;
  font-weight: bold; letter-spacing: 0.15em; margin: 0; }
.ks-tafel .ks-tafel-join.ks-tafel-big p.ks-tafel-code { font-size: 96px; }
.ks-tafel .ks-tafel-answers { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 16px;
  margin-top: 12px; }
.ks-tafel .ks-tafel-answer { border: 4px solid #0072B2; border-radius: 14px; background: #F4FAFD; padding: 12px 18px; }
.ks-tafel .ks-tafel-letter { font-size: 30px; font-weight: bold; color: #0072B2; }
.ks-tafel .ks-tafel-task { font-size: 20px; margin: 4px 0 8px; }
.ks-tafel .ks-tafel-text { font-size: 44px; line-height: 1.25; white-space: pre-wrap; margin: 0; }
.ks-tafel .ks-tafel-table { font-size: 24px; margin-top: 12px; }
.ks-tafel .ks-tafel-table table { border-collapse: collapse; }
.ks-tafel .ks-tafel-table th, .ks-tafel .ks-tafel-table td { border: 1px solid #888; padding: 4px 10px; }
.ks-tafel .ks-tafel-empty { font-size: 28px; color: #555; text-align: center; margin-top: 80px; }
.ks-tafel .ks-chip { display: inline-block; min-width: 1.6em; padding: 1px 4px; margin: 1px; border: 2px solid #333;
  border-radius: 5px; background: #fff; text-align: center; font-weight: bold; }
"""


def minutes_seconds(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def join_qr(address: str, scale: int = 5) -> str:
    """An SVG QR code of `address`, `scale` pixels a module ("" where segno, of
    `kartenspiele[serve]`, is missing)."""
    try:
        import segno
    except ImportError:
        return ""
    return segno.make(address, error="m").svg_inline(scale=scale, border=2, title=address)


class BoardPage(widgets.VBox):
    """The board of class `code` (`boards.confirm` was asked before)."""

    def __init__(
        self,
        boards: Boards,
        code: str,
        lang: str | None = None,
        table_html: Callable[[str, str], str] | None = None,
        join_address: str | None = None,
        live: bool = True,
    ) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-tafel")
        self.boards, self.code = boards, code
        self.lang = lang or default_language()
        self.table_html = table_html
        self.join_address = join_address if join_address is not None else os.environ.get(JOIN_ADDRESS_ENVIRONMENT, "")
        self.content = widgets.HTML()
        self.shown: tuple[Any, ...] | None = None
        self.gone = False
        self._stop = threading.Event()
        self.children = (style_widget(), widgets.HTML(f"<style>{CSS}</style>"), self.content)
        self.look()
        if live:
            threading.Thread(target=self._loop, name="kartenspiele-board", daemon=True).start()

    def _loop(self) -> None:
        while not self._stop.wait(POLL) and not self.gone:
            try:
                self.look()
            except Exception:  # noqa: BLE001 — the board keeps what it shows until the next look
                continue

    def stop(self) -> None:
        self._stop.set()

    def look(self) -> None:
        """Read the board and redraw it if anything shown has changed."""
        try:
            view = self.boards.view(self.code)
        except ClassNotFoundError:
            self.gone = True
            self.content.value = f"<p class='ks-tafel-empty'>{escape(text('tafel.gone', self.lang))}</p>"
            return
        except KartenspieleError:
            return  # the store is away for a moment
        key = (view.paused, view.join, view.seconds_left(), view.snapshots, view.table)
        if key != self.shown:
            self.shown = key
            self.content.value = self.render(view)

    def render(self, view: BoardView) -> str:
        lang = self.lang
        parts: list[str] = []
        busy = bool(view.snapshots or view.table or view.timer_ends is not None)
        if view.paused:
            strip = " ks-tafel-strip" if busy or view.join else ""
            parts.append(
                f"<div class='ks-tafel-pause{strip}' role='status'><h1>{escape(text('pause.title', lang))}</h1>"
                + ("" if strip else f"<p>{escape(text('tafel.pause', lang))}</p>")
                + "</div>"
            )
        top = [self.join_part(big=not busy)] if view.join else []
        left = view.seconds_left()
        if left is not None:
            over = " ks-tafel-over" if left == 0 else ""
            label = text("tafel.time_up", lang) if left == 0 else minutes_seconds(left)
            top.append(f"<div class='ks-tafel-timer{over}' role='timer'>{escape(label)}</div>")
        if top:
            parts.append(f"<div class='ks-tafel-top'>{''.join(top)}</div>")
        if view.snapshots:
            cards = "".join(self.answer_part(LETTERS[index], item) for index, item in enumerate(view.snapshots))
            parts.append(f"<div class='ks-tafel-answers'>{cards}</div>")
        if view.table and self.table_html is not None:
            parts.append(f"<div class='ks-tafel-table'>{self.table_html(view.table, lang)}</div>")
        if not parts:
            parts.append(f"<p class='ks-tafel-empty'>{escape(text('tafel.empty', lang))}</p>")
        return "".join(parts)

    def join_part(self, big: bool) -> str:
        lang = self.lang
        address = self.join_address
        qr = join_qr(address, 9 if big else 5) if address else ""
        words = (
            f"<div><p>{escape(text('tafel.join', lang))}</p>"
            + (f"<p class='ks-tafel-address'>{escape(address)}</p>" if address else "")
            + f"<p>{escape(text('tafel.code', lang))}</p><p class='ks-tafel-code'>{escape(self.code)}</p></div>"
        )
        return f"<div class='ks-tafel-join{' ks-tafel-big' if big else ''}'>{qr}{words}</div>"

    def answer_part(self, letter: str, item: Snapshot) -> str:
        lang = self.lang
        words = item.task.get(lang) or next(iter(item.task.values()), "")
        title = exercise_title(item.exercise, lang) if item.exercise else ""
        return (
            f"<div class='ks-tafel-answer'><div class='ks-tafel-letter'>{escape(letter)}"
            f"<span class='ks-tafel-task'> · {escape(title)}</span></div>"
            + (f"<p class='ks-tafel-task'>{task_html(words)}</p>" if words else "")
            + f"<p class='ks-tafel-text'>{escape(item.answer)}</p></div>"
        )

    def __repr__(self) -> str:
        return "BoardPage()"


class BoardRefused(widgets.VBox):
    """A board address without a valid token: a short note, nothing of any class."""

    def __init__(self, lang: str | None = None) -> None:
        super().__init__()
        self.add_class("ks-table")
        self.add_class("ks-tafel-refused")
        lang = lang or default_language()
        self.children = (
            style_widget(),
            widgets.HTML(f"<div class='ks-say ks-say-info'><p>{escape(text('tafel.refused', lang))}</p></div>"),
        )

    def __repr__(self) -> str:
        return "BoardRefused()"


def board_page(table_html: Callable[[str, str], str] | None = None, store: Store | None = None) -> widgets.Widget:
    """The board named by the page's address (`?tafel=CODE.TOKEN`), or the refusal."""
    found = split_board_value(query().get(BOARD_PARAMETER, ""))
    if found is None:
        return BoardRefused()
    code, token = found
    try:
        boards = Boards(Classes(store or open_store()))
        if not boards.confirm(code, token):
            return BoardRefused()
    except KartenspieleError:
        return BoardRefused()
    return BoardPage(boards, code, table_html=table_html)
