"""Mirrored tournaments: the seat assignments, the statistics, the table, CSV and the command."""

import csv
from collections import Counter

import pytest

from kartenspiele.bots.stats import win_rate
from kartenspiele.bots.tournament import lineups, main, run_tournament, write_csv
from kartenspiele.cli import main as cli_main
from kartenspiele.core.errors import BotSetupError, PlayerCountError


@pytest.mark.parametrize(
    "levels, players",
    [
        (("a", "b"), 2),
        (("a", "b"), 3),
        (("a", "b"), 4),
        (("a", "b", "c"), 2),
        (("a", "b", "c"), 3),
        (("a", "b", "c"), 4),
        (("a", "b"), 5),
        (("a", "b", "c"), 6),
    ],
)
def test_lineups_put_each_level_in_each_seat_equally_often(levels, players):
    found = lineups(levels, players)
    assert len(found) == len(set(found))
    per_seat = [Counter(lineup[seat] for lineup in found) for seat in range(players)]
    assert all(set(counts) == set(levels) for counts in per_seat)
    assert len({count for counts in per_seat for count in counts.values()}) == 1


def test_lineups_of_two_levels():
    assert lineups(("a", "b"), 2) == [("a", "b"), ("b", "a")]
    assert lineups(("a", "b"), 3) == [
        ("a", "b", "a"),
        ("b", "a", "a"),
        ("a", "a", "b"),
        ("b", "a", "b"),
        ("a", "b", "b"),
        ("b", "b", "a"),
    ]


def test_win_rate_interval():
    half = win_rate([0.5] * 100)
    assert half.mean == 0.5 and half.low < 0.5 < half.high
    sure = win_rate([1.0] * 100)
    assert sure.mean == 1.0 and 0.9 < sure.low < 1.0 and sure.high == 1.0
    few = win_rate([1.0] * 3)
    assert few.low < 0.6
    wide, narrow = win_rate([0.0, 1.0] * 20), win_rate([0.0, 1.0] * 500)
    assert narrow.high - narrow.low < wide.high - wide.low


def test_greedy_beats_random_in_a_mirrored_tournament():
    tournament = run_tournament("quanto", 2, ["random", "greedy"], 200, seed=3, progress=False)
    rows = {row.level: row for row in tournament.rows()}
    assert rows["greedy"].games == 200 and rows["greedy"].seats == 200
    assert rows["greedy"].wins + rows["random"].wins == pytest.approx(200)
    assert rows["greedy"].win_rate.low > 0.5
    assert rows["greedy"].mean_score > rows["random"].mean_score


def test_three_players_share_the_seats_and_the_wins():
    tournament = run_tournament("quanto", 3, ["random", "greedy"], 12, seed=1, progress=False)
    assert len(tournament.records) == 12 and len({r.deal for r in tournament.records}) == 2
    rows = tournament.rows()
    assert sum(row.wins for row in rows) == pytest.approx(12)
    assert [row.seats for row in rows] == [18, 18]


def test_same_seed_same_games_in_one_or_two_processes():
    one = run_tournament("quanto", 2, ["random", "greedy"], 8, seed=5, progress=False)
    again = run_tournament("quanto", 2, ["random", "greedy"], 8, seed=5, progress=False)
    two = run_tournament("quanto", 2, ["random", "greedy"], 8, seed=5, progress=False, jobs=2)
    assert one.records == again.records == two.records


BAD_SETUPS = [
    (("quanto", 7, ["random", "greedy"], 2), PlayerCountError, "Quanto is played by 2 to 6 players, not 7."),
    (
        ("tausch_rausch", 5, ["random", "greedy"], 2),
        PlayerCountError,
        "Tausch-Rausch is played by 2 to 4 players, not 5.",
    ),
    (
        ("quanto", 2, ["random", "random"], 2),
        BotSetupError,
        "Each level may be named only once in a tournament, not like this: random, random.",
    ),
    (
        ("quanto", 2, ["random", "wizard"], 2),
        BotSetupError,
        "There is no computer player 'wizard' for Quanto. Known levels: random, greedy, planner.",
    ),
    (("quanto", 2, [], 2), BotSetupError, "Name at least one level (easy, medium, hard: random, greedy, planner)."),
    (("quanto", 2, ["random", "greedy"], 0), BotSetupError, "At least one game must be played, not 0."),
    (
        ("skat", 2, ["random", "greedy"], 2),
        BotSetupError,
        "There is no game 'skat' here. Known games: quanto, tausch_rausch.",
    ),
]


@pytest.mark.parametrize("setup, error, message", BAD_SETUPS)
def test_bad_setups_are_refused_with_a_message_in_both_languages(setup, error, message):
    with pytest.raises(error) as caught:
        run_tournament(*setup, progress=False)
    assert caught.value.message("en") == message
    assert caught.value.message("de") != message and caught.value.message("de")


def test_no_processes_is_refused():
    with pytest.raises(BotSetupError) as caught:
        run_tournament("quanto", 2, ["random", "greedy"], 2, jobs=0, progress=False)
    assert caught.value.message("en") == "At least one process is needed, not 0."


def test_table_and_csv(tmp_path):
    tournament = run_tournament("quanto", 2, ["random", "greedy"], 4, seed=2, progress=False)
    table = tournament.table("en")
    assert "greedy (medium)" in table and "win rate [95% CI]" in table and "4 games (2 mirrored deals)" in table
    assert "mittel" in tournament.table("de")
    path = tmp_path / "rows.csv"
    write_csv([tournament], path)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [row["level"] for row in rows] == ["random", "greedy"]
    assert float(rows[0]["wins"]) + float(rows[1]["wins"]) == pytest.approx(4)


def test_simulate_command(tmp_path, capsys):
    path = tmp_path / "out.csv"
    status = cli_main(
        [
            "simulate",
            "quanto",
            "--players",
            "3",
            "--bots",
            "random,greedy",
            "--games",
            "6",
            "--seed",
            "4",
            "--csv",
            str(path),
            "--lang",
            "en",
        ]
    )
    out, err = capsys.readouterr()
    assert status == 0
    assert "3 players: 6 games" in out and "random (easy)" in out
    assert "game" in err  # the progress bar goes to stderr
    assert path.read_text(encoding="utf-8").startswith("game,players,level")


def test_simulate_command_refuses_an_unknown_level(capsys):
    assert main(["quanto", "--bots", "random,wizard", "--games", "2"]) == 2
    assert "wizard" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, german",
    [
        (["quanto", "--players", "9"], "Quanto spielt man zu 2 bis 6 Personen, nicht mit 9."),
        (["quanto", "--games", "0"], "Es muss mindestens eine Partie gespielt werden, nicht 0."),
        (["tausch_rausch", "--bots", "greedy,greedy"], "Jede Stufe darf im Turnier nur einmal genannt werden"),
    ],
)
def test_simulate_command_explains_bad_input_in_german_by_default(argv, german, capsys):
    assert main([*argv, "--quiet"]) == 2
    captured = capsys.readouterr()
    assert german in captured.err and captured.out == ""


def test_simulate_command_checks_the_csv_folder_before_playing(tmp_path, capsys):
    target = tmp_path / "missing" / "rows.csv"
    assert main(["quanto", "--games", "2", "--csv", str(target), "--lang", "en", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert f"The folder '{target.parent}' for the CSV file does not exist." in captured.err
    assert captured.out == "" and not target.parent.exists()
