"""The Voilà application of `kartenspiele serve`.

It is Voilà with these changes:
- one gate before every route: the `Host` header must name this server, the preheated kernels'
  `/voila/query/` answers only this machine (`local_query`), and on a public address the class
  cookie must be present (else the password page), except on a login card's QR address;
- pupils come back with their login cards (`card_login`), under the password's budgets;
- pages set the `_xsrf` cookie and keep to the kernel limits; `/` and the folder listing lead to
  the start page; the contents API is not served (it would list the whole project);
- the page template `kartenspiele` (no outside assets, the "connection lost" banner: a game to
  go on with, a page to load again, or a page that did not finish loading), whose texts come
  from the i18n table through the page configuration;
- every request tells `Unconnected` that its page is still loading (`note_sign_of_life`);
- the page's scripts and styles are kept by the browser, and unused extensions are not loaded
  (`assets`);
- its log and its kernels' output go to a file in the data folder, the window shows one line per
  event a teacher needs (`window`), and Ctrl+C stops it within seconds: no kernel start still
  waiting for its turn is awaited, every kernel is ended at once (`stop`).
"""

from __future__ import annotations

import re
import shutil
import signal
import weakref
from functools import partial
from importlib import resources
from pathlib import Path
from typing import IO

import tornado.ioloop
import tornado.web
from jupyter_core.utils import ensure_async, run_sync
from jupyter_server.base.handlers import FileFindHandler
from tornado.httputil import HTTPServerRequest
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from ..classroom.classes.cards import CARD_PATH
from ..classroom.classes.pupil import CLASS_HEADER
from ..classroom.people.roles import TEACHER_HEADER
from ..classroom.people.teacher_pass import PASS_PATH
from ..classroom.rooms.open_limit import ADDRESS_HEADER, DEVICE_HEADER
from ..i18n import LANGUAGES, text
from .access import COOKIE, Access
from .assets import (
    VERSIONED_STATIC,
    LabextensionsHandler,
    TemplateAssetsHandler,
    VersionedStaticHandler,
    static_version,
    versioned_hook,
)
from .card_login import CARD_KEY_PATTERN, CardDesk, CardFormHandler, CardKeyHandler
from .clients import client_address, request_device
from .handlers import (
    ALIVE_PATH,
    CLIENT,
    LOGIN_PATH,
    PAGE_KERNELS,
    AliveHandler,
    HostRefusedHandler,
    LoginHandler,
    LoginRequiredHandler,
    PageHandler,
    SecondDeviceHandler,
    StartRedirectHandler,
    logged_in,
)
from .limits import KernelLimits, client_keys
from .local_query import QUERY_PATH, QueryRefusedHandler, is_query, loopback_sockets, query_allowed, serve_on
from .login_limits import LoginAttempts
from .pools import MEND_EVERY, end_every_kernel, mend_pools
from .refill import Refills
from .room_sweep import KEEP_CLASSES_DAYS, RoomSweeper
from .room_sweep import SWEEP_EVERY as ROOM_SWEEP_EVERY
from .teacher_cookie import UsedPasses
from .unconnected import CHANNELS, GRACE, SWEEP_EVERY, Unconnected
from .vanished import GRACE as VANISH_GRACE
from .vanished import PING_EVERY, PING_TIMEOUT, Vanished
from .vanished import SWEEP_EVERY as VANISHED_SWEEP_EVERY
from .waiting import waiting_hook
from .window import FullNotice, ReadyNotice, event, send_logs_to, show_events

TEMPLATE = "kartenspiele"
BANNER_KEYS = (
    "serve.lost",
    "serve.lost_text",
    "serve.resume",
    "serve.reload",
    "serve.unloaded",
    "serve.unloaded_text",
)


def data_folder() -> Path:
    """The Jupyter data folder holding the `kartenspiele` Voilà template (`voila/templates/`);
    it goes on `JUPYTER_PATH` before Voilà looks for templates."""
    return Path(str(resources.files(__package__) / "share"))


