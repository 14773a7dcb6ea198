""" "Klasse löschen" is final on disk: a class with four pupil pages open (their kernels hold the
SQLite store open) and a planted free-text reason is deleted while `kartenspiele serve` runs.
Within 5 seconds no byte of it (nicknames, the reason, the class's keys) is left in the store's
`.db`, `-wal` or `-shm` file, and none comes back after the server stops by SIGINT or SIGTERM.
Before, the `-wal` file kept every nickname and the reason, also after a clean stop. The class
also has login cards, one used through the server's QR address (the server process then holds
the store open too): no card nickname, card id, salt or secret hash is left either."""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

import pytest

from kartenspiele.classroom.classes.cards import DIGITS, LoginCards
from kartenspiele.classroom.classes.classes import Classes
from kartenspiele.classroom.store.opening import open_store
from tests.e2e.driver import VoilaServer

NICKNAMES = ("Zorblax", "Quirinella", "Fendrikus", "Maulwurfine")
REASON = "Weil-die-Geheimzahl-7731-passt"
SECONDS = 5.0


def store_files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.glob("kartenspiele.db*") if path.is_file()}


def traces(folder: Path, planted: list[str]) -> list[tuple[str, str]]:
    """(file, planted text) for every planted text found in the store's files."""
    return [(name, text) for name, data in store_files(folder).items() for text in planted if text.encode() in data]


def open_page(server: VoilaServer, query: dict[str, str]) -> None:
    url = server.url("lessons/01_teilsummen.ipynb?" + urlencode(query))
    with urllib.request.urlopen(url, timeout=120) as answer:  # the whole page: its kernel ran every cell
        assert answer.status == 200 and b"application/vnd.jupyter.widget-view+json" in answer.read()


@pytest.mark.parametrize(
    "stop", [signal.SIGINT, pytest.param(signal.SIGTERM, marks=pytest.mark.slow)], ids=["SIGINT", "SIGTERM"]
)
def test_a_deleted_class_leaves_no_byte_in_the_store_files(tmp_path, stop):
    folder = tmp_path / "data"
    server = VoilaServer(extra=("--data", str(folder), "--connect-grace", "0"))
    try:
        server.wait_ready()
        classes = Classes(open_store(str(folder)))
        code = classes.open()
        pupils = [classes.join(code, nickname) for nickname in NICKNAMES]
        pages = [
            threading.Thread(
                target=open_page,
                args=(server, {"klasse": code, "spitzname": pupil.nickname, "kind": pupil.token}),
            )
            for pupil in pupils
        ]
        for page in pages:
            page.start()
        for page in pages:
            page.join(150)
        assert len(server.kernels()) == len(NICKNAMES)  # four pupil pages keep the store open
        for pupil in pupils:
            classes.record(pupil, {"kind": "reason", "lesson": "subsets", "exercise": "subsets.cut#1", "text": REASON})
        cards = LoginCards(classes).make(code, ["Kartenkindel", "Geheimlingo"], kind=DIGITS)
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        connection.request("GET", cards[0].path(), headers={"Host": f"127.0.0.1:{server.port}"})
        assert connection.getresponse().status == 302  # in by the QR code: the server opened the store
        connection.close()
        stored = [classes.store.get(f"class/{code}/card/{card.card_id}").value for card in cards]
        card_traces = [*(card.nickname for card in cards), *(card.card_id for card in cards), f"class/{code}/card/"]
        card_traces += [value[part] for value in stored for part in ("salt", "secret", "key")]
        planted = [*NICKNAMES, REASON, f"class/{code}/pupil", *card_traces]
        assert {text for _, text in traces(folder, planted)} == set(planted)  # the scan finds them
        classes.delete(code)
        deleted = time.monotonic()
        while traces(folder, planted) and time.monotonic() - deleted < SECONDS:
            time.sleep(0.2)
        assert traces(folder, planted) == [], "while serving"
        classes.store.close()
        os.kill(server.pid, stop)
        server.process.wait(60)
        assert traces(folder, planted) == [], f"after {stop.name}"
    finally:
        server.stop()
