"""`python -m kartenspiele serve` (and every other command of `kartenspiele`): the same command
line without the console script on the PATH — the one command a teacher types on Linux, macOS
and Windows alike, after `pip install` from the project's folder or from a wheel."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
