"""The nginx example of `docs/serving.md`, run as it is printed there by Debian's nginx on loopback
ports in front of `kartenspiele serve --trusted-proxy 127.0.0.1` (only its TLS lines give way to
plain http on a free port). Two pupils on two loopback addresses: one types five wrong passwords
and then the right one, which the server makes wait (her device is counted as hers); the other's
right password goes in at once. With the login location's headers as they were (only `Host`), the
first pupil's tries named no device and the second one's password waited with hers."""

from __future__ import annotations

import http.client
import shutil
import signal
import subprocess
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.e2e.driver import ROOT, VoilaServer, free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PASSWORD = "Dachs7373"
HOST = "spiele.schule.example"

pytestmark = pytest.mark.skipif(
    not Path(NGINX).exists(), reason=f"Debian's nginx is not installed at {NGINX} (make system-packages installs it)"
)


def documented_config() -> str:
    """The nginx example of docs/serving.md, from its `map` to the server's closing brace."""
    text = (ROOT / "docs" / "serving.md").read_text(encoding="utf-8")
    start = text.index("    # at most 10 password tries")
    lines = []
    for line in text[start:].splitlines():  # the indented block, up to the next paragraph
        if line and not line.startswith("    "):
            break
        lines.append(line[4:])
    return "\n".join(lines)


def nginx_config(folder: Path, port: int, upstream: int) -> Path:
    example = documented_config()
    assert "listen 443 ssl;" in example and "127.0.0.1:8866" in example
    example = example.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    example = "\n".join(line for line in example.splitlines() if "ssl_certificate" not in line)
    example = example.replace("127.0.0.1:8866", f"127.0.0.1:{upstream}")
    temporary = "\n".join(
        f"    {kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = folder / "nginx.conf"
    config.write_text(
        f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
        f"http {{\n    access_log off;\n{temporary}\n{example}\n}}\n",
        encoding="utf-8",
    )
    return config


class Pupil:
    """One browser on its own loopback address, talking to nginx."""

    def __init__(self, port: int, address: str) -> None:
        self.port = port
        self.address = address
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: str | None = None) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.address, 0))
        headers = {"Host": HOST, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            for name, value in answer.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            return answer.status, answer.read().decode("utf-8", "replace")
        finally:
            connection.close()

    def log_in(self, password: str) -> tuple[int, str]:
        if "_xsrf" not in self.cookies:
            status, _ = self.send("GET", "/kartenspiele/login")
            assert status == 200 and "_xsrf" in self.cookies
        form = urlencode({"_xsrf": self.cookies["_xsrf"], "password": password, "next": "/"})
        return self.send("POST", "/kartenspiele/login", form)


def test_one_pupils_wrong_passwords_do_not_delay_anothers_right_one(tmp_path):
    server = VoilaServer(extra=("--password", PASSWORD, "--name", HOST, "--trusted-proxy", "127.0.0.1"))
    port, proxy = free_port(), None
    try:  # every process started here is stopped below, whatever fails
        config = nginx_config(tmp_path, port, server.port)
        command = [NGINX, "-p", str(tmp_path), "-c", str(config), "-e", str(tmp_path / "e.log")]
        proxy = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        server.wait_ready()
        ana, ben = Pupil(port, "127.0.0.2"), Pupil(port, "127.0.0.3")
        for _ in range(50):  # nginx is up once it answers
            try:
                ana.send("GET", "/kartenspiele/login")
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(5):
            assert ana.log_in("falsch-geraten")[0] == 401
        status, page = ana.log_in(PASSWORD)
        assert status == 429 and "Zu viele Versuche" in page  # the server holds her device, not nginx
        started = time.monotonic()
        status, _ = ben.log_in(PASSWORD)
        assert status == 302 and time.monotonic() - started < 3.0  # no wait for Ben
        assert ben.cookies.get("kartenspiele-class")
    finally:
        if proxy is not None and proxy.poll() is None:
            proxy.send_signal(signal.SIGTERM)
            proxy.wait(20)
        server.stop()
