"""Mirrored tournaments between computer players, and the `kartenspiele simulate` command.

Mirrored: every deal (seed) is played once for every seat assignment in `lineups`, so
each level sits in each seat equally often on the same cards and luck of the deal evens
out. With fewer levels than seats the levels fill the seats in turn (A, B, A); the
assignments are every rotation of the seats and of the levels (A, B, A / B, A, A /
A, A, B / B, A, B / A, B, B / B, B, A), each listed once.

A level's wins are its seats' shares of each game's win (ties and capped games share).
Its win rate is the mean over deals of its share of the deal's games; with equal
strength it is 1 / (number of levels). The 95% confidence interval is the normal
approximation over deals (see `stats`).
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ..core.errors import BotSetupError, KartenspieleError, PlayerCountError
from ..core.extras import needs
from ..core.rng import derive_rng
from ..i18n import LANGUAGES, text
from . import LEVELS, level_name
from .games import GAMES, game_info
from .match import Match
from .stats import Estimate, win_rate


def lineups(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seat assignments of one mirrored deal (see the module notes)."""
    found: list[tuple[str, ...]] = []
    for offset in range(len(levels)):
        base = [levels[(seat + offset) % len(levels)] for seat in range(players)]
        for turn in range(players):
            lineup = tuple(base[(seat + turn) % players] for seat in range(players))
            if lineup not in found:
                found.append(lineup)
    return found


@dataclass(frozen=True)
class GameRecord:
    """One game: its deal, who sat where, and how it ended."""

    deal: int
    seed: int
    lineup: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    length: int


@dataclass(frozen=True)
class Row:
    """One level's line of the table."""

    level: str
    games: int
    seats: int
    wins: float
    win_rate: Estimate
    mean_score: float
    mean_length: float


@dataclass(frozen=True)
class Tournament:
    """The settings and the games of a tournament; `rows()` sums them up per level."""

    game: str
    players: int
    levels: tuple[str, ...]
    seed: int
    records: list[GameRecord] = field(default_factory=list)

    @property
    def expected(self) -> float:
        """The win rate of a level if all levels were equally strong."""
        return 1 / len(self.levels)

    def rows(self) -> list[Row]:
        deals: dict[int, list[GameRecord]] = {}
        for record in self.records:
            deals.setdefault(record.deal, []).append(record)
        length = sum(r.length for r in self.records) / len(self.records)
        rows = []
        for level in self.levels:
            shares = [
                sum(r.returns[s] for r in games for s, name in enumerate(r.lineup) if name == level) / len(games)
                for games in deals.values()
            ]
            scores = [r.scores[s] for r in self.records for s, name in enumerate(r.lineup) if name == level]
            wins = sum(r.returns[s] for r in self.records for s, name in enumerate(r.lineup) if name == level)
            rows.append(
                Row(level, len(self.records), len(scores), wins, win_rate(shares), sum(scores) / len(scores), length)
            )
        return rows

    def table(self, lang: str | None = None) -> str:
        """The results as a text table."""
        return format_table(self, lang)


def deal_seed(seed: int, deal: int) -> int:
    return derive_rng(seed, "tournament", "deal", deal).randrange(1, 10**9)


def play_deal(
    game: str, players: int, levels: Sequence[str], seed: int, deal: int, options: Mapping[str, Any] | None = None
) -> list[GameRecord]:
    """Every mirrored game of one deal."""
    cards = deal_seed(seed, deal)
    records = []
    for index, lineup in enumerate(lineups(levels, players)):
        match = Match(game, players, lineup, cards, options, bot_seed=f"{cards}/{index}").play()
        state = match.state
        records.append(GameRecord(deal, cards, lineup, tuple(state.scores()), tuple(state.returns()), len(match.moves)))
    return records


def _play_deal(args: tuple) -> list[GameRecord]:
    return play_deal(*args)


