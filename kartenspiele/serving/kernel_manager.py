"""Jupyter's kernel manager for `kartenspiele serve`: each kernel starts through
`kartenspiele/kernel/guard.py` (it dies with the server, its memory is bounded and it knows
the bound) and is noted in the server's `KernelRecord` (`lifecycle`). What a kernel prints (its
start-up lines, a traceback as the server stops) goes to the server's log file, not its window.

The guard needs POSIX (`resource`, and on Linux `prctl`); elsewhere (Windows) a kernel starts as
Jupyter starts it (`guard_available`)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
from traitlets import Integer, Unicode

from ..kernel.memory_limit import ENVIRONMENT as MEMORY_ENVIRONMENT
from .lifecycle import KernelRecord

GUARD = str(Path(__file__).resolve().parent.parent / "kernel" / "guard.py")
"""Run as a script in the kernel's process, never imported here: it needs POSIX's `resource`."""


def guard_available() -> bool:
    """Whether kernels can start through the guard: a POSIX system (its signals) with the
    `resource` module."""
    if os.name != "posix" or not hasattr(signal, "SIGKILL"):
        return False
    try:
        import resource  # noqa: F401 — only asked whether it exists
    except ImportError:
        return False
    return True


class GuardedKernelManager(ServerKernelManager):
    """Jupyter's kernel manager whose kernels start through `guard` (they die with the server,
    their memory is bounded) and are noted in the `KernelRecord`."""

    memory_limit = Integer(0, help="bytes of data a kernel may allocate (0: no bound)").tag(config=True)
    record_path = Unicode("", help="the file noting this server's kernels ('': none)").tag(config=True)
    output_path = Unicode("", help="the file a kernel's output goes to ('': the server's own)").tag(config=True)

    records: dict[str, KernelRecord] = {}
    """One record per file, shared by all kernel managers of the server."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        command = super().format_kernel_cmd(extra_arguments)
        if not guard_available():  # no `resource` module, no parent-death signal
            return command
        return [sys.executable, "-I", "-S", GUARD, str(os.getpid()), str(self.memory_limit), "--", *command]

    async def _async_pre_start_kernel(self, **kw):
        if self.memory_limit > 0:  # the kernel learns its bound (it ends itself at MemoryError)
            kw["env"] = {**(kw.get("env") or os.environ), MEMORY_ENVIRONMENT: str(self.memory_limit)}
        return await super()._async_pre_start_kernel(**kw)

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw) -> None:
        if self.output_path:
            with open(self.output_path, "ab") as output:  # the kernel keeps its own copy of the file
                await super()._async_launch_kernel(kernel_cmd, **{**kw, "stdout": output, "stderr": output})
        else:
            await super()._async_launch_kernel(kernel_cmd, **kw)
        pid = getattr(self.provisioner, "pid", None)
        if self.record_path and pid:
            path = Path(self.record_path)
            self.records.setdefault(str(path), KernelRecord(path)).add(pid)
