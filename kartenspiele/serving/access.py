"""Who may reach the server: the addresses it answers to and the class password.

On 127.0.0.1 (the default) nothing is asked. Bound to any other address the server needs a
class password; pupils type it once per browser on a small page and get a signed cookie. Every
request's `Host` header must name one of the served addresses, so a web page elsewhere
cannot reach the server through a name that points to it (DNS rebinding).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass, field
from functools import cached_property

from ..core.errors import ServeSetupError
from .clients import Network, trusted_networks
from .login_limits import FREE_TRIES

MIN_PASSWORD = 8
"""Characters a class password needs at least, not counting spaces."""
EXAMPLE_SECRETS = frozenset({"igel4242", "tafel2026", "meincode7", "mycode77", "nbvallehrkraft"})
"""The passwords and teacher codes the README, the guide and the docs print as examples
(`tests/serving/test_access.py` finds every one there): anyone can read them, so `serve`
refuses them (compared without case and spaces)."""
COOKIE = "kartenspiele-class"


def is_loopback(host: str) -> bool:
    """Whether `host` (an address or `localhost`) is the machine itself."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def strong_enough(password: str) -> bool:
    """Whether a class password has `MIN_PASSWORD` characters that are not spaces (a password
    of spaces only, or `Igel42`, is refused)."""
    return sum(not character.isspace() for character in password) >= MIN_PASSWORD


def is_example(secret: str) -> bool:
    """Whether a password or teacher code is one of the documents' examples (`EXAMPLE_SECRETS`)."""
    return "".join(secret.split()).casefold() in EXAMPLE_SECRETS


def lan_address() -> str:
    """This machine's address in the local network (the one a route to the outside uses);
    127.0.0.1 when there is none. No packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only the route is looked up
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def split_host(header: str) -> str:
    """The host name of a `Host` header, without the port and brackets, lower case."""
    host = header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host


@dataclass(frozen=True)
class Access:
    """The bound address, the names it answers to, the class password (None: none) and the
    wrong passwords a device may type before it waits (0: no wait per device, only the
    server's budget), and the reverse proxies whose `X-Forwarded-For` is believed (`clients`)."""

    bind: str
    port: int
    password: str | None = None
    names: frozenset[str] = field(default_factory=frozenset)
    login_tries: int = FREE_TRIES
    proxies: tuple[Network, ...] = ()

    @classmethod
    def create(
        cls,
        bind: str,
        port: int,
        password: str | None = None,
        names: tuple[str, ...] = (),
        login_tries: int = FREE_TRIES,
        proxies: tuple[str, ...] = (),
    ) -> Access:
        """Check the set-up: any address but loopback needs a password, a password needs
        `MIN_PASSWORD` characters besides spaces, and a trusted proxy is an address or a
        network (raises `ServeSetupError` saying why)."""
        if password is not None and not strong_enough(password):
            raise ServeSetupError("serve.password_short", count=MIN_PASSWORD)
        if password is not None and is_example(password):
            raise ServeSetupError("serve.password_example", password=password.strip())
        if not is_loopback(bind) and not password:
            raise ServeSetupError("serve.password_needed", host=bind)
        return cls(
            bind,
            port,
            password or None,
            frozenset(name.lower() for name in names),
            max(0, login_tries),
            trusted_networks(proxies),
        )

    @property
    def public(self) -> bool:
        """Whether pupils reach the server from other machines."""
        return not is_loopback(self.bind)

    def display_host(self) -> str:
        """The address to print: the LAN address for a wildcard bind."""
        if self.bind in ("0.0.0.0", "::", ""):
            return lan_address()
        return self.bind

    @cached_property
    def allowed_hosts(self) -> frozenset[str]:
        """Every host name a request may carry: loopback names, the bound and printed
        addresses, this machine's name and any extra names (e.g. behind a reverse proxy)."""
        hosts = {"localhost", "127.0.0.1", "::1", self.bind.lower(), *self.names}
        if self.public:
            hosts |= {self.display_host(), socket.gethostname().lower()}
            if self.bind in ("0.0.0.0", "::"):
                hosts |= set(local_addresses())
        return frozenset(hosts)

    def host_allowed(self, header: str) -> bool:
        """Whether a request's `Host` header names this server."""
        return split_host(header) in self.allowed_hosts


def local_addresses() -> list[str]:
    """The IP addresses this machine's name resolves to."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None)
    except OSError:
        return []
    return [str(info[4][0]).split("%", 1)[0].lower() for info in infos]
