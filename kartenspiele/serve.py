"""`kartenspiele serve`: the web app — Voilà with the start page, both games, the tutorials
and the lessons.

On 127.0.0.1 (the default) it is for the person at this computer. With `--host 0.0.0.0` (or
another address) the class reaches it over the network: then it needs a class password
(`--password` or `KARTENSPIELE_PASSWORD`), prints the address and a QR code of it, and answers
only requests addressed to it. Voilà reads the rest of its settings from `voila.json` in the
project folder (sources stripped, no tracebacks, culling); the access rules live in
`kartenspiele.serving`. Rooms and saved games go to the store chosen by `--data DIR` (SQLite)
or `--store redis://HOST:PORT/DB`; its URL reaches the kernels in the environment variable
`KARTENSPIELE_STORE`. A data folder that held a store but whose database file is missing or
empty is refused (`kartenspiele.classroom.store.data_folder`); `--new-store` starts afresh on purpose.
Kernels die with the server and run under a memory bound (`--kernel-memory`); a server ends the
kernels an earlier one of the same data folder left (`kartenspiele.serving.lifecycle`), and a
page gone without a word frees its kernel after `--reconnect-grace` seconds.

The window may be projected: it prints the teacher's address first, marked "nicht zeigen", and
from a few lines above the QR code to the end nothing that holds the teacher code: one line per
event a teacher needs (`serving.window`); the log and the kernels' output go to a file in the
data folder. Ctrl+C stops it within seconds, without a traceback. `python -m kartenspiele serve`
starts it as well (Linux, macOS and Windows).
"""

from __future__ import annotations

import argparse
import os
import sys
import sysconfig
import tempfile
from pathlib import Path

from .classroom.classes.board_state import JOIN_ADDRESS_ENVIRONMENT
from .classroom.classes.cards import ORIGIN_ENVIRONMENT
from .classroom.classes.pacing import CLASS_ONLY_ENVIRONMENT
from .classroom.store.data_folder import StoreMissingError, prepare_store, serving
from .classroom.store.interface import ENVIRONMENT_VARIABLE
from .classroom.store.opening import open_store, store_url
from .core.errors import KartenspieleError
from .i18n import LANGUAGES, current_language, set_language, text
from .serving.lifecycle import DEFAULT_MEMORY_MIB, MIB, reap, record_file
from .serving.limits import PER_ADDRESS
from .serving.login_limits import FREE_TRIES
from .serving.pools import ALONE, CLASS_SIZE, pool_plan
from .serving.refill import REFILL_SPACING
from .serving.room_sweep import KEEP_CLASSES_DAYS
from .serving.teacher import add_teacher_option, announce_teacher
from .serving.vanished import GRACE as VANISH_GRACE
from .serving.window import event, log_path

START_PAGE = "notebooks/start.ipynb"


def installed_pages() -> list[Path]:
    """Where `pip install` put the pages (`notebooks/`, `lessons/`, `voila.json`, the wheel's data
    files `share/kartenspiele`): the environment's data folder and the user's."""
    schemes = (sysconfig.get_path("data"), sysconfig.get_path("data", sysconfig.get_preferred_scheme("user")))
    return [Path(scheme) / "share" / "kartenspiele" for scheme in schemes if scheme]


def project_root(start: Path | None = None) -> Path:
    """The folder holding `notebooks/start.ipynb`: the current folder or one above it, the
    folder above the installed package (an editable install), else the pages `pip` installed."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents, Path(__file__).resolve().parent.parent, *installed_pages()):
        if (folder / START_PAGE).is_file():
            return folder
    raise FileNotFoundError(f"{START_PAGE} not found from {here}")


def start_url(host: str, port: int, base_url: str = "/") -> str:
    """The address of the start page."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{base_url.rstrip('/')}/voila/render/{START_PAGE}"


SOCKET_PATH_LIMIT = 100
"""Characters a Unix socket's path may have on every system (Linux 108, macOS 104)."""


