"""The server's own pages and answers beside Voilà's: the class password page, "Server voll",
a refused address, the kernel-alive answer the page polls, and the start-page redirect.

Every page here is one small HTML document with its style inline: nothing is fetched from
elsewhere. Its language is `?lang=en` (of the page asked for), German otherwise.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import posixpath
from contextvars import ContextVar
from functools import lru_cache
from html import escape
from urllib.parse import parse_qs, quote, unquote, urlparse

import tornado.web
from jupyter_core.utils import ensure_async
from tornado.escape import utf8
from voila.tornado.handler import TornadoVoilaHandler

from ..classroom.classes.pupil import CLASS_COOKIE, CLASS_HEADER, REMEMBERED_MAX_CHARS, RENDER_ROUTE
from ..classroom.people.roles import CODE_ENV, CODE_PARAMETER, TEACHER_HEADER
from ..classroom.people.teacher_pass import PASS_PATH
from ..classroom.rooms.open_limit import ADDRESS_HEADER, DEVICE_HEADER
from ..i18n import LANGUAGES, text
from .access import COOKIE, Access
from .clients import client_address, device_id, give_device_id
from .limits import KernelLimits, client_keys, ready_kernels
from .login_limits import LoginAttempts, retry_after
from .teacher_cookie import (
    DASHBOARD_PATH,
    UsedPasses,
    address_without_code,
    give_teacher_cookie,
    teacher_header,
)
from .unconnected import Unconnected

LOGIN_PATH = "/kartenspiele/login"
ALIVE_PATH = "/kartenspiele/alive/"
START_PATH = "/voila/render/notebooks/start.ipynb"
WRONG_PASSWORD_DELAY = 1.0
LOGIN_LABEL = b"kartenspiele class login"
CLIENT: ContextVar[tuple[str, ...] | None] = ContextVar("kartenspiele_client", default=None)
"""What the page being rendered counts under (`limits.client_keys`; read where its kernel is
started)."""
PAGE_KERNELS: ContextVar[list[str] | None] = ContextVar("kartenspiele_page_kernels", default=None)
"""The kernels handed to the page being rendered (filled where its kernel is started)."""

STYLE = """body{font-family:'DejaVu Sans',sans-serif;background:#f3f6fb;color:#1d2a3a;margin:0;
display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:14px;box-shadow:0 4px 18px #0002;padding:32px 40px;max-width:520px}
h1{font-size:1.6em;margin:0 0 12px}p{font-size:1.15em;line-height:1.45}
input,button,a.ks-button{font-size:1.2em;padding:10px 16px;border-radius:10px;border:2px solid #3a6ea5}
button,a.ks-button{background:#3a6ea5;color:#fff;cursor:pointer;text-decoration:none;display:inline-block;
min-height:44px}p.ks-wrong{color:#a4161a;font-weight:bold}"""


def request_language(handler: tornado.web.RequestHandler) -> str:
    """`?lang=…` of the request or of the page it leads to (`next`), else German — as the
    app's pages choose."""
    for query in (handler.request.query, urlparse(handler.get_query_argument("next", "")).query):
        asked = parse_qs(query).get("lang", [""])[0]
        if asked in LANGUAGES:
            return asked
    return "de"


def small_page(title: str, body: str, lang: str) -> str:
    """A complete HTML page with the project's look and no outside resource."""
    return (
        f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main><h1>{escape(title)}</h1>{body}</main></body></html>"
    )


@lru_cache(maxsize=8)
def login_mark(secret: bytes | str, password: str) -> str:
    """What the class cookie holds: an HMAC-SHA256 of a fixed label under a key derived from the
    server's own random secret (`cookie_secret`) and the password. Without the secret nothing
    in it can be tried against a password offline; a new password or a new secret (a restart)
    ends old logins."""
    key = hmac.new(utf8(secret), b"kartenspiele class password\0" + password.encode(), hashlib.sha256).digest()
    return hmac.new(key, LOGIN_LABEL, hashlib.sha256).hexdigest()


def logged_in(cookie_value: str | None, secret: bytes | str, password: str) -> bool:
    """Whether a request's class cookie is signed by this server for this password."""
    if not cookie_value:
        return False
    value = tornado.web.decode_signed_value(secret, COOKIE, cookie_value, max_age_days=1)
    return value is not None and hmac.compare_digest(value, login_mark(secret, password).encode())


def password_right(given: str, password: str) -> bool:
    """The one place the class password is compared (in constant time)."""
    return hmac.compare_digest(given.encode(), password.encode())


def canonical_path(request_path: str, path: str) -> str:
    """The one spelling of a page's address: the server's base and `/voila/render/`, then the
    page's path (`path`, as tornado decoded it) normalised and encoded once. Any other spelling
    (`03_folgen.ipynb/`, `03%5Ffolgen.ipynb`, `lessons//03_folgen.ipynb`) names the same file;
    it is sent here, so that a page is rendered under one address only (pacing decides from the
    notebook in the kernel too: `classroom.classes.pacing`)."""
    prefix = request_path.partition(RENDER_ROUTE)[0] + RENDER_ROUTE
    return prefix + quote(posixpath.normpath("/" + path).strip("/"))


def local_target(target: str) -> str:
    """`target` if it is a path on this server, else the start page (no open redirect)."""
    parsed = urlparse(target)
    if parsed.scheme or parsed.netloc or not target.startswith("/") or target.startswith("//"):
        return START_PATH
    return target


class SecureXsrfCookie(tornado.web.RequestHandler):
    """A handler whose `_xsrf` cookie is `Secure` over TLS, as the class cookie is (tornado sets
    it with the application's fixed `xsrf_cookie_kwargs`, the same over http and https)."""

    def set_cookie(self, name: str, value: str | bytes, *args, **kwargs) -> None:
        if name == self.settings.get("xsrf_cookie_name", "_xsrf") and self.request.protocol == "https":
            kwargs["secure"] = True
        super().set_cookie(name, value, *args, **kwargs)


class LoginHandler(SecureXsrfCookie):
    """The class password page: a form, and a signed cookie when the password is right. Wrong
    passwords are limited per device and for the whole server (`login_limits`)."""

    def initialize(self, access: Access, attempts: LoginAttempts) -> None:
        self.access = access
        self.attempts = attempts

    def get(self) -> None:
        self.form()

    def form(self, warning: str = "", status: int = 200) -> None:
        lang = request_language(self)
        target = local_target(self.get_query_argument("next", START_PATH))
        alert = f"<p class='ks-wrong' role='alert'>{escape(warning)}</p>" if warning else ""
        body = (
            f"<p>{escape(text('serve.login_prompt', lang))}</p>{alert}"
            f"<form method='post' action='{LOGIN_PATH}?lang={lang}'>"
            f"<input type='hidden' name='_xsrf' value='{escape(self.xsrf_token.decode())}'>"
            f"<input type='hidden' name='next' value='{escape(target)}'>"
            f"<label>{escape(text('serve.login_field', lang))}<br>"
            f"<input type='password' name='password' autofocus autocomplete='current-password'></label> "
            f"<button type='submit'>{escape(text('serve.login_button', lang))}</button></form>"
        )
        self.set_status(status)
        self.finish(small_page(text("serve.login_title", lang), body, lang))

    async def post(self) -> None:
        self.check_xsrf_cookie()
        client = client_address(self.request, self.access.proxies)
        seconds = held_back(self, self.attempts, client)
        if seconds:  # too many tries: the password is not even compared
            self.form(text("serve.login_too_many", request_language(self), count=seconds), 429)
            return
        password = self.access.password or ""
        if not password_right(self.get_body_argument("password", ""), password):
            await asyncio.sleep(WRONG_PASSWORD_DELAY)  # slows guessing down
            self.form(text("serve.login_wrong", request_language(self)), 401)
            return
        self.attempts.succeeded(client)
        set_login_cookie(self, password)
        self.redirect(local_target(self.get_body_argument("next", START_PATH)))


def held_back(handler: tornado.web.RequestHandler, attempts: LoginAttempts, client: str) -> int:
    """Count a check of a password, teacher code or login card as it arrives (`LoginAttempts.begin`,
    before any comparison or wait); 0: go on, else the whole seconds to wait, also set as the
    answer's `Retry-After`."""
    wait = attempts.begin(client)
    if wait <= 0:
        return 0
    seconds = retry_after(wait)
    handler.set_header("Retry-After", str(seconds))
    return seconds


def set_login_cookie(handler: tornado.web.RequestHandler, password: str) -> None:
    """The signed class cookie of a device that proved it belongs to the class (the password,
    or a login card's QR key)."""
    handler.set_signed_cookie(
        COOKIE,
        login_mark(handler.application.settings["cookie_secret"], password),
        expires_days=1,
        httponly=True,
        samesite="Lax",
        # over TLS only; behind a TLS proxy the request is http here (X-Forwarded-Proto is
        # not trusted), so the proxy adds `Secure` (docs/serving.md)
        secure=handler.request.protocol == "https",
    )


class LoginRequiredHandler(tornado.web.RequestHandler):
    """Any request without the class cookie: pages go to the password page, the rest is refused."""

    def prepare(self) -> None:
        path = self.request.path
        if (
            self.request.method == "GET"
            and "/api/" not in path
            and "/alive/" not in path
            and self.request.headers.get("Upgrade", "").lower() != "websocket"
        ):
            self.redirect(f"{LOGIN_PATH}?next={quote(self.request.uri or START_PATH)}")
        else:
            raise tornado.web.HTTPError(403)


class HostRefusedHandler(tornado.web.RequestHandler):
    """A request whose `Host` header names another server (DNS rebinding): 403."""

    def prepare(self) -> None:
        lang = request_language(self)
        self.set_status(403)
        self.finish(small_page("403", f"<p>{escape(text('serve.host_refused', lang))}</p>", lang))


class StartRedirectHandler(SecureXsrfCookie):
    """`/` and the folder listing lead to the start page (pupils need no file list)."""

    def get(self, *args: str, **kwargs: str) -> None:
        self.xsrf_token  # noqa: B018 — sets the `_xsrf` cookie the pages need to shut their kernel down
        query = self.request.query
        self.redirect(START_PATH + (f"?{query}" if query else ""))


class AliveHandler(tornado.web.RequestHandler):
    """`GET /kartenspiele/alive/<kernel id>`: 200 while the page's kernel runs, with the count
    of its websocket connections (as Jupyter's `api/kernels/<id>` tells it: the banner knows
    whether its page ever connected), 404 when it is gone (culled, crashed, server restarted,
    its page never connected). A dead kernel is removed on the way."""

    async def get(self, kernel_id: str) -> None:
        manager = self.settings["kernel_manager"]
        alive = kernel_id in manager
        if alive:
            alive = await ensure_async(manager.get_kernel(kernel_id).is_alive())
            if not alive:
                await ensure_async(manager.shutdown_kernel(kernel_id, now=True))
        connections = manager.kernel_model(kernel_id).get("connections", 0) if alive and kernel_id in manager else 0
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.set_status(200 if alive else 404)
        self.finish(json.dumps({"alive": alive, "connections": connections}))


class PageHandler(SecureXsrfCookie, TornadoVoilaHandler):
    """Voilà's page handler that also sets the `_xsrf` cookie (so closing or reloading the page
    shuts its kernel down) and the device cookie, keeps to the kernel limits ("Server voll"
    instead of a hang), sends other spellings of a page's address to its one spelling, and
    checks a teacher code in the address before any kernel runs: a wrong one counts against the
    class password's budgets (`login_limits`, per device and for the server) and gets a short
    page, not the pupil's page."""

    def initialize(self, **kwargs) -> None:
        self.access: Access = kwargs.pop("access")
        self.limits: KernelLimits = kwargs.pop("limits")
        self.attempts: LoginAttempts | None = kwargs.pop("attempts", None)
        self.unconnected: Unconnected | None = kwargs.pop("unconnected", None)
        self.full_notice = kwargs.pop("full_notice", None)
        super().initialize(**kwargs)

    async def prepare(self) -> None:
        await super().prepare()
        self.xsrf_token  # noqa: B018 — reading it sets the cookie before the page streams

    async def get(self, path: str | None = None) -> None:
        if path is not None and RENDER_ROUTE in self.request.path:
            canonical = canonical_path(self.request.path, path)
            if canonical != self.request.path:  # another spelling of a page: no kernel for it
                query = self.request.query
                self.redirect(canonical + (f"?{query}" if query else ""))
                return
        address = client_address(self.request, self.access.proxies)
        if self.get_query_argument(CODE_PARAMETER, ""):
            if await self.teacher_code_right(address):  # now in a cookie; the address without it
                give_teacher_cookie(self)
                self.redirect(address_without_code(self.request.path, self.request.query))
            return
        device = device_id(self)
        keys = client_keys(device, address)
        manager = self.kernel_manager
        page = bool(path and path.endswith(".ipynb"))  # a page starts a kernel
        refusal = self.limits.refusal(keys, manager.list_kernel_ids(), ready_kernels(manager))
        if refusal is not None and page:
            self.server_full(*refusal)
            return
        if device is None and page:  # given only with a page that counts: each new id costs a page
            device = give_device_id(self)
            keys = (*client_keys(device, address), *keys)
        self.limits.begin(keys)
        # for the kernel (`open_limit`); values a browser sent are replaced
        self.request.headers[ADDRESS_HEADER] = address
        self.request.headers[DEVICE_HEADER] = device or ""
        self.request.headers[CLASS_HEADER] = unquote(self.get_cookie(CLASS_COOKIE) or "")[:REMEMBERED_MAX_CHARS]
        self.request.headers[TEACHER_HEADER] = teacher_header(self, path)
        token, kernels = CLIENT.set(keys), PAGE_KERNELS.set([])
        try:
            await super().get(path)
        finally:
            handed = PAGE_KERNELS.get() or []
            for kernel in handed:
                if self.unconnected is not None:
                    self.unconnected.sent(kernel)
            CLIENT.reset(token)
            PAGE_KERNELS.reset(kernels)
            if not handed:  # else its kernel counts (`KernelLimits.record`)
                self.limits.end(keys)

    async def teacher_code_right(self, client: str) -> bool:
        """Whether the teacher code in the page's address is right. A wrong code (or any code
        while this device or the server waits) is answered here."""
        expected = os.environ.get(CODE_ENV, "")
        given = self.get_query_argument(CODE_PARAMETER, "")
        return await checked_secret(
            self, client, self.attempts, bool(expected) and hmac.compare_digest(given.encode(), expected.encode())
        )

    def server_full(self, reason: str, count: int) -> None:
        if self.full_notice is not None:
            self.full_notice.refused(reason, count)
        lang = request_language(self)
        message = text(f"serve.full_{reason}", lang, count=count)  # reason: total, client or address
        body = (
            f"<p>{escape(message)}</p><p><a class='ks-button' href='{escape(self.request.uri or START_PATH)}'>"
            f"{escape(text('serve.try_again', lang))}</a></p>"
        )
        self.set_status(503)
        self.set_header("Retry-After", "30")
        self.finish(small_page(text("serve.full_title", lang), body, lang))


async def checked_secret(
    handler: tornado.web.RequestHandler, client: str, attempts: LoginAttempts | None, right: bool
) -> bool:
    """A teacher code or a second device's pass, counted like a class password (`attempts`, per
    device and for the server): True if `right`; else the short refusal page is sent here."""
    lang = request_language(handler)
    wait = attempts.begin(client) if attempts is not None else 0.0  # counted now, before any wait
    if wait > 0:
        seconds = retry_after(wait)
        handler.set_header("Retry-After", str(seconds))
        refuse_code(handler, text("serve.login_too_many", lang, count=seconds), 429)
        return False
    if right:
        if attempts is not None:
            attempts.succeeded(client)
        return True
    await asyncio.sleep(WRONG_PASSWORD_DELAY)
    refuse_code(handler, text("serve.code_wrong", lang), 401)
    return False


def refuse_code(handler: tornado.web.RequestHandler, message: str, status: int) -> None:
    lang = request_language(handler)
    start = START_PATH + ("?lang=en" if lang == "en" else "")
    body = (
        f"<p>{escape(message)}</p><p><a class='ks-button' href='{escape(start)}'>"
        f"{escape(text('serve.code_back', lang))}</a></p>"
    )
    handler.set_status(status)
    handler.finish(small_page(text("serve.code_wrong_title", lang), body, lang))


class SecondDeviceHandler(SecureXsrfCookie):
    """`GET /kartenspiele/lehrkraft/<pass>`: a pass from the dashboard, used once, gives this
    browser the teacher cookie and leads to the dashboard (`teacher_cookie`)."""

    def initialize(self, access: Access, attempts: LoginAttempts, passes: UsedPasses) -> None:
        self.access, self.attempts, self.passes = access, attempts, passes

    async def get(self, given: str) -> None:
        self.set_header("Cache-Control", "no-store")
        client = client_address(self.request, self.access.proxies)
        if await checked_secret(self, client, self.attempts, self.passes.take(given)):
            give_teacher_cookie(self)
            base = self.request.path.partition(PASS_PATH)[0]
            self.redirect(base + DASHBOARD_PATH + ("?lang=en" if request_language(self) == "en" else ""))
