"""Tausch-Rausch in a notebook: HTML for cards, hands, the market, tasks and whole positions.

Every colour has a colour (the Okabe–Ito palette) and a symbol, so colour-blind players can
tell them apart; the text colour on each card is chosen for a contrast of at least 4.5 : 1
(`contrast` computes it). The style sheet is inline (`STYLE`), scoped to `tr-` classes.
Texts follow the current language of `kartenspiele.i18n`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..i18n import text
from .cards import COLOURS, DECK, STALL_SIZES, Card, format_cards
from .tasks import Task

# colour: (background, text colour, symbol)
PALETTE: dict[str, tuple[str, str, str]] = {
    "ge": ("#F0E442", "#000000", "★"),
    "gr": ("#009E73", "#000000", "♣"),
    "bl": ("#0072B2", "#FFFFFF", "◆"),
    "ro": ("#D55E00", "#000000", "♥"),
}


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two colours written as `#RRGGBB`."""
    light, dark = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


STYLE = (
    "<style>"
    + "".join(
        [
            ".tr-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:space-between;"
            "width:2.6em;height:3.7em;margin:0.15em;padding:0.2em 0;box-sizing:border-box;border:2px solid #222;"
            "border-radius:0.45em;font-family:sans-serif;font-weight:bold;line-height:1;vertical-align:top}",
            ".tr-card .tr-val{font-size:1.45em}.tr-card .tr-sym{font-size:0.9em}",
            ".tr-row{display:flex;flex-wrap:wrap;align-items:flex-start;gap:0.3em}",
            ".tr-box{border:1px solid #888;border-radius:0.5em;padding:0.3em 0.5em;margin:0.2em;background:#FFFFFF;"
            "color:#000000;font-family:sans-serif}",
            ".tr-label{font-weight:bold;font-size:0.9em;margin-bottom:0.2em;color:#000000}",
            ".tr-stall{text-align:center}.tr-stall .tr-size{display:inline-block;border:2px solid #222;"
            "border-radius:50%;width:1.6em;height:1.6em;line-height:1.6em;font-weight:bold;background:#FFFFFF;color:#000000}",
            ".tr-task{max-width:12em}.tr-task .tr-reward{float:right;font-weight:bold;background:#000000;color:#FFFFFF;"
            "border-radius:0.4em;padding:0 0.3em;margin-left:0.3em}.tr-task .tr-id{font-size:0.75em;color:#333333}",
            ".tr-back{display:inline-block;width:1.3em;height:1.9em;margin:0.1em;border:2px solid #222;border-radius:0.3em;"
            "background:repeating-linear-gradient(45deg,#555 0 4px,#999 4px 8px)}",
            ".tr-turn{font-weight:bold;background:#FFFFFF;color:#000000}",
            ".tr-swatch{display:inline-block;min-width:1.3em;text-align:center;border:1px solid #222;border-radius:0.3em}",
            *(f".tr-{colour}{{background:{PALETTE[colour][0]};color:{PALETTE[colour][1]}}}" for colour in COLOURS),
        ]
    )
    + "</style>"
)


def _styled(body: str) -> str:
    return f'{STYLE}<div class="tr">{body}</div>'


def _card(card: Card) -> str:
    symbol = PALETTE[card.colour][2]
    name = escape(card.name())
    return (
        f'<span class="tr-card tr-{card.colour}" role="img" aria-label="{name}" '
        f'title="{name} ({card.notation})"><span class="tr-sym">{symbol}</span>'
        f'<span class="tr-val">{card.value}</span><span class="tr-sym">{symbol}</span></span>'
    )


def _cards(cards: Sequence[Card]) -> str:
    return "".join(_card(card) for card in cards) or "–"


def _labelled(label: str, body: str, css: str = "tr-box") -> str:
    return f'<div class="{css}"><div class="tr-label">{escape(label)}</div>{body}</div>'


def card_html(card: Card) -> str:
    """One card: its colour, its symbol and its value."""
    return _styled(_card(card))


def _task(task: Task, notation: bool = True) -> str:
    colour = task.colour.which
    swatch = f'<span class="tr-swatch tr-{colour}">{PALETTE[colour][2]}</span> ' if colour in PALETTE else ""
    notation_line = f'<div class="tr-id">{escape(task.id)}</div>' if notation else ""
    return (
        f'<div class="tr-box tr-task"><span class="tr-reward">+{task.reward}</span>'
        f"{swatch}{escape(task.title())}{notation_line}</div>"
    )


