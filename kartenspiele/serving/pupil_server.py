"""A pupil's own Jupyter Server under JupyterHub serves the Voilà pages and nothing else.

A Jupyter Server extension, enabled in `deploy/jupyterhub/singleuser/jupyter_server_config.py`.
Jupyter Server brings JupyterLab, terminals, the contents and files API and kernels that run
whatever code they are sent; with them a pupil could read the store's address, every seat's
hand and a room's seed. This extension closes all of it, for every request before routing:

- only the routes in `OPEN` are served (Voilà's pages and their scripts, the hub's login
  callback and logout, the server's status for the hub); every other path gets 404 —
  `/lab`, `/tree`, `/terminals`, `/api/contents`, `/files`, `/api/sessions`, `/api/kernelspecs`,
  Voilà's own file list (`/voila/api/contents`, `/voila/tree`) and its file route;
- `/api/kernels/<id>` only with GET (the page's "connection lost" banner asks whether its
  kernel still runs) and its websocket; starting, stopping or listing kernels there gets 404;
- a kernel's websocket passes only the widgets' messages (`kernel_messages.PAGE_MESSAGES`):
  `execute_request` and every other way to run or read code is dropped.
"""

from __future__ import annotations

import re
from typing import Any

import tornado.web

from .kernel_messages import PAGE_MESSAGES

KERNEL = r"api/kernels/[0-9a-f-]{36}"
OPEN: tuple[tuple[str, frozenset[str]], ...] = (
    (r"", frozenset({"GET"})),  # leads to the start page (the server's default URL)
    (r"voila/render/.+", frozenset({"GET"})),
    (r"voila/static/.+", frozenset({"GET"})),
    (r"voila/templates/.+", frozenset({"GET"})),
    (r"voila/labextensions/.+", frozenset({"GET"})),
    (r"voila/api/themes/.+", frozenset({"GET"})),
    (r"voila/api/shutdown/[0-9a-f-]{36}", frozenset({"POST"})),  # closing a page ends its kernel
    (KERNEL, frozenset({"GET"})),  # the banner: does the page's kernel still run?
    (KERNEL + r"/channels", frozenset({"GET"})),  # the page's widgets (websocket, filtered)
    (r"api", frozenset({"GET"})),  # the server's version, asked by the hub
    (r"api/status", frozenset({"GET"})),
    (r"oauth_callback", frozenset({"GET"})),  # the hub's login
    (r"logout", frozenset({"GET"})),
)
"""The paths below the server's base URL (`/user/<name>/`) a pupil's browser may ask, and how."""
_OPEN = tuple((re.compile(pattern), methods) for pattern, methods in OPEN)


def allowed(base_url: str, path: str, method: str) -> bool:
    """Whether a request for `path` (the whole path, with the base URL) with `method` is served.
    HEAD goes with GET; a path with `..` or an encoded slash is never served."""
    base = base_url.rstrip("/")
    if not (path == base or path.startswith(base + "/")) or ".." in path or "%2f" in path.lower():
        return False
    rest = path[len(base) :].strip("/")
    method = "GET" if method == "HEAD" else method
    return any(pattern.fullmatch(rest) and method in methods for pattern, methods in _OPEN)


class ClosedHandler(tornado.web.RequestHandler):
    """Anything a pupil's server does not serve: 404, the same for every method."""

    def check_xsrf_cookie(self) -> None:
        """Nothing is done here, so a POST is refused with 404 like a GET (not 403 for want of
        the XSRF cookie, which would tell that the route exists)."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    server_app.kernel_manager.allowed_message_types = list(PAGE_MESSAGES)
    web_app = server_app.web_app
    base_url = web_app.settings["base_url"]
    find_handler = web_app.find_handler

    def gated(request, **kwargs):
        if not allowed(base_url, request.path, request.method or "GET"):
            return web_app.get_handler_delegate(request, ClosedHandler)
        return find_handler(request, **kwargs)

    web_app.find_handler = gated  # every request passes here before any route is chosen
