"""For a kernel Voilà starts ahead of time (a preheated kernel): wait until a page is handed
this kernel, then take the page's request (its query string, `?lang=en`) into the environment.
Work that does not depend on the page (a lesson's fixed numbers) is registered with
`while_waiting` and done before the wait, so the page does not wait for it.

This is what `voila.utils.wait_for_request` does, without importing Voilà into the kernel
(that import alone holds about 40 MB per kernel). It reads the same variables Voilà sets.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import Callable
from typing import Any

CONNECT_TIMEOUT = 10.0
"""The longest one try to reach the server may take."""
PAGE_WAIT_SECONDS = 120.0
"""How long a preheated kernel keeps trying to reach the server (a loaded server answers late;
giving up would render the page without its address: no class, no language, no role)."""
RETRY_SECONDS = 0.5
_ahead: list[Callable[[], object]] = []


def preheated() -> bool:
    """Whether this kernel was started ahead of time and has no page yet."""
    return os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ


def query_url() -> str:
    """The server's address where this kernel receives its page's request."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    host = f"[{host}]" if ":" in host else host  # an IPv6 address (`::1`)
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


async def _connect(url: str, deadline: float) -> Any:
    """A connection to the server, tried again until `deadline` (`time.monotonic`)."""
    from tornado.websocket import websocket_connect  # tornado comes with the kernel

    while True:
        left = deadline - time.monotonic()
        try:
            return await asyncio.wait_for(websocket_connect(url), min(CONNECT_TIMEOUT, max(left, 0.1)))
        except (OSError, asyncio.TimeoutError):
            if time.monotonic() + RETRY_SECONDS >= deadline:
                raise
        await asyncio.sleep(RETRY_SECONDS)


async def _receive(url: str, wait: float = PAGE_WAIT_SECONDS) -> str | None:
    connection = await _connect(url, time.monotonic() + wait)
    try:
        message = await connection.read_message()
    finally:
        connection.close()
    return message if isinstance(message, str) else None


def while_waiting(work: Callable[[], object]) -> Callable[[], object]:
    """Have `work` (which keeps its own results) done by a preheated kernel before it waits for
    its page, once; elsewhere it is done when first needed. Returns `work` (a decorator)."""
    _ahead.append(work)
    return work


def wait_for_page() -> None:
    """In a preheated kernel: do the work registered with `while_waiting`, then block until a
    page takes the kernel and set the page's request variables (`QUERY_STRING` …); elsewhere
    return at once."""
    if not preheated():
        return
    while _ahead:
        _ahead.pop(0)()
    received: list[str | None] = [None]

    def listen() -> None:  # its own event loop: the kernel's loop is busy running this cell
        try:
            received[0] = asyncio.run(_receive(query_url()))
        except (OSError, asyncio.TimeoutError):
            received[0] = None

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    thread.join()
    if received[0]:
        os.environ.update({str(key): str(value) for key, value in json.loads(received[0]).items()})