def banner_config(alive: str = ALIVE_PATH):
    """A Voilà page-config hook giving the banner its texts in every language and the address
    it asks whether the page's kernel lives (`alive` + kernel id; under JupyterHub the Jupyter
    server's `api/kernels/`)."""
    texts = {lang: {key.split(".", 1)[1]: text(key, lang) for key in BANNER_KEYS} for lang in LANGUAGES}

    def hook(page_config: dict, **_: object) -> dict:
        return {**page_config, "kartenspiele": {"alive": alive, "texts": texts}}

    return hook


class GatedApplication(tornado.web.Application):
    """Tornado's application with one check before routing any request; it also tells
    `Unconnected` of every request's beginning and end (a loading page's signs of life)."""

    def __init__(self, access: Access, *args, unconnected: Unconnected | None = None, **kwargs) -> None:
        self.access = access
        self.unconnected = unconnected
        self.signs: weakref.WeakKeyDictionary[HTTPServerRequest, tuple[tuple[str, ...], float]] = (
            weakref.WeakKeyDictionary()
        )
        super().__init__(*args, **kwargs)

    def note_sign_of_life(self, request: HTTPServerRequest) -> None:
        """A request of a page's browser, or its attempt to open its kernel's websocket, for
        `Unconnected` (websockets and the banner's question run as long as the page: no sign)."""
        if self.unconnected is None:
            return
        channels = CHANNELS.search(request.path)
        if channels:
            self.unconnected.attempted(channels.group(1))
        if channels or ALIVE_PATH in request.path or request.headers.get("Upgrade", "").lower() == "websocket":
            return
        device = request_device(request, self.settings["cookie_secret"])
        keys = client_keys(device, client_address(request, self.access.proxies))
        self.signs[request] = (keys, self.unconnected.began(keys))

    def log_request(self, handler: tornado.web.RequestHandler) -> None:
        super().log_request(handler)
        sign = self.signs.pop(handler.request, None)
        if sign is not None and self.unconnected is not None:
            self.unconnected.ended(*sign)

    def find_handler(self, request, **kwargs):
        if not self.access.host_allowed(request.host or ""):
            return self.get_handler_delegate(request, HostRefusedHandler)
        if is_query(request.path) and not query_allowed(request):  # only this machine's kernels
            return self.get_handler_delegate(request, QueryRefusedHandler)
        # a login card's QR address proves as much as the password (`card_login`)
        card_key = re.fullmatch(CARD_KEY_PATTERN, request.path) is not None
        if self.access.password and not card_key and not request.path.startswith((LOGIN_PATH, QUERY_PATH)):
            cookie = request.cookies.get(COOKIE)
            if not logged_in(cookie.value if cookie else None, self.settings["cookie_secret"], self.access.password):
                return self.get_handler_delegate(request, LoginRequiredHandler)
        self.note_sign_of_life(request)
        return super().find_handler(request, **kwargs)


