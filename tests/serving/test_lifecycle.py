"""Kernels die with their server and stay under their memory bound (`kernel/guard.py`); a new
server ends only the kernels an earlier, dead server left (`serving/lifecycle.py`)."""

import json
import os
import subprocess
import sys
import time

import psutil
import pytest

from kartenspiele.serving.kernel_manager import GUARD
from kartenspiele.serving.lifecycle import KernelRecord, reap, start_time

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal and /proc: Linux")
MIB = 1024 * 1024


def gone(pid: int, timeout: float) -> bool:
    """Whether process `pid` ends (or is a zombie) within `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.1)
    return False


def guarded(limit: int, *command: str, server: int | None = None) -> list[str]:
    return [sys.executable, "-I", "-S", GUARD, str(server or os.getpid()), str(limit), "--", *command]


def test_a_guarded_process_dies_with_its_parent_even_by_sigkill():
    """A 'server' that starts a guarded child and is then killed with SIGKILL takes the child
    along; an unguarded child of the same server lives on (what the kernels did before)."""
    server_code = (
        "import os, subprocess, sys, time\n"
        "sleep = [sys.executable, '-c', 'import time; time.sleep(120)']\n"
        f"guard = [sys.executable, '-I', '-S', {GUARD!r}, str(os.getpid()), '0', '--']\n"
        "a = subprocess.Popen(guard + sleep); b = subprocess.Popen(sleep)\n"
        "print(a.pid, b.pid, flush=True); time.sleep(120)\n"
    )
    server = subprocess.Popen([sys.executable, "-c", server_code], stdout=subprocess.PIPE, text=True)
    guarded_pid, plain_pid = map(int, server.stdout.readline().split())
    try:
        time.sleep(0.5)  # the guard has become the sleeping child (same process number)
        assert "time.sleep(120)" in " ".join(psutil.Process(guarded_pid).cmdline())
        server.kill()
        server.wait()
        assert gone(guarded_pid, 3)
        assert not gone(plain_pid, 1)
    finally:
        for pid in (guarded_pid, plain_pid):
            try:
                psutil.Process(pid).kill()
            except psutil.NoSuchProcess:
                pass


def test_a_guard_whose_server_is_already_gone_does_not_start_the_kernel():
    dead, _ = dead_process()  # a server that has ended
    ran = subprocess.run(
        guarded(0, sys.executable, "-c", "print('started')", server=dead), capture_output=True, text=True
    )
    assert ran.returncode == 1 and "started" not in ran.stdout


def test_memory_past_the_bound_fails_and_under_it_works():
    allocate = "b = bytearray(256 * 1024 * 1024); b[-1] = 1; print('allocated')"
    bounded = subprocess.run(guarded(128 * MIB, sys.executable, "-c", allocate), capture_output=True, text=True)
    assert bounded.returncode != 0 and "MemoryError" in bounded.stderr and "allocated" not in bounded.stdout
    free = subprocess.run(guarded(0, sys.executable, "-c", allocate), capture_output=True, text=True)
    assert free.returncode == 0 and "allocated" in free.stdout


def test_the_guard_refuses_a_command_line_without_its_separator():
    ran = subprocess.run([sys.executable, "-I", "-S", GUARD, "1", "0", "python"], capture_output=True, text=True)
    assert ran.returncode != 0 and "usage" in ran.stderr


def sleeper(*marker: str) -> subprocess.Popen:
    """A process that sleeps; `marker` words end up in its command line."""
    return subprocess.Popen([sys.executable, "-c", "import time, sys; time.sleep(120)", *marker])


def dead_process() -> tuple[int, int | None]:
    process = sleeper()
    noted = (process.pid, start_time(process.pid))
    process.kill()
    process.wait()
    return noted


def test_reap_ends_only_the_noted_kernels_of_a_dead_server(tmp_path):
    """Ended: a noted kernel that still runs. Spared: a process with a noted kernel's number
    but another start time (a reused number), and a noted process that runs no kernel."""
    kernel, reused, stranger = sleeper("ipykernel_launcher"), sleeper("ipykernel_launcher"), sleeper()
    try:
        note = {
            "server": list(dead_process()),
            "kernels": [
                [kernel.pid, start_time(kernel.pid)],
                [reused.pid, start_time(reused.pid) - 1],
                [stranger.pid, start_time(stranger.pid)],
                list(dead_process()),
            ],
        }
        record = tmp_path / "kartenspiele-kernels.json"
        record.write_text(json.dumps(note))
        assert reap(record) == 1
        assert gone(kernel.pid, 3)
        assert reused.poll() is None and stranger.poll() is None
    finally:
        for process in (kernel, reused, stranger):
            process.kill()
            process.wait()


def test_reap_spares_the_kernels_of_a_server_that_still_runs(tmp_path):
    server, kernel = sleeper(), sleeper("ipykernel_launcher")
    try:
        record = KernelRecord(tmp_path / "kartenspiele-kernels.json", server=(server.pid, start_time(server.pid)))
        record.add(kernel.pid)
        assert reap(record.path) == 0 and kernel.poll() is None
        server.kill()
        server.wait()
        assert reap(record.path) == 1 and gone(kernel.pid, 3)
    finally:
        for process in (server, kernel):
            process.kill()
            process.wait()


def test_the_record_forgets_ended_kernels_and_reap_reads_damaged_files_as_empty(tmp_path):
    record = KernelRecord(tmp_path / "kartenspiele-kernels.json")
    ended = dead_process()
    record.kernels.append(ended)
    living = sleeper()
    try:
        record.add(living.pid)
        assert [pid for pid, _ in json.loads(record.path.read_text())["kernels"]] == [living.pid]
    finally:
        living.kill()
        living.wait()
    for damaged in ("", "{", '{"server": 5}', '{"server": [1, 2], "kernels": [["x"]]}', "[]"):
        record.path.write_text(damaged)
        assert reap(record.path) == 0
    assert reap(tmp_path / "missing.json") == 0
