"""`kartenspiele serve`: the web app — Voilà on 127.0.0.1 with the start page, both games,
the tutorials and the lessons.

Voilà serves the project folder (the one holding `notebooks/` and `lessons/`) and reads its
settings from `voila.json` there: sources stripped, no tracebacks for players, idle kernels
culled. The start page is `notebooks/start.ipynb`. Rooms and saved games go to the store
chosen by `--data DIR` (SQLite) or `--store redis://HOST:PORT/DB`; its URL reaches the kernels
in the environment variable `KARTENSPIELE_STORE`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .classroom.store import ENVIRONMENT_VARIABLE, open_store, store_url
from .core.errors import KartenspieleError

START_PAGE = "notebooks/start.ipynb"


def project_root(start: Path | None = None) -> Path:
    """The folder holding `notebooks/start.ipynb`: the current folder or one above it, else
    the folder above the installed package (an editable install)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents, Path(__file__).resolve().parent.parent):
        if (folder / START_PAGE).is_file():
            return folder
    raise FileNotFoundError(f"{START_PAGE} not found from {here}")


def start_url(host: str, port: int, base_url: str = "/") -> str:
    """The address of the start page."""
    return f"http://{host}:{port}{base_url.rstrip('/')}/voila/render/{START_PAGE}"


def voila_arguments(root: Path, host: str, port: int, cull_idle: int | None) -> list[str]:
    """The command line for Voilà (settings beyond these come from `voila.json`)."""
    args = [str(root), f"--port={port}", f"--Voila.ip={host}", "--no-browser"]
    if cull_idle is not None:
        args += [f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
                 f"--MappingKernelManager.cull_interval={max(1, min(60, cull_idle // 2 or 1))}"]
    return args


def use_store(url: str) -> None:
    """Hand the store to the kernels (they inherit the environment) and say where it is;
    a store that cannot be used now is reported, and the pages say so too."""
    os.environ[ENVIRONMENT_VARIABLE] = url
    print(f"Kartenspiele data: {url}", flush=True)
    try:
        store = open_store(url)
        store.ping()
        store.close()
    except KartenspieleError as error:
        print(f"Kartenspiele: {error.message('en')}", file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    """Start Voilà and print the start page's address; returns when Voilà stops."""
    parser = argparse.ArgumentParser(prog="kartenspiele serve", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--root", type=Path, default=None, help="the folder with notebooks/ and lessons/")
    parser.add_argument("--cull-idle", type=int, default=None,
                        help="seconds after which an idle kernel is shut down (default: voila.json)")
    parser.add_argument("--data", type=Path, default=None,
                        help="folder for rooms and saved games (default: under the user's data folder)")
    parser.add_argument("--store", default=None,
                        help="a shared store instead of --data, e.g. redis://HOST:PORT/DB")
    args = parser.parse_args(argv)
    root = (args.root or project_root()).resolve()
    use_store(store_url(args.data, args.store))
    os.chdir(root)  # Voilà reads voila.json from the current folder
    print(f"Kartenspiele: {start_url(args.host, args.port)}", flush=True)
    from voila.app import Voila

    app = Voila.instance()
    app.initialize(voila_arguments(root, args.host, args.port, args.cull_idle))
    app.start()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
