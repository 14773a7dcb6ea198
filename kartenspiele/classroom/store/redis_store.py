"""The Redis backend of the store, for several servers serving one class.

Documents are hashes (`v` value, `n` version), logs are lists, and two sorted sets index the
names for listing by prefix. Compare-and-set and append-as-next-number run as Lua scripts,
so they are atomic on the server; an append publishes its number on the log's channel, and
`wait` listens there (pub/sub) instead of polling.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis

from .interface import (
    Document,
    SequenceConflictError,
    Store,
    StoreFullError,
    StoreUnavailableError,
    VersionConflictError,
    encode,
)

T = TypeVar("T")

PUT = """
local version = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local expected = tonumber(ARGV[2])
if expected >= 0 and version ~= expected then return {0, version} end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'n', version + 1)
redis.call('ZADD', KEYS[2], 0, ARGV[3])
return {1, version + 1}
"""

APPEND = """
local length = redis.call('LLEN', KEYS[1])
if length ~= tonumber(ARGV[1]) - 1 then return {0, length} end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[1])
return {1, length + 1}
"""


def refuses_writes(error: Exception) -> bool:
    """Whether Redis refused a write for want of room: over `maxmemory` ("OOM command not
    allowed") or unable to save to its disk ("MISCONF ...", often a full disk)."""
    said = str(error)
    return (
        isinstance(error, redis.exceptions.OutOfMemoryError) or "OOM command not allowed" in said or "MISCONF" in said
    )


class RedisStore(Store):
    """The store in a Redis database: `RedisStore("redis://127.0.0.1:6379/0")`; all names
    live under `namespace` so one database can hold other data too."""

    notifies = True

    def __init__(self, url: str, namespace: str = "kartenspiele:") -> None:
        self.url = url
        self.namespace = namespace
        self._client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5, health_check_interval=10)
        self._put = self._client.register_script(PUT)
        self._append = self._client.register_script(APPEND)
        self._documents = namespace + "documents"
        self._logs = namespace + "logs"

    def _call(self, action: Callable[[], T]) -> T:
        try:
            return action()
        except redis.exceptions.RedisError as error:
            if refuses_writes(error):
                raise StoreFullError("store.full", url=self.url, reason=str(error)) from error
            raise StoreUnavailableError("store.unavailable", url=self.url, reason=str(error)) from error

    def _document_key(self, key: str) -> str:
        return f"{self.namespace}d:{key}"

    def _log_key(self, log: str) -> str:
        return f"{self.namespace}l:{log}"

    def _channel(self, log: str) -> str:
        return f"{self.namespace}c:{log}"

    def _names(self, index: str, prefix: str) -> list[str]:
        low = b"[" + prefix.encode() if prefix else b"-"
        high = b"(" + prefix.encode() + b"\xff" if prefix else b"+"
        return [name.decode() for name in self._call(lambda: self._client.zrangebylex(index, low, high))]

    # -- documents -------------------------------------------------------------------------
    def get(self, key: str) -> Document | None:
        found = self._call(lambda: self._client.hmget(self._document_key(key), "v", "n"))
        if found[0] is None:
            return None
        return Document(json.loads(found[0]), int(found[1]))

    def put(self, key: str, value: Any, expected: int | None = None) -> int:
        text = encode(value)
        done, version = self._call(
            lambda: self._put(
                keys=[self._document_key(key), self._documents], args=[text, -1 if expected is None else expected, key]
            )
        )
        if not done:
            raise VersionConflictError("store.version_conflict", key=key, expected=expected, found=version)
        return int(version)

    def delete(self, key: str) -> bool:
        def remove() -> bool:
            pipe = self._client.pipeline()
            pipe.delete(self._document_key(key))
            pipe.zrem(self._documents, key)
            return bool(pipe.execute()[0])

        return self._call(remove)

    def keys(self, prefix: str = "") -> list[str]:
        return self._names(self._documents, prefix)

    # -- logs ------------------------------------------------------------------------------
    def append(self, log: str, seq: int, entry: Any) -> None:
        text = encode(entry)
        done, length = self._call(
            lambda: self._append(keys=[self._log_key(log), self._logs], args=[seq, text, log, self._channel(log)])
        )
        if not done:
            raise SequenceConflictError("store.sequence_conflict", log=log, seq=seq, count=int(length))

    def read(self, log: str, since: int = 0) -> list[tuple[int, Any]]:
        raw = self._call(lambda: self._client.lrange(self._log_key(log), max(0, since), -1))
        return [(number, json.loads(item)) for number, item in enumerate(raw, start=max(0, since) + 1)]

    def length(self, log: str) -> int:
        return int(self._call(lambda: self._client.llen(self._log_key(log))))

    def logs(self, prefix: str = "") -> list[str]:
        return self._names(self._logs, prefix)

    def delete_log(self, log: str) -> bool:
        def remove() -> bool:
            pipe = self._client.pipeline()
            pipe.delete(self._log_key(log))
            pipe.zrem(self._logs, log)
            return bool(pipe.execute()[0])

        return self._call(remove)

    def wait(self, log: str, since: int, timeout: float) -> int:
        """Listen on the log's channel until an entry above `since` exists or time is up."""
        end = time.monotonic() + timeout
        pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        try:
            self._call(lambda: pubsub.subscribe(self._channel(log)))
            while True:
                current = self.length(log)
                remaining = end - time.monotonic()
                if current > since or remaining <= 0:
                    return current
                self._call(lambda wait=remaining: pubsub.get_message(timeout=wait))
        finally:
            pubsub.close()

    def close(self) -> None:
        self._client.close()
