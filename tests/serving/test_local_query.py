"""`/voila/query/<kernel-id>` answers only this machine: the gate refuses other peers (and
proxied requests) before any handler, and preheated kernels reach the server on loopback
whatever address it is bound to."""

from __future__ import annotations

import socket

import pytest
import tornado.httpclient
import tornado.httpserver
import tornado.httputil
import tornado.netutil
import tornado.web
import tornado.websocket

from kartenspiele.core.errors import ServeSetupError
from kartenspiele.kernel.page_request import query_url
from kartenspiele.serving.access import Access
from kartenspiele.serving.app import GatedApplication
from kartenspiele.serving.handlers import LoginRequiredHandler
from kartenspiele.serving.local_query import (
    QueryRefusedHandler,
    kernel_host,
    loopback_sockets,
    needs_loopback_listener,
)

PASSWORD = "Igel-42-Igel"
WEBSOCKET = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13"}


class QueryHandler(tornado.websocket.WebSocketHandler):
    """Stands in for Voilà's `RequestInfoSocketHandler`: sends the page's request."""

    def open(self, kernel_id: str) -> None:
        self.write_message('{"QUERY_STRING": "lehrer=SECRET"}')


class PageHandler(tornado.web.RequestHandler):
    def get(self) -> None:
        self.write("page")


def application(access: Access) -> GatedApplication:
    return GatedApplication(
        access,
        [(r"/voila/query/(.*)", QueryHandler), (r"/page", PageHandler)],
        cookie_secret=b"secret",
    )


def routed(app: GatedApplication, path: str, peer: str, headers: dict | None = None) -> type:
    """The handler the gate picks for a request from `peer` (a faked TCP peer)."""
    request = tornado.httputil.HTTPServerRequest(
        headers=tornado.httputil.HTTPHeaders({"Host": "127.0.0.1:8866", **(headers or {})}),
        start_line=tornado.httputil.RequestStartLine("GET", path, "HTTP/1.1"),
    )
    request.remote_ip = peer
    return app.find_handler(request).handler_class


@pytest.mark.parametrize("bind", ["127.0.0.1", "0.0.0.0"])
@pytest.mark.parametrize("headers", [{}, WEBSOCKET])
@pytest.mark.parametrize(
    "path", ["/voila/query/x", "/voila/query/0b6c2a6e-2f4b-4c71-9f1f-1c1d9b2b6c1e", "/base/voila/query/x"]
)
def test_the_query_route_is_refused_to_other_machines(bind, headers, path):
    app = application(Access.create(bind, 8866, PASSWORD))
    assert routed(app, path, "192.0.2.7", headers) is QueryRefusedHandler
    assert routed(app, path, "2001:db8::7", headers) is QueryRefusedHandler


@pytest.mark.parametrize("bind", ["127.0.0.1", "0.0.0.0"])
@pytest.mark.parametrize("peer", ["127.0.0.1", "127.0.0.5", "::1"])
def test_the_query_route_answers_this_machine_without_the_class_cookie(bind, peer):
    app = application(Access.create(bind, 8866, PASSWORD))
    assert routed(app, "/voila/query/x", peer, WEBSOCKET) is QueryHandler
    assert routed(app, "/page", peer) is LoginRequiredHandler  # other routes still need the cookie


@pytest.mark.parametrize("header", ["X-Forwarded-For", "X-Real-Ip", "Forwarded"])
def test_a_request_relayed_by_a_proxy_on_this_machine_is_refused(header):
    app = application(Access.create("127.0.0.1", 8866, PASSWORD))
    assert routed(app, "/voila/query/x", "127.0.0.1", {header: "127.0.0.1", **WEBSOCKET}) is QueryRefusedHandler


def test_other_routes_are_not_touched_by_the_query_rule():
    app = application(Access.create("127.0.0.1", 8866))
    assert routed(app, "/page", "192.0.2.7") is PageHandler


@pytest.mark.parametrize(
    ("bind", "host", "listener"),
    [
        ("127.0.0.1", "127.0.0.1", False),
        ("localhost", "localhost", False),
        ("::1", "::1", False),
        ("0.0.0.0", "127.0.0.1", False),
        ("::", "127.0.0.1", True),  # tornado binds "::" IPv6-only
        ("192.168.1.20", "127.0.0.1", True),
    ],
)
def test_kernels_always_ask_on_loopback(bind, host, listener):
    assert kernel_host(bind) == host and needs_loopback_listener(bind) is listener


def test_the_kernel_writes_an_ipv6_address_in_brackets(monkeypatch):
    monkeypatch.setenv("VOILA_APP_IP", "::1")
    monkeypatch.setenv("VOILA_APP_PORT", "8870")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    assert query_url() == "ws://[::1]:8870/voila/query/k1"


def test_a_taken_loopback_port_is_said_before_any_kernel_starts():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ServeSetupError) as caught:
            loopback_sockets("192.168.1.20", port)
    assert str(port) in caught.value.message("de") and "--preheat 0" in caught.value.message("en")
    assert loopback_sockets("0.0.0.0", port) == []
