"""A pupil at the protocol level: what Chromium sends and receives for a Voilà game page, without
drawing anything (30 of these are light enough for a 2-core machine).

- `GET` the page (the server sets the `_xsrf` cookie; the page names its kernel and the root
  widget);
- the kernel websocket with the Jupyter v1 protocol (`v1.kernel.websocket.jupyter.org`, binary
  frames), `kernel_info_request` as JupyterLab's kernel connection sends it;
- ipywidgets 8's start: `comm_info_request`, the `jupyter.widget.control` comm and
  `request_states`; then the widget models are kept up to date from `comm_open` / `comm_msg`
  (`update`, `echo_update`) / `comm_close`, as the browser's widget manager keeps them;
- the browser memory widget (an anywidget) answers as a browser with nothing stored does;
- clicks and field changes are the comm messages a button (`custom` / `click`) and a field
  (`update`) send; a click on a table waits for the table's answer (its `ks-answers` counter);
- a page on a slow network fetches its scripts slowly before it connects (`open(slow_for=…)`);
- closing the page is Voilà's `beforeunload` beacon: `POST /voila/api/shutdown/<kernel>` with the
  `_xsrf` form field and cookie.

Widgets are found the way the browser tests find them by CSS: by the `_dom_classes` of a widget
and of its ancestors, walking the children from the page's root widget (hidden ones skipped).
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import urlencode, urlparse

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

PROTOCOL = "v1.kernel.websocket.jupyter.org"
WIDGET_PROTOCOL = "2.1.0"
CONTROL_PROTOCOL = "1.0.0"
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)
OUTPUT = re.compile(r'<script type="application/vnd\.voila\.cell-output\+json">\s*(\{.*?\})\s*</script>', re.S)
VIEW = "application/vnd.jupyter.widget-view+json"
REF = "IPY_MODEL_"
SCRIPTS = re.compile(r'(?:src|href)="(/voila/[^"]+\.(?:js|css)[^"]*)"')
"""The page's own scripts and styles (Voilà's, the template's)."""
SLOW_PAUSE = 5.0
"""Seconds between two requests of a page on a slow network (`open(slow_for=…)`)."""

AsyncHTTPClient.configure(None, max_clients=200)


class PageError(Exception):
    """The page did not behave as a browser would need it to."""


class UnansweredTap(PageError):
    """A tap on the table got no answer (issue 40: every tap is answered)."""


def pack(channel: str, parts: list[bytes]) -> bytes:
    """One v1 websocket frame: offsets, then the channel and the message parts."""
    head = channel.encode()
    offsets = [8 * (len(parts) + 3), 8 * (len(parts) + 3) + len(head)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), head, *parts])


