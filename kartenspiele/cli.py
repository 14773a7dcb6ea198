"""The `kartenspiele` command: serve the web app, run tournaments, print lesson packs.

Each sub-command lives in its own module and is imported only when it is used (its `main`,
or the function named after a colon).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from importlib import import_module

from .core.errors import MissingExtraError
from .core.extras import needs

COMMANDS = {
    "serve": ("kartenspiele.serve", "start the Voilà web app with both games and the lessons"),
    "simulate": ("kartenspiele.bots.tournament", "run a mirrored tournament between computer players"),
    "print": (
        "kartenspiele.practice.pack",
        "write a lesson's printable pack (worksheet, answer key, board, cards) as PDF",
    ),
    "backup": ("kartenspiele.classroom.store.backup", "copy the store (rooms, saved games, classes) to a file"),
    "restore": ("kartenspiele.classroom.store.backup:restore_main", "put the store back from a backup file"),
}
NEEDS = {"serve": "serve", "print": "print"}
"""The extra a command needs beyond the core (a missing one is named, not a traceback)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="kartenspiele", description=__doc__.splitlines()[0])
    parser.add_argument(
        "command",
        choices=sorted(COMMANDS),
        help="; ".join(f"{name}: {help_text}" for name, (_, help_text) in sorted(COMMANDS.items())),
    )
    if not args or args[0] in ("-h", "--help"):
        parser.print_help()
        return 0
    command = parser.parse_args(args[:1]).command
    module_name, _, function = COMMANDS[command][0].partition(":")
    try:
        with needs(NEEDS[command]) if command in NEEDS else nullcontext():
            module = import_module(module_name)
            return int(getattr(module, function or "main")(args[1:]) or 0)
    except MissingExtraError as error:
        print(error.message(), file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
