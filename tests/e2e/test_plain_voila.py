"""Plain Voilà, as its documentation tells users, from the repository's root: `voila
notebooks/quanto.ipynb` reads the root's `voila.json`, which must name no template that only
`kartenspiele serve` (or Binder's postBuild) makes findable; the page shows its table."""

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from .driver import LOAD_TIMEOUT_MS, ROOT, free_port

pytestmark = pytest.mark.browser


def stop(process: subprocess.Popen) -> None:
    """Stop Voilà by its process id, then its kernels by theirs."""
    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    for child in children:
        try:
            child.kill()
        except psutil.NoSuchProcess:
            pass


def test_plain_voila_from_the_repository_root_renders_the_table(page, tmp_path: Path):
    port = free_port()
    voila = Path(sys.executable).parent / "voila"
    log_path = tmp_path / "voila.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(voila), "notebooks/quanto.ipynb", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            end = time.monotonic() + 90
            while True:
                assert process.poll() is None, log_path.read_text()[-2000:]
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=5):
                        break
                except urllib.error.HTTPError:
                    break
                except OSError:
                    assert time.monotonic() < end, "Voila did not answer within 90 s"
                    time.sleep(0.5)
            page.goto(f"http://127.0.0.1:{port}/", timeout=LOAD_TIMEOUT_MS)
            page.wait_for_selector(".ks-table", timeout=LOAD_TIMEOUT_MS)
            assert page.locator(".ks-setup").count() == 1  # the new-game panel of the Quanto table
            assert "TemplateNotFound" not in log_path.read_text()
        finally:
            stop(process)
