"""Login cards through a real `kartenspiele serve` with a class password (SQLite store): the QR
address lets a fresh device in as the pupil without the password; the typed form stays behind
the password; wrong secrets and keys share the password's budgets (per device, and the password
itself waits once a device has used them up); another device is not touched."""

from __future__ import annotations

import http.client
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from kartenspiele.classroom.classes.cards import LoginCards
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store
from tests.e2e.driver import VoilaServer

PASSWORD = "Dachs7373"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('store') / 'store.db'}"
    served = VoilaServer(env={"KARTENSPIELE_STORE": url}, extra=("--password", PASSWORD, "--login-tries", "3"))
    served.store_url = url
    try:
        served.wait_ready()
        yield served
    finally:
        served.stop()


class Device:
    """One device (a loopback address of its own) with its cookies."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.address, 0))
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode({**form, "_xsrf": self.cookies.get("_xsrf", "")})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        answer.text = answer.read().decode("utf-8", "replace")
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";")[0]
        connection.close()
        return answer

    def log_in(self) -> None:
        self.request("GET", "/kartenspiele/login")
        assert self.request("POST", "/kartenspiele/login", {"password": PASSWORD, "next": "/"}).status == 302


def test_cards_let_pupils_in_and_wrong_ones_share_the_passwords_limits(server):
    classes = Classes(open_store(server.store_url))
    code = classes.open()
    mia, ben = LoginCards(classes).make(code, ["Mia", "Ben"], kind="digits")
    tablet = Device(server.port, "127.0.0.2")
    answer = tablet.request("GET", mia.path())  # the QR code, on a tablet that never typed the password
    assert answer.status == 302
    target = urlsplit(answer.headers["Location"])
    assert target.path == "/voila/render/notebooks/start.ipynb"
    asked = {name: values[0] for name, values in parse_qs(target.query).items()}
    assert (asked["klasse"], asked["spitzname"]) == (code, "Mia")
    assert classes.resume(code, "Mia", asked["kind"]).nickname == "Mia"  # a token of her own
    assert "kartenspiele-class" in tablet.cookies  # and the class cookie: no password page
    assert tablet.request("GET", "/voila/render/notebooks/start.ipynb?" + target.query).status == 200

    laptop = Device(server.port, "127.0.0.3")
    assert laptop.request("GET", "/kartenspiele/karte").status == 302  # the form: behind the password
    laptop.log_in()
    assert "Geheimwort" in laptop.request("GET", "/kartenspiele/karte").text
    wrong = "1234" if mia.secret != "1234" else "4321"
    statuses = [
        laptop.request("POST", "/kartenspiele/karte", {"spitzname": "Mia", "geheim": wrong}).status for _ in range(3)
    ]
    assert statuses == [401, 401, 401]
    locked = laptop.request("POST", "/kartenspiele/karte", {"spitzname": "Mia", "geheim": mia.secret})
    assert locked.status == 429 and int(locked.headers["Retry-After"]) >= 1  # the right one waits too
    assert "Zu viele Versuche" in locked.text
    password = laptop.request("POST", "/kartenspiele/login", {"password": PASSWORD, "next": "/"})
    assert password.status == 429  # one budget: the password waits as well
    assert laptop.request("GET", f"/kartenspiele/karte/{code}/{mia.card_id}/{'x' * 22}").status == 429

    phone = Device(server.port, "127.0.0.4")  # another device is not held up
    wrong_key = phone.request("GET", f"/kartenspiele/karte/{code}/{mia.card_id}/{'x' * 22}")
    assert wrong_key.status == 401 and "gilt nicht mehr" in wrong_key.text and "kartenspiele-class" not in phone.cookies
    phone.log_in()
    come_back = phone.request(
        "POST",
        "/kartenspiele/karte",
        {"spitzname": "ben", "geheim": f" {ben.secret} ", "next": "/voila/render/lessons/01_teilsummen.ipynb?lang=en"},
    )
    assert come_back.status == 302
    target = urlsplit(come_back.headers["Location"])
    assert target.path == "/voila/render/lessons/01_teilsummen.ipynb"
    asked = parse_qs(target.query)
    assert asked["lang"] == ["en"] and asked["spitzname"] == ["Ben"]
    outside = phone.request(
        "POST", "/kartenspiele/karte", {"spitzname": "Ben", "geheim": ben.secret, "next": "https://example.org/"}
    )
    assert urlsplit(outside.headers["Location"]).netloc == ""  # no way out to another site
    assert re.search(r"^/voila/render/notebooks/start\.ipynb\?", outside.headers["Location"])
    assert [nick for nick in classes.pupils(code)] == ["Mia", "Ben"]
