"""The JupyterHub deployment (deploy/jupyterhub/): its settings load, and on loopback a hub
with configurable-http-proxy gives three pupils their own servers; two of them play a whole
game in one room shared through Redis, and the idle culler stops the third one's server."""

from __future__ import annotations

import fnmatch
import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest
import tomllib
import yaml
from playwright.sync_api import expect
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from kartenspiele.classroom.rooms.rooms import Rooms
from kartenspiele.classroom.store.opening import open_store
from kartenspiele.serving.kernel_messages import PAGE_MESSAGES
from kartenspiele.widgets.log import MoveLog
from tests.hub_server import CHP, DEPLOY, PASSWORD, TEACHER, Hub
from tests.hub_server import hub_on_loopback as run_hub
from tests.redis_server import RedisServer

from .driver import LOAD_TIMEOUT_MS, ROOT, STEP_TIMEOUT_MS, play_quanto_turn
from .test_rooms import Pupil, play_until_over

START = "/voila/render/notebooks/start.ipynb"
PUPILS = ("anna", "ben", "cem")
REDIS_PASSWORD = "nur-der-Dienst-7b"
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
    assert "KARTENSPIELE_STORE" not in config.Spawner.environment and len(config.JupyterHub.services) == 1


def test_only_the_store_service_gets_the_stores_password(monkeypatch):
    """Pupils' servers get the service's address and a token that may call it; the Redis
    address with its password goes to the service alone."""
    monkeypatch.setenv("KARTENSPIELE_STORE", "redis://:Geheim-7b@redis:6379/0")
    monkeypatch.delenv("KARTENSPIELE_STORE_SERVICE_URL", raising=False)
    config = load(DEPLOY / "jupyterhub_config.py")
    pupils = config.Spawner.environment
    assert pupils["KARTENSPIELE_STORE"] == "service+http://127.0.0.1:8101/services/kartenspiele-store/"
    assert (
        not [value for value in pupils.values() if "Geheim-7b" in value] and "KARTENSPIELE_TEACHER_CODE" not in pupils
    )
    service = next(service for service in config.JupyterHub.services if service["name"] == "kartenspiele-store")
    assert service["command"][1:] == ["-m", "kartenspiele.serving.store_service"]
    assert service["environment"]["KARTENSPIELE_STORE_BACKEND"] == "redis://:Geheim-7b@redis:6379/0"
    assert "access:services!service=kartenspiele-store" in config.Spawner.server_token_scopes
    assert "read:users:groups!user" in config.Spawner.server_token_scopes


def test_single_user_settings_use_the_template_and_spare_open_pages():
    config = load(DEPLOY / "singleuser" / "jupyter_server_config.py")
    assert config.VoilaConfiguration.template == "kartenspiele" and config.VoilaConfiguration.file_allowlist == []
    assert config.MappingKernelManager.cull_connected is False
    page = config.VoilaConfiguration.page_config_hook({"baseUrl": "/user/anna/"})
    assert page["kartenspiele"]["alive"] == "api/kernels/"
    assert page["kartenspiele"]["texts"]["de"]["lost"] == "Verbindung verloren"
    extensions = config.ServerApp.jpserver_extensions
    assert extensions["kartenspiele.serving.pupil_server"] is True
    assert extensions["jupyterlab"] is False and extensions["jupyter_server_terminals"] is False
    assert config.ServerApp.terminals_enabled is False
    assert config.MappingKernelManager.allowed_message_types == list(PAGE_MESSAGES)


def helm_store_config(values: dict, monkeypatch) -> Config:
    """What values.yaml's hub.extraConfig adds to the hub's settings (run as the chart runs it)."""
    config = Config()
    config.JupyterHub.services, config.JupyterHub.load_roles = [], []
    monkeypatch.setenv("KARTENSPIELE_STORE", "redis://:Geheim-7b@redis:6379/0")
    exec(values["hub"]["extraConfig"]["kartenspiele-store"], {"c": config})  # noqa: S102 — our own file
    return config


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
    assert user["notebookDir"] == "/srv/kartenspiele" and user["image"]["name"]
    culler = config.JupyterHub.services[0]["command"]
    assert values["cull"]["enabled"] is True
    assert values["hub"]["config"]["JupyterHub"]["implicit_spawn_seconds"] == config.JupyterHub.implicit_spawn_seconds
    assert f"--timeout={values['cull']['timeout']}" in culler and f"--cull-every={values['cull']['every']}" in culler
    # the store service: the same service, roles and token scopes; pupils get its address only
    monkeypatch.setenv("KARTENSPIELE_STORE", "redis://:Geheim-7b@redis:6379/0")
    shipped, helm = load(DEPLOY / "jupyterhub_config.py"), helm_store_config(values, monkeypatch)
    service = next(service for service in shipped.JupyterHub.services if service["name"] == "kartenspiele-store")
    (helm_service,) = helm.JupyterHub.services
    assert helm_service["command"] == service["command"] and helm_service["name"] == service["name"]
    assert {k: v for k, v in helm_service["environment"].items() if k != "KARTENSPIELE_STORE_BIND"} == service[
        "environment"
    ]
    assert helm.Spawner.server_token_scopes == shipped.Spawner.server_token_scopes
    assert [role for role in shipped.JupyterHub.load_roles if role["name"] != "kartenspiele-idle-culler"] == (
        helm.JupyterHub.load_roles
    )
    port = urlsplit(helm_service["url"]).port
    assert user["extraEnv"]["KARTENSPIELE_STORE"] == f"service+{helm_service['url']}/services/kartenspiele-store/"
    assert {"port": port} in user["networkPolicy"]["egress"][0]["ports"]
    assert values["hub"]["service"]["extraPorts"][0]["port"] == port
    assert user["extraEnv"]["KARTENSPIELE_TEACHER_GROUP"] == service["environment"]["KARTENSPIELE_TEACHER_GROUP"]
    assert "redis" not in str(user["extraEnv"]).lower()


