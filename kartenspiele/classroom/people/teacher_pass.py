"""A one-time pass for the teacher's second device (a tablet to walk around the room with).

The dashboard makes it on request (`make_pass`); the server takes it once (`pass_nonce`, then it
remembers the nonce until the pass expires) and gives that browser the teacher cookie. A pass is
`EXPIRES.NONCE.MAC`: the MAC is an HMAC-SHA256 under the teacher code, which only the server and
its kernels know, so nobody else can make one; it names neither the code nor the class.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

PASS_PATH = "/kartenspiele/lehrkraft/"
"""Where the server takes a pass (after the server's base address): `PASS_PATH` + the pass."""
PASS_SECONDS = 120
"""How long a pass may be used: long enough to pick up the tablet and scan the QR code."""
LABEL = b"kartenspiele second device\0"
NONCE_BYTES = 12
MAC_CHARS = 32


def _mac(code: str, expires: int, nonce: str) -> str:
    message = LABEL + f"{expires}\0{nonce}".encode()
    return hmac.new(code.encode(), message, hashlib.sha256).hexdigest()[:MAC_CHARS]


def make_pass(code: str, now: float | None = None, seconds: int = PASS_SECONDS) -> str:
    """A new pass under teacher code `code`, good for `seconds`."""
    expires = int((time.time() if now is None else now) + seconds)
    nonce = secrets.token_urlsafe(NONCE_BYTES)
    return f"{expires}.{nonce}.{_mac(code, expires, nonce)}"


def pass_nonce(code: str, given: str, now: float | None = None) -> tuple[str, int] | None:
    """(nonce, expiry) of a pass that `code` made and that has not expired; else None. Whether
    it was used already is the caller's to remember (by the nonce, until the expiry)."""
    parts = given.split(".")
    if not code or len(parts) != 3 or not parts[0].isdigit() or len(given) > 100:
        return None
    expires, nonce, mac = int(parts[0]), parts[1], parts[2]
    if not hmac.compare_digest(mac.encode(), _mac(code, expires, nonce).encode()):
        return None
    if expires < (time.time() if now is None else now):
        return None
    return nonce, expires
