"""Choosing and opening a store: from `kartenspiele serve --data DIR` / `--store URL`, the
environment variable `KARTENSPIELE_STORE` (set by `serve`, inherited by the Voilà kernels) or
the default data folder.

Above the backends (it imports them, only where one is opened: `sqlite3` and `redis` are not
needed by a page that opens none); the interface (`interface`) imports no backend.
"""

from __future__ import annotations

import os
from pathlib import Path

from ...core.extras import needs
from ...lite import in_browser
from .interface import DATABASE_NAME, ENVIRONMENT_VARIABLE, Store, StoreUnavailableError, StoreUrlError


def default_data_folder() -> Path:
    """The data folder when none is chosen: `$XDG_DATA_HOME/kartenspiele` (or
    `~/.local/share/kartenspiele`)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kartenspiele"


def store_url(data: str | Path | None = None, store: str | None = None) -> str:
    """The store URL for `kartenspiele serve --data DIR` / `--store URL`; with neither, the
    one in `$KARTENSPIELE_STORE`, else the default data folder."""
    if store:
        return store
    if data is None and os.environ.get(ENVIRONMENT_VARIABLE):
        return os.environ[ENVIRONMENT_VARIABLE]
    folder = Path(data) if data is not None else default_data_folder()
    return f"sqlite:///{folder.resolve() / DATABASE_NAME}"


def open_store(url: str | None = None) -> Store:
    """The store at `url` (default: `$KARTENSPIELE_STORE`, else the default data folder).

    `redis://host:port/db` opens a `RedisStore`; `service+http://host:port/prefix/` a
    `ServiceStore` (the JupyterHub store service); `sqlite:///file`, a file path or a folder
    (which gets `kartenspiele.db`) opens a `SQLiteStore`. In the browser build there is none
    (`StoreUnavailableError`).
    """
    if in_browser():  # no disk and no server: a page keeps its games in the browser (`BrowserMemory.store`)
        raise StoreUnavailableError("lite.no_store")
    url = url or os.environ.get(ENVIRONMENT_VARIABLE) or store_url()
    if url.startswith(("service+http://", "service+https://")):
        from .service_store import ServiceStore

        return ServiceStore(url)
    if url.startswith(("redis://", "rediss://", "unix://")):
        with needs("redis"):
            from .redis_store import RedisStore

        return RedisStore(url)
    if "://" in url and not url.startswith("sqlite://"):
        raise StoreUrlError("store.bad_url", url=url)
    from .sqlite_store import SQLiteStore

    path = Path(url.removeprefix("sqlite:///"))
    if path.is_dir() or not path.suffix:
        path = path / DATABASE_NAME
    return SQLiteStore(path)
