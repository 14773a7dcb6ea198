"""The JupyterHub deployment (deploy/jupyterhub/): its settings load, and on loopback a hub
with configurable-http-proxy serves three pupils the start page; the idle culler stops them."""

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from .driver import ROOT, free_port, launch_browser

DEPLOY = ROOT / "deploy" / "jupyterhub"
CHP = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
BIN = Path(sys.executable).parent
START = "/voila/render/notebooks/start.ipynb"
PUPILS = ("anna", "ben", "cem")


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


def test_helm_values_match_the_hub_settings():
    values = (DEPLOY / "values.yaml").read_text()
    assert f"defaultUrl: {START}" in values and "timeout: 6000" in values and "limit: 1G" in values


def hub_config(tmp: Path, port: int, token: str) -> Path:
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
c.DummyAuthenticator.password = "Klasse7b"
c.Authenticator.allowed_users = {set(PUPILS)!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp / "home" / "{username}")!r}
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [{str(BIN / "jupyterhub-singleuser")!r}]
c.Spawner.args = ["--ServerApp.port_retries=0", "--allow-root"]  # the test machine runs as root
# activity reaches the hub within seconds (not 5 minutes), so a page still loading is not idle
c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] = "5"
c.JupyterHub.last_activity_interval = 5
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "scopes": ["admin:users", "admin:servers", "list:users"],
                                "services": ["test-admin"]}})
""")
    return config


def api(base: str, token: str, path: str):
    request = urllib.request.Request(f"{base}/hub/api{path}", headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not CHP.exists(), reason=f"configurable-http-proxy is not installed at {CHP}")
def test_three_pupils_through_the_hub_then_the_culler(tmp_path):
    from playwright.sync_api import sync_playwright

    port, token = free_port(), secrets.token_hex(16)
    config = hub_config(tmp_path, port, token)
    env = {
        **os.environ,
        "KARTENSPIELE_IDLE": "60",
        "KARTENSPIELE_CULL_EVERY": "10",
        "KARTENSPIELE_PROJECT": str(ROOT),
        "PATH": f"{BIN}:{os.environ['PATH']}",
    }
    log = (ROOT / "test-output" / "jupyterhub.log").open("w")
    hub = subprocess.Popen(
        [str(BIN / "jupyterhub"), "-f", str(config)],
        cwd=tmp_path,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 120
        while True:
            try:
                api(base, token, "/")
                break
            except OSError:
                assert hub.poll() is None and time.monotonic() < end, "JupyterHub did not start"
                time.sleep(1)
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for name in PUPILS:
                context = browser.new_context(viewport={"width": 1024, "height": 768})
                page = context.new_page()
                page.goto(f"{base}/hub/login")
                page.fill("input[name=username]", name)
                page.fill("input[name=password]", "Klasse7b")
                page.click("input[type=submit], button[type=submit]")
                page.wait_for_selector(".ks-start-page", timeout=240_000)  # spawned, then the start page
                assert page.url.startswith(f"{base}/user/{name}{START}")
                assert api(base, token, f"/users/{name}")["servers"][""]["ready"]
                page.close(run_before_unload=True)
                context.close()
            browser.close()
        end = time.monotonic() + 180
        while any(user["servers"] for user in api(base, token, "/users") if user["name"] in PUPILS):
            assert time.monotonic() < end, "the idle culler stopped no server"
            time.sleep(5)
    finally:
        if hub.poll() is None:
            hub.terminate()  # the hub stops its proxy, the culler and the pupils' servers
            try:
                hub.wait(60)
            except subprocess.TimeoutExpired:
                hub.kill()
        log.close()
