"""Teacher codes share the class password's limits, checked by the server before a page's kernel
runs: 50 wrong codes sent at once by one device are all refused (5 compared, the rest "Zu viele
Versuche") and start no kernel; the right code from another device still opens the dashboard."""

from __future__ import annotations

import http.client
from concurrent.futures import ThreadPoolExecutor
from email.message import Message

from tests.e2e.driver import TEACHER_CODE, VoilaServer

GUESSES = 50
DASHBOARD = "/voila/render/notebooks/lehrkraft.ipynb?lehrkraft="


def ask(port: int, code: str, source: str, path: str = DASHBOARD, cookie: str = "") -> tuple[int, str, Message]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
    try:
        headers = {"Host": f"127.0.0.1:{port}", **({"Cookie": cookie} if cookie else {})}
        connection.request("GET", path + code, headers=headers)
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace"), answer.msg
    finally:
        connection.close()


def test_fifty_wrong_teacher_codes_at_once_start_no_kernel_and_the_right_one_still_works():
    server = VoilaServer(teacher_code=TEACHER_CODE)
    try:
        server.wait_ready()
        with ThreadPoolExecutor(GUESSES) as pool:
            answers = list(pool.map(lambda n: ask(server.port, f"falsch{n:04}", "127.0.0.1"), range(GUESSES)))
        statuses = [status for status, _, _ in answers]
        assert statuses.count(401) + statuses.count(429) == GUESSES, statuses
        assert statuses.count(429) >= 40  # refused before any comparison
        assert any("Lehrkraft-Code stimmt nicht" in body for _, body, _ in answers)
        assert server.kernels() == []  # no page's kernel ran for any of them
        status, _, headers = ask(server.port, TEACHER_CODE, "127.0.0.2")  # another device
        assert status == 302 and headers["Location"] == "/voila/render/notebooks/lehrkraft.ipynb"  # no code in it
        given = [value for value in headers.get_all("Set-Cookie") if value.startswith("kartenspiele-teacher=")]
        assert len(given) == 1 and "httponly" in given[0].lower()
        cookie = "; ".join(value.split(";")[0] for value in headers.get_all("Set-Cookie"))
        status, body, _ = ask(server.port, "", "127.0.0.2", headers["Location"], cookie)
        assert status == 200 and "kernelId" in body
        assert len(server.kernels()) == 1
    finally:
        server.stop()
