"""No kernel is left behind: kernels die with a killed server, a new server ends what an
earlier one left, a kernel past its memory bound ends (its page says so, the server serves on),
and a page gone without an unload event frees its kernel after the reconnect grace."""

import base64
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

import nbformat
import psutil
import pytest
from playwright.sync_api import expect

from kartenspiele.serving.lifecycle import start_time

from .driver import CHROMIUM, CHROMIUM_ARGS, ROOT, VoilaServer, free_port

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal and /proc: Linux"),
]
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
BUTTON = "import kartenspiele.widgets\nimport ipywidgets\nbutton = ipywidgets.Button(description='Los')\n"
WIDGET = BUTTON + "button"
GREEDY = BUTTON + "button.on_click(lambda _: globals().setdefault('hoard', bytearray(1024 ** 3)))\nbutton"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project with two small pages: a button, and a button that wants 1 GiB."""
    root = tmp_path_factory.mktemp("lifecycle")
    (root / "notebooks").mkdir()
    for name, source in (("button", WIDGET), ("greedy", GREEDY)):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(notebook, root / "notebooks" / f"{name}.ipynb")
    return root


def alive(pids: list[int]) -> list[int]:
    """The processes of `pids` that still run (a zombie has ended)."""
    running = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                running.append(pid)
        except psutil.NoSuchProcess:
            continue
    return running


def kill_all(pids: list[int]) -> None:
    for pid in alive(pids):
        os.kill(pid, signal.SIGKILL)


def test_kernels_die_with_a_killed_server(project, tmp_path):
    """Three pages, then SIGKILL of the server: no kernel lives on, and the noted kernels are
    the ones that ran (before: ipykernel's own check ended them about 1 s later; now at once)."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-orphans.log", extra=("--data", str(tmp_path)))
    kernels: list[int] = []
    try:
        voila.wait_ready()
        for _ in range(3):
            with urllib.request.urlopen(voila.url("notebooks/button.ipynb"), timeout=120) as answer:
                assert answer.status == 200
        kernels = [process.pid for process in voila.kernels()]
        assert len(kernels) == 3
        noted = json.loads((tmp_path / "kartenspiele-kernels.json").read_text())
        assert sorted(pid for pid, _ in noted["kernels"]) == sorted(kernels)
        os.kill(voila.pid, signal.SIGKILL)
        end = time.monotonic() + 5
        while alive(kernels) and time.monotonic() < end:
            time.sleep(0.1)
        assert alive(kernels) == []
    finally:
        voila.stop()
        kill_all(kernels)


SUBREAPER = """
import ctypes, os, subprocess, sys, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER, as systemd --user or tini -s
server = subprocess.Popen(sys.argv[1:])
while True:  # orphans come here; reap whatever ends
    try:
        os.wait()
    except ChildProcessError:
        time.sleep(0.1)
"""


def test_kernels_starting_under_a_subreaper_die_with_a_killed_server(project, tmp_path):
    """The case ipykernel's own parent check misses: the server is killed while its kernels are
    still starting, and orphans go to a subreaper, not to process 1 (before: 3 of 3 lived on)."""
    port = free_port()
    log = (ROOT / "test-output" / "voila-subreaper.log").open("w")
    serve = [sys.executable, "-m", "kartenspiele.cli", "serve", "--port", str(port), "--root", str(project)]
    reaper = subprocess.Popen(
        [sys.executable, "-c", SUBREAPER, *serve, "--data", str(tmp_path), "--preheat", "0"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    kernels: list[int] = []
    try:
        end = time.monotonic() + 90
        while time.monotonic() < end:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/kartenspiele/alive/ready", timeout=5)
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.3)
        server = psutil.Process(reaper.pid).children()[0]
        url = f"http://127.0.0.1:{port}/voila/render/notebooks/button.ipynb"

        def request_page() -> None:
            try:
                urllib.request.urlopen(url, timeout=60).read()
            except OSError:
                pass  # the server is killed before it answers

        for _ in range(3):
            threading.Thread(target=request_page, daemon=True).start()
        while len(kernels) < 3 and time.monotonic() < end:
            kernels = [child.pid for child in server.children() if "ipykernel" in " ".join(child.cmdline())]
            time.sleep(0.02)
        assert len(kernels) == 3
        server.kill()  # SIGKILL while the kernels start
        time.sleep(5)
        assert alive(kernels) == []
    finally:
        kill_all(kernels)
        for child in psutil.Process(reaper.pid).children(recursive=True):
            child.kill()
        reaper.kill()
        reaper.wait()
        log.close()


def test_a_new_server_ends_the_kernels_a_killed_one_left(project, tmp_path):
    """A real kernel noted by a server that is gone is ended when the next server of the same
    data folder starts; a process with a noted number but another start time is not."""
    leftover = subprocess.Popen([sys.executable, "-m", "ipykernel_launcher", "-f", str(tmp_path / "kernel-old.json")])
    stranger = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", "ipykernel"])
    old_server = subprocess.Popen([sys.executable, "-c", "pass"])
    old_server_start = start_time(old_server.pid)
    old_server.wait()
    note = {
        "server": [old_server.pid, old_server_start],
        "kernels": [[leftover.pid, start_time(leftover.pid)], [stranger.pid, start_time(stranger.pid) + 1]],
    }
    (tmp_path / "kartenspiele-kernels.json").write_text(json.dumps(note))
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-reap.log", extra=("--data", str(tmp_path)))
    try:
        voila.wait_ready()
        assert leftover.wait(timeout=10) == -signal.SIGKILL
        assert stranger.poll() is None
        assert "1 Kernel eines früheren Servers lief noch und wurde beendet." in voila.log_path.read_text()
    finally:
        voila.stop()
        for process in (leftover, stranger):
            process.kill()
            process.wait()


@pytest.mark.slow  # about 25 s
def test_a_kernel_past_its_memory_bound_ends_and_the_server_serves_on(project, browser, shots):
    """`--kernel-memory 300`: a click wanting 1 GiB ends that page's kernel (the page says the
    connection is lost), not the server: the next page works."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-memory.log", extra=("--kernel-memory", "300"))
    try:
        voila.wait_ready()
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        page.goto(voila.url("notebooks/greedy.ipynb"), timeout=120_000)
        page.get_by_role("button", name="Los").click(timeout=60_000)
        expect(page.locator("#ks-lost")).to_be_visible(timeout=30_000)
        page.screenshot(path=str(shots / "memory-bound-lost-1024.png"))
        assert "reached its memory bound (314572800 bytes)" in voila.log_path.read_text()
        other = context.new_page()
        other.goto(voila.url("notebooks/button.ipynb"), timeout=120_000)
        expect(other.get_by_role("button", name="Los")).to_be_visible(timeout=60_000)
        expect(other.locator("#ks-lost")).to_be_hidden()
        assert voila.process.poll() is None and len(voila.kernels()) == 1
        context.close()
    finally:
        voila.stop()


def own_chromium(browser, folder):
    """A Chromium of our own (its process number known), driven over CDP: (process, browser)."""
    process = subprocess.Popen(
        [CHROMIUM, *CHROMIUM_ARGS, "--remote-debugging-port=0", f"--user-data-dir={folder}", "about:blank"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    for line in process.stderr:
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:
            return process, browser.browser_type.connect_over_cdp(found.group(1))
    raise RuntimeError("Chromium did not start")


def vanish_and_time(voila, browser, tmp_path) -> tuple[float, str]:
    """Open a page in a Chromium of our own beside one in the shared browser, SIGKILL ours (no
    unload event); returns the seconds until its kernel is gone, and the open page's kernel."""
    chromium, remote = own_chromium(browser, tmp_path / "chromium")
    try:
        gone_page = remote.contexts[0].new_page()
        gone_page.goto(voila.url("notebooks/button.ipynb"), timeout=120_000)
        expect(gone_page.get_by_role("button", name="Los")).to_be_visible(timeout=60_000)
        gone_kernel = gone_page.evaluate(KERNEL_ID)
        context = browser.new_context()
        open_page = context.new_page()
        open_page.goto(voila.url("notebooks/button.ipynb"), timeout=120_000)
        expect(open_page.get_by_role("button", name="Los")).to_be_visible(timeout=60_000)
        open_kernel = open_page.evaluate(KERNEL_ID)
        assert len(voila.kernels()) == 2
        os.killpg(chromium.pid, signal.SIGKILL)  # the browser crashes: no unload, no goodbye
        chromium.wait()
        start = time.monotonic()
        voila.wait_kernel_gone(gone_kernel, 200)
        return time.monotonic() - start, open_kernel
    finally:
        if chromium.poll() is None:
            os.killpg(chromium.pid, signal.SIGKILL)
            chromium.wait()


@pytest.mark.slow  # about a minute of waiting for the culler; test_connect_grace frees an unconnected page's kernel
def test_a_vanished_page_frees_its_kernel_an_open_one_keeps_it(project, browser, tmp_path):
    """`--reconnect-grace 10`: the crashed browser's kernel is gone after about 10 s; the open
    page, idle all the while, keeps its kernel and still works."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-vanished.log", extra=("--reconnect-grace", "10"))
    try:
        voila.wait_ready()
        seconds, open_kernel = vanish_and_time(voila, browser, tmp_path)
        print(f"vanished page's kernel gone after {seconds:.1f} s (grace 10 s)")
        assert 9 < seconds < 25
        time.sleep(15)  # longer than the grace: the connected page keeps its kernel
        assert len(voila.kernels()) == 1 and voila.kernel_of(open_kernel)
        assert "its page has been gone for 10 s" in voila.log_path.read_text()
    finally:
        voila.stop()


def silent_websocket(voila, page: str) -> tuple[socket.socket, str]:
    """A page's kernel connection that then falls silent (a tablet gone from the Wi-Fi): the
    websocket is opened, then nothing is read or answered, not even the server's pings."""
    with urllib.request.urlopen(voila.url(page), timeout=120) as answer:
        cookies = "; ".join(line.split(";", 1)[0] for line in answer.headers.get_all("Set-Cookie") or [])
        kernel = re.search(r'"kernelId":\s*"([\w-]+)"', answer.read().decode()).group(1)
    connection = socket.create_connection(("127.0.0.1", voila.port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall(
        f"GET /api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex} HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{voila.port}\r\nOrigin: {voila.base}\r\nCookie: {cookies}\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return connection, kernel


@pytest.mark.slow  # half a minute of waiting for the pings
def test_a_silent_connection_is_closed_by_the_pings_then_its_kernel_freed(project):
    """`--reconnect-grace 3` (pings every 3 s, closed after 9 s without an answer): a page that
    connected and then fell silent loses its kernel after about 9 + 3 s, not at once."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-silent.log", extra=("--reconnect-grace", "3"))
    connection = None
    try:
        voila.wait_ready()
        connection, kernel = silent_websocket(voila, "notebooks/button.ipynb")
        start = time.monotonic()
        time.sleep(5)
        assert voila.kernel_of(kernel)  # silent, but not yet for long: kept
        voila.wait_kernel_gone(kernel, 40)
        seconds = time.monotonic() - start
        print(f"silent page's kernel gone after {seconds:.1f} s (pings 3 s, timeout 9 s, grace 3 s)")
        assert 9 < seconds < 30
        assert "WebSocket ping timeout" in voila.log_path.read_text()
    finally:
        if connection is not None:
            connection.close()
        voila.stop()


@pytest.mark.slow
def test_a_vanished_page_frees_its_kernel_within_150_s_by_default(project, browser, tmp_path):
    """The same with serve's defaults (120 s grace): gone within 150 s."""
    voila = VoilaServer(project, log=ROOT / "test-output" / "voila-vanished-default.log")
    try:
        voila.wait_ready()
        seconds, open_kernel = vanish_and_time(voila, browser, tmp_path)
        print(f"vanished page's kernel gone after {seconds:.1f} s (default grace)")
        assert 115 < seconds < 150
        assert voila.kernel_of(open_kernel)
    finally:
        voila.stop()
