"""The JupyterHub deployment (deploy/jupyterhub/): its settings load, and on loopback a hub
with configurable-http-proxy gives three pupils their own servers; two of them play a whole
game in one room shared through Redis, and the idle culler stops the third one's server."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import secrets
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest
import tomllib
import yaml
from playwright.sync_api import expect
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from kartenspiele.classroom.rooms import Rooms
from kartenspiele.classroom.store import open_store
from kartenspiele.widgets.log import MoveLog
from tests.redis_server import RedisServer

from .driver import LOAD_TIMEOUT_MS, ROOT, STEP_TIMEOUT_MS, free_port, play_quanto_turn
from .test_rooms import Pupil, play_until_over

DEPLOY = ROOT / "deploy" / "jupyterhub"
CHP = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
BIN = Path(sys.executable).parent
START = "/voila/render/notebooks/start.ipynb"
PUPILS = ("anna", "ben", "cem")
PASSWORD = "Klasse7b"
HUB_LOG = ROOT / "test-output" / "jupyterhub.log"
IDLE, CULL_EVERY = 60, 10  # the culler's settings in the hub test (seconds)


def load(path: Path) -> Config:
    loader = PyFileConfigLoader(path.name, str(path.parent))
    return loader.load_config()


def test_hub_settings_open_the_start_page_and_cull_idle_servers(monkeypatch):
    monkeypatch.setenv("KARTENSPIELE_IDLE", "5400")
    monkeypatch.delenv("KARTENSPIELE_STORE", raising=False)
    config = load(DEPLOY / "jupyterhub_config.py")
    assert config.Spawner.default_url == START
    assert Path(config.Spawner.notebook_dir, "notebooks", "start.ipynb").is_file()
    assert config.Spawner.mem_limit == "1G"
    culler = config.JupyterHub.services[0]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"] and "--timeout=5400" in culler["command"]
    assert set(config.JupyterHub.load_roles[0]["scopes"]) >= {"delete:servers", "read:users:activity"}
    assert "KARTENSPIELE_STORE" not in config.Spawner.environment
    monkeypatch.setenv("KARTENSPIELE_STORE", "redis://redis:6379/0")
    assert load(DEPLOY / "jupyterhub_config.py").Spawner.environment["KARTENSPIELE_STORE"] == "redis://redis:6379/0"


def test_single_user_settings_use_the_template_and_spare_open_pages():
    config = load(DEPLOY / "singleuser" / "jupyter_server_config.py")
    assert config.VoilaConfiguration.template == "kartenspiele" and config.VoilaConfiguration.file_allowlist == []
    assert config.MappingKernelManager.cull_connected is False
    page = config.VoilaConfiguration.page_config_hook({"baseUrl": "/user/anna/"})
    assert page["kartenspiele"]["alive"] == "api/kernels/"
    assert page["kartenspiele"]["texts"]["de"]["lost"] == "Verbindung verloren – Spiel fortsetzen"


def test_helm_values_match_the_hub_settings(monkeypatch):
    for name in ("KARTENSPIELE_MEM_LIMIT", "KARTENSPIELE_IDLE", "KARTENSPIELE_CULL_EVERY", "KARTENSPIELE_STORE"):
        monkeypatch.delenv(name, raising=False)
    config = load(DEPLOY / "jupyterhub_config.py")
    values = yaml.safe_load((DEPLOY / "values.yaml").read_text())
    user = values["singleuser"]
    assert user["defaultUrl"] == config.Spawner.default_url
    assert user["memory"]["limit"] == config.Spawner.mem_limit
    assert user["startTimeout"] == config.Spawner.start_timeout
    assert user["extraEnv"]["JUPYTER_CONFIG_PATH"].endswith("/deploy/jupyterhub/singleuser")
    assert user["extraEnv"]["KARTENSPIELE_STORE"].startswith("redis://")
    assert user["notebookDir"] == "/srv/kartenspiele" and user["image"]["name"]
    culler = config.JupyterHub.services[0]["command"]
    assert values["cull"]["enabled"] is True
    assert values["hub"]["config"]["JupyterHub"]["implicit_spawn_seconds"] == config.JupyterHub.implicit_spawn_seconds
    assert f"--timeout={values['cull']['timeout']}" in culler and f"--cull-every={values['cull']['every']}" in culler


def hub_config(tmp: Path, port: int, token: str) -> Path:
    """The shipped deploy/jupyterhub/jupyterhub_config.py, plus only what a test on loopback
    needs: addresses, a hub database in `tmp`, the dummy login, the local spawner, a service
    token for the test, and activity reported every 5 s (not every 5 minutes)."""
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
c.Authenticator.allowed_users = {set(PUPILS)!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp / "home" / "{username}")!r}
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = ["--ServerApp.port_retries=0", "--allow-root"]  # the test machine runs as root
c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] = "5"
c.JupyterHub.last_activity_interval = 5
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "scopes": ["admin:users", "admin:servers", "list:users"],
                                "services": ["test-admin"]}})
""")
    return config


