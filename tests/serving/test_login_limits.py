"""The class password page under attack: wrong passwords are limited per device and for the
whole server, counted as they arrive; the cookie holds nothing to try passwords against; it is
`Secure` over TLS. The login page runs on a small tornado app on 127.0.0.1."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import hashlib
import resource
import time
from contextlib import asynccontextmanager
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest
import tornado.web
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from kartenspiele.serving import handlers
from kartenspiele.serving.access import COOKIE, Access
from kartenspiele.serving.handlers import LOGIN_PATH, LoginHandler, logged_in, login_mark
from kartenspiele.serving.login_limits import FREE_TRIES, GLOBAL_BURST, LoginAttempts, retry_after
from tests.clock import Clock

PASSWORD = "Dachs7373"
SECRET = b"k" * 32
XSRF = "0123456789abcdef"
GUESSES = 600


@pytest.fixture
def comparisons(monkeypatch) -> list[str]:
    """Every password the login page compares."""
    compared: list[str] = []
    right = handlers.password_right

    def counting(given: str, password: str) -> bool:
        compared.append(given)
        return right(given, password)

    monkeypatch.setattr(handlers, "password_right", counting)
    return compared


@pytest.fixture(autouse=True)
def enough_files():
    """Room for 600 connections at once (both of their ends)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4 * GUESSES if hard == resource.RLIM_INFINITY else min(hard, 4 * GUESSES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@asynccontextmanager
async def login_server(attempts: LoginAttempts, secret: bytes = SECRET, xheaders: bool = False):
    """The login page on 127.0.0.1; with `xheaders` a test stands for several devices (and for
    a TLS proxy) through `X-Real-Ip`/`X-Forwarded-Proto` — the real server never trusts them."""
    access = Access.create("0.0.0.0", 8866, PASSWORD)
    app = tornado.web.Application(
        [(LOGIN_PATH, LoginHandler, {"access": access, "attempts": attempts})], cookie_secret=secret
    )
    sockets = bind_sockets(0, "127.0.0.1", backlog=2 * GUESSES)
    server = HTTPServer(app, xheaders=xheaders)
    server.add_sockets(sockets)
    client = AsyncHTTPClient(force_instance=True, max_clients=GUESSES + 10)

    async def post(password: str, **headers: str) -> HTTPResponse:
        body = urlencode({"_xsrf": XSRF, "password": password, "next": "/voila/render/notebooks/quanto.ipynb"})
        return await client.fetch(
            f"http://127.0.0.1:{sockets[0].getsockname()[1]}{LOGIN_PATH}",
            method="POST",
            body=body,
            headers={"Cookie": f"_xsrf={XSRF}", **headers},
            follow_redirects=False,
            raise_error=False,
            request_timeout=30,
        )

    try:
        yield post
    finally:
        client.close()
        server.stop()
        await server.close_all_connections()


def run_alone(coroutine):
    """`coroutine` run to its end on a thread of its own (an earlier test in this worker may
    have left an event loop running on this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def class_cookie(answer: HTTPResponse) -> tuple[str, str]:
    """The class cookie's value and its whole `Set-Cookie` line."""
    for line in answer.headers.get_list("Set-Cookie"):
        cookie = SimpleCookie(line)
        if COOKIE in cookie:
            return cookie[COOKIE].value, line
    raise AssertionError(f"no class cookie in {answer.headers.get_list('Set-Cookie')}")


def test_600_guesses_at_once_from_one_device_get_a_handful_of_comparisons(comparisons):
    async def attack():
        async with login_server(LoginAttempts(), xheaders=True) as post:
            started = time.monotonic()
            answers = await asyncio.wait_for(
                asyncio.gather(*(post(f"Rate{n:04d}") for n in range(GUESSES))), timeout=25
            )
            took = time.monotonic() - started
            pupil = await post(PASSWORD, **{"X-Real-Ip": "10.0.0.8"})  # another device, same moment
            return answers, took, pupil

    answers, took, pupil = run_alone(attack())
    guessed = comparisons[:-1]
    print(f"{GUESSES} guesses at once: {len(guessed)} comparisons, {took:.2f} s")
    codes = [answer.code for answer in answers]
    assert len(guessed) <= FREE_TRIES + 1 and codes.count(401) == len(guessed)
    assert codes.count(429) == GUESSES - len(guessed) and took < 20
    assert comparisons[-1] == PASSWORD
    refused = next(answer for answer in answers if answer.code == 429)
    assert "Zu viele Versuche" in refused.body.decode() and int(refused.headers["Retry-After"]) >= 1
    assert pupil.code == 302 and logged_in(class_cookie(pupil)[0], SECRET, PASSWORD)


def test_forged_forwarding_headers_change_nothing_on_the_real_server(comparisons):
    """Without xheaders (as `kartenspiele serve` runs) `X-Forwarded-For`/`X-Real-Ip` do not make
    a device many, and `X-Forwarded-Proto` does not make a request https."""

    async def attack():
        async with login_server(LoginAttempts(clock=Clock(1000.0))) as post:
            forged = [{"X-Forwarded-For": f"10.2.0.{n}", "X-Real-Ip": f"10.2.1.{n}"} for n in range(40)]
            answers = await asyncio.gather(*(post(f"Rate{n:04d}", **forged[n]) for n in range(40)))
        async with login_server(LoginAttempts()) as post:
            right = await post(PASSWORD, **{"X-Forwarded-Proto": "https"})
        return answers, right

    answers, right = run_alone(attack())
    assert len(comparisons) == FREE_TRIES + 1  # the 40 guesses' five, and the right one
    assert sorted(answer.code for answer in answers) == [401] * FREE_TRIES + [429] * (40 - FREE_TRIES)
    assert right.code == 302 and "secure" not in class_cookie(right)[1].lower()


def test_the_servers_budget_caps_guesses_from_many_devices_and_lets_the_class_in_soon(comparisons):
    clock = Clock(1000.0)
    attempts = LoginAttempts(clock=clock)

    async def attack():
        async with login_server(attempts, xheaders=True) as post:
            guesses = [post(f"Rate{n:04d}", **{"X-Real-Ip": f"10.1.{n // 250}.{n % 250}"}) for n in range(GUESSES)]
            answers = await asyncio.wait_for(asyncio.gather(*guesses), timeout=25)
            at_once = await post(PASSWORD, **{"X-Real-Ip": "10.0.0.8"})
            clock.now += 0.5  # one token back
            soon = await post(PASSWORD, **{"X-Real-Ip": "10.0.0.8"})
            return answers, at_once, soon

    answers, at_once, soon = run_alone(attack())
    assert len(comparisons) == GLOBAL_BURST + 1  # the burst, then the pupil half a second later
    assert [answer.code for answer in answers].count(429) == GUESSES - GLOBAL_BURST
    assert at_once.code == 429 and at_once.headers["Retry-After"] == "1"
    assert soon.code == 302


def test_the_cookie_holds_no_digest_of_the_password_and_only_its_server_takes_it():
    async def log_in(secret: bytes, **headers: str) -> HTTPResponse:
        async with login_server(LoginAttempts(), secret, xheaders=True) as post:
            return await post(PASSWORD, **headers)

    value, line = class_cookie(run_alone(log_in(SECRET)))
    variants = [PASSWORD, f"kartenspiele:{PASSWORD}", f"kartenspiele class password\0{PASSWORD}"]
    for variant in variants:
        digest = hashlib.sha256(variant.encode()).digest()
        for form in (digest.hex(), base64.b64encode(digest).decode(), base64.urlsafe_b64encode(digest).decode()):
            assert form[:12] not in value and form[:12].lower() not in value.lower()
    assert PASSWORD not in value and logged_in(value, SECRET, PASSWORD)
    assert not logged_in(value, b"x" * 32, PASSWORD)  # another server (a restart) refuses it
    assert login_mark(SECRET, PASSWORD) != login_mark(b"x" * 32, PASSWORD)
    assert "httponly" in line.lower() and "samesite=lax" in line.lower() and "secure" not in line.lower()
    # over TLS (here: a TLS proxy the test app trusts) the cookie is `Secure`
    _, tls_line = class_cookie(run_alone(log_in(SECRET, **{"X-Forwarded-Proto": "https"})))
    assert "secure" in tls_line.lower() and "httponly" in tls_line.lower()


def test_one_device_waits_longer_after_each_wrong_password_and_others_do_not():
    clock = Clock(1000.0)
    attempts = LoginAttempts(clock=clock)
    for _ in range(FREE_TRIES):
        assert attempts.begin("10.0.0.5") == 0.0
    waits = []
    for _ in range(10):
        waits.append(attempts.begin("10.0.0.5"))
        clock.now += waits[-1]
        assert attempts.begin("10.0.0.5") == 0.0
    assert waits == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300]
    assert attempts.begin("10.0.0.6") == 0.0  # another device is not locked out
    attempts.succeeded("10.0.0.6")
    assert "10.0.0.6" not in attempts.clients
    assert retry_after(0.2) == 1 and retry_after(2.5) == 3