def run_tournament(
    game: str,
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: bool = True,
) -> Tournament:
    """Play at least `games` games (whole mirrored deals) and return them.

    `jobs` > 1 plays deals in that many processes; the results do not depend on it.
    """
    levels = tuple(levels)
    check_setup(game, players, levels, games, jobs)
    per_deal = len(lineups(levels, players))
    count = max(1, -(-games // per_deal))
    tasks = [(game, players, levels, seed, deal, options) for deal in range(count)]
    tournament = Tournament(game, players, levels, seed)
    with _progress(count * per_deal, progress, f"{game} {players}p {' / '.join(levels)}") as bar:
        for records in _map(tasks, jobs):
            tournament.records.extend(records)
            bar.update(len(records))
    return tournament


def check_setup(game: str, players: int, levels: Sequence[str], games: int = 1, jobs: int = 1) -> None:
    """Raise BotSetupError for an unknown game or level, a repeated level, or fewer than one
    game or process, and PlayerCountError for a player count the game is not made for."""
    info = game_info(game)
    low, high = info.players
    if not low <= players <= high:
        raise PlayerCountError("player_count", game=info.title, players=players, low=low, high=high)
    known = ", ".join(LEVELS[game])
    if not levels:
        raise BotSetupError("bots.error.no_levels", known=known)
    for level in levels:
        if level not in LEVELS[game]:
            raise BotSetupError("bots.error.unknown_level", game=info.title, level=level, known=known)
    if len(set(levels)) != len(levels):
        raise BotSetupError("bots.error.repeated_level", levels=", ".join(levels))
    if games < 1:
        raise BotSetupError("bots.error.games", value=games)
    if jobs < 1:
        raise BotSetupError("bots.error.jobs", value=jobs)


def _map(tasks: list[tuple], jobs: int) -> Iterator[list[GameRecord]]:
    if jobs <= 1:
        yield from map(_play_deal, tasks)
        return
    with get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_deal, tasks)


def _progress(total: int, enabled: bool, label: str):
    with needs("progress"):
        from tqdm import tqdm

    return tqdm(total=total, disable=not enabled, file=sys.stderr, desc=label, unit="game", leave=False)


# -- output -------------------------------------------------------------------------------
COLUMNS = ("level", "games", "wins", "win_rate", "mean_score", "mean_length")


def format_table(tournament: Tournament, lang: str | None = None) -> str:
    """A text table: level, games, wins, win rate with its 95% CI, mean score, mean length."""
    header = [text(f"bots.table.{column}", lang) for column in COLUMNS]
    lines = [header]
    for row in tournament.rows():
        rate = row.win_rate
        lines.append(
            [
                f"{row.level} ({level_name(row.level, lang)})",
                str(row.games),
                f"{row.wins:g}",
                f"{rate.mean:.3f} [{rate.low:.3f}, {rate.high:.3f}]",
                f"{row.mean_score:.2f}",
                f"{row.mean_length:.1f}",
            ]
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    body = [
        "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(line, widths))
        )
        for line in lines
    ]
    title = text(
        "bots.table.title",
        lang,
        game=tournament.game,
        players=tournament.players,
        deals=len({r.deal for r in tournament.records}),
        games=len(tournament.records),
        expected=f"{tournament.expected:.3f}",
    )
    return "\n".join([title, body[0], "-" * len(body[0]), *body[1:]])


CSV_FIELDS = (
    "game",
    "players",
    "level",
    "games",
    "seats",
    "wins",
    "win_rate",
    "ci_low",
    "ci_high",
    "mean_score",
    "mean_length",
    "seed",
)


def csv_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The rows of the table as plain values (for `--csv` and for notebooks)."""
    return [
        {
            "game": tournament.game,
            "players": tournament.players,
            "level": row.level,
            "games": row.games,
            "seats": row.seats,
            "wins": row.wins,
            "win_rate": round(row.win_rate.mean, 4),
            "ci_low": round(row.win_rate.low, 4),
            "ci_high": round(row.win_rate.high, 4),
            "mean_score": round(row.mean_score, 3),
            "mean_length": round(row.mean_length, 2),
            "seed": tournament.seed,
        }
        for row in tournament.rows()
    ]


def write_csv(tournaments: Sequence[Tournament], path: str | Path) -> None:
    """Write the rows of one or more tournaments to a CSV file."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for tournament in tournaments:
            writer.writerows(csv_rows(tournament))


# -- the command --------------------------------------------------------------------------
def parser() -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(
        prog="kartenspiele simulate",
        description="Run a mirrored tournament between computer players and print the table.",
    )
    command.add_argument("game", choices=sorted(GAMES))
    command.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    command.add_argument(
        "--bots", default="random,greedy", help="levels taking part, comma-separated (default random,greedy)"
    )
    command.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play at least, rounded up to whole mirrored deals (default 100)",
    )
    command.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    command.add_argument("--csv", type=Path, help="also write the table rows to this CSV file")
    command.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    command.add_argument("--lang", choices=LANGUAGES, default=None, help="language of the table")
    command.add_argument("--quiet", action="store_true", help="no progress bar")
    return command


def main(argv: Sequence[str] | None = None) -> int:
    """`kartenspiele simulate GAME --players N --bots A,B --games G --seed S [--csv FILE]`."""
    args = parser().parse_args(argv)
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    try:
        check_setup(args.game, args.players, levels, args.games, args.jobs)
        folder = args.csv.resolve().parent if args.csv else None
        if folder is not None and not folder.is_dir():
            raise BotSetupError("bots.error.csv_folder", folder=folder)
    except KartenspieleError as error:
        print(f"kartenspiele simulate: {error.message(args.lang)}", file=sys.stderr)
        return 2
    tournament = run_tournament(
        args.game, args.players, levels, args.games, args.seed, jobs=args.jobs, progress=not args.quiet
    )
    print(tournament.table(args.lang))
    if args.csv:
        write_csv([tournament], args.csv)
    return 0