ACTIVITY = """
c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] = "5"
c.JupyterHub.last_activity_interval = 5
"""
"""Activity reported every 5 s (not every 5 minutes), for the culler's test."""


@contextmanager
def hub_on_loopback(tmp: Path, store: str) -> Iterator[Hub]:
    """The shipped hub settings on loopback (`tests.hub_server`) with the store service over
    `store`, and a culler that stops a server after 60 s without activity (looking every 10 s)."""
    (ROOT / "test-output").mkdir(exist_ok=True)
    culler = {"KARTENSPIELE_IDLE": str(IDLE), "KARTENSPIELE_CULL_EVERY": str(CULL_EVERY)}
    with run_hub(tmp, store, PUPILS, culler, HUB_LOG, ACTIVITY) as hub:
        yield hub


def running(hub: Hub) -> set[str]:
    """The pupils whose server runs (or is starting)."""
    return {user["name"] for user in hub.api("/users") if user["name"] in PUPILS and user["servers"]}


def server_processes(hub: subprocess.Popen, name: str) -> list[psutil.Process]:
    """`name`'s running single-user server (a child of the hub) and its kernels."""
    for process in psutil.Process(hub.pid).children(recursive=True):
        try:
            if "jupyterhub-singleuser" in " ".join(process.cmdline()):
                if process.environ().get("JUPYTERHUB_USER") == name:
                    return [process, *process.children(recursive=True)]
        except psutil.NoSuchProcess:
            continue
    raise LookupError(f"no single-user server of {name}")


def single_user_environment(hub: subprocess.Popen, name: str) -> dict[str, str]:
    """The environment of `name`'s running single-user server."""
    return server_processes(hub, name)[0].environ()


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
    with RedisServer(REDIS_PASSWORD) as redis_server, hub_on_loopback(tmp_path, redis_server.url(0)) as running_hub:
        base, hub = running_hub.base, running_hub.process
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
            # the shipped settings reach every pupil's server: the service's address, no password
            for name in PUPILS:
                environment = single_user_environment(hub, name)
                assert environment["KARTENSPIELE_STORE"] == running_hub.store_url()
                assert not [value for value in environment.values() if REDIS_PASSWORD in value]
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
            while "cem" in running(running_hub) or time.monotonic() < game_over + IDLE + 2 * CULL_EVERY:
                assert time.monotonic() < end, "the idle culler did not stop Cem's server"
                anna.page.wait_for_timeout(5_000)  # Playwright delivers the pages' events meanwhile
            assert running(running_hub) == {"anna", "ben"}
            culled = HUB_LOG.read_text()
            assert "Culling server cem" in culled
            assert "Culling server anna" not in culled and "Culling server ben" not in culled
            for name, answers in alive.items():  # the pages' checks reach their servers (and count as activity)
                assert answers and set(answers) == {200}, (name, answers[-5:])
            expect(ben.page.locator("#ks-lost")).to_be_hidden()
            # Ben's server is stopped anyway: his page says so and offers to go on
            running_hub.api("/users/ben/server", method="DELETE")
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


