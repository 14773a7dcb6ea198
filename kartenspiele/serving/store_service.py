"""The store as a JupyterHub service: the one process that holds the store's password.

Run by the hub (`deploy/jupyterhub/jupyterhub_config.py`, service `kartenspiele-store`) as
`python -m kartenspiele.serving.store_service`. The hub hands it the real store's address with
its password (`KARTENSPIELE_STORE_BACKEND`, e.g. `redis://:PASSWORD@127.0.0.1:6379/0`), its
own API token and address; pupils' servers get only the service's address
(`KARTENSPIELE_STORE=service+http://…`, see `classroom.store.service_store`) and their own hub token.

Each request (`POST <prefix>store`, one `Store` call as JSON) must carry a JupyterHub token
of a user allowed to use this service (`access:services!service=kartenspiele-store`); the hub
says whose it is (`HubAuth`), and the hub's groups say who teaches (`KARTENSPIELE_TEACHER_GROUP`,
default `teachers`). A teacher may do everything, a pupil only what a pupil's pages need
(`classroom.store.store_access`). Store calls run on worker threads (waits on a pool of their own,
so listening pages never hold up moves). Expired rooms are swept here, as `kartenspiele serve`
sweeps its own.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote, urlsplit

import tornado.ioloop
import tornado.web
from jupyterhub.services.auth import HubAuth
from tornado.httpclient import AsyncHTTPClient, HTTPClientError

from ..classroom.store.interface import Document, Store, StoreError, StoreRefusedError
from ..classroom.store.opening import open_store
from ..classroom.store.service_store import MAX_WAIT
from ..classroom.store.store_access import GuardedStore
from .room_sweep import SWEEP_EVERY, RoomSweeper

BACKEND_VARIABLE = "KARTENSPIELE_STORE_BACKEND"
GROUP_VARIABLE = "KARTENSPIELE_TEACHER_GROUP"
SWEEP_VARIABLE = "KARTENSPIELE_ROOM_SWEEP"
"""Seconds between two sweeps of expired rooms (default 15; 0: none here, another process
sweeps the same store, e.g. a second hub)."""
BIND_VARIABLE = "KARTENSPIELE_STORE_BIND"
"""The address to listen on when the service's URL names another (Kubernetes: 0.0.0.0)."""
SERVICE_NAME = "kartenspiele-store"
MAX_BODY = 1 << 20
"""The largest request (a saved game is a few kilobytes)."""
MAX_NAME = 512
GROUPS_SECONDS = 30.0
"""How long a user's groups are remembered (a user added to `teachers` waits at most this)."""
ARGUMENTS: dict[str, tuple[str, ...]] = {
    "get": ("key",),
    "put": ("key", "value", "expected"),
    "delete": ("key",),
    "keys": ("prefix",),
    "append": ("log", "seq", "entry"),
    "read": ("log", "since"),
    "length": ("log",),
    "logs": ("prefix",),
    "delete_log": ("log",),
    "wait": ("log", "since", "timeout"),
    "ping": (),
    "purge": (),
}
STATUS = {"VersionConflictError": 409, "SequenceConflictError": 409, "StoreRefusedError": 403, "StoreFullError": 507}
log = logging.getLogger("kartenspiele.store_service")


class BadRequest(ValueError):
    """A request that is not one `Store` call."""


def arguments(op: str, body: dict[str, Any]) -> dict[str, Any]:
    """The checked arguments of one call (raises `BadRequest`)."""
    if op not in ARGUMENTS:
        raise BadRequest(f"unknown call {op!r}")
    found: dict[str, Any] = {}
    for name in ARGUMENTS[op]:
        value = body.get(name)
        if name in ("key", "log", "prefix"):
            if not isinstance(value, str) or len(value) > MAX_NAME or (name != "prefix" and not value):
                raise BadRequest(f"{name} must be a text of 1 to {MAX_NAME} characters")
        elif name in ("seq", "since") or (name == "expected" and value is not None):
            if not isinstance(value, int) or isinstance(value, bool):
                raise BadRequest(f"{name} must be a whole number")
        elif name == "timeout":
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise BadRequest("timeout must be a number")
            value = min(max(0.0, float(value)), MAX_WAIT)
        found[name] = value
    return found


def result(value: Any) -> Any:
    """A call's result as JSON can carry it."""
    if isinstance(value, Document):
        return {"value": value.value, "version": value.version}
    if isinstance(value, list) and value and isinstance(value[0], tuple):
        return [list(item) for item in value]
    return value