def task_html(task: Task, notation: bool = True) -> str:
    """One task card: what it asks for and its reward, with its id for scenarios and moves
    (`notation`; pupils' pages leave it out)."""
    return _styled(_task(task, notation))


def _market(stalls: Sequence[Sequence[Card]]) -> str:
    cells = "".join(
        f'<div class="tr-box tr-stall"><span class="tr-size">{size}</span><div>{_cards(cards)}</div></div>'
        for size, cards in zip(STALL_SIZES, stalls)
    )
    return _labelled(text("tausch_rausch.display.market"), f'<div class="tr-row">{cells}</div>')


@dataclass(frozen=True)
class Hand:
    """Cards held by one player, shown as a row of cards."""

    cards: tuple[Card, ...]
    label: str = ""

    def __str__(self) -> str:
        return format_cards(self.cards)

    def _repr_html_(self) -> str:
        return _styled(_labelled(self.label or text("tausch_rausch.display.hand"), _cards(self.cards)))


@dataclass(frozen=True)
class Market:
    """The five market stalls (1, 2, 2, 2, 3 cards), left to right."""

    stalls: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return " | ".join(format_cards(cards) for cards in self.stalls)

    def _repr_html_(self) -> str:
        return _styled(_market(self.stalls))


def _player(player: int) -> str:
    return text("player.name", None, number=player + 1)


def _position(
    stalls: Sequence[Sequence[Card]],
    open_tasks: Sequence[Task],
    hands: Sequence[str],
    fulfilled: Sequence[Sequence[str]],
    draw_size: int,
    discard: Sequence[Card],
    to_move: int,
    turn: int,
    over: bool,
    winner: int | None,
    notation: bool = True,
    titles: dict[str, str] | None = None,
) -> str:
    if winner is not None:
        status = text("tausch_rausch.display.won", None, name=_player(winner))
    elif over:
        status = text("tausch_rausch.display.drawn")
    else:
        status = text("tausch_rausch.display.to_move", None, name=_player(to_move), turn=turn + 1)
    tasks = "".join(_task(task, notation) for task in open_tasks) or "–"
    piles = _labelled(text("tausch_rausch.display.draw_pile"), escape(str(draw_size))) + _labelled(
        text("tausch_rausch.display.discard_pile", None, count=len(discard)), _cards(discard[-1:])
    )
    scores = "".join(
        _labelled(
            text("tausch_rausch.display.fulfilled", None, name=_player(p), count=len(ids)),
            escape(", ".join(ids) if notation else "; ".join((titles or {}).get(i, i) for i in ids)) or "–",
        )
        for p, ids in enumerate(fulfilled)
    )
    return (
        f'<div class="tr-box tr-turn">{escape(status)}</div>'
        + _market(stalls)
        + _labelled(text("tausch_rausch.display.open_tasks"), f'<div class="tr-row">{tasks}</div>')
        + f'<div class="tr-row">{piles}</div>'
        + "".join(hands)
        + f'<div class="tr-row">{scores}</div>'
    )


def state_html(state: Any, notation: bool = True) -> str:
    """A whole position with every hand open (for teachers and tests); without `notation` (a
    pupil's page) the tasks are named by their titles, never by their ids."""
    hands = [_labelled(_player(p), _cards(state.hand_cards(p))) for p in range(state.players)]
    return _styled(
        _position(
            state.market().stalls,
            [state.task(task_id) for task_id in state.open_tasks],
            hands,
            state.fulfilled,
            len(state.draw),
            [DECK[i] for i in state.discard],
            state.to_move,
            state.turn,
            state.over,
            state.winner,
            notation,
            {task.id: task.title() for task in state.options.tasks},
        )
    )


def view_html(view: Any) -> str:
    """A position as one player sees it: the own hand open, the other hands face down."""
    tasks = {task.id: task for task in view.options.tasks}
    hands = []
    for p, size in enumerate(view.hand_sizes):
        if p == view.viewer:
            hands.append(_labelled(text("tausch_rausch.display.your_hand"), _cards(view.hand)))
        else:
            hands.append(
                _labelled(
                    text("tausch_rausch.display.hidden_hand", None, name=_player(p), count=size),
                    '<span class="tr-back"></span>' * size,
                )
            )
    return _styled(
        _position(
            view.stalls,
            [tasks[task_id] for task_id in view.open_tasks],
            hands,
            view.fulfilled,
            view.draw_size,
            view.discard,
            view.to_move,
            view.turn,
            view.over,
            view.winner,
        )
    )
