"""`kartenspiele serve`'s window as a teacher meets it: started with `python -m kartenspiele serve`
on a class network, projected, stopped with Ctrl+C.

* From five lines above the QR block to the end, no line holds the teacher code — also after the
  teacher opened the dashboard with it and somebody tried a wrong one.
* The kernels' start-up lines are in the log file in the data folder, not in the window; the
  window has one line per event ("all pages ready", "stopping", "stopped").
* Ctrl+C (SIGINT to the process group, as a terminal sends it) while kernels are still being
  prepared stops the server within 10 s, and neither the window nor its errors show a traceback.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.e2e.driver import ROOT, free_port

CODE = "kreide7171"
PASSWORD = "Dachs7373"
QR_LINE = re.compile(r"[█▀▄]{10,}")


def serve(tmp_path: Path, port: int, *extra: str, prefix: tuple[str, ...] = ()) -> subprocess.Popen:
    """`python -m kartenspiele serve` on 0.0.0.0 in its own process group, its window in files."""
    out = (tmp_path / "window.txt").open("w")
    err = (tmp_path / "errors.txt").open("w")
    command = [sys.executable, *prefix, "-m", "kartenspiele", "serve", "--host", "0.0.0.0", "--port", str(port)]
    command += ["--password", PASSWORD, "--teacher-code", CODE, "--data", str(tmp_path / "data"), *extra]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=err, env=env, start_new_session=True)


def window_lines(tmp_path: Path) -> list[str]:
    return (tmp_path / "window.txt").read_text(encoding="utf-8").splitlines()


def wait_for(condition, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError(what)
        time.sleep(0.2)


def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0  # not listening yet


def stop_like_a_terminal(process: subprocess.Popen, timeout: float = 30) -> float:
    """Ctrl+C: SIGINT to the whole foreground process group; returns the seconds until it ended."""
    start = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=timeout)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    return time.monotonic() - start


def test_the_window_is_safe_to_project_and_ctrl_c_stops_it_within_ten_seconds(tmp_path):
    port = free_port()
    process = serve(tmp_path, port, "--preheat", "12")  # 40 kernels: still preparing when stopped
    try:
        wait_for(lambda: any(QR_LINE.search(line) for line in window_lines(tmp_path)), 60, "no QR code printed")
        wait_for(lambda: get(f"http://127.0.0.1:{port}/kartenspiele/alive/x") != 0, 60, "the server does not answer")
        # the teacher opens the dashboard with the code, and someone tries a wrong one (both redirected
        # to the password page here: nothing may quote them in the window either way)
        get(f"http://127.0.0.1:{port}/voila/render/notebooks/lehrkraft.ipynb?lehrkraft={CODE}")
        get(f"http://127.0.0.1:{port}/voila/render/notebooks/lehrkraft.ipynb?lehrkraft=falsch9999")
        time.sleep(6)  # a few kernels start meanwhile
        stopped_after = stop_like_a_terminal(process)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    lines = window_lines(tmp_path)
    errors = (tmp_path / "errors.txt").read_text(encoding="utf-8")
    first_qr = next(index for index, line in enumerate(lines) if QR_LINE.search(line))
    teacher = next(index for index, line in enumerate(lines) if CODE in line)
    assert teacher < first_qr - 5 and "NICHT ZEIGEN" in lines[teacher - 1]
    assert not [line for line in lines[max(0, first_qr - 5) :] if CODE in line]
    assert CODE not in errors
    assert stopped_after <= 10.0, f"Ctrl+C took {stopped_after:.1f} s"
    assert "Traceback" not in "\n".join(lines) and "Traceback" not in errors, errors[-2000:]
    assert "ZMQError" not in errors and "KeyboardInterrupt" not in errors
    assert lines[-2:] == ["Der Server wird beendet …", "Der Server ist beendet."]
    # the window: no kernel's or Voilà's own lines; they are in the log file in the data folder
    assert not [line for line in lines if "Kernel started" in line or "[KartenspieleVoila]" in line]
    log = (tmp_path / "data" / "kartenspiele-server.log").read_text(encoding="utf-8")
    assert "Kernel started" in log and CODE not in log
