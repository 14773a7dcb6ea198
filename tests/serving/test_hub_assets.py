"""Under JupyterHub each pupil's Jupyter Server keeps the page's scripts in the browser too:
the single-user settings of deploy/jupyterhub/ on a real Jupyter Server below `/user/anna/`."""

from __future__ import annotations

import json
import re
import secrets
import sys
import urllib.request
from pathlib import Path

from kartenspiele.serving.assets import IMMUTABLE, UNUSED_EXTENSIONS
from kartenspiele.serving.hub_assets import hub_asset_config
from tests.e2e.driver import ROOT, free_port
from tests.test_binder import jupyter_server, stop, wait_until_answers

SINGLE_USER = ROOT / "deploy" / "jupyterhub" / "singleuser"
BASE = "/user/anna/"
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)


def test_the_versioned_address_sits_below_each_pupils_base_url():
    change = hub_asset_config("kartenspiele")
    anna = change({"baseUrl": "/user/anna/", "federated_extensions": [{"name": "jupyterlab_pygments"}]})
    ben = change({"baseUrl": "/user/ben/", "federated_extensions": []})
    assert re.fullmatch(r"/user/anna/voila/static/v/[0-9a-f]{16}", anna["fullStaticUrl"])
    assert ben["fullStaticUrl"] == anna["fullStaticUrl"].replace("/anna/", "/ben/")
    assert anna["federated_extensions"] == []


def fetch(url: str, token: str) -> tuple[bytes, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return answer.read(), dict(answer.headers)


def test_a_pupils_server_serves_the_page_scripts_to_be_kept(tmp_path: Path, monkeypatch):
    for name in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(SINGLE_USER))
    port, token = free_port(), secrets.token_hex(16)
    host = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "wb") as log:
        server = jupyter_server(
            Path(sys.executable).parent.parent, ROOT, port, token, log, f"--ServerApp.base_url={BASE}"
        )
        try:
            wait_until_answers(f"{host}{BASE}api/status?token={token}", server, 90)
            page, _ = fetch(f"{host}{BASE}voila/render/notebooks/quanto.ipynb", token)
            config = json.loads(CONFIG.search(page.decode()).group(1))
            assert config["fullStaticUrl"].startswith(f"{BASE}voila/static/v/")
            script, headers = fetch(f"{host}{config['fullStaticUrl']}/voila.js", token)
            assert headers["Cache-Control"] == IMMUTABLE and len(script) > 1000
            _, plain = fetch(f"{host}{BASE}voila/static/voila.js", token)  # Voilà's own address still works
            assert plain.get("Cache-Control") != IMMUTABLE
            names = {extension["name"] for extension in config["federated_extensions"]}
            assert "@jupyter-widgets/jupyterlab-manager" in names and not names & set(UNUSED_EXTENSIONS)
            for extension in config["federated_extensions"]:  # remoteEntry.<hash>.js
                _, headers = fetch(f"{host}{BASE}voila/labextensions/{extension['name']}/{extension['load']}", token)
                assert headers["Cache-Control"] == IMMUTABLE, extension
            _, headers = fetch(f"{host}{BASE}voila/labextensions/anywidget/package.json", token)
            assert headers["Cache-Control"] == "no-cache"  # no hash in the name: asked again each time
            kernel = config["kernelId"]
            request = urllib.request.Request(
                f"{host}{BASE}api/kernels/{kernel}", method="DELETE", headers={"Authorization": f"token {token}"}
            )
            urllib.request.urlopen(request, timeout=30).close()
        finally:
            stop(server)