class KartenspieleVoila(Voila):
    """Voilà with the access gate, the kernel limits and the project's template."""

    def __init__(
        self,
        access: Access,
        limits: KernelLimits,
        pools: dict[str, int] | None = None,
        connect_grace: float = GRACE,
        vanish_grace: float = VANISH_GRACE,
        kernel_memory: int = 0,
        kernel_record: Path | None = None,
        keep_classes_days: float = KEEP_CLASSES_DAYS,
        log_file: Path | None = None,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.log_file = log_file
        """Where the log and the kernels' output go (None: the window, `--log-file -`)."""
        self.log_stream: IO[str] | None = None
        self.full_notice = FullNotice()
        self.stopping = False
        self.keep_classes_days = keep_classes_days
        self.access = access
        self.limits = limits
        self.pools = {page: size for page, size in (pools or {}).items() if size > 0}
        """Ready kernels per page (`--preheat`; `pools.pool_plan`)."""
        self.connect_grace = connect_grace
        self.unconnected: Unconnected | None = None
        self.vanish_grace = vanish_grace
        self.vanished: Vanished | None = None
        self.kernel_memory = kernel_memory
        self.kernel_record = kernel_record

    def initialize(self, argv=None):
        super().initialize(argv)
        if self.log_file is not None:
            self.log_stream = send_logs_to(self.log_file, (self.log,))
            self.config.GuardedKernelManager.output_path = str(self.log_file)
        else:
            show_events()
        self.static_version = static_version(self.static_paths)
        self.voila_configuration.page_config_hook = versioned_hook(self.static_version, waiting_hook(banner_config()))
        # the client's address and device reach the kernels (set by `PageHandler`) for the rooms' open
        # limit, and the class the browser remembers for the page's pupil (`pupil.asked_pupil`)
        self.voila_configuration.http_header_envs = [
            *self.voila_configuration.http_header_envs,
            ADDRESS_HEADER,
            DEVICE_HEADER,
            CLASS_HEADER,
            TEACHER_HEADER,
        ]
        # kernels die with the server, under a memory bound, noted for the next server (`lifecycle`)
        self.config.MappingKernelManager.kernel_manager_class = (
            "kartenspiele.serving.kernel_manager.GuardedKernelManager"
        )
        self.config.GuardedKernelManager.memory_limit = self.kernel_memory
        self.config.GuardedKernelManager.record_path = str(self.kernel_record or "")
        if self.pools:
            self.voila_configuration.preheat_kernel = True
            # no pool is filled yet: `Refills` fills them when the server starts, one by one
            self.config.VoilaKernelManager.kernel_pools_config = {"default": {"pool_size": 0}}

    def init_settings(self) -> dict:
        settings = super().init_settings()
        if self.pools:
            Refills(self.kernel_manager, self.pools).install()
            self.announce_when_ready()
        self.record_kernel_owners()
        if self.connect_grace > 0:
            limits = self.limits
            self.unconnected = Unconnected(
                self.kernel_manager, self.connect_grace, owners=lambda kernel: limits.owners.get(kernel, ())
            )
            self.unconnected.watch_connections()
        if self.vanish_grace > 0:
            self.vanished = Vanished(self.kernel_manager, self.vanish_grace)
            self.vanished.watch_connections()
            # a silent websocket (a tablet gone from the Wi-Fi) is closed after PING_TIMEOUT
            settings["ws_ping_interval"] = int(min(PING_EVERY, self.vanish_grace) * 1000)
            settings["ws_ping_timeout"] = int(min(PING_TIMEOUT, 3 * self.vanish_grace) * 1000)
        return settings

    def announce_when_ready(self) -> None:
        """One line in the window once every kernel of the first filling has started."""
        tasks = [task for pool in getattr(self.kernel_manager, "_pools", {}).values() for task in pool]
        notice = ReadyNotice(len(tasks))
        for task in tasks:
            task.add_done_callback(lambda done: done.cancelled() or done.exception() or notice.one_ready())

    def record_kernel_owners(self) -> None:
        """Remember whom each kernel was started for (for the per-device caps) and which
        kernels the page being rendered was given (to watch that it connects)."""
        manager = self.kernel_manager
        start = manager.start_kernel
        limits = self.limits

        def handed(kernel_id: str) -> None:
            keys, kernels = CLIENT.get(), PAGE_KERNELS.get()
            if keys is not None:
                limits.record(kernel_id, keys)
            if kernels is not None:
                kernels.append(kernel_id)

        async def start_kernel(*args, **kwargs):
            kernel_id = await ensure_async(start(*args, **kwargs))
            handed(kernel_id)
            return kernel_id

        manager.start_kernel = start_kernel
        if hasattr(manager, "get_rendered_notebook"):  # a preheated kernel is handed to a page
            hand_out = manager.get_rendered_notebook

            async def get_rendered_notebook(*args, **kwargs):
                task, cache, kernel_id = await hand_out(*args, **kwargs)
                handed(kernel_id)
                return task, cache, kernel_id

            manager.get_rendered_notebook = get_rendered_notebook

    def init_handlers(self) -> list:
        attempts = LoginAttempts(self.access.login_tries)  # passwords, teacher codes and login cards share it
        cards = {"access": self.access, "attempts": attempts, "desk": CardDesk()}
        handlers: list[tuple] = []
        for route in super().init_handlers():
            pattern, handler = route[0], route[1]
            options = route[2] if len(route) > 2 else {}
            if handler is VoilaContentsHandler:
                continue  # would list every file of the project
            if handler is TornadoVoilaTreeHandler:
                handlers.append((pattern, StartRedirectHandler))
            elif handler is FileFindHandler and pattern.endswith("/voila/labextensions/(.*)"):
                handlers.append((pattern, LabextensionsHandler, options))
            elif handler is TemplateStaticFileHandler:
                handlers.append((pattern, TemplateAssetsHandler))
            elif handler is TornadoVoilaHandler:
                handlers.append(
                    (
                        pattern,
                        PageHandler,
                        {
                            **options,
                            "access": self.access,
                            "limits": self.limits,
                            "unconnected": self.unconnected,
                            "attempts": attempts,
                            "full_notice": self.full_notice,
                        },
                    )
                )
            else:
                handlers.append(route)
        base = self.server_url.rstrip("/")
        return [
            (
                base + LOGIN_PATH,
                LoginHandler,
                {"access": self.access, "attempts": attempts},
            ),
            (base + CARD_PATH, CardFormHandler, cards),
            (base + CARD_KEY_PATTERN, CardKeyHandler, cards),
            (base + ALIVE_PATH + r"([\w-]+)", AliveHandler),
            (
                base + PASS_PATH + r"([\w.-]+)",
                SecondDeviceHandler,
                {"access": self.access, "attempts": attempts, "passes": UsedPasses()},
            ),
            (
                f"{base}/{VERSIONED_STATIC}{self.static_version}/(.*)",
                VersionedStaticHandler,
                {"paths": self.static_paths},
            ),
            *handlers,
        ]

    def start(self):
        """Voilà's start, with the gated application."""
        import tempfile

        # where preheated kernels ask for their page (bound first: a taken port starts no kernel)
        loopback = loopback_sockets(self.access.bind, self.port) if self.pools else []
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = GatedApplication(self.access, unconnected=self.unconnected, **settings)
        serve_on(self.app, loopback)
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        if self.unconnected is not None:
            every = min(SWEEP_EVERY, max(0.5, self.connect_grace / 4))
            tornado.ioloop.PeriodicCallback(self.unconnected.sweep, every * 1000).start()
        if self.vanished is not None:
            every = min(VANISHED_SWEEP_EVERY, max(0.5, self.vanish_grace / 4))
            tornado.ioloop.PeriodicCallback(self.vanished.sweep, every * 1000).start()
        # expired rooms and saved games: at start, then every 15 s; unused classes once an hour
        sweeper = RoomSweeper(keep_classes_days=self.keep_classes_days)
        tornado.ioloop.IOLoop.current().add_callback(sweeper.sweep)
        tornado.ioloop.PeriodicCallback(sweeper.sweep, ROOM_SWEEP_EVERY * 1000).start()
        if self.pools:
            tornado.ioloop.PeriodicCallback(partial(mend_pools, self.kernel_manager), MEND_EVERY * 1000).start()
        signal.signal(signal.SIGINT, self.stop_on_signal)  # Ctrl+C: the same clean stop as SIGTERM
        self.listen()

    def stop_on_signal(self, _signal: int, _frame: object) -> None:
        """Ctrl+C (or SIGTERM): stop the loop, then `stop`; a second Ctrl+C while stopping ends
        the process at once (the kernels die with it: `kernel/guard.py`)."""
        if self.stopping:
            raise SystemExit(130)
        self.stopping = True
        event("window.stopping")
        tornado.ioloop.IOLoop.current().add_callback_from_signal(tornado.ioloop.IOLoop.current().stop)

    _handle_signal_stop = stop_on_signal

    def stop(self) -> None:
        """End every kernel at once: kernel starts still waiting for their turn (`Refills`) are
        cancelled rather than awaited, and no kernel is asked to shut down politely (a page's
        state lives in the store; a ready kernel has none)."""
        self.stopping = True
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        run_sync(end_every_kernel)(self.kernel_manager)
