"""Who is asking: the client's address (the one function every check reads it with) and the
browser's device cookie (what the kernel limits count).

The address is the TCP peer's (`request.remote_ip`). Only when that peer is a reverse proxy
named with `--trusted-proxy` is `X-Forwarded-For` read: the last address in it that is not a
trusted proxy itself (each proxy appends the peer it saw, so the addresses left of it may be
made up by the browser). A header sent by anyone else is ignored. A request from a trusted proxy
that names no client (no header, only proxies, or something that is no address) comes from
`UNKNOWN_CLIENT`, not from the proxy: the proxy is no device, and counting every such request
as one would let one pupil's wrong passwords lock the whole class out.

The device cookie holds a random id signed with the server's secret (tornado's signed
cookie, HMAC-SHA256 like the class cookie): a browser cannot make one up, and a restart
(a new secret) gives every browser a new one. A class behind one NAT or one proxy shares one
address but has thirty cookies, so each pupil gets the pages a device may open.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Iterable

import tornado.httputil
import tornado.web

from ..core.errors import ServeSetupError

DEVICE_COOKIE = "kartenspiele-device"
DEVICE_DAYS = 30
"""Days a browser keeps its device id (a new one is given when it is gone)."""
FORWARDED_FOR = "X-Forwarded-For"
UNKNOWN_CLIENT = "unknown"
"""The client of a request that a trusted proxy passed on without naming it."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(proxies: Iterable[str]) -> tuple[Network, ...]:
    """The `--trusted-proxy` values as networks (an address is a network of one); a value
    that is neither raises `ServeSetupError`."""
    networks = []
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy.strip(), strict=False))
        except ValueError:
            raise ServeSetupError("serve.proxy_invalid", proxy=proxy) from None
    return tuple(networks)


def _address(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(value.strip().split("%", 1)[0])
    except ValueError:
        return None


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address, proxies: tuple[Network, ...]) -> bool:
    return any(address.version == network.version and address in network for network in proxies)


def peer_address(request: tornado.httputil.HTTPServerRequest) -> str:
    """The TCP peer of `request` (a proxy's address when one relayed it)."""
    return request.remote_ip or "?"


def client_address(request: tornado.httputil.HTTPServerRequest, proxies: tuple[Network, ...] = ()) -> str:
    """The address of the device behind `request`: the TCP peer, or — if the peer is a trusted
    proxy — the last untrusted address of `X-Forwarded-For` (`UNKNOWN_CLIENT` when there is
    none, or when the proxy sent something that is not an address)."""
    peer = peer_address(request)
    peer_ip = _address(peer)
    if not proxies or peer_ip is None or not _trusted(peer_ip, proxies):
        return peer
    hops = [hop for header in request.headers.get_list(FORWARDED_FOR) for hop in header.split(",") if hop.strip()]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            return UNKNOWN_CLIENT
        if not _trusted(address, proxies):
            return str(address)
    return UNKNOWN_CLIENT


def request_device(request: tornado.httputil.HTTPServerRequest, secret: str | bytes) -> str | None:
    """The id in `request`'s device cookie if it is signed with `secret` (the server's), else None."""
    cookie = request.cookies.get(DEVICE_COOKIE)
    value = tornado.web.decode_signed_value(
        secret, DEVICE_COOKIE, cookie.value if cookie else None, max_age_days=DEVICE_DAYS
    )
    return value.decode() if value else None


def device_id(handler: tornado.web.RequestHandler) -> str | None:
    """The id in the request's device cookie if this server signed it, else None."""
    return request_device(handler.request, handler.application.settings["cookie_secret"])


def give_device_id(handler: tornado.web.RequestHandler) -> str:
    """A new device id, set as the response's signed cookie (sent with every later page)."""
    device = secrets.token_urlsafe(12)
    handler.set_signed_cookie(
        DEVICE_COOKIE,
        device,
        expires_days=DEVICE_DAYS,
        httponly=True,
        samesite="Lax",
        secure=handler.request.protocol == "https",
    )
    return device
