"""Every store test runs against both backends: SQLite in a temporary folder and a private
redis-server (started once per session on a free loopback port, stopped by its PID)."""

from __future__ import annotations

import pytest
import redis

from kartenspiele.classroom.rooms import Rooms
from kartenspiele.classroom.store import SQLiteStore, Store, open_store
from tests.clock import Clock
from tests.redis_server import RedisServer


@pytest.fixture(scope="session")
def redis_server():
    with RedisServer() as server:
        yield server


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path) -> str:
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
