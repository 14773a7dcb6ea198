"""A bar chart of win rates with their 95% confidence intervals (matplotlib), for lessons.

from kartenspiele.bots.tournament import run_tournament
from kartenspiele.bots.plot import plot_win_rates
plot_win_rates([run_tournament("quanto", 2, ["random", "greedy"], 100)])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.extras import needs
from ..i18n import text
from . import level_name
from .games import game_info
from .tournament import Tournament


def plot_win_rates(tournaments: Sequence[Tournament], lang: str | None = None, ax: Any = None) -> Any:
    """One group of bars per tournament (one bar per level), with error bars for the 95%
    interval and a dashed line where equal strength would lie. Returns the axes."""
    if ax is None:
        with needs("plots"):
            import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(1.8 + 1.6 * len(tournaments), 3.5))
    levels = list(dict.fromkeys(level for t in tournaments for level in t.levels))
    width = 0.8 / len(levels)
    for index, level in enumerate(levels):
        xs, means, errors = [], [], [[], []]
        for group, tournament in enumerate(tournaments):
            row = next((r for r in tournament.rows() if r.level == level), None)
            if row is None:
                continue
            rate = row.win_rate
            xs.append(group - 0.4 + width * (index + 0.5))
            means.append(rate.mean)
            errors[0].append(rate.mean - rate.low)
            errors[1].append(rate.high - rate.mean)
        ax.bar(xs, means, width, yerr=errors, capsize=3, label=level_name(level, lang))
    for group, tournament in enumerate(tournaments):
        ax.hlines(tournament.expected, group - 0.45, group + 0.45, colors="black", linestyles="dashed", linewidth=1)
    ax.set_xticks(range(len(tournaments)))
    mixed = len({t.game for t in tournaments}) > 1
    ax.set_xticklabels([_group_label(t, lang, mixed) for t in tournaments])
    ax.set_ylim(0, 1)
    ax.set_ylabel(text("bots.plot.win_rate", lang))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    return ax


def _group_label(tournament: Tournament, lang: str | None, with_game: bool) -> str:
    """ "2 Spieler / 100 Partien", with the game's name on top when several games are shown."""
    label = text("bots.plot.group", lang, players=tournament.players, games=len(tournament.records))
    return f"{game_info(tournament.game).title}\n{label}" if with_game else label
