"""The win-rate chart for the lessons (drawn off screen)."""

import matplotlib

matplotlib.use("Agg")

from kartenspiele.bots.plot import plot_win_rates  # noqa: E402
from kartenspiele.bots.tournament import run_tournament  # noqa: E402


def test_one_bar_per_level_and_tournament_with_error_bars():
    tournaments = [run_tournament("quanto", players, ["random", "greedy"], 4, progress=False) for players in (2, 3)]
    ax = plot_win_rates(tournaments, lang="en")
    heights = sorted(round(patch.get_height(), 6) for patch in ax.patches)
    expected = sorted(round(row.win_rate.mean, 6) for t in tournaments for row in t.rows())
    assert heights == expected
    assert [label.get_text() for label in ax.get_legend().get_texts()] == ["easy", "medium"]
    assert ax.get_xticklabels()[1].get_text().startswith("3 players")


def test_groups_name_the_game_when_games_are_mixed():
    tournaments = [
        run_tournament("quanto", 2, ["random", "greedy"], 2, progress=False),
        run_tournament("tausch_rausch", 2, ["random", "greedy"], 2, progress=False),
    ]
    labels = [label.get_text() for label in plot_win_rates(tournaments, lang="de").get_xticklabels()]
    assert labels == ["Quanto\n2 Spieler\n2 Partien", "Tausch-Rausch\n2 Spieler\n2 Partien"]
