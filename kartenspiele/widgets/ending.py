"""The game-over screen: who won, said to the person at the screen, a small celebration when a
person won, the scores, and what next ("Nochmal", "Neues Spiel", "Zur Startseite")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from .home import home_link
from .plain import plain
from .texts import t

CONFETTI = ("#e4572e", "#f3a712", "#29bf12", "#3a6ea5", "#a846a0", "#f3a712")
"""The colours of the confetti pieces, drawn by the style sheet (no emoji: a computer without an
emoji font would show empty boxes)."""


def verdict(winners: Sequence[int], names: Sequence[str], viewer: int | None, lang: str) -> tuple[str, bool]:
    """The sentence about the winner, addressed to `viewer` (the one person, or None in
    hot-seat play), and whether it is good news for the person at the screen."""
    won = sorted(set(winners))
    if not won:
        return t("result.draw", lang), False
    if viewer is not None and viewer in won:
        if len(won) == 1:
            return t("ending.you_win", lang), True
        others = ", ".join(names[p] for p in won if p != viewer)
        return t("ending.you_tie", lang, names=others), True
    if len(won) == 1:
        key = "ending.other_wins" if viewer is not None else "ending.wins"
        return t(key, lang, name=names[won[0]]), viewer is None
    return t("result.tie", lang, names=", ".join(names[p] for p in won)), viewer is None


class EndScreen(widgets.VBox):
    """The game-over box; `show(...)` fills it, `relabel(lang)` sets the button texts."""

    def __init__(self, again: Callable[[], None], new_game: Callable[[], None]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))  # shown at the end
        self.add_class("ks-result")
        self.text = plain(widgets.HTML)
        self.again_button = plain(
            widgets.Button, icon="repeat", button_style="success", layout=widgets.Layout(width="auto")
        )
        self.again_button.on_click(lambda _: again())
        self.new_button = plain(widgets.Button, icon="plus", layout=widgets.Layout(width="auto"))
        self.new_button.on_click(lambda _: new_game())
        self.home = plain(widgets.HTML)
        buttons = plain(widgets.HBox, [self.again_button, self.new_button, self.home])
        buttons.add_class("ks-result-buttons")
        self.children = (self.text, buttons)

    def relabel(self, lang: str) -> None:
        self.again_button.description = t("ending.again", lang)
        self.again_button.tooltip = t("button.again", lang)
        self.new_button.description = t("button.new_game", lang)
        self.home.value = home_link(lang)

    def show(
        self,
        scores: Sequence[int],
        winners: Sequence[int],
        names: Sequence[str],
        viewer: int | None,
        score_label: str,
        lines: Sequence[str],
        lang: str,
    ) -> None:
        """Fill the screen: verdict, celebration, scores (highest first), how the game ended."""
        sentence, cheer = verdict(winners, names, viewer, lang)
        won = set(winners)
        order = sorted(range(len(scores)), key=lambda p: -scores[p])
        rows = "".join(
            f"<tr class='{'ks-winner' if p in won else ''}'><td>{'★' if p in won else ''}</td>"
            f"<td>{escape(names[p])}</td><td>{scores[p]}</td></tr>"
            for p in order
        )
        party = (
            "<div class='ks-confetti' aria-hidden='true'>"
            + "".join(f"<span style='--i:{i};--c:{c}'></span>" for i, c in enumerate(CONFETTI))
            + "</div>"
            if cheer
            else ""
        )
        extra = "".join(f"<p>{escape(line)}</p>" for line in lines)
        comfort = "" if cheer or not won else f"<p>{escape(t('ending.next_time', lang))}</p>"
        value = (
            f"{party}<h2>{escape(t('result.title', lang))}</h2>"
            f"<p class='ks-verdict' role='status'>{escape(sentence)}</p>{comfort}"
            f"<table class='ks-scores'><caption class='ks-hidden'>{escape(score_label)}</caption>"
            f"<tr><th scope='col'><span class='ks-hidden'>{escape(t('access.winner', lang))}</span></th>"
            f"<th scope='col'>{escape(t('result.player', lang))}</th>"
            f"<th scope='col'>{escape(score_label)}</th></tr>{rows}</table>{extra}"
        )
        if self.text.value != value:
            self.text.value = value
