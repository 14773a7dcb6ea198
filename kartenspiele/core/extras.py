"""The optional parts of the package (`pip install 'kartenspiele[serve]'` …) and the error
that names the missing one.

The core needs only ipywidgets and anywidget. The server, the shared store, the printable
packs, plots and progress bars need more; each is imported only where it is used, inside
`needs(extra)`, which turns a missing module into a `MissingExtraError` that says which extra
to install.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .errors import MissingExtraError

EXTRAS = ("serve", "redis", "print", "plots", "progress")
"""The extras in `pyproject.toml` (`all` installs every one)."""


@contextmanager
def needs(extra: str) -> Iterator[None]:
    """Run the body (an import of the extra's modules); a module that is missing raises
    `MissingExtraError` naming `extra`."""
    if extra not in EXTRAS:
        raise ValueError(f"no extra {extra!r}; the extras are {', '.join(EXTRAS)}")
    try:
        yield
    except ModuleNotFoundError as error:
        raise MissingExtraError("core.missing_extra", extra=extra, module=error.name or "?") from error
