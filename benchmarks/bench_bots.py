"""Computer players: the ladder of strength and the time per decision, for both games.

The ladder: for each game and player count, a mirrored tournament between each level and
the one below it (see `kartenspiele.bots.tournament`), printed as a table with win rates
and their 95% confidence intervals. Decision time: every `choose` call of each level over
whole games (all levels at the table in rotation), as median and 95th percentile.

Run: `python benchmarks/bench_bots.py --games 1000 --planner-games 1000 [--jobs 2]
[--players 2,3,4] [--game quanto] [--csv ladder.csv]` (or `make bench`, with small defaults:
200 games per pair, 40 with the planner, 3 timed deals per player count).
"""

from __future__ import annotations

import argparse
import time
from itertools import pairwise

from common import median, percentile

from kartenspiele.bots import LEVELS, make_bot
from kartenspiele.bots.games import GAMES, game_info
from kartenspiele.bots.match import Match
from kartenspiele.bots.tournament import lineups, run_tournament, write_csv


class Timed:
    """A bot that records how long each of its decisions takes."""

    def __init__(self, game: str, level: str, times: list[float]) -> None:
        self.bot = make_bot(game, level)
        self.level = level
        self.times = times

    def choose(self, view, rng):
        start = time.perf_counter()
        move = self.bot.choose(view, rng)
        self.times.append(time.perf_counter() - start)
        return move


def decision_times(game: str, players: int, games: int, seed: int) -> dict[str, list[float]]:
    """Seconds per decision of each level over `games` deals, each played once with every
    seat assignment of all levels (so every level sits at every table size)."""
    levels = list(LEVELS[game])
    times: dict[str, list[float]] = {level: [] for level in levels}
    for number in range(games):
        for lineup in lineups(levels, players):
            bots = [Timed(game, level, times[level]) for level in lineup]
            Match(game, players, bots, seed=seed + number).play()
    return times


def ladder(game: str, players: int, games: int, planner_games: int, seed: int, jobs: int) -> list:
    results = []
    for lower, upper in pairwise(LEVELS[game]):
        count = planner_games if "planner" in (lower, upper) else games
        started = time.perf_counter()
        tournament = run_tournament(game, players, [lower, upper], count, seed=seed, jobs=jobs)
        print(tournament.table("en"))
        print(f"({time.perf_counter() - started:.0f} s)\n", flush=True)
        results.append(tournament)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted(GAMES),
        help="game to measure (repeatable; default: every game with more than one level)",
    )
    parser.add_argument("--players", default="2,3,4", help="player counts (default 2,3,4)")
    parser.add_argument("--games", type=int, default=200, help="games per pair of levels (default 200)")
    parser.add_argument(
        "--planner-games",
        type=int,
        default=40,
        help="games per pair that includes the planner (default 40; the figures of "
        "docs/bots.md use --planner-games 1000)",
    )
    parser.add_argument(
        "--timing-games", type=int, default=3, help="deals timed per player count (each with every seat assignment)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the tournaments")
    parser.add_argument("--csv", help="write the ladder rows to this CSV file")
    parser.add_argument("--skip-ladder", action="store_true")
    parser.add_argument("--skip-timing", action="store_true")
    args = parser.parse_args(argv)
    games = args.game or [game for game in GAMES if len(LEVELS[game]) > 1]
    player_counts = [int(p) for p in args.players.split(",")]
    tournaments = []
    for game in games:
        low, high = game_info(game).players
        counts = [p for p in player_counts if low <= p <= high]
        if not args.skip_ladder:
            print(f"== ladder: {game} ==\n")
            for players in counts:
                tournaments.extend(ladder(game, players, args.games, args.planner_games, args.seed, args.jobs))
        if not args.skip_timing:
            print(
                f"== time per decision: {game} ({args.timing_games} deals per player count, every seat assignment) =="
            )
            print(f"{'players':>7}  {'level':<8} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
            for players in counts:
                for level, times in decision_times(game, players, args.timing_games, args.seed).items():
                    print(
                        f"{players:>7}  {level:<8} {len(times):>9} {1000 * median(times):>10.2f}"
                        f" {1000 * percentile(times, 0.95):>8.2f} {1000 * max(times):>8.2f}"
                    )
            print(flush=True)
    if args.csv and tournaments:
        write_csv(tournaments, args.csv)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