CLOSED = (  # (method, path below /user/<name>/): what Jupyter Server serves, and a pupil must not get
    ("GET", "lab"),
    ("GET", "tree"),
    ("GET", "api/contents"),
    ("GET", "api/contents/pyproject.toml"),
    ("GET", "files/pyproject.toml"),
    ("GET", "api/terminals"),
    ("POST", "api/terminals"),
    ("GET", "api/sessions"),
    ("POST", "api/sessions"),
    ("GET", "api/kernels"),
    ("POST", "api/kernels"),
    ("GET", "api/kernelspecs"),
    ("GET", "voila/api/contents"),
    ("GET", "voila/tree"),
    ("GET", "voila/files/pyproject.toml"),
)
WEBSOCKET_PROBE = """async ([url, code]) => {
  const ws = new WebSocket(url);
  const got = [];
  await new Promise((opened, failed) => { ws.onopen = opened; ws.onerror = failed; });
  ws.onmessage = (event) => got.push(JSON.parse(event.data).header.msg_type);
  const message = (type, content) => JSON.stringify({
    header: {msg_id: crypto.randomUUID(), msg_type: type, username: 'pupil', session: 'probe', version: '5.3',
             date: new Date().toISOString()},
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []});
  ws.send(message('execute_request', {code, silent: false, store_history: false, user_expressions: {},
                                      allow_stdin: false, stop_on_error: true}));
  ws.send(message('kernel_info_request', {}));
  await new Promise((done) => setTimeout(done, 5000));
  ws.close();
  return got;
}"""


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not CHP.exists(), reason=f"configurable-http-proxy is not installed at {CHP}")
def test_a_pupils_server_serves_only_the_pages_and_runs_no_code_of_theirs(tmp_path, browser, shots):
    """Logged in as a pupil, with the hub's cookies: Lab, terminals, the contents and files API and
    starting kernels are closed; code sent over the page's own kernel websocket does not run; no
    password of the store is in the server's or its kernels' environment; the start page works.
    A teacher (hub group `teachers`) opens a class on her dashboard, and the pupil joins it."""
    with RedisServer(REDIS_PASSWORD) as redis_server, hub_on_loopback(tmp_path, redis_server.url(0)) as hub:
        context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE")
        try:
            page = context.new_page()
            log_in(page, hub.base, "anna")
            wait_for_start_page(page, hub.base, "anna")
            page.screenshot(path=str(shots / "hub_pupil_start.png"))
            server = f"{hub.base}/user/anna/"
            statuses = {
                (method, path): page.request.fetch(server + path, method=method, data="{}", max_redirects=0).status
                for method, path in CLOSED
            }
            assert statuses == {route: 404 for route in CLOSED}
            html = page.evaluate("document.documentElement.innerHTML")
            kernel = re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", html).group(0)
            assert page.request.get(f"{server}api/kernels/{kernel}").status == 200  # the banner's check
            assert page.request.delete(f"{server}api/kernels/{kernel}").status == 404
            marker = tmp_path / "ran.txt"
            socket = f"{server.replace('http', 'ws', 1)}api/kernels/{kernel}/channels?session_id=probe"
            got = page.evaluate(WEBSOCKET_PROBE, [socket, f"open({str(marker)!r}, 'w').write('x')"])
            assert "kernel_info_reply" in got  # the channel is open: messages are read, and this one answered
            assert not {"execute_input", "execute_reply", "execute_result", "stream", "error"} & set(got)
            assert not marker.exists()
            processes = server_processes(hub.process, "anna")
            assert len(processes) >= 2  # the server and the start page's kernel
            for process in processes:
                environment = process.environ()
                assert not [name for name, value in environment.items() if REDIS_PASSWORD in value], process
                assert environment["KARTENSPIELE_STORE"] == hub.store_url()
                assert "KARTENSPIELE_TEACHER_CODE" not in environment
            assert processes[0].environ()["JUPYTERHUB_API_TOKEN"] not in html  # the page never gets the token
            expect(page.locator("#ks-lost")).to_be_hidden()  # the page still has its kernel
            # the teacher is named by the hub group: her dashboard opens a class through the
            # store service; the pupil's own server refuses her the dashboard, and she joins
            teacher = browser.new_context(viewport={"width": 1366, "height": 900}, locale="de-DE")
            board = teacher.new_page()
            log_in(board, hub.base, TEACHER)
            wait_for_start_page(board, hub.base, TEACHER)
            board.goto(f"{hub.base}/user/{TEACHER}/voila/render/notebooks/lehrkraft.ipynb", timeout=LOAD_TIMEOUT_MS)
            board.locator(".ks-open-class").click(timeout=LOAD_TIMEOUT_MS)
            code_box = board.locator(".ks-dash span.ks-class-code")
            expect(code_box).to_have_text(re.compile(r"^[A-Z]{5}$"), timeout=STEP_TIMEOUT_MS)
            page.goto(f"{server}voila/render/notebooks/lehrkraft.ipynb", timeout=LOAD_TIMEOUT_MS)
            expect(page.locator(".ks-refusal")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
            assert page.locator(".ks-dash").count() == 0
            page.goto(HubPages(hub.base, "anna").start, timeout=LOAD_TIMEOUT_MS)
            page.locator(".ks-join .ks-class-code input").fill(code_box.inner_text())
            page.locator(".ks-join .ks-nickname input").fill("Anna")
            page.locator(".ks-join-button").click()
            expect(page.locator(".ks-join-status")).to_contain_text("Anna", timeout=STEP_TIMEOUT_MS)
            expect(board.locator(".ks-dash")).to_contain_text("Anna", timeout=STEP_TIMEOUT_MS)  # she reads the class
            board.screenshot(path=str(shots / "hub_teacher_dashboard.png"))
            teacher.close()
        finally:
            context.close()
