"""The store through the JupyterHub store service: a pupil's server holds no password.

`ServiceStore("service+http://127.0.0.1:8101/services/kartenspiele-store/")` sends each call
of the `Store` API as one small JSON request (`POST …/store`) to the service
(`kartenspiele.serving.store_service`), which alone holds the real store's address with its
password. Each request carries the JupyterHub API token of the server the kernel belongs to
(`$JUPYTERHUB_API_TOKEN`); the service asks the hub whose token it is and lets a pupil do only
what a pupil's pages need (`store_access`). Errors come back as the same exceptions with the
same messages (`VersionConflictError`, `StoreUnavailableError`, …, and `StoreRefusedError`).

One keep-alive connection per thread: a room's listener waits in `wait` on its own thread while
the page's moves go on on another.
"""

from __future__ import annotations

import http.client
import json
import os
import threading
from typing import Any
from urllib.parse import urlsplit

from .interface import (
    Document,
    SequenceConflictError,
    Store,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreRefusedError,
    StoreUnavailableError,
    StoreUrlError,
    VersionConflictError,
    encode,
)

SCHEMES = ("service+http://", "service+https://")
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
TIMEOUT = 15.0
"""Seconds a call may take (a `wait` gets its own timeout on top)."""
MAX_WAIT = 30.0
"""The longest `wait` the service runs at once; longer waits are made of several."""


ERRORS: dict[str, type[StoreError]] = {
    kind.__name__: kind
    for kind in (
        VersionConflictError,
        SequenceConflictError,
        StoreUnavailableError,
        StoreFullError,
        StoreCorruptError,
        StoreRefusedError,
    )
}
"""The errors the service sends back, by name, raised here again with their message."""


class ServiceStore(Store):
    """The store behind the store service (see the module docstring)."""

    notifies = True  # the service waits on the real store (pub/sub on Redis), not the page

    def __init__(self, url: str, token: str | None = None) -> None:
        if not url.startswith(SCHEMES):
            raise StoreUrlError("store.bad_url", url=url)
        self.url = url
        parts = urlsplit(url.removeprefix("service+"))
        self._https = parts.scheme == "https"
        self._host = parts.hostname or "127.0.0.1"
        self._port = parts.port or (443 if self._https else 80)
        self._path = parts.path.rstrip("/") + "/store"
        self._token = token if token is not None else os.environ.get(TOKEN_VARIABLE, "")
        self._local = threading.local()

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            kind = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
            connection = self._local.connection = kind(self._host, self._port, timeout=timeout)
        connection.timeout = timeout
        if connection.sock is not None:
            connection.sock.settimeout(timeout)
        return connection

    def _drop(self) -> None:
        connection = getattr(self._local, "connection", None)
        self._local.connection = None
        if connection is not None:
            connection.close()

    def _call(self, op: str, seconds: float = TIMEOUT, **args: Any) -> Any:
        body = json.dumps({"op": op, **args}, ensure_ascii=False, allow_nan=False).encode()
        headers = {"Content-Type": "application/json", "Authorization": f"token {self._token}"}
        while True:
            connection = self._connection(seconds)
            reused = connection.sock is not None
            try:
                connection.request("POST", self._path, body, headers)
                answer = connection.getresponse()
                status, data = answer.status, answer.read()
                break
            except (OSError, http.client.HTTPException) as error:
                self._drop()
                # a kept-alive connection the service had closed (idle, restarted): once more on a
                # new one. Such a connection took no request; were one to arrive twice, an append
                # or a compare-and-set meets a conflict, and a plain put writes the same value again
                if not (reused and (op in READ_ONLY or isinstance(error, CLOSED_BEFORE_ANSWER))):
                    raise StoreUnavailableError("store.unavailable", url=self.url, reason=str(error)) from error
        try:
            answer_json = json.loads(data)
        except ValueError:
            answer_json = None
        if status == 200 and isinstance(answer_json, dict) and "result" in answer_json:
            return answer_json["result"]
        error = answer_json.get("error") if isinstance(answer_json, dict) else None
        if isinstance(error, dict) and error.get("kind") in ERRORS:
            params = dict(error.get("params") or {})
            if error["kind"] in ("StoreUnavailableError", "StoreFullError"):
                params["url"] = self.url  # the service never tells the real store's address
            raise ERRORS[error["kind"]](str(error.get("key")), **params)
        reason = f"HTTP {status}" + (f": {data[:200].decode(errors='replace')}" if data else "")
        raise StoreUnavailableError("store.unavailable", url=self.url, reason=reason)

    # -- documents -------------------------------------------------------------------------
    def get(self, key: str) -> Document | None:
        found = self._call("get", key=key)
        return None if found is None else Document(found["value"], int(found["version"]))

    def put(self, key: str, value: Any, expected: int | None = None) -> int:
        encode(value)  # a value JSON cannot hold raises TypeError here, before anything is sent
        return int(self._call("put", key=key, value=value, expected=expected))

    def delete(self, key: str) -> bool:
        return bool(self._call("delete", key=key))

    def keys(self, prefix: str = "") -> list[str]:
        return list(self._call("keys", prefix=prefix))

    # -- logs ------------------------------------------------------------------------------
    def append(self, log: str, seq: int, entry: Any) -> None:
        encode(entry)
        self._call("append", log=log, seq=seq, entry=entry)

    def read(self, log: str, since: int = 0) -> list[tuple[int, Any]]:
        return [(int(seq), entry) for seq, entry in self._call("read", log=log, since=since)]

    def length(self, log: str) -> int:
        return int(self._call("length", log=log))

    def logs(self, prefix: str = "") -> list[str]:
        return list(self._call("logs", prefix=prefix))

    def delete_log(self, log: str) -> bool:
        return bool(self._call("delete_log", log=log))

    def wait(self, log: str, since: int, timeout: float) -> int:
        """The service waits (pub/sub on Redis) at most `MAX_WAIT` seconds a request."""
        timeout = max(0.0, float(timeout))
        while True:
            part = min(timeout, MAX_WAIT)
            length = int(self._call("wait", TIMEOUT + part, log=log, since=since, timeout=part))
            timeout -= part
            if length > since or timeout <= 0:
                return length

    def ping(self) -> None:
        self._call("ping")

    def purge(self) -> None:
        self._call("purge")

    def close(self) -> None:
        self._drop()


READ_ONLY = frozenset({"get", "keys", "read", "length", "logs", "wait", "ping"})
"""Calls sent again on a new connection whenever a kept-alive one broke."""
CLOSED_BEFORE_ANSWER = (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError)
"""A kept-alive connection found closed: any call is sent again on a new one."""