def unix_sockets_fit(temporary: str | None = None) -> bool:
    """Whether kernels can use Unix sockets: a POSIX system whose temporary folder is short
    enough for the sockets' paths (Voilà's `<tmp>/voila_xxxxxxxx/kernel-<id>-ipc-<n>`)."""
    folder = temporary if temporary is not None else tempfile.gettempdir()
    longest = os.path.join(folder, "voila_" + "x" * 8, f"kernel-{'x' * 36}-ipc-99")
    return os.name == "posix" and len(longest) < SOCKET_PATH_LIMIT


def voila_arguments(root: Path, host: str, port: int, cull_idle: int | None) -> list[str]:
    """The command line for Voilà (settings beyond these come from `voila.json`)."""
    args = [
        str(root),
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={host}",
        "--no-browser",
        "--template=kartenspiele",
        # a kernel that died is not restarted behind the page's back: the page says it is lost
        "--KernelManager.autorestart=False",
    ]
    if unix_sockets_fit():
        # kernels talk over Unix sockets: no TCP port to pick, so kernels started at once (a
        # class opening its pages, a refilled pool) cannot collide on a port and die
        args.append("--KernelManager.transport=ipc")
    if cull_idle is not None:
        args += [
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            f"--MappingKernelManager.cull_interval={max(1, min(60, cull_idle // 2 or 1))}",
        ]
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


