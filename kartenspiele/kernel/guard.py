"""Run before each kernel of `kartenspiele serve`, in the kernel's own process: bind the kernel
to its server and bound its memory, then become the kernel (`exec`, the process number stays).

    python -I -S guard.py SERVER_PID MEMORY_BYTES -- KERNEL ARGV...

- On Linux the kernel gets SIGKILL when its server dies (`prctl(PR_SET_PDEATHSIG)`), even a
  server killed with SIGKILL: no kernel lives on, holding memory and a seat that looks taken.
  A server that died before this line ran is noticed too (the parent is no longer `SERVER_PID`).
- `MEMORY_BYTES` (0: no bound) bounds the kernel's data (`RLIMIT_DATA`: heap and private
  mappings, what a computation allocates): an allocation past it fails with `MemoryError`, and
  the kernel then ends itself (`memory_limit`), so one page cannot take the server's memory.

Run as a script, not as a module of the package: it imports only the standard library, so it
adds about 20 ms to a kernel's start.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with(server_pid: int) -> None:
    """Ask Linux to kill this process when its parent dies; exit at once if it has already."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != server_pid:  # the server died before the line above
        os._exit(1)


def bound_memory(limit: int) -> None:
    """Bound the data this process (and the kernel it becomes) may allocate to `limit` bytes."""
    if limit <= 0:
        return
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def main(argv: list[str]) -> None:
    """`SERVER_PID MEMORY_BYTES -- ARGV...`: guard, then exec ARGV."""
    server_pid, limit, separator, *command = argv
    if separator != "--" or not command:
        raise SystemExit("usage: guard.py SERVER_PID MEMORY_BYTES -- KERNEL ARGV...")
    die_with(int(server_pid))
    bound_memory(int(limit))
    os.execv(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
