"""Quanto as HTML for notebooks: cards, hands, the table and whole positions.

Cards show a big value; a rainbow card has a rainbow border and the word "Regenbogen",
a joker is dark with a star. The CSS is the package's `static/cards.css`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Any

from ..i18n import text
from .cards import DECK, Card
from .explain import card_name, player_name


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The CSS of cards and positions."""
    return resources.files("kartenspiele").joinpath("static/cards.css").read_text(encoding="utf-8")


def card_html(card: Card, lang: str | None = None, small: bool = False, classes: Iterable[str] = ()) -> str:
    """One card; its accessible label names it ("Regenbogen-8"); `classes` are added to its own."""
    classes = ["ks-card", *classes]
    if small:
        classes.append("ks-small")
    if card.is_joker:
        classes.append("ks-joker")
        face, mark = "★", text("quanto.card.joker", lang)
    else:
        face, mark = str(card.value), ""
        if card.rainbow:
            classes.append("ks-rainbow")
            mark = text("quanto.label.rainbow_mark", lang)
    label = escape(card_name(card, lang))
    return (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{label}" title="{label}">'
        f'<span class="ks-value">{face}</span><span class="ks-mark">{escape(mark)}</span></span>'
    )


def back_html(count: int, lang: str | None = None) -> str:
    """A face-down pile with its size."""
    label = escape(text("quanto.label.cards", lang, count=count))
    return f'<span class="ks-card ks-back" role="img" aria-label="{label}" title="{label}">{count}</span>'


def cards_html(cards: Iterable[Card], lang: str | None = None, small: bool = False) -> str:
    shown = [card_html(card, lang, small) for card in cards]
    return "".join(shown) or f'<span class="ks-note">{escape(text("quanto.label.none", lang))}</span>'


def _row(label: str, content: str) -> str:
    return f'<div class="ks-row"><span class="ks-label">{escape(label)}</span>{content}</div>'


def _wrap(body: str) -> str:
    return f'<style>{stylesheet()}</style><div class="ks-position">{body}</div>'


def _player_block(player: int, state: Any, hand_html: str, lang: str | None) -> str:
    chip = state.chip_of[player] if hasattr(state, "chip_of") else state.chips[player]
    stack = state.stacks[player]
    active = " ks-active" if state.to_move == player and not state.over else ""
    rows = [
        _row(text("quanto.label.hand", lang), hand_html),
        _row(text("quanto.label.win_pile", lang), back_html(len(state.win[player]), lang)),
    ]
    if chip is not None:
        rows.append(
            _row(
                text("quanto.label.quanto", lang),
                f'<span class="ks-chip">{chip}</span>' + cards_html((DECK[i] for i in stack), lang, True),
            )
        )
    name = escape(player_name(player, lang))
    return f'<div class="ks-player{active}"><b>{name}</b>{"".join(rows)}</div>'


def _common_rows(state: Any, draw_count: int, lang: str | None) -> list[str]:
    rows = [
        _row(text("quanto.label.draw_pile", lang), back_html(draw_count, lang)),
        _row(text("quanto.label.table", lang), cards_html((DECK[i] for i in state.table), lang)),
    ]
    if state.drawn:
        rows.append(_row(text("quanto.label.drawn", lang), cards_html((DECK[i] for i in state.drawn), lang)))
    supply = [chip for chip in range(5, 13) if chip not in set(getattr(state, "chip_of", None) or state.chips)]
    rows.append(_row(text("quanto.label.chips", lang), "".join(f'<span class="ks-chip">{c}</span>' for c in supply)))
    return rows


def state_html(state: Any, lang: str | None = None) -> str:
    """A whole position with every hand open (for teachers and tests)."""
    rows = _common_rows(state, len(state.draw), lang)
    for player in range(state.players):
        rows.append(_player_block(player, state, cards_html((DECK[i] for i in state.hands[player]), lang), lang))
    return _wrap("".join(rows))


def view_html(view: Any, lang: str | None = None) -> str:
    """A position as one player sees it: the other hands face down."""
    rows = _common_rows(view, view.draw_count, lang)
    for player in range(view.players):
        if player == view.player:
            hand = cards_html((DECK[i] for i in view.hand), lang)
        else:
            hand = back_html(view.hand_sizes[player], lang)
        rows.append(_player_block(player, view, hand, lang))
    return _wrap("".join(rows))


def hand_html(cards: Iterable[Card], lang: str | None = None) -> str:
    """A row of cards (a hand or any list of cards)."""
    return _wrap(f'<div class="ks-row">{cards_html(cards, lang)}</div>')
