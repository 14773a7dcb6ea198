"""Under a Jupyter Server (each pupil's server on JupyterHub, a Binder session) the browser keeps
the page's scripts too: the extension `kartenspiele.serving.jupyter_assets` on a real Jupyter
Server, with JupyterHub's single-user settings below `/user/anna/` and as Binder enables it."""

from __future__ import annotations

import json
import re
import secrets
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from kartenspiele.serving.app import data_folder
from kartenspiele.serving.assets import IMMUTABLE, UNUSED_EXTENSIONS
from tests.e2e.driver import ROOT, free_port
from tests.test_binder import jupyter_server, stop, wait_until_answers

SINGLE_USER = ROOT / "deploy" / "jupyterhub" / "singleuser"
EXTENSION = "kartenspiele.serving.jupyter_assets"
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)


def fetch(url: str, token: str) -> tuple[bytes, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return answer.read(), dict(answer.headers)


def started_server(log_path: Path, token: str, base: str) -> tuple[str, subprocess.Popen]:
    """Jupyter Server on a free loopback port, answering; its address and process. A port found
    free can be taken by another test worker before the server binds it: then another port."""
    for _ in range(3):
        port = free_port()
        with open(log_path, "ab") as log:
            server = jupyter_server(
                Path(sys.executable).parent.parent, ROOT, port, token, log, f"--ServerApp.base_url={base}"
            )
        try:
            wait_until_answers(f"http://127.0.0.1:{port}{base}api/status?token={token}", server, 90)
            return f"http://127.0.0.1:{port}", server
        except AssertionError:
            stop(server)
            if f"port {port} is not available" not in log_path.read_text(errors="replace"):
                raise
    raise AssertionError(f"no free port for Jupyter Server in three tries: {log_path}")


@pytest.mark.parametrize("site", ["jupyterhub", "binder"])
def test_a_jupyter_server_serves_the_page_scripts_to_be_kept(site, tmp_path: Path, monkeypatch):
    for name in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    if site == "jupyterhub":
        monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(SINGLE_USER))
        base = "/user/anna/"
    else:  # as binder/postBuild leaves it: the template on Jupyter's path, the extension enabled
        monkeypatch.setenv("JUPYTER_PATH", str(data_folder()))
        settings = tmp_path / "config" / "jupyter_server_config.d"
        settings.mkdir(parents=True)
        (settings / f"{EXTENSION}.json").write_text(
            json.dumps({"ServerApp": {"jpserver_extensions": {EXTENSION: True}}})
        )
        monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(tmp_path / "config"))
        base = "/"
    token = secrets.token_hex(16)
    host, server = started_server(tmp_path / "server.log", token, base)
    try:
        page, _ = fetch(f"{host}{base}voila/render/notebooks/quanto.ipynb", token)
        config = json.loads(CONFIG.search(page.decode()).group(1))
        assert config["fullStaticUrl"].startswith(f"{base}voila/static/v/")
        assert ("kartenspiele" in config) == (site == "jupyterhub")  # the banner's settings: JupyterHub only
        script, headers = fetch(f"{host}{config['fullStaticUrl']}/voila.js", token)
        assert headers["Cache-Control"] == IMMUTABLE and len(script) > 1000
        _, plain = fetch(f"{host}{base}voila/static/voila.js", token)  # Voilà's own address still works
        assert plain.get("Cache-Control") != IMMUTABLE
        names = {extension["name"] for extension in config["federated_extensions"]}
        assert "@jupyter-widgets/jupyterlab-manager" in names and not names & set(UNUSED_EXTENSIONS)
        for extension in config["federated_extensions"]:  # remoteEntry.<hash>.js
            _, headers = fetch(f"{host}{base}voila/labextensions/{extension['name']}/{extension['load']}", token)
            assert headers["Cache-Control"] == IMMUTABLE, extension
        _, headers = fetch(f"{host}{base}voila/labextensions/anywidget/package.json", token)
        assert headers["Cache-Control"] == "no-cache"  # no hash in the name: asked again each time
        # the page's kernel ends as a page ends it (a pupil's server stops none through api/kernels)
        shutdown = "voila/api/shutdown/" if site == "jupyterhub" else "api/kernels/"
        request = urllib.request.Request(
            f"{host}{base}{shutdown}{config['kernelId']}",
            method="POST" if site == "jupyterhub" else "DELETE",
            data=b"" if site == "jupyterhub" else None,
            headers={"Authorization": f"token {token}"},
        )
        urllib.request.urlopen(request, timeout=30).close()
    finally:
        stop(server)
