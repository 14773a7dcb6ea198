"""Whether JupyterHub names this server's user a teacher: a member of the hub group
`KARTENSPIELE_TEACHER_GROUP` (default `teachers`).

A kernel of a single-user server inherits the server's hub address and token
(`JUPYTERHUB_API_URL`, `JUPYTERHUB_API_TOKEN`); `GET <hub>/user` with that token answers the
token's own user with their groups (the hub settings give server tokens
`read:users:groups!user`). The answer is the hub's, so a pupil cannot make it say otherwise.
Asked once per kernel (a kernel serves one page); without a hub, or when the hub does not
answer, nobody is a teacher by the hub.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from functools import lru_cache

GROUP_VARIABLE = "KARTENSPIELE_TEACHER_GROUP"
DEFAULT_GROUP = "teachers"
TIMEOUT = 5.0


def hub_teacher() -> bool:
    """Whether the hub has this server's user in the teachers' group."""
    url, token = os.environ.get("JUPYTERHUB_API_URL", ""), os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not url or not token:
        return False
    return (os.environ.get(GROUP_VARIABLE) or DEFAULT_GROUP) in _groups(url, token)


@lru_cache(maxsize=4)
def _groups(url: str, token: str) -> frozenset[str]:
    """The groups of the token's user, as the hub says (none if it cannot be asked)."""
    request = urllib.request.Request(f"{url.rstrip('/')}/user", headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            groups = json.loads(answer.read()).get("groups") or []
    except (OSError, ValueError, AttributeError):
        return frozenset()
    return frozenset(str(group) for group in groups)
