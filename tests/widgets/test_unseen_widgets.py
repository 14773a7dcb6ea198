"""A Voilà page's widgets send nothing until a browser looks (`kernel.unseen_widgets`), in a real
kernel started as Voilà starts one: what the kernel sends, read from its output channel."""

from __future__ import annotations

import time
import uuid

import pytest

from .real_kernel import run, started_kernel

COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")


@pytest.fixture()
def voila_kernel():
    with started_kernel(env={"VOILA_PREHEAT": "False"}) as (_, client):
        run(
            client,
            "import ipywidgets as widgets\nimport kartenspiele.widgets\nfrom kartenspiele.kernel import unseen_widgets",
        )
        yield client


def sent_by(client, code: str) -> list[dict]:
    """The comm messages the kernel sent on its output channel while running `code`."""
    sent: list[dict] = []
    run(client, code, timeout=60, output_hook=sent.append)
    return [m for m in sent if m["msg_type"] in COMM_MESSAGES]


def look(client) -> dict:
    """What a browser's widget manager does when it connects: open the control comm and ask for
    every widget's state; returns the states."""
    control = uuid.uuid4().hex
    for kind, content in (
        ("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}),
        ("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}),
    ):
        client.shell_channel.send(client.session.msg(kind, content, metadata={"version": "1.0.0"}))
    end = time.monotonic() + 30
    while time.monotonic() < end:
        message = client.get_iopub_msg(timeout=30)
        if message["msg_type"] == "comm_msg" and message["content"]["comm_id"] == control:
            return message["content"]["data"]["states"]
    raise AssertionError("the control comm did not answer")


def test_before_a_browser_looks_widgets_send_nothing_and_then_all_they_are(voila_kernel):
    client = voila_kernel
    sent = sent_by(
        client,
        "text = widgets.HTML('erst')\n"
        "box = widgets.VBox([text])\n"
        "text.value = 'fertig'\n"
        "gone = widgets.Button(description='weg')\n"
        "gone.close()\n"
        "out = widgets.Output()\n"
        "ids = (box.model_id, text.model_id)",
    )
    opened = [m["content"]["data"]["state"]["_model_name"] for m in sent if m["msg_type"] == "comm_open"]
    assert opened == ["OutputModel"]  # the notebook client captures output through it
    assert run(client, "", {"quiet": "unseen_widgets.unseen()"})["quiet"] is True
    box_id, text_id = run(client, "", {"ids": "ids"})["ids"]

    states = look(client)
    assert states[text_id]["state"]["value"] == "fertig"
    assert states[box_id]["state"]["children"] == [f"IPY_MODEL_{text_id}"]
    assert not any(state["state"].get("description") == "weg" for state in states.values())

    after = sent_by(client, "text.value = 'neu'\nlater = widgets.Label('später')")
    updates = [(m["content"]["comm_id"], m["content"]["data"]["state"]) for m in after if m["msg_type"] == "comm_msg"]
    assert updates == [(text_id, {"value": "neu"})]
    assert "LabelModel" in [m["content"]["data"]["state"]["_model_name"] for m in after if m["msg_type"] == "comm_open"]
    assert run(client, "", {"quiet": "unseen_widgets.unseen()"})["quiet"] is False


def test_a_browser_reaches_a_widget_built_before_it_looked(voila_kernel):
    client = voila_kernel
    button_id = run(
        client,
        "clicks = []\nbutton = widgets.Button(description='Los')\nbutton.on_click(lambda b: clicks.append(1))",
        {"id": "button.model_id"},
    )["id"]
    assert button_id in look(client)
    client.shell_channel.send(
        client.session.msg(
            "comm_msg", {"comm_id": button_id, "data": {"method": "custom", "content": {"event": "click"}}}
        )
    )
    end = time.monotonic() + 30
    while run(client, "", {"n": "len(clicks)"})["n"] == 0 and time.monotonic() < end:
        time.sleep(0.1)
    assert run(client, "", {"n": "len(clicks)"})["n"] == 1


def test_a_kernel_voila_did_not_start_sends_every_widget_as_ipywidgets_does():
    with started_kernel() as (_, client):
        run(
            client,
            "import ipywidgets as widgets\nimport kartenspiele.widgets\nfrom kartenspiele.kernel import unseen_widgets",
        )
        sent = sent_by(client, "text = widgets.HTML('erst')\ntext.value = 'fertig'")
        opened = [m["content"]["data"]["state"]["_model_name"] for m in sent if m["msg_type"] == "comm_open"]
        assert opened == ["LayoutModel", "HTMLStyleModel", "HTMLModel"]
        assert [m["content"]["data"]["state"] for m in sent if m["msg_type"] == "comm_msg"] == [{"value": "fertig"}]
        assert run(client, "", {"quiet": "unseen_widgets.unseen()"})["quiet"] is False
