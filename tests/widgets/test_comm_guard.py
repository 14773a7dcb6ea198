"""A browser may not build widgets in its page's kernel (`kernel.comm_guard`): a real kernel that
imported the package gets `comm_open`s of the target `jupyter.widget` as a page's console sends
them (12 of 9 MB each). They are refused and logged, no widget is made, and the kernel grows by
at most 20 MB once the burst is over (before the guard: 44 → 190 MB; before the refused message
was emptied in place: +17 to +53 MB, as many 9 MB messages as were still held when the allocator
trimmed; now +8 MB); the comms a Voilà page needs still work."""

from __future__ import annotations

import time
import uuid

import psutil
import pytest

from .real_kernel import run, started_kernel

MESSAGES = 12
MESSAGE_BYTES = 9 * 1024 * 1024
GROWTH_LIMIT = 20 * 1024 * 1024
TRIM_WAIT = 10.0

SETUP = """
import logging
import kartenspiele.widgets
from ipywidgets.widgets.widget import _instances
refused = []
class Keep(logging.Handler):
    def emit(self, record):
        refused.append(record.getMessage())
logging.getLogger("kartenspiele.kernel.comm_guard").addHandler(Keep())
"""


def widget_open(client, payload: str) -> str:
    comm_id = uuid.uuid4().hex
    state = {
        "_model_module": "@jupyter-widgets/controls",
        "_model_module_version": "2.0.0",
        "_model_name": "HTMLModel",
        "_view_module": "@jupyter-widgets/controls",
        "_view_module_version": "2.0.0",
        "_view_name": "HTMLView",
        "value": payload,
    }
    message = client.session.msg(
        "comm_open",
        {"comm_id": comm_id, "target_name": "jupyter.widget", "data": {"state": state, "buffer_paths": []}},
        metadata={"version": "2.1.0"},
    )
    client.shell_channel.send(message)
    return comm_id


def uss(process: psutil.Process) -> int:
    return process.memory_full_info().uss


def given_back(process: psutil.Process, start: int) -> int:
    """The kernel's growth once it has given memory back: it trims half a second after the last
    refusal, which a busy machine (CI with two workers) delays; waits at most `TRIM_WAIT` s."""
    end = time.monotonic() + TRIM_WAIT
    while True:
        time.sleep(0.25)
        grown = uss(process) - start
        if grown <= GROWTH_LIMIT or time.monotonic() > end:
            return grown


@pytest.fixture
def kernel():
    with started_kernel() as started:
        yield started


def test_widgets_opened_by_the_browser_are_refused_and_cost_no_memory(kernel):
    manager, client = kernel
    run(client, SETUP)
    process = psutil.Process(manager.provisioner.process.pid)
    before = run(client, "pass", {"widgets": "len(_instances)"})["widgets"]
    start = uss(process)
    payload = "x" * MESSAGE_BYTES
    started = time.monotonic()
    for _ in range(MESSAGES):
        widget_open(client, payload)
    after = run(client, "import gc; gc.collect()", {"widgets": "len(_instances)", "refused": "refused"})
    grown = given_back(process, start)
    print(
        f"{MESSAGES} x 9 MB widget opens: kernel grew by {grown / 2**20:.1f} MB in {time.monotonic() - started:.1f} s"
    )
    assert after["widgets"] == before  # nothing was built
    assert len(after["refused"]) == MESSAGES and "HTMLModel" in after["refused"][0]
    assert grown <= GROWTH_LIMIT
    # what a Voilà page opens itself still answers: the control comm gives every widget's state
    made = run(client, "import ipywidgets; box = ipywidgets.HTML('da')", {"id": "box.model_id"})["id"]
    control = uuid.uuid4().hex
    client.shell_channel.send(
        client.session.msg(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            metadata={"version": "1.0.0"},
        )
    )
    client.shell_channel.send(
        client.session.msg(
            "comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, metadata={"version": "1.0.0"}
        )
    )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        message = client.get_iopub_msg(timeout=30)
        if message["msg_type"] == "comm_msg" and message["content"]["comm_id"] == control:
            assert made in message["content"]["data"]["states"]
            break
    else:
        raise AssertionError("the control comm did not answer")
