"""Who looks at a page: a teacher or a pupil — decided in the kernel, never in the browser.

`kartenspiele serve` makes a teacher code (random per start, or `--teacher-code`) and hands
it to every kernel in the environment variable `KARTENSPIELE_TEACHER_CODE`. The teacher opens
the address with `?lehrkraft=<code>` once: the server checks the code, keeps it in an HttpOnly
cookie of that browser and sends the page to its address without the code. From then on the
server hands the code to each page's kernel in the request header `TEACHER_HEADER` (replacing
any such header a browser sent; never for the board, `serving/teacher_cookie.py`), and the
kernel compares it with its own. A page whose query string carries the code (plain Voilà with
the code in its environment) is a teacher's too. Teacher material is only *rendered* in teacher
mode; a pupil's page never receives it.

Under JupyterHub the hub may grant the role: a user in the hub group `teachers`
(`KARTENSPIELE_TEACHER_GROUP`) is a teacher on every page of their own server, asked of the hub
with the server's token (`hub_role`). No pupil's server gets the teacher code.

In the browser build (`lite.in_browser`) every page is a pupil's: a static site has no secrets,
so no code is taken there and no teacher material is rendered.

Outside Voilà (JupyterLab, nbval, a script) there is no page address to carry a code: a
kernel is a teacher's only if the hub says so or if it was started with the teacher code in
its environment (`KARTENSPIELE_TEACHER_CODE=… jupyter lab`, as `kartenspiele serve` starts its
kernels; only whoever starts the kernel sets its environment). Nothing else makes a teacher:
a JupyterLab without the code shows the pupil's view.
"""

from __future__ import annotations

import hmac
import os
import secrets
from enum import Enum
from urllib.parse import parse_qs

from ...kernel.page_request import wait_for_page
from ...lite import in_browser
from .hub_role import hub_teacher

CODE_ENV = "KARTENSPIELE_TEACHER_CODE"
CODE_PARAMETER = "lehrkraft"
TEACHER_HEADER = "X-Kartenspiele-Teacher"
"""The request header in which `kartenspiele serve` hands a teacher's page its code (from the cookie)."""
TEACHER_ENVIRONMENT = "HTTP_X_KARTENSPIELE_TEACHER"
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to read aloud
CODE_LENGTH = 10
MIN_CODE_LENGTH = 6
TEACHER_NOTEBOOKS = frozenset({"handreichung.ipynb", "lehrkraft.ipynb"})
"""Notebooks that are teacher pages as a whole (the teacher's guide, the class dashboard)."""


class Role(Enum):
    TEACHER = "teacher"
    PUPIL = "pupil"


def new_teacher_code(length: int = CODE_LENGTH) -> str:
    """A random teacher code (about 50 bits for the default length)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def valid_teacher_code(code: str) -> bool:
    """A code a teacher may choose: at least 6 letters or digits (it goes into an address)."""
    return len(code) >= MIN_CODE_LENGTH and code.isascii() and code.isalnum()


def query() -> dict[str, str]:
    """The page's query parameters (the first value of each) as Voilà passed them; a kernel
    started ahead of time waits for its page first."""
    wait_for_page()
    return {name: values[0] for name, values in parse_qs(os.environ.get("QUERY_STRING", "")).items()}


def served_by_voila() -> bool:
    """Whether this kernel runs a Voilà page (Voilà sets the CGI-style request variables)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def role() -> Role:
    """The role of this page: a teacher with the right code, or one the hub names; else a pupil."""
    if in_browser():
        return Role.PUPIL
    expected = os.environ.get(CODE_ENV, "")
    if not served_by_voila():
        return Role.TEACHER if valid_teacher_code(expected) or hub_teacher() else Role.PUPIL
    for given in (query().get(CODE_PARAMETER, ""), os.environ.get(TEACHER_ENVIRONMENT, "")):
        if expected and given and hmac.compare_digest(expected.encode(), given.encode()):
            return Role.TEACHER
    return Role.TEACHER if hub_teacher() else Role.PUPIL


def is_teacher() -> bool:
    return role() is Role.TEACHER
