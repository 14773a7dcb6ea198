"""A preheated kernel keeps trying to reach a server that answers late (`kernel.page_request`):
under a class's load the first try took longer than one connect timeout, and the kernel went on
without its page's address (no class, no language, no role)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import pytest
import tornado.httpserver
import tornado.ioloop
import tornado.web
import tornado.websocket

from kartenspiele.kernel import page_request


class QueryHandler(tornado.websocket.WebSocketHandler):
    def open(self, kernel_id: str) -> None:
        self.write_message('{"QUERY_STRING": "lang=en"}')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_later(port: int, after: float, stop: threading.Event) -> threading.Thread:
    """A server on `port` that starts listening only `after` seconds from now."""

    def run() -> None:
        time.sleep(after)
        asyncio.set_event_loop(asyncio.new_event_loop())
        server = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/voila/query/(.*)", QueryHandler)]))
        server.listen(port, "127.0.0.1")
        loop = tornado.ioloop.IOLoop.current()
        tornado.ioloop.PeriodicCallback(lambda: stop.is_set() and loop.stop(), 50).start()
        loop.start()
        server.stop()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def receive_in_own_thread(url: str, wait: float) -> str | None:
    """Run `_receive` on a thread of its own, as the kernel does (a test's thread may hold a running loop)."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["message"] = asyncio.run(page_request._receive(url, wait=wait))
        except BaseException as error:  # handed back to the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(wait + 10)
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("message")  # type: ignore[return-value]


def test_a_server_that_answers_late_still_hands_the_kernel_its_page(monkeypatch):
    monkeypatch.setattr(page_request, "CONNECT_TIMEOUT", 0.5)  # one try is far shorter than the wait
    port, stop = free_port(), threading.Event()
    thread = serve_later(port, 2.0, stop)
    try:
        message = receive_in_own_thread(f"ws://127.0.0.1:{port}/voila/query/k1", wait=20)
    finally:
        stop.set()
        thread.join(5)
    assert message == '{"QUERY_STRING": "lang=en"}'


def test_it_gives_up_after_its_wait():
    began = time.monotonic()
    with pytest.raises((OSError, asyncio.TimeoutError)):
        receive_in_own_thread(f"ws://127.0.0.1:{free_port()}/voila/query/k1", wait=1.5)
    assert 1.0 <= time.monotonic() - began < 5
