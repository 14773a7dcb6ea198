"""Who is asking: `X-Forwarded-For` believed only from a trusted proxy, in every place that
reads a client's address; the device cookie signed by the server."""

import ast
from pathlib import Path
from unittest.mock import Mock

import pytest
import tornado.httputil
import tornado.web

import kartenspiele
from kartenspiele.core.errors import ServeSetupError
from kartenspiele.serve import build_parser
from kartenspiele.serving.access import Access
from kartenspiele.serving.clients import (
    DEVICE_COOKIE,
    UNKNOWN_CLIENT,
    client_address,
    device_id,
    give_device_id,
    trusted_networks,
)
from kartenspiele.serving.local_query import query_allowed


def request(peer: str, *forwarded: str) -> tornado.httputil.HTTPServerRequest:
    """A request from the TCP peer `peer` carrying the given `X-Forwarded-For` headers."""
    headers = tornado.httputil.HTTPHeaders({"Host": "127.0.0.1:8866"})
    for value in forwarded:
        headers.add("X-Forwarded-For", value)
    made = tornado.httputil.HTTPServerRequest(
        headers=headers,
        start_line=tornado.httputil.RequestStartLine("GET", "/", "HTTP/1.1"),
        connection=Mock(),  # only the handler of the cookie test needs one
    )
    made.remote_ip = peer
    return made


def test_forged_forwarded_for_from_an_untrusted_peer_is_ignored():
    assert client_address(request("198.51.100.4", "10.9.9.9")) == "198.51.100.4"
    proxies = trusted_networks(["127.0.0.1"])
    assert client_address(request("198.51.100.4", "10.9.9.9"), proxies) == "198.51.100.4"  # not the proxy
    assert client_address(request("127.0.0.2", "10.9.9.9"), proxies) == "127.0.0.2"  # another loopback address


def test_the_trusted_proxy_names_the_client():
    proxies = trusted_networks(["127.0.0.1"])
    assert client_address(request("127.0.0.1", "203.0.113.9"), proxies) == "203.0.113.9"
    # a browser sends a made-up X-Forwarded-For; the proxy appends the peer it saw: that one counts
    assert client_address(request("127.0.0.1", "1.2.3.4, 203.0.113.9"), proxies) == "203.0.113.9"
    assert client_address(request("127.0.0.1", "1.2.3.4", "203.0.113.9"), proxies) == "203.0.113.9"
    assert client_address(request("127.0.0.1"), proxies) == UNKNOWN_CLIENT  # nothing relayed: no device known


def test_a_chain_of_trusted_proxies_is_walked_from_the_right():
    proxies = trusted_networks(["10.0.0.0/24", "2001:db8::1"])
    chain = request("10.0.0.1", "1.2.3.4, 198.51.100.7, 10.0.0.2")
    assert client_address(chain, proxies) == "198.51.100.7"
    assert client_address(request("2001:db8::1", "2001:db8:5::9"), proxies) == "2001:db8:5::9"
    assert client_address(request("10.0.0.1", "10.0.0.3, 10.0.0.2"), proxies) == UNKNOWN_CLIENT  # only proxies


@pytest.mark.parametrize("forwarded", ["unknown", "198.51.100.7, <script>", "_hidden"])
def test_something_else_than_an_address_is_an_unknown_client_not_the_proxy(forwarded):
    proxies = trusted_networks(["127.0.0.1"])
    assert client_address(request("127.0.0.1", forwarded), proxies) == UNKNOWN_CLIENT


@pytest.mark.parametrize("proxy", ["proxy.schule.example", "10.0.0.300", "", "127.0.0.1/33"])
def test_a_trusted_proxy_must_be_an_address_or_a_network(proxy):
    with pytest.raises(ServeSetupError) as raised:
        Access.create("127.0.0.1", 8866, proxies=(proxy,))
    assert "--trusted-proxy" in raised.value.message("de")


def test_serve_trusts_no_proxy_unless_told():
    assert build_parser().parse_args([]).trusted_proxy == []
    args = build_parser().parse_args(["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/24"])
    access = Access.create("127.0.0.1", 8866, proxies=tuple(args.trusted_proxy))
    assert client_address(request("10.0.0.5", "203.0.113.9"), access.proxies) == "203.0.113.9"


def test_the_query_route_uses_the_same_address():
    """Relayed by a trusted proxy on this machine, the query route is still refused: the client
    is elsewhere (and a proxy relayed it); a kernel on this machine asks without a proxy's header."""
    assert query_allowed(request("127.0.0.1"))
    assert not query_allowed(request("127.0.0.1", "203.0.113.9"))
    assert not query_allowed(request("127.0.0.1", "127.0.0.1"))  # any relayed request
    assert not query_allowed(request("198.51.100.4"))


class Echo(tornado.web.RequestHandler):
    def get(self) -> None:
        self.write({"device": device_id(self) or give_device_id(self)})


def test_the_device_cookie_is_signed_by_the_server():
    app = tornado.web.Application([("/", Echo)], cookie_secret=b"server secret")
    handler = Echo(app, request("127.0.0.1"))
    device = give_device_id(handler)
    morsel = handler._new_cookie[DEVICE_COOKIE]  # what the response's Set-Cookie will carry
    assert morsel["httponly"] and morsel["samesite"] == "Lax" and morsel["expires"]
    signed = morsel.value
    again = request("127.0.0.1")
    again.headers["Cookie"] = f"{DEVICE_COOKIE}={signed}"
    assert device_id(Echo(app, again)) == device
    forged = request("127.0.0.1")
    forged.headers["Cookie"] = f"{DEVICE_COOKIE}={signed.replace(signed[-8:], '0' * 8)}"
    assert device_id(Echo(app, forged)) is None  # a changed signature is no device
    other = tornado.web.Application([("/", Echo)], cookie_secret=b"another server")
    assert device_id(Echo(other, again)) is None  # a restart (a new secret): a new device id
    assert len({give_device_id(Echo(app, request("127.0.0.1"))) for _ in range(50)}) == 50


def test_every_check_reads_the_address_through_client_address():
    """The page limits, the password tries, the rooms' address header and the query route
    take the client's address from `client_address` only (the query route the peer from
    `peer_address` beside it): nowhere else in the package is the TCP peer (`remote_ip`) read, and `X-Forwarded-For` is read only there (the query route
    checks that no proxy header is present at all)."""
    package = Path(kartenspiele.__file__).parent
    peer_readers, header_names = set(), set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "remote_ip":
                peer_readers.add(path.name)
            if isinstance(node, ast.Constant) and str(node.value).lower() in (
                "x-forwarded-for",
                "http_x_forwarded_for",
            ):
                header_names.add(path.name)
    assert peer_readers == {"clients.py"}
    assert header_names == {"clients.py", "local_query.py"}
    handlers = (package / "serving" / "handlers.py").read_text(encoding="utf-8")
    # the password page, the pages, and the second device's pass (its tries count per client)
    assert handlers.count("client_address(self.request, self.access.proxies)") == 3