class Callers:
    """Who a token belongs to, and whether they teach: asked of the hub, remembered briefly."""

    def __init__(self, auth: HubAuth, group: str) -> None:
        self.auth = auth
        self.group = group
        self.access = {f"access:services!service={os.environ.get('JUPYTERHUB_SERVICE_NAME', SERVICE_NAME)}"}
        self._groups: dict[str, tuple[float, bool]] = {}

    async def caller(self, token: str) -> tuple[str, bool] | None:
        """(user name, teaches) for a user's token allowed to use this service, else None."""
        if not token:
            return None
        model = await self.auth.user_for_token(token, sync=False)
        if not model or model.get("kind", "user") != "user" or not self.auth.check_scopes(self.access, model):
            return None
        return model["name"], await self.teaches(model["name"])

    async def teaches(self, name: str) -> bool:
        """Whether the hub has `name` in the teachers' group (asked with the service's own token)."""
        known = self._groups.get(name)
        if known and time.monotonic() - known[0] < GROUPS_SECONDS:
            return known[1]
        try:
            answer = await AsyncHTTPClient().fetch(
                f"{self.auth.api_url.rstrip('/')}/users/{quote(name, safe='')}",
                headers={"Authorization": f"token {self.auth.api_token}"},
                request_timeout=10,
            )
            teaches = self.group in json.loads(answer.body).get("groups", [])
        except (HTTPClientError, OSError, ValueError) as error:
            log.warning("The hub did not say whether %s teaches (%s): a pupil for now", name, error)
            return False
        self._groups[name] = (time.monotonic(), teaches)
        return teaches


class StoreHandler(tornado.web.RequestHandler):
    """`POST <prefix>store`: one `Store` call for the caller the hub names."""

    def initialize(self, store: Store, callers: Callers, work: ThreadPoolExecutor, waits: ThreadPoolExecutor) -> None:
        self.store = store
        self.callers = callers
        self.work = work
        self.waits = waits

    def check_xsrf_cookie(self) -> None:
        """Calls carry a token in a header, never a cookie: nothing to forge across sites."""

    def answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body, ensure_ascii=False, allow_nan=False))

    def refuse(self, error: StoreError) -> None:
        params = {name: value for name, value in error.params.items() if name != "url"}  # the real address stays here
        kind = type(error).__name__
        self.answer(STATUS.get(kind, 503), {"error": {"kind": kind, "key": error.key, "params": params}})

    async def post(self) -> None:
        match = HubAuth.auth_header_pat.match(self.request.headers.get("Authorization", ""))
        caller = await self.callers.caller(match.group(1).strip() if match else "")
        if caller is None:
            self.refuse(StoreRefusedError("store.refused", name="token"))
            return
        if len(self.request.body) > MAX_BODY:
            self.answer(413, {"message": "request too large"})
            return
        try:
            body = json.loads(self.request.body)
            op = body.get("op") if isinstance(body, dict) else None
            args = arguments(str(op), body)
        except (ValueError, BadRequest) as error:
            self.answer(400, {"message": str(error)})
            return
        guarded = GuardedStore(self.store, *caller)
        pool = self.waits if op == "wait" else self.work
        try:
            value = await asyncio.get_running_loop().run_in_executor(pool, lambda: getattr(guarded, op)(**args))
        except StoreError as error:
            self.refuse(error)
            return
        except (TypeError, ValueError) as error:  # a value JSON cannot hold, a malformed entry
            self.answer(400, {"message": str(error)})
            return
        self.answer(200, {"result": result(value)})


class HealthHandler(tornado.web.RequestHandler):
    """`GET <prefix>`: the hub's check that the service is up (says nothing about the store)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"service": SERVICE_NAME}))


def make_app(store: Store, callers: Callers, prefix: str) -> tornado.web.Application:
    """The service's web application, answering below `prefix` (`/services/kartenspiele-store/`)."""
    pools = {"work": ThreadPoolExecutor(16, "store-call"), "waits": ThreadPoolExecutor(256, "store-wait")}
    path = prefix.rstrip("/") + "/store"
    return tornado.web.Application(
        [
            (prefix.rstrip("/") + "/?", HealthHandler),
            (path, StoreHandler, {"store": store, "callers": callers, **pools}),
        ]
    )


def main() -> None:
    """Serve on the address the hub gave (`JUPYTERHUB_SERVICE_URL`)."""
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s store-service] %(message)s")
    backend = os.environ.get(BACKEND_VARIABLE)
    if not backend:
        raise SystemExit(f"{BACKEND_VARIABLE} is not set: the store service needs the real store's address")
    store = open_store(backend)
    os.environ.pop(BACKEND_VARIABLE, None)  # nothing this process starts inherits it
    auth = HubAuth(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)
    callers = Callers(auth, os.environ.get(GROUP_VARIABLE) or "teachers")
    address = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8101"))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")
    app = make_app(store, callers, prefix)
    bind = os.environ.get(BIND_VARIABLE) or address.hostname or "127.0.0.1"
    app.listen(address.port or 80, bind, max_body_size=MAX_BODY + 1024)
    loop = tornado.ioloop.IOLoop.current()
    every = float(os.environ.get(SWEEP_VARIABLE) or SWEEP_EVERY)
    if every > 0:
        sweeper = RoomSweeper(backend)
        loop.add_callback(sweeper.sweep)
        tornado.ioloop.PeriodicCallback(sweeper.sweep, every * 1000).start()
    log.info("Serving the store on %s%s (%s)", address.netloc, prefix, type(store).__name__)
    try:
        loop.start()
    except KeyboardInterrupt:  # the hub stops its services with SIGINT
        pass
    finally:
        store.close()


if __name__ == "__main__":
    main()
