"""A private `redis-server` for tests and benchmarks: a free port of 127.0.0.1, no disk
persistence, a temporary folder, started with a known PID and stopped by it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """`with RedisServer() as server: server.url(db)`; `stop()` / `start()` simulate an outage.
    With `password`, the server refuses every client that does not give it (`requirepass`)."""

    def __init__(self, password: str | None = None) -> None:
        self.password = password
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="kartenspiele-redis-")
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        """The address with the password (if any): what only the store's owner may know."""
        secret = f":{self.password}@" if self.password else ""
        return f"redis://{secret}127.0.0.1:{self.port}/{db}"

    def start(self, timeout: float = 10) -> None:
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.folder,
                "--protected-mode",
                "yes",
                *(["--requirepass", self.password] if self.password else []),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                    auth = f"AUTH {self.password}\r\n".encode() if self.password else b""
                    sock.sendall(auth + b"PING\r\n")
                    time.sleep(0.05)
                    if b"+PONG" in sock.recv(64):
                        return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise TimeoutError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        self.process = None

    def __enter__(self) -> RedisServer:  # noqa: PYI034
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
