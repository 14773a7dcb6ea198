"""Every store test runs against both backends: SQLite in a temporary folder and a private
redis-server (started once per session on a free loopback port, stopped by its PID). The
store's contract tests (`test_store.py`) also run through the JupyterHub store service: a real
hub with the shipped settings over a Redis with a password, called with a teacher's token."""

from __future__ import annotations

import pytest
import redis

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.interface import Store
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.classroom.store.sqlite_store import SQLiteStore
from tests.clock import Clock
from tests.hub_server import CHP, TEACHER, hub_on_loopback
from tests.redis_server import RedisServer

SERVICE_REDIS_PASSWORD = "service-only-Pw-4711"


@pytest.fixture(scope="session")
def redis_server():
    with RedisServer() as server:
        yield server


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path) -> str:
    return backend_store(request, tmp_path)


def backend_store(request, tmp_path) -> str:
    """The address of an empty store of the kind `request.param` names (sqlite, redis)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    server = request.getfixturevalue("redis_server")
    redis.Redis.from_url(server.url(0)).flushdb()
    return server.url(0)


@pytest.fixture
def store(store_url) -> Store:
    opened = open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def sqlite_store(tmp_path) -> SQLiteStore:
    opened = SQLiteStore(tmp_path / "store.db")
    yield opened
    opened.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def rooms(store, clock):
    return Rooms(store, clock)


@pytest.fixture(scope="session")
def store_hub(tmp_path_factory):
    """JupyterHub with the store service over a Redis that asks for a password (once per session)."""
    if not CHP.exists():
        pytest.skip(f"configurable-http-proxy is not installed at {CHP} (make system-packages)")
    with RedisServer(password=SERVICE_REDIS_PASSWORD) as server:
        # no sweep of expired rooms in the service: the contract tests write documents under room/
        sweep = {"KARTENSPIELE_ROOM_SWEEP": "0"}
        with hub_on_loopback(tmp_path_factory.mktemp("hub"), server.url(0), ("ana", "ben", "cem"), sweep) as hub:
            yield hub, server


@pytest.fixture
def service_url(store_hub, monkeypatch) -> str:
    """The store service's address, the backend emptied, and a teacher's token in the
    environment (as a teacher's kernel has it; subprocesses inherit it)."""
    hub, server = store_hub
    redis.Redis.from_url(server.url(0)).flushdb()
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", hub.user_token(TEACHER))
    return hub.store_url()
