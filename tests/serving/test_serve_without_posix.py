"""`kartenspiele serve` on a system without POSIX, as far as its own code can tell (Windows cannot
be tried here): `tests/serving/without_posix.py` runs the entry point with process groups,
POSIX-only signals and timers, `resource` and `/proc` made unavailable to the package's code.

The server starts, ends no stranger a kernel record names, renders a page (its kernel started
without the POSIX guard) and stops on Ctrl+C within 10 s without a traceback.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import psutil

from tests.e2e.driver import ROOT, free_port

BOOTSTRAP = ROOT / "tests" / "serving" / "without_posix.py"


def get(url: str, timeout: float = 120) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""
    except OSError:
        return 0, ""


def test_serve_runs_and_stops_without_posix_only_functions(tmp_path):
    port = free_port()
    data = tmp_path / "data"
    data.mkdir()
    stranger = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        # an earlier "server" (this test's own process, long gone in its role) noted a kernel that is not one
        note = {"server": [stranger.pid, 1.0], "kernels": [[stranger.pid, psutil.Process(stranger.pid).create_time()]]}
        (data / "kartenspiele-kernels.json").write_text(json.dumps(note))
        out, err = (tmp_path / "window.txt").open("w"), (tmp_path / "errors.txt").open("w")
        command = [sys.executable, str(BOOTSTRAP), "serve", "--port", str(port), "--preheat", "1", "--data", str(data)]
        server = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=err, start_new_session=True)
        try:
            end = time.monotonic() + 90
            while get(f"http://127.0.0.1:{port}/kartenspiele/alive/x", 5)[0] == 0:
                assert server.poll() is None, (tmp_path / "errors.txt").read_text()
                assert time.monotonic() < end, "the server did not start"
                time.sleep(0.3)
            status, page = get(f"http://127.0.0.1:{port}/voila/render/notebooks/start.ipynb")
            assert status == 200 and "jupyter-config-data" in page
            assert stranger.poll() is None  # not a kernel: left alone
            kernels = [" ".join(child.cmdline()) for child in psutil.Process(server.pid).children(recursive=True)]
            assert kernels and all("ipykernel" in line and "guard.py" not in line for line in kernels), kernels
            started = time.monotonic()
            os.killpg(server.pid, signal.SIGINT)
            server.wait(timeout=30)
            stopped_after = time.monotonic() - started
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=10)
    finally:
        stranger.kill()
        stranger.wait(timeout=10)
    window = (tmp_path / "window.txt").read_text()
    errors = (tmp_path / "errors.txt").read_text()
    assert server.returncode == 0, errors[-3000:]
    assert stopped_after <= 10.0
    assert "Traceback" not in window + errors, errors[-3000:]
    assert "Der Server ist beendet." in window
    asked = errors.rsplit("hidden names asked for: ", 1)[1]
    assert "signal.SIGKILL" in asked  # the package did ask, and took its fallback
    log = (data / "kartenspiele-server.log").read_text()
    assert "Kernel started" in log
