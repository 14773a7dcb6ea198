"""Who looks at a page: a teacher or a pupil — decided in the kernel, never in the browser.

`kartenspiele serve` makes a teacher code (random per start, or `--teacher-code`) and hands
it to every kernel in the environment variable `KARTENSPIELE_TEACHER_CODE`. Voilà passes the
page's query string to the kernel (`QUERY_STRING`); a page opened with `?lehrkraft=<code>` is
in teacher mode. Teacher material is only *rendered* in teacher mode; a pupil's page never
receives it.

Outside Voilà (JupyterLab, Binder's lab, nbval) the notebook file itself is open to whoever
runs it, so there is nothing to hide: the page counts as a teacher's (author mode).
"""

from __future__ import annotations

import hmac
import os
import secrets
from enum import Enum
from urllib.parse import parse_qs

from ..kernel.page_request import wait_for_page

CODE_ENV = "KARTENSPIELE_TEACHER_CODE"
CODE_PARAMETER = "lehrkraft"
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
    """The role of this page: a teacher only with the right code (or outside Voilà)."""
    if not served_by_voila():
        return Role.TEACHER
    expected = os.environ.get(CODE_ENV, "")
    given = query().get(CODE_PARAMETER, "")
    if expected and given and hmac.compare_digest(expected.encode(), given.encode()):
        return Role.TEACHER
    return Role.PUPIL


def is_teacher() -> bool:
    return role() is Role.TEACHER