def api(base: str, token: str, path: str, method: str = "GET"):
    request = urllib.request.Request(
        f"{base}/hub/api{path}", method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def running(base: str, token: str) -> set[str]:
    """The pupils whose server runs (or is starting)."""
    return {user["name"] for user in api(base, token, "/users") if user["name"] in PUPILS and user["servers"]}


@contextmanager
def hub_on_loopback(tmp: Path, store: str) -> Iterator[tuple[str, str, subprocess.Popen]]:
    """JupyterHub with the shipped settings on a free loopback port, a culler that stops a
    server after 60 s without activity (looking every 10 s), and rooms in `store`; yields
    (address, service token, process). Stopped by its PID; then whatever it started, by PID."""
    port, token = free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "KARTENSPIELE_IDLE": str(IDLE),
        "KARTENSPIELE_CULL_EVERY": str(CULL_EVERY),
        "KARTENSPIELE_PROJECT": str(ROOT),
        "KARTENSPIELE_STORE": store,
        "PATH": f"{BIN}:{os.environ['PATH']}",  # jupyterhub-singleuser of this environment
    }
    (ROOT / "test-output").mkdir(exist_ok=True)
    log = HUB_LOG.open("w")
    hub = subprocess.Popen(
        [str(BIN / "jupyterhub"), "-f", str(hub_config(tmp, port, token))],
        cwd=tmp,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    started: list[psutil.Process] = []
    try:
        end = time.monotonic() + 120
        while True:
            try:
                api(base, token, "/")
                break
            except OSError:
                assert hub.poll() is None and time.monotonic() < end, "JupyterHub did not start"
                time.sleep(1)
        yield base, token, hub
    finally:
        if hub.poll() is None:
            started = psutil.Process(hub.pid).children(recursive=True)
            hub.terminate()  # the hub stops its proxy, the culler and the pupils' servers
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
        log.close()


def single_user_environment(hub: subprocess.Popen, name: str) -> dict[str, str]:
    """The environment of `name`'s running single-user server (a child of the hub)."""
    for process in psutil.Process(hub.pid).children(recursive=True):
        try:
            if "jupyterhub-singleuser" in " ".join(process.cmdline()):
                environment = process.environ()
                if environment.get("JUPYTERHUB_USER") == name:
                    return environment
        except psutil.NoSuchProcess:
            continue
    raise LookupError(f"no single-user server of {name}")


class HubPages:
    """Where a pupil's pages are through the hub: on their own single-user server."""

    def __init__(self, base: str, name: str) -> None:
        self.start = f"{base}/user/{name}{START}"
        self.prefix = f"{base}/user/{name}/voila/render/"

    def url(self, path: str) -> str:
        return self.prefix + path


def log_in(page, base: str, name: str) -> None:
    """Send the hub's login form; the hub then starts the pupil's server."""
    page.goto(f"{base}/hub/login", timeout=LOAD_TIMEOUT_MS)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")


def wait_for_start_page(page, base: str, name: str) -> None:
    """Wait until the pupil's own server shows the start page (its default URL)."""
    page.wait_for_selector(".ks-start-page .ks-room-open", timeout=240_000)
    assert page.url.startswith(HubPages(base, name).start)


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not CHP.exists(), reason=f"configurable-http-proxy is not installed at {CHP}")
def test_two_pupils_play_a_room_game_through_the_hub_then_the_culler(tmp_path, browser, shots):
    """Three pupils log in at the hub at once, each gets their own single-user server with the
    start page. Cem leaves; Anna opens a Quanto room, Ben joins it from his own server, and
    they play a whole game, shared through Redis. The culler stops Cem's idle server, while
    the open pages keep Anna's and Ben's past the idle time; when Ben's server is stopped
    anyway, his page says the connection is lost, and its link brings his server and the game
    back."""
    with RedisServer() as redis_server, hub_on_loopback(tmp_path, redis_server.url(0)) as (base, token, hub):
        cem = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
        anna, ben = (Pupil(browser, HubPages(base, name), name.capitalize()) for name in ("anna", "ben"))
        alive: dict[str, list[int]] = {"Anna": [], "Ben": []}  # the banner's answers: is the kernel there?
        for pupil in (anna, ben):
            pupil.page.on(
                "response",
                lambda answer, name=pupil.name: (
                    alive[name].append(answer.status) if "/api/kernels/" in answer.url else None
                ),
            )
        try:
            pages = {"cem": cem.new_page(), "anna": anna.page, "ben": ben.page}
            for name, page in pages.items():  # a class arrives: all log in at once
                log_in(page, base, name)
            for name, page in pages.items():
                wait_for_start_page(page, base, name)
            cem.close()
            # the shipped settings reach every pupil's server
            for name in PUPILS:
                environment = single_user_environment(hub, name)
                assert environment["KARTENSPIELE_STORE"] == redis_server.url(0)
                assert environment["MEM_LIMIT"] == str(1024**3)  # for spawners that enforce it
                assert environment["JUPYTER_CONFIG_PATH"] == str(DEPLOY / "singleuser")
            code = anna.open_room("Quanto", 2)
            ben.join(code)  # another server: the room is found only through the shared store
            expect(anna.page.locator(".ks-waiting-room")).to_contain_text("Ben", timeout=STEP_TIMEOUT_MS)
            anna.page.locator(".ks-room-start").click()
            for pupil in (anna, ben):
                pupil.page.wait_for_selector(".ks-room .ks-main", timeout=STEP_TIMEOUT_MS)
            play_until_over([anna, ben], play_quanto_turn)
            game_over = time.monotonic()
            room = Rooms(open_store(redis_server.url(0))).load(code)
            assert room.over and {mover for mover, decision in room.movers if decision} == {0, 1}
            for pupil in (anna, ben):
                expect(pupil.page.locator(".ks-result")).to_be_visible()
                shown = min(len(room.movers), MoveLog().limit)  # every move of the store, up to the log's length
                expect(pupil.page.locator(".ks-log li")).to_have_count(shown, timeout=STEP_TIMEOUT_MS)
            ben.page.screenshot(path=str(shots / "hub_room_over.png"), full_page=True)
            # the culler stops Cem's idle server; Anna's and Ben's open pages keep theirs
            end = game_over + IDLE + 4 * CULL_EVERY + 120
            while "cem" in running(base, token) or time.monotonic() < game_over + IDLE + 2 * CULL_EVERY:
                assert time.monotonic() < end, "the idle culler did not stop Cem's server"
                anna.page.wait_for_timeout(5_000)  # Playwright delivers the pages' events meanwhile
            assert running(base, token) == {"anna", "ben"}
            culled = HUB_LOG.read_text()
            assert "Culling server cem" in culled
            assert "Culling server anna" not in culled and "Culling server ben" not in culled
            for name, answers in alive.items():  # the pages' checks reach their servers (and count as activity)
                assert answers and set(answers) == {200}, (name, answers[-5:])
            expect(ben.page.locator("#ks-lost")).to_be_hidden()
            # Ben's server is stopped anyway: his page says so and offers to go on
            api(base, token, "/users/ben/server", method="DELETE")
            expect(ben.page.locator("#ks-lost")).to_be_visible(timeout=60_000)
            expect(ben.page.locator("#ks-lost")).to_contain_text("Verbindung verloren")
            # "Spiel fortsetzen": the hub starts his server again and the start page offers the game
            ben.page.locator("#ks-lost-resume").click()
            wait_for_start_page(ben.page, base, "ben")
            expect(ben.page.locator(".ks-room-resume", has_text=code)).to_be_visible(timeout=STEP_TIMEOUT_MS)
        finally:
            cem.close()
            for pupil in (anna, ben):
                pupil.close()


