"""`/voila/query/<kernel-id>`: where a preheated kernel receives its page's request — only
from this machine.

A kernel started ahead of time (`--preheat`) learns its page's request there (the query
string: the language, a teacher's code, a pupil's token) once a page takes it
(`kernel.page_request`). It needs no class cookie, so anyone else who knew a ready kernel's id
would read that request too. The gate (`app.GatedApplication`) therefore answers 403 there —
before any handler, for websocket upgrades too — unless the request's TCP peer is a loopback
address (tornado's `xheaders` is off) and no proxy relayed it (a reverse proxy on this machine
connects from loopback, and nginx or Caddy add `X-Forwarded-For`; a trusted proxy's request
without it names no client, `clients.UNKNOWN_CLIENT`, but is refused here all the same).

The kernels therefore reach the server on loopback (`kernel_host`): on 127.0.0.1 for a
wildcard bind (0.0.0.0 listens there too), and when the server is bound to one address of the
network (`--host 192.168.1.20`, or `::`, which tornado binds IPv6-only) it also listens on
127.0.0.1 with the same port (`loopback_sockets`) for its kernels; if that port is taken there,
`kartenspiele serve` stops before any kernel starts and says so.
"""

from __future__ import annotations

import socket

import tornado.httpserver
import tornado.netutil
import tornado.web

from ..core.errors import ServeSetupError
from .access import is_loopback
from .clients import peer_address

QUERY_PATH = "/voila/query/"
"""Where a preheated kernel asks for its page's request (the kernel has no class cookie)."""
PROXY_HEADERS = ("X-Forwarded-For", "X-Real-Ip", "Forwarded")
"""Headers a reverse proxy adds; a kernel asking directly sends none of them."""
WILDCARDS = ("0.0.0.0", "")
"""Bind addresses whose sockets take connections to 127.0.0.1 as well ("::" does not: tornado
binds it IPv6-only)."""


def is_query(path: str) -> bool:
    """Whether a request's path is the kernels' query route (under any base URL)."""
    return QUERY_PATH in path


def query_allowed(request) -> bool:
    """Whether a request may reach the query route: sent from this machine, not via a proxy
    (its TCP peer is loopback and it carries no proxy's header; a trusted proxy always adds
    one, so the address it names is never needed here)."""
    return is_loopback(peer_address(request)) and not any(name in request.headers for name in PROXY_HEADERS)


class QueryRefusedHandler(tornado.web.RequestHandler):
    """The query route asked from another machine (or through a proxy): 403, nothing else."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(403)


def kernel_host(bind: str) -> str:
    """The address a preheated kernel reaches the server on (`VOILA_APP_IP`): the bound
    address if it is loopback, else 127.0.0.1 (see `loopback_sockets`)."""
    return bind if is_loopback(bind) else "127.0.0.1"


def needs_loopback_listener(bind: str) -> bool:
    """Whether the server's own sockets miss 127.0.0.1: bound to one address that is not
    loopback (`192.168.1.20`, `::`)."""
    return not is_loopback(bind) and bind not in WILDCARDS


def loopback_sockets(bind: str, port: int) -> list[socket.socket]:
    """Sockets on 127.0.0.1:`port` when the bound address misses it, so that preheated kernels
    can ask there (none otherwise). Bound before any kernel starts; a taken port raises
    `ServeSetupError` saying what to do."""
    if not needs_loopback_listener(bind):
        return []
    try:
        return tornado.netutil.bind_sockets(port, "127.0.0.1")
    except OSError:
        raise ServeSetupError("serve.loopback_busy", port=port) from None


def serve_on(app: tornado.web.Application, sockets: list[socket.socket]) -> None:
    """Answer on `sockets` too (the same application, with the same gate)."""
    if sockets:
        tornado.httpserver.HTTPServer(app).add_sockets(sockets)
