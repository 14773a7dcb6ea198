"""The JupyterHub store service, attacked with pupils' real hub tokens: a real hub with the
shipped settings, the service it starts, and Redis with a password only the service knows."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
import redis

from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.people import hub_role
from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.interface import StoreRefusedError, StoreUnavailableError
from kartenspiele.classroom.store.service_store import ServiceStore
from tests.classroom.conftest import SERVICE_REDIS_PASSWORD
from tests.hub_server import TEACHER


@pytest.fixture
def hub(store_hub):
    hub, server = store_hub
    redis.Redis.from_url(server.url(0)).flushdb()
    return hub


def stores(hub, *names):
    return [ServiceStore(hub.store_url(), hub.user_token(name)) for name in names]


def test_redis_refuses_a_client_without_the_password(store_hub):
    _, server = store_hub
    with pytest.raises(redis.exceptions.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=server.port).keys("*")
    with pytest.raises(redis.exceptions.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=server.port, password="kartenspiele").get("kartenspiele:documents")


def test_a_pupils_token_cannot_read_or_change_another_class_through_the_service(hub):
    teacher, ana, cem = stores(hub, TEACHER, "ana", "cem")
    Classes(teacher).open("AAAAA"), Classes(teacher).open("BBBBB")
    Classes(ana).join("AAAAA", "Ana")
    joined = Classes(cem).join("BBBBB", "Cem")
    Classes(cem).record(joined, {"kind": "answer", "right": True})
    for attack in (
        lambda: ana.get("class/BBBBB/pupil/cem"),
        lambda: ana.read("class/BBBBB/pupil/cem/log"),
        lambda: ana.append("class/BBBBB/pupil/cem/log", 2, {"kind": "answer", "right": False}),
        lambda: ana.delete_log("class/BBBBB/pupil/cem/log"),
        lambda: ana.delete("class/BBBBB"),
        lambda: ana.keys(""),
        lambda: ana.logs("class/"),
    ):
        with pytest.raises(StoreRefusedError) as refused:
            attack()
        assert "Speicher" in refused.value.message("de")
    assert [entry["right"] for _, entry in Classes(teacher).entries("BBBBB", "Cem")] == [True]
    assert Classes(teacher).pupils("AAAAA") == ["Ana"] and Classes(teacher).codes() == ["AAAAA", "BBBBB"]


def test_pupils_play_a_room_through_the_service(hub):
    ana, ben = stores(hub, "ana", "ben")
    room, _, _ = Rooms(ana).open("quanto", 2, ["open"], "Ana")
    Rooms(ben).join(room.code, "Ben")
    assert [seat.name for seat in Rooms(ana).load(room.code).seats] == ["Ana", "Ben"]


def call(hub, token: str | None, body: dict) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json", **({"Authorization": f"token {token}"} if token else {})}
    request = urllib.request.Request(
        hub.service_url + "/services/kartenspiele-store/store", json.dumps(body).encode(), headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def test_no_token_a_made_up_one_or_one_without_the_service_scope_is_refused(hub):
    teacher = stores(hub, TEACHER)[0]
    room, _, _ = Rooms(teacher).open("quanto", 2, ["open"], "Frau Berg")  # a real room: the sweep keeps it
    key = f"room/{room.code}"
    narrow = hub.api(f"/users/{TEACHER}/tokens", "POST", {"scopes": ["read:users:name!user"]})["token"]
    for token in (None, "", "0" * 32, narrow, hub.token):  # hub.token: a service's, not a user's
        status, body = call(hub, token, {"op": "get", "key": key})
        assert status == 403 and body["error"]["kind"] == "StoreRefusedError", token
    status, body = call(hub, hub.user_token("ana"), {"op": "get", "key": key})
    found = teacher.get(key)
    assert status == 200 and body["result"] == {"value": found.value, "version": found.version}
    for bad in ({"op": "eval", "key": "x"}, {"op": "get", "key": 5}, {"op": "read", "log": "room/x", "since": "1"}):
        assert call(hub, hub.user_token("ana"), bad)[0] == 400


def test_the_service_never_tells_the_stores_address_or_password(store_hub):
    hub, server = store_hub
    ana = stores(hub, "ana")[0]
    server.stop()
    try:
        with pytest.raises(StoreUnavailableError) as down:
            ana.get("room/ABCD")
    finally:
        server.start()
    said = down.value.message("en") + json.dumps(down.value.params, default=str)
    assert SERVICE_REDIS_PASSWORD not in said and server.url(0) not in said
    assert down.value.params["url"] == hub.store_url()


def test_the_hub_names_the_teacher_to_a_kernel(hub, monkeypatch):
    """`roles.hub_teacher` with a real server token's scopes: the teacher's says yes, a pupil's no."""
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.base + "/hub/api")
    for name, expected in ((TEACHER, True), ("ana", False)):
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", hub.user_token(name))
        assert hub_role.hub_teacher() is expected