def test_the_single_user_image_puts_the_project_where_the_helm_values_expect_it():
    recipe = (DEPLOY / "Dockerfile").read_text()
    values = yaml.safe_load((DEPLOY / "values.yaml").read_text())["singleuser"]
    folder = values["notebookDir"]
    assert re.search(rf"^COPY .* \. {re.escape(folder)}$", recipe, re.M)
    assert re.search(rf"^WORKDIR {re.escape(folder)}$", recipe, re.M)
    assert f"-r {folder}/binder/requirements.txt" in recipe and f"--no-deps {folder}" in recipe
    settings = values["extraEnv"]["JUPYTER_CONFIG_PATH"]
    assert settings.startswith(folder + "/") and (ROOT / settings.removeprefix(folder + "/")).is_dir()
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".git", ".venv", "test-output"} <= set(ignored)


def test_a_non_editable_install_carries_every_file_the_package_reads():
    """The image installs the package from a wheel: every non-Python file in the package must be
    named in pyproject's package data (templates, scripts, styles, texts, teacher notes)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["kartenspiele"]
    package = ROOT / "kartenspiele"
    files = [path.relative_to(package).as_posix() for path in package.rglob("*") if path.is_file()]
    needed = [name for name in files if not name.endswith((".py", ".pyc")) and "__pycache__" not in name]
    assert needed
    assert [name for name in needed if not any(fnmatch.fnmatch(name, pattern) for pattern in data)] == []
