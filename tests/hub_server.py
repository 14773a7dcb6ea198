"""JupyterHub with the shipped settings (deploy/jupyterhub/jupyterhub_config.py) on loopback for
tests: configurable-http-proxy from `.venv/node`, the dummy login, the local spawner, the store
service over a given store, a teacher in the `teachers` group, and a test service whose token
may manage users and make their tokens. Started with a known PID and stopped by it (then
whatever it started, by PID)."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy" / "jupyterhub"
CHP = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
BIN = Path(sys.executable).parent
PASSWORD = "Klasse7b"
TEACHER = "frau-berg"
STORE_SERVICE = "kartenspiele-store"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def hub_config(tmp: Path, port: int, token: str, users: tuple[str, ...], extra: str = "") -> Path:
    """The shipped settings plus only what a test on loopback needs."""
    config = tmp / "test_config.py"
    config.write_text(f"""
c = get_config()
load_subconfig({str(DEPLOY / "jupyterhub_config.py")!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
c.ConfigurableHTTPProxy.pid_file = {str(tmp / "proxy.pid")!r}
c.JupyterHub.db_url = "sqlite:///{tmp / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(tmp / "cookie_secret")!r}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allowed_users = {set(users) | {TEACHER}!r}
c.JupyterHub.load_groups = {{"teachers": {{"users": [{TEACHER!r}]}}}}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp / "home" / "{username}")!r}
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = ["--ServerApp.port_retries=0", "--allow-root"]  # the test machine runs as root
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "scopes": ["admin:users", "admin:servers", "list:users", "tokens"],
                                "services": ["test-admin"]}})
{extra}
""")
    return config


@dataclass
class Hub:
    """A running hub: its address, the test service's token and the hub process."""

    base: str
    token: str
    process: subprocess.Popen
    service_url: str

    def api(self, path: str, method: str = "GET", body: object = None, token: str | None = None):
        request = urllib.request.Request(
            f"{self.base}/hub/api{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {token or self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")

    def user_token(self, name: str) -> str:
        """A token of `name` with the scopes a pupil's (or teacher's) server token has."""
        scopes = ["access:services!service=" + STORE_SERVICE, f"read:users:groups!user={name}"]
        return self.api(f"/users/{name}/tokens", "POST", {"scopes": scopes, "expires_in": 3600})["token"]

    def store_url(self) -> str:
        """The address pupils' servers get for the store (the service's, no password)."""
        return f"service+{self.service_url}/services/{STORE_SERVICE}/"


def wait_for_service(url: str, hub: subprocess.Popen, end: float) -> None:
    """Until the store service answers (any HTTP status: it listens)."""
    while True:
        try:
            urllib.request.urlopen(urllib.request.Request(url, method="POST", data=b"{}"), timeout=5)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            assert hub.poll() is None and time.monotonic() < end, "the store service did not start"
            time.sleep(0.5)


@contextmanager
def hub_on_loopback(
    tmp: Path,
    store: str,
    users: tuple[str, ...],
    environment: dict[str, str] | None = None,
    log: Path | None = None,
    extra: str = "",
) -> Iterator[Hub]:
    """JupyterHub with the shipped settings (plus `extra` lines of configuration) on a free
    loopback port and the store service over `store`; yields a `Hub`. The hub stops what it
    started; anything left is killed by PID."""
    port, token, service_url = free_port(), secrets.token_hex(16), f"http://127.0.0.1:{free_port()}"
    env = {
        **os.environ,
        "KARTENSPIELE_PROJECT": str(ROOT),
        "KARTENSPIELE_STORE": store,
        "KARTENSPIELE_STORE_SERVICE_URL": service_url,
        "PATH": f"{BIN}:{os.environ['PATH']}",  # jupyterhub-singleuser of this environment
        **(environment or {}),
    }
    env.pop("JUPYTERHUB_API_TOKEN", None)
    output = (log or tmp / "jupyterhub.log").open("w")
    hub = subprocess.Popen(
        [str(BIN / "jupyterhub"), "-f", str(hub_config(tmp, port, token, users, extra))],
        cwd=tmp,
        env=env,
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    running = Hub(f"http://127.0.0.1:{port}", token, hub, service_url)
    started: list[psutil.Process] = []
    try:
        end = time.monotonic() + 120
        while True:
            try:
                running.api("/")
                break
            except OSError:
                assert hub.poll() is None and time.monotonic() < end, "JupyterHub did not start"
                time.sleep(1)
        wait_for_service(f"{service_url}/services/{STORE_SERVICE}/store", hub, end)
        yield running
    finally:
        if hub.poll() is None:
            started = psutil.Process(hub.pid).children(recursive=True)
            hub.terminate()  # the hub stops its proxy, its services and the pupils' servers
            try:
                hub.wait(60)
            except subprocess.TimeoutExpired:
                hub.kill()
                hub.wait(10)
        for process in started:  # anything the hub left behind
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
        output.close()