def unpack(frame: bytes) -> tuple[str, dict, list[bytes]]:
    """(channel, message with header/parent_header/metadata/content, buffers) of a v1 frame."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
    channel = parts[0].decode()
    names = ("header", "parent_header", "metadata", "content")
    message = {name: json.loads(part or b"{}") for name, part in zip(names, parts[1:5])}
    return channel, message, parts[5:]


@dataclass
class Model:
    name: str
    state: dict[str, Any]


def sent_at(message: dict) -> float | None:
    """When the kernel sent `message` (its header's date; this machine's clock), if it says."""
    try:
        return datetime.fromisoformat(str(message["header"]["date"])).timestamp()
    except (KeyError, ValueError):
        return None


@dataclass
class ProtocolPage:
    """One pupil's page at `url` (see the module text)."""

    url: str
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    cookies: dict[str, str] = field(default_factory=dict)
    kernel: str = ""
    roots: list[str] = field(default_factory=list)
    models: dict[str, Model] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    socket: WebSocketClientConnection | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    replies: dict[str, asyncio.Future] = field(default_factory=dict)
    reader: asyncio.Task | None = None
    closed: dict[str, str] = field(default_factory=dict)  # comm id -> model name, closed by the kernel
    sent_to: dict[str, str] = field(default_factory=dict)  # comm id -> what this page last sent it
    answered: set[str] = field(default_factory=set)  # comms the kernel sent a message on
    unknown_comms: dict[str, str] = field(default_factory=dict)  # comm id -> the kernel's warning
    found: dict[str, str] = field(default_factory=dict)  # a counter's class -> its model id
    stamps: dict[str, float] = field(default_factory=dict)  # comm id -> when the kernel sent its last update
    kernel_answers: list[float] = field(default_factory=list)  # seconds from a tap to the kernel's answer

    # -- opening -------------------------------------------------------------------------------
    async def open(self, timeout: float, slow_for: float = 0.0) -> None:
        """Load the page, connect its kernel and receive every widget's state. `slow_for`: a
        slow network: the page's scripts and styles come one by one, again and again, for this
        many seconds before the page connects (as 30 tablets on school Wi-Fi fetch them)."""
        parts = urlparse(self.url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        answer = await AsyncHTTPClient().fetch(self.url, request_timeout=timeout, raise_error=False)
        if answer.code != 200:
            raise PageError(f"GET {parts.path}: HTTP {answer.code}")
        for header in answer.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        page = answer.body.decode()
        if slow_for > 0:
            await self.fetch_slowly(SCRIPTS.findall(page), slow_for, timeout)
        config = CONFIG.search(page)
        if not config:
            raise PageError("the page has no configuration")
        self.kernel = json.loads(config.group(1))["kernelId"]
        for output in OUTPUT.findall(page):
            view = json.loads(html.unescape(output)).get("data", {}).get(VIEW)
            if view:
                self.roots.append(view["model_id"])
        if not self.roots:
            raise PageError("the page shows no widget")
        ws_url = (
            self.origin.replace("http", "ws", 1)
            + f"/api/kernels/{self.kernel}/channels?{urlencode({'session_id': self.session})}"
        )
        request = HTTPRequest(ws_url, headers={"Cookie": self.cookie_header(), "Origin": self.origin})
        self.socket = await asyncio.wait_for(
            websocket_connect(request, subprotocols=[PROTOCOL], max_message_size=64 * 1024 * 1024), timeout
        )
        self.reader = asyncio.ensure_future(self.read())
        await self.request("kernel_info_request", {}, timeout)
        await self.request("comm_info_request", {"target_name": "jupyter.widget"}, timeout)
        control = uuid.uuid4().hex
        states = asyncio.get_running_loop().create_future()
        self.replies["control:" + control] = states
        self.send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            {"version": CONTROL_PROTOCOL},
        )
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, {"version": CONTROL_PROTOCOL})
        data = await asyncio.wait_for(states, timeout)
        for model_id, model in data["states"].items():
            self.models[model_id] = Model(model["model_name"], model["state"])
        self.send("comm_close", {"comm_id": control, "data": {}})
        missing = [root for root in self.roots if root not in self.models]
        if missing:
            raise PageError(f"no state for the page's widget {missing[0]}")
        for model_id, model in list(self.models.items()):  # the browser memory: a browser with nothing kept
            if {"games", "loaded"} <= model.state.keys():
                await self.update(model_id, {"games": [], "loaded": True})
        await self.request("kernel_info_request", {}, timeout)  # the kernel has handled all of the above

    async def fetch_slowly(self, paths: list[str], seconds: float, timeout: float) -> None:
        """Fetch `paths` (the page's own scripts and styles) one after another with pauses,
        for `seconds` in all (`SLOW_PAUSE` between two): a page loading over a slow network."""
        if not paths:
            raise PageError("the page names no script")
        end = time.monotonic() + seconds
        fetched = 0
        while time.monotonic() < end:
            answer = await AsyncHTTPClient().fetch(
                self.origin + paths[fetched % len(paths)],
                headers={"Cookie": self.cookie_header()},
                request_timeout=timeout,
                raise_error=False,
            )
            if answer.code != 200:
                raise PageError(f"GET {paths[fetched % len(paths)]}: HTTP {answer.code}")
            fetched += 1
            await asyncio.sleep(min(SLOW_PAUSE, max(0.0, end - time.monotonic())))

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    # -- the websocket ---------------------------------------------------------------------------
    def send(self, msg_type: str, content: dict, metadata: dict | None = None, channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "msg_type": msg_type,
            "session": self.session,
            "username": "",
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "version": "5.3",
        }
        if "comm_id" in content:
            self.sent_to[content["comm_id"]] = f"{msg_type} {json.dumps(content.get('data', {}))[:80]}"
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        assert self.socket is not None
        self.socket.write_message(pack(channel, parts), binary=True)
        return msg_id

    async def request(self, msg_type: str, content: dict, timeout: float) -> dict:
        """Send a shell request and wait for its reply."""
        reply = asyncio.get_running_loop().create_future()
        msg_id = self.send(msg_type, content)
        self.replies[msg_id] = reply
        return await asyncio.wait_for(reply, timeout)

    async def read(self) -> None:
        assert self.socket is not None
        while True:
            frame = await self.socket.read_message()
            if frame is None:
                return
            if isinstance(frame, str):
                self.errors.append("a text frame on a v1 connection")
                continue
            channel, message, _buffers = unpack(frame)
            self.receive(channel, message)

    def receive(self, channel: str, message: dict) -> None:
        kind = message["header"].get("msg_type")
        content = message["content"]
        parent = message["parent_header"].get("msg_id")
        if channel == "shell" and parent in self.replies:
            self.replies.pop(parent).set_result(content)
            return
        if kind == "error":
            self.errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and content.get("name") == "stderr":
            said = content.get("text", "").strip()
            if said.startswith("No such comm: "):  # judged at the end: see `problems`
                comm = said.split(": ", 1)[1]
                self.unknown_comms[comm] = (
                    f"{said} (sent: {self.sent_to.get(comm, 'nothing')}; closed by the kernel: {self.closed.get(comm, 'no')})"
                )
            else:
                self.errors.append(f"kernel stderr: {said[:300]}")
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            data = content.get("data", {})
            self.models[content["comm_id"]] = Model(data.get("state", {}).get("_model_name", ""), data.get("state", {}))
            self.stamp(content["comm_id"], message)
        elif kind == "comm_msg":
            self.answered.add(content.get("comm_id", ""))
            data = content.get("data", {})
            method = data.get("method")
            waiting = self.replies.get("control:" + content.get("comm_id", ""))
            if method == "update_states" and waiting is not None:
                self.replies.pop("control:" + content["comm_id"]).set_result(data)
            elif method in ("update", "echo_update") and content.get("comm_id") in self.models:
                self.models[content["comm_id"]].state.update(data.get("state", {}))
                self.stamp(content["comm_id"], message)
        elif kind == "comm_close":
            model = self.models.pop(content.get("comm_id"), None)
            self.closed[content.get("comm_id", "")] = model.name if model else "?"
        self.changed.set()

    def stamp(self, comm_id: str, message: dict) -> None:
        """Keep when the kernel sent the newest state of `comm_id` (a redraw may open a new counter)."""
        sent = sent_at(message)
        if sent is None:
            self.stamps.pop(comm_id, None)
        else:
            self.stamps[comm_id] = sent

    def problems(self) -> list[str]:
        """What went wrong on this page. ipykernel 7 warns "No such comm" when its shell-channel
        thread looks up a comm message's comm (to route it to a subshell) before the main thread
        has opened that comm; the message is then handled in order and answered. Such a warning
        counts only for a comm the kernel never answered on."""
        unanswered = [warning for comm, warning in self.unknown_comms.items() if comm not in self.answered]
        return self.errors + [f"kernel stderr: {warning[:300]}" for warning in unanswered]

    # -- what the page shows -----------------------------------------------------------------------
    def classes(self, model_id: str) -> list[str]:
        return self.models[model_id].state.get("_dom_classes", [])

    def shown(self, model_id: str) -> bool:
        layout = self.models[model_id].state.get("layout", "")
        style = self.models.get(layout[len(REF) :]) if isinstance(layout, str) and layout.startswith(REF) else None
        if style is None:
            return True
        return style.state.get("display") != "none" and style.state.get("visibility") != "hidden"

    def walk(self, model_id: str | None = None, within: tuple[str, ...] = ()) -> Iterator[tuple[str, tuple[str, ...]]]:
        """(model id, classes of its ancestors) of every shown widget, in page order."""
        for root in [model_id] if model_id else self.roots:
            if root not in self.models or not self.shown(root):
                continue
            yield root, within
            state = self.models[root].state
            children = list(state.get("children", []))
            for output in state.get("outputs", []):
                view = output.get("data", {}).get(VIEW) if isinstance(output, dict) else None
                if view:
                    children.append(REF + view["model_id"])
            for child in children:
                if isinstance(child, str) and child.startswith(REF):
                    yield from self.walk(child[len(REF) :], (*within, *self.classes(root)))

    def find(
        self, inside: str, *, own: str = "", name: str = "ButtonModel", icon: str = "", enabled: bool = True
    ) -> list[str]:
        """Model ids of shown widgets of `name` inside an element of class `inside` (with class
        `own`, icon `icon`), like the CSS selector `.inside <widget>.own`; enabled ones only."""
        found = []
        for model_id, within in self.walk():
            model = self.models[model_id]
            if model.name != name or inside not in within:
                continue
            if own and own not in self.classes(model_id):
                continue
            if icon and model.state.get("icon") != icon:
                continue
            if enabled and model.state.get("disabled"):
                continue
            found.append(model_id)
        return found

    def first(self, inside: str, **kwargs: Any) -> str:
        found = self.find(inside, **kwargs)
        if not found:
            raise PageError(f"nothing to press in .{inside} ({kwargs})")
        return found[0]

    def marked(self, name: str) -> bool:
        """Whether the game table (the widget of class `ks-table`) carries class `name`."""
        return any(name in self.classes(m) for m, _within in self.walk() if "ks-table" in self.classes(m))

    def tick(self) -> int:
        """How often the table has been redrawn (its hidden `ks-tick` counter)."""
        return self.counter("ks-tick")

    def answers(self) -> int:
        """How many taps the table has answered (its hidden `ks-answers` counter, the last
        message of each answer)."""
        return self.counter("ks-answers")

    def counter(self, own: str) -> int:
        known = self.found.get(own)
        if known is None or known not in self.models:  # looked up once: 30 pupils ask after every message
            known = next((model_id for model_id, _classes in self.walk_all(own)), None)
            if known is None:
                raise PageError(f"the page has no table counter .{own}")
            self.found[own] = known
        return int(self.models[known].state.get("value") or 0)

    def said(self, answer: int) -> bool:
        """Whether the table's answer number `answer` was a message (a refused tap)."""
        mark = f"data-tap='{answer}'"
        return any(mark in str(model.state.get("value", "")) for model in self.models.values())

    def walk_all(self, own: str) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Every widget of class `own`, shown or not."""
        for model_id, model in self.models.items():
            if own in model.state.get("_dom_classes", []):
                yield model_id, ()

    # -- acting ----------------------------------------------------------------------------------
    async def wait_until(self, condition: Callable[[], bool], timeout: float) -> None:
        end = time.perf_counter() + timeout
        while not condition():
            left = end - time.perf_counter()
            if left <= 0:
                raise PageError("timed out waiting for the page")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                continue

    async def click(
        self,
        model_id: str,
        timeout: float,
        clicks: list[float] | None = None,
        until: Callable[[], bool] | None = None,
    ) -> bool:
        """Press a table's button and wait for its answer (the table counts the taps it has
        answered, last of the answer's messages: everything of it has arrived then), and for
        `until`; the seconds to the answer go to `clicks`. Returns whether the answer was a
        message (a refused tap). No answer within `timeout`: `UnansweredTap`."""
        before = self.answers()
        start, sent = time.perf_counter(), time.time()
        self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        try:
            await self.wait_until(lambda: self.answers() > before, timeout)
        except PageError:
            raise UnansweredTap(f"no answer to a tap within {timeout:.0f} s") from None
        if clicks is not None:
            clicks.append(time.perf_counter() - start)
        answered = self.stamps.get(self.found.get("ks-answers", ""))
        if answered is not None:  # a message without its date is not timed (never counted as 0 s)
            self.kernel_answers.append(answered - sent)
        if until is not None:
            await self.wait_until(until, timeout)
        return self.said(before + 1)

    async def update(self, model_id: str, state: dict) -> None:
        """Change a widget's value as the browser does (the kernel echoes it)."""
        self.models[model_id].state.update(state)
        self.send(
            "comm_msg",
            {"comm_id": model_id, "data": {"method": "update", "state": state, "buffer_paths": []}},
            {"version": WIDGET_PROTOCOL},
        )

    async def close(self, timeout: float = 30) -> int:
        """Close the page as Chromium does: the shutdown beacon, then the websocket gone;
        returns the beacon's HTTP status."""
        body = urlencode({"_xsrf": self.cookies.get("_xsrf", "")})
        answer = await AsyncHTTPClient().fetch(
            f"{self.origin}/voila/api/shutdown/{self.kernel}",
            method="POST",
            body=body,
            headers={"Cookie": self.cookie_header(), "Content-Type": "application/x-www-form-urlencoded"},
            request_timeout=timeout,
            raise_error=False,
        )
        if self.socket is not None:
            self.socket.close()
        if self.reader is not None:
            self.reader.cancel()
        return answer.code