def test_a_right_password_starts_the_device_afresh():
    attempts = LoginAttempts(clock=Clock(1000.0))
    for _ in range(FREE_TRIES - 1):
        attempts.begin("10.0.0.5")
    attempts.begin("10.0.0.5")  # the fifth check, and it is right
    attempts.succeeded("10.0.0.5")
    assert attempts.begin("10.0.0.5") == 0.0


def test_memory_is_bounded_and_old_devices_are_forgotten():
    clock = Clock(1000.0)
    attempts = LoginAttempts(max_clients=100, burst=10_000, clock=clock)
    for n in range(1000):
        attempts.begin(f"10.3.{n // 250}.{n % 250}")
    assert len(attempts.clients) == 100 and "10.3.3.249" in attempts.clients
    clock.now += 3599
    attempts.begin("10.0.0.9")
    assert len(attempts.clients) == 100 and "10.3.0.0" not in attempts.clients  # the quietest went
    clock.now += 2
    attempts.begin("10.0.0.10")
    assert list(attempts.clients) == ["10.0.0.9", "10.0.0.10"]


def test_behind_a_proxy_devices_are_not_told_apart_and_only_the_servers_budget_counts():
    """`--login-tries 0`: every pupil comes from the proxy's address; the proxy limits each."""
    attempts = LoginAttempts(free_tries=0, clock=Clock(1000.0))
    assert [attempts.begin("127.0.0.1") for _ in range(GLOBAL_BURST)] == [0.0] * GLOBAL_BURST
    assert attempts.begin("127.0.0.1") == 0.5 and not attempts.clients
    assert Access.create("127.0.0.1", 8866, PASSWORD, login_tries=0).login_tries == 0
