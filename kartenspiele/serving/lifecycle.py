"""Kernels die with their server, and a new server ends the kernels an earlier one left.

Every kernel of `kartenspiele serve` starts through `kartenspiele/kernel/guard.py`
(`kernel_manager.GuardedKernelManager`): on Linux it is killed when the server dies, even by SIGKILL, and its
memory is bounded (`--kernel-memory`). Each kernel's process number and start time are also
noted in `kartenspiele-kernels.json` in the data folder (`KernelRecord`). A server starting on
the same data folder ends the kernels noted there that still run (`reap`): the same process
number *and* start time, so a process that merely got a reused number is never touched. It
leaves them alone while the server that noted them still runs. Processes are looked at through
`psutil`, which works alike on Linux, macOS and Windows (no `/proc`, no POSIX signal).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from ..classroom.store.data_folder import sqlite_path
from ..classroom.store.opening import default_data_folder

RECORD_NAME = "kartenspiele-kernels.json"
MIB = 1024 * 1024
DEFAULT_MEMORY_MIB = 1024
"""A kernel's memory bound (`--kernel-memory`), in MiB: a game page's kernel holds about 150 MB of data."""


def record_file(store_url: str) -> Path:
    """Where the server notes its kernels: in the SQLite store's folder, else (Redis) in the
    default data folder."""
    path = sqlite_path(store_url)
    folder = path.parent if path is not None else default_data_folder()
    return folder / RECORD_NAME


def start_time(pid: int) -> float | None:
    """When process `pid` started (seconds since the epoch, as the system tells it); None if it
    does not run or this system cannot tell."""
    try:
        return psutil.Process(pid).create_time()
    except (psutil.Error, OSError, ValueError):
        return None


def is_kernel(pid: int) -> bool:
    """Whether process `pid` runs an IPython kernel."""
    try:
        return any("ipykernel" in part for part in psutil.Process(pid).cmdline())
    except (psutil.Error, OSError):
        return False


@dataclass
class KernelRecord:
    """The kernels this server started, noted in `path` as they start (written whole each time)."""

    path: Path
    server: tuple[int, float | None] = field(default_factory=lambda: (os.getpid(), start_time(os.getpid())))
    kernels: list[tuple[int, float | None]] = field(default_factory=list)

    def add(self, pid: int) -> None:
        """Note kernel `pid` (and forget noted kernels that have ended)."""
        self.kernels = [(known, since) for known, since in self.kernels if start_time(known) == since]
        self.kernels.append((pid, start_time(pid)))
        self.write()

    def write(self) -> None:
        note = {"server": list(self.server), "kernels": [list(kernel) for kernel in self.kernels]}
        temporary = self.path.with_name(self.path.name + ".new")
        try:
            temporary.write_text(json.dumps(note) + "\n", encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            pass  # a read-only folder: the kernels still die with the server (guard)


def reap(path: Path) -> int:
    """End the kernels noted in `path` by an earlier server that no longer runs and that still
    run (same process number and start time); returns how many were ended."""
    try:
        note = json.loads(path.read_text(encoding="utf-8"))
        server_pid, server_start = note["server"]
        kernels = [(int(pid), since) for pid, since in note["kernels"]]
    except (OSError, ValueError, KeyError, TypeError):
        return 0
    if server_pid != os.getpid() and server_start is not None and start_time(server_pid) == server_start:
        return 0  # that server still runs: its kernels are its own
    ended = 0
    for pid, since in kernels:
        if since is not None and start_time(pid) == since and is_kernel(pid):
            try:
                psutil.Process(pid).kill()  # SIGKILL on POSIX, TerminateProcess on Windows
                ended += 1
            except (psutil.Error, OSError):
                continue
    return ended