def build_parser() -> argparse.ArgumentParser:
    """The options of `kartenspiele serve` (other parts add theirs to this parser)."""
    parser = argparse.ArgumentParser(prog="kartenspiele serve", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to serve on; any but 127.0.0.1 needs --password (e.g. 0.0.0.0 for the class network)",
    )
    parser.add_argument(
        "--password",
        default=os.environ.get("KARTENSPIELE_PASSWORD"),
        help="class password pupils type once, at least 8 characters besides spaces (default: $KARTENSPIELE_PASSWORD)",
    )
    parser.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="HOST",
        help="another host name the server answers to (e.g. behind a reverse proxy); repeatable",
    )
    parser.add_argument(
        "--card-address",
        default=None,
        metavar="URL",
        help="the address the login cards' QR codes lead to, where pupils reach the server otherwise "
        "than at the printed address (e.g. https://spiele.schule.example behind a reverse proxy)",
    )
    parser.add_argument(
        "--login-tries",
        type=int,
        default=FREE_TRIES,
        help="wrong passwords one device may type before it waits, longer each time (0: no wait per "
        "device, e.g. behind a reverse proxy that limits each pupil; the server's own budget stays)",
    )
    parser.add_argument("--max-kernels", type=int, default=60, help="pages open at once on the server (0: no cap)")
    parser.add_argument(
        "--max-per-client",
        type=int,
        default=8,
        help="pages open at once per device (a browser, told apart by a cookie; 0: no cap)",
    )
    parser.add_argument(
        "--max-per-address",
        type=int,
        default=PER_ADDRESS,
        help="pages open at once that came without a device cookie from one address (0: no cap)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy (address or network) whose X-Forwarded-For names the client; repeatable "
        "(default: none, the connecting address counts)",
    )
    parser.add_argument(
        "--keep-classes",
        type=float,
        default=KEEP_CLASSES_DAYS,
        metavar="DAYS",
        help="delete a class and all its data after DAYS days in which nothing happened in it "
        "(0: keep it until the teacher deletes it)",
    )
    parser.add_argument(
        "--preheat",
        type=int,
        default=None,
        metavar="CLASS",
        help=f"keep kernels started ahead of time for a class of CLASS pupils: CLASS for the start page, a sixth "
        f"of it for each game and lesson, a fifteenth for each tutorial (0: none; default: {CLASS_SIZE} on a class "
        f"network, {ALONE} on 127.0.0.1)",
    )
    parser.add_argument(
        "--preheat-page",
        action="append",
        default=None,
        metavar="PATH",
        help="keep CLASS ready kernels for this page only (repeatable; instead of the pages above)",
    )
    parser.add_argument(
        "--click-limit",
        type=float,
        default=10.0,
        help="seconds of CPU time one click may compute in a page before it is stopped; a click "
        "waiting six times as long by the clock is stopped too (0: no bound)",
    )
    parser.add_argument(
        "--connect-grace",
        type=float,
        default=90.0,
        help="seconds a page not yet connected to its kernel may go without a sign of life (a "
        "request of its browser); then its kernel is freed, a page still loading keeps it (0: only the idle cull)",
    )
    parser.add_argument(
        "--reconnect-grace",
        type=float,
        default=VANISH_GRACE,
        help="seconds a page may be gone (its connection closed: a crashed tab, a sleeping tablet) "
        "before its kernel is shut down; the page resumes its game when it comes back (0: only the idle cull)",
    )
    parser.add_argument(
        "--kernel-memory",
        type=int,
        default=DEFAULT_MEMORY_MIB,
        metavar="MIB",
        help="memory one page's kernel may allocate, in MiB; past it the kernel ends and its page "
        "says the connection is lost (0: no bound)",
    )
    parser.add_argument("--root", type=Path, default=None, help="the folder with notebooks/ and lessons/")
    parser.add_argument(
        "--cull-idle",
        type=int,
        default=None,
        help="seconds after which a kernel without a page is shut down (default: voila.json)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="folder for rooms and saved games (default: under the user's data folder)",
    )
    parser.add_argument("--store", default=None, help="a shared store instead of --data, e.g. redis://HOST:PORT/DB")
    parser.add_argument(
        "--new-store",
        action="store_true",
        help="start with a new empty store although the data folder held one whose file is missing or empty",
    )
    add_teacher_option(parser)
    parser.add_argument(
        "--class-only",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="lessons render only for pupils who joined a class of this server, and pupils' pages link to no "
        "other site (default: on with a class password, off without; --no-class-only lets everyone open them)",
    )
    parser.add_argument(
        "--log-file",
        default=None,
        metavar="PATH",
        help="where the server's log and its kernels' output go (default: kartenspiele-server.log in the data "
        "folder; '-': into this window, as before)",
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="de", help="language of the messages printed here")
    return parser


def ready_pools(args: argparse.Namespace, public: bool) -> dict[str, int]:
    """Ready kernels per page (`--preheat`, `--preheat-page`)."""
    size = args.preheat if args.preheat is not None else (CLASS_SIZE if public else ALONE)
    if args.preheat_page:
        return dict.fromkeys(args.preheat_page, max(0, size))
    return pool_plan(size)


KERNEL_MB = 45
"""About what one ready kernel holds (docs/serving.md), for the start line's estimate."""


def announce(access, port: int) -> None:
    """Print the start page's address, and for a class network a QR code of it."""
    url = start_url(access.display_host(), port)
    print(text("serve.address", None, url=url), flush=True)
    if access.public:
        import segno

        print(text("serve.qr_caption", None), flush=True)
        segno.make(url, error="m").terminal(compact=True)
        sys.stdout.flush()


def announce_teacher_block(teacher_line: str) -> None:
    """The teacher's address, first and apart, marked as not for the projector."""
    print(text("window.teacher_head", None), flush=True)
    print(teacher_line, flush=True)
    print(text("window.teacher_note", None), flush=True)
    print(text("window.teacher_end", None), flush=True)
    print(flush=True)


def announce_pools(pools: dict[str, int]) -> None:
    """How many pages are prepared, and about how long and how much memory that takes."""
    count = sum(pools.values())
    if count:
        seconds = count * REFILL_SPACING
        gigabytes = f"{count * KERNEL_MB / 1000:.1f}".replace(".", "," if current_language() == "de" else ".")
        minutes = text("window.minutes", None, count=max(1, round(seconds / 60)))
        print(text("window.preheat", None, count=count, time=minutes, memory=gigabytes))


def main(argv: list[str]) -> int:
    """Start Voilà and print the start page's address; returns when Voilà stops (Ctrl+C)."""
    try:
        return serve(argv)
    except KeyboardInterrupt:  # Ctrl+C before the server runs (it handles its own)
        print(text("window.stopped", None), flush=True)
        return 130


def serve(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    set_language(args.lang)
    from .serving.access import Access
    from .serving.limits import KernelLimits

    try:
        access = Access.create(
            args.host, args.port, args.password, tuple(args.name), args.login_tries, tuple(args.trusted_proxy)
        )
    except KartenspieleError as error:
        print(error.message(), file=sys.stderr)
        return 2
    url = store_url(args.data, args.store)
    created = None
    try:
        created = prepare_store(url, args.new_store)
    except StoreMissingError as error:  # a lost store file: refused, not silently replaced
        print(error.message(), file=sys.stderr)
        return 2
    except KartenspieleError:
        pass  # a store out of reach: `use_store` reports it, and the pages say so
    if created is not None:
        print(text("store.new", None, path=str(created)), flush=True)
    root = (args.root or project_root()).resolve()
    use_store(url)
    logs = None if args.log_file == "-" else (Path(args.log_file) if args.log_file else log_path(url))
    if logs is not None:
        print(text("window.log", None, path=str(logs)), flush=True)
    kernel_record = record_file(url)
    ended = reap(kernel_record)  # kernels a killed server of this data folder left behind
    if ended:
        print(text("serve.reaped", None, count=ended), flush=True)
    os.chdir(root)  # Voilà reads voila.json from the current folder
    from .kernel.click_limit import ENVIRONMENT as CLICK_LIMIT
    from .serving.app import KartenspieleVoila, data_folder
    from .serving.local_query import kernel_host

    os.environ["JUPYTER_PATH"] = os.pathsep.join([str(data_folder()), *filter(None, [os.environ.get("JUPYTER_PATH")])])
    pupils_address = start_url(access.display_host(), args.port)
    os.environ[JOIN_ADDRESS_ENVIRONMENT] = pupils_address  # the board shows it with its QR code
    announce_teacher_block(announce_teacher(args, pupils_address.replace(START_PAGE, "")))
    os.environ[CLICK_LIMIT] = str(args.click_limit)  # the kernels inherit it
    os.environ[ORIGIN_ENVIRONMENT] = (
        args.card_address or start_url(access.display_host(), args.port).split("/voila/")[0]
    )
    class_only = args.class_only if args.class_only is not None else access.password is not None
    os.environ[CLASS_ONLY_ENVIRONMENT] = "1" if class_only else "0"
    switch = "--no-class-only" if class_only else "--class-only"
    print(text("serve.class_only" if class_only else "serve.lessons_open", None, option=switch), flush=True)
    pools = ready_pools(args, access.public)
    announce_pools(pools)
    print(flush=True)
    print(text("window.board_head", None), flush=True)
    announce(access, args.port)
    # a preheated kernel asks the server for its page's request on loopback (only there it answers)
    os.environ["VOILA_APP_IP"] = kernel_host(args.host)
    app = KartenspieleVoila(
        access,
        KernelLimits(args.max_kernels, args.max_per_client, args.max_per_address),
        pools,
        args.connect_grace,
        args.reconnect_grace,
        max(0, args.kernel_memory) * MIB,
        kernel_record,
        keep_classes_days=args.keep_classes,
        log_file=logs,
    )
    app.initialize(voila_arguments(root, args.host, args.port, args.cull_idle))
    try:
        with serving(url):  # `kartenspiele restore` sees that the store is in use
            app.start()
    except KartenspieleError as error:  # e.g. 127.0.0.1:PORT taken, which preheated kernels need
        print(error.message(), file=sys.stderr)
        return 2
    event("window.stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
