"""The first game's level: how often each computer level loses to a child who follows the Tipp on
every third move (`bots.follower.TippFollower`; its other moves are random legal moves).

Two players, mirrored: every deal is played twice, the follower once in each seat, on the same
cards. A level's win rate is its share of the wins (a Tausch-Rausch game stopped by the
simulation's turn cap is a draw, shared); the 95% interval is over deals (`bots.stats`). The goal
of issue 35: the easiest level loses at least 60 % of its games to the follower.

    python benchmarks/bench_first_game.py --games 200 [--game quanto] [--jobs 2]

Prints the table (Markdown, for `docs/bots.md`) and writes it to benchmarks/results/first_game.txt.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import get_context
from pathlib import Path

from kartenspiele.bots import LEVELS, level_name
from kartenspiele.bots.follower import TippFollower
from kartenspiele.bots.match import Match
from kartenspiele.bots.stats import win_rate
from kartenspiele.bots.tournament import deal_seed

RESULTS = Path(__file__).parent / "results" / "first_game.txt"


def play_deal(args: tuple[str, str, int, int]) -> tuple[float, float, int]:
    """One deal, the follower once in each seat: the level's share of the two games' wins, the
    follower's mean score and the number of moves of both games."""
    game, level, seed, deal = args
    cards = deal_seed(seed, deal)
    share, follower_score, moves = 0.0, 0.0, 0
    for seat in (0, 1):
        lineup = [TippFollower(), level] if seat == 0 else [level, TippFollower()]
        match = Match(game, 2, lineup, cards, bot_seed=f"{cards}/{seat}").play()
        share += match.state.returns()[1 - seat] / 2
        follower_score += match.state.scores()[seat] / 2
        moves += len(match.moves)
    return share, follower_score, moves


def measure(game: str, level: str, deals: int, seed: int, jobs: int) -> dict:
    tasks = [(game, level, seed, deal) for deal in range(deals)]
    start = time.perf_counter()
    if jobs > 1:
        with get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_deal, tasks)
    else:
        results = [play_deal(task) for task in tasks]
    rate = win_rate([share for share, _, _ in results])
    return {
        "game": game,
        "level": level,
        "games": 2 * deals,
        "rate": rate,
        "follower_score": sum(score for _, score, _ in results) / deals,
        "moves": sum(moves for _, _, moves in results) / (2 * deals),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per level (rounded up to whole deals)")
    parser.add_argument("--game", choices=sorted(LEVELS), action="append")
    parser.add_argument("--level", action="append", help="only these levels")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    deals = max(1, -(-args.games // 2))
    rows = [
        "| game | level | games | level's win rate [95% CI] | the follower wins | mean moves per game | seconds |",
        "|---|---|---|---|---|---|---|",
    ]
    for game in args.game or sorted(LEVELS):
        for level in args.level or list(LEVELS[game]):
            found = measure(game, level, deals, args.seed, args.jobs)
            rate = found["rate"]
            rows.append(
                f"| {game} | {level} ({level_name(level, 'de')}) | {found['games']} | "
                f"{rate.mean:.3f} [{rate.low:.3f}, {rate.high:.3f}] | {1 - rate.mean:.3f} | "
                f"{found['moves']:.0f} | {found['seconds']:.0f} |"
            )
            print(rows[-1], flush=True)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    text = "\n".join([*rows, "", f"seed {args.seed}, load average at the end {load}"])
    print(text)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
