"""The teacher code lives in a cookie, not in an address (a projected address bar is public).

* The teacher opens the address `serve` printed (`…/lehrkraft.ipynb?lehrkraft=CODE`) once. The
  page handler checks the code (`PageHandler.teacher_code_right`: a wrong one counts as a wrong
  password), gives this browser the teacher cookie and sends it to the same address without the
  code: the address bar never shows it again, and a reload keeps the dashboard.
* A second device gets the cookie from a one-time pass the dashboard shows on request, at
  `PASS_PATH` (`people/teacher_pass.py`): used once, for two minutes, limited like passwords.
* For each page, the server hands the kernel the code in `roles.TEACHER_HEADER` only when the
  cookie is right (`teacher_header`), and never to the board ("Tafel"), whose kernel stays a
  pupil's whatever browser opens it.

The cookie holds an HMAC of a fixed label under a key from the server's random secret and the
code (as the class cookie does for the password), signed by tornado, `HttpOnly`, `SameSite=Lax`,
for one day; a new code or a restart ends it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from urllib.parse import parse_qsl, urlencode

import tornado.web
from tornado.escape import utf8

from ..classroom.people.roles import CODE_ENV, CODE_PARAMETER
from ..classroom.people.teacher_pass import pass_nonce

TEACHER_COOKIE = "kartenspiele-teacher"
BOARD_PAGE = "notebooks/tafel.ipynb"
"""The board's page: its kernel never learns the teacher code."""
DASHBOARD_PATH = "/voila/render/notebooks/lehrkraft.ipynb"
LABEL = b"kartenspiele teacher"


def teacher_mark(secret: bytes | str, code: str) -> str:
    """What the teacher cookie holds for `code` under the server's secret."""
    key = hmac.new(utf8(secret), b"kartenspiele teacher code\0" + code.encode(), hashlib.sha256).digest()
    return hmac.new(key, LABEL, hashlib.sha256).hexdigest()


def current_code() -> str:
    return os.environ.get(CODE_ENV, "")


def give_teacher_cookie(handler: tornado.web.RequestHandler) -> None:
    """This browser is the teacher's (for a day, or until the server restarts)."""
    handler.set_signed_cookie(
        TEACHER_COOKIE,
        teacher_mark(handler.application.settings["cookie_secret"], current_code()),
        expires_days=1,
        httponly=True,
        samesite="Lax",
        secure=handler.request.protocol == "https",
    )


def has_teacher_cookie(handler: tornado.web.RequestHandler) -> bool:
    """Whether the request carries this server's teacher cookie for the current code."""
    code = current_code()
    value = handler.get_signed_cookie(TEACHER_COOKIE, max_age_days=1)
    if not code or value is None:
        return False
    return hmac.compare_digest(value, teacher_mark(handler.application.settings["cookie_secret"], code).encode())


def teacher_header(handler: tornado.web.RequestHandler, path: str | None) -> str:
    """The value of `roles.TEACHER_HEADER` for a page's kernel: the code for a teacher's page,
    else "" (what a browser sent as that header is replaced either way)."""
    if (path or "").strip("/") == BOARD_PAGE or not has_teacher_cookie(handler):
        return ""
    return current_code()


def address_without_code(path: str, query: str) -> str:
    """The page's address with every other query parameter, but no teacher code."""
    kept = [(name, value) for name, value in parse_qsl(query, keep_blank_values=True) if name != CODE_PARAMETER]
    return path + (f"?{urlencode(kept)}" if kept else "")


class UsedPasses:
    """The nonces of passes already used, each until its pass would have expired."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def take(self, given: str, now: float | None = None) -> bool:
        """Whether `given` is a valid pass used for the first time (it is used now)."""
        now = time.time() if now is None else now
        self.used = {nonce: expires for nonce, expires in self.used.items() if expires >= now}
        checked = pass_nonce(current_code(), given, now)
        if checked is None or checked[0] in self.used:
            return False
        self.used[checked[0]] = checked[1]
        return True
