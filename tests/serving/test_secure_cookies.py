"""Over TLS the `_xsrf` cookie is `Secure`, as the class cookie is; over plain http it is not
(a browser would drop it), and `X-Forwarded-Proto` from anyone does not make a request https."""

from __future__ import annotations

from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application

from kartenspiele.serving.access import Access
from kartenspiele.serving.handlers import LOGIN_PATH, LoginHandler, StartRedirectHandler
from kartenspiele.serving.login_limits import LoginAttempts

from .test_unconnected import run_alone


def xsrf_cookies(xheaders: bool, **headers: str) -> list[str]:
    """The `_xsrf` Set-Cookie lines of the login page and of `/` (the start redirect)."""
    lines: list[str] = []

    async def fetch_both() -> None:
        access = Access.create("0.0.0.0", 8866, "Dachs7373")
        app = Application(
            [
                (LOGIN_PATH, LoginHandler, {"access": access, "attempts": LoginAttempts()}),
                ("/", StartRedirectHandler),
            ],
            cookie_secret=b"k" * 32,
        )
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(app, xheaders=xheaders)  # `xheaders`: the test app trusts a TLS proxy
        server.add_sockets(sockets)
        client = AsyncHTTPClient(force_instance=True)
        try:
            for path in (LOGIN_PATH, "/"):
                answer = await client.fetch(
                    f"http://127.0.0.1:{sockets[0].getsockname()[1]}{path}",
                    headers=headers,
                    follow_redirects=False,
                    raise_error=False,
                )
                lines.extend(line for line in answer.headers.get_list("Set-Cookie") if line.startswith("_xsrf="))
        finally:
            client.close()
            server.stop()

    run_alone(fetch_both())
    return lines


def test_the_xsrf_cookie_is_secure_over_tls_only():
    tls = xsrf_cookies(True, **{"X-Forwarded-Proto": "https"})
    assert len(tls) == 2 and all("; secure" in line.lower() for line in tls)
    plain = xsrf_cookies(True)
    assert len(plain) == 2 and not any("secure" in line.lower() for line in plain)
    untrusted = xsrf_cookies(False, **{"X-Forwarded-Proto": "https"})  # as the real server: not trusted
    assert len(untrusted) == 2 and not any("secure" in line.lower() for line in untrusted)
