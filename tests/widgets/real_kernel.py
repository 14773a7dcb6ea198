"""A real kernel for the tests that watch what the kernel itself sends and keeps."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from contextlib import contextmanager

from jupyter_client.blocking import BlockingKernelClient
from jupyter_client.manager import KernelManager, start_new_kernel


@contextmanager
def started_kernel(env: dict[str, str] | None = None) -> Iterator[tuple[KernelManager, BlockingKernelClient]]:
    """A new Python kernel (with `env` added to this process's environment) and its client, shut
    down afterwards."""
    manager, client = start_new_kernel(kernel_name="python3", **({"env": {**os.environ, **env}} if env else {}))
    try:
        yield manager, client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(
    client: BlockingKernelClient,
    code: str,
    expressions: dict[str, str] | None = None,
    timeout: float = 120,
    **options,
) -> dict:
    """Run `code` (it must succeed within `timeout` s) and return the `expressions`, evaluated
    after it, as values."""
    reply = client.execute_interactive(code, user_expressions=expressions or {}, timeout=timeout, **options)
    assert reply["content"]["status"] == "ok", reply["content"]
    found = reply["content"].get("user_expressions", {})
    return {name: ast.literal_eval(value["data"]["text/plain"]) for name, value in found.items()}
