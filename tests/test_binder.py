"""Binder: every launch address comes from the one repository setting, and the Binder
environment pins every run-time dependency (postBuild installs the package with --no-deps)."""

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from kartenspiele.binder import binder_url, repository

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent
LINKED = [
    ROOT / "README.md",
    ROOT / "docs" / "tables.md",
    ROOT / "docs" / "lessons.md",
    ROOT / "lessons" / "00_index.ipynb",
    ROOT / "lessons" / "handreichung.ipynb",
]
BINDER_LINK = re.compile(r"https://mybinder\.org/v2/gh/([^/\s'\"]+/[^/\s'\"]+)/HEAD(\?urlpath=[^\s'\")\\`]+)?")


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            requirement = Requirement(line)
            pins[requirement.name.lower().replace("_", "-")] = str(requirement.specifier)
    return pins


def test_the_repository_is_one_setting():
    url = pyproject()["project"]["urls"]["Repository"]
    assert url == f"https://github.com/{repository()}"
    assert "OWNER" not in url and "REPO" not in url


def test_every_binder_link_agrees_with_the_setting():
    found = 0
    for path in LINKED:
        for match in BINDER_LINK.finditer(path.read_text()):
            found += 1
            assert match.group(1) == repository(), f"{path.name}: {match.group(0)}"
            if match.group(2) and "<file>" not in match.group(2):
                urlpath = match.group(2).removeprefix("?urlpath=")
                assert match.group(0) == binder_url(urlpath.replace("%2F", "/")), f"{path.name}: {match.group(0)}"
    assert found >= 12  # README 2, tables 2, lessons 1, index 4, teacher's guide 4 (at least)
    assert "OWNER/REPO" not in " ".join(path.read_text() for path in LINKED)


def runtime_dependencies() -> list[str]:
    """The core's dependencies and every extra's but the tests' (the extras that name the
    package itself, like `all`, are their union)."""
    project = pyproject()["project"]
    extras = [item for name, items in project["optional-dependencies"].items() if name != "test" for item in items]
    return [item for item in [*project["dependencies"], *extras] if Requirement(item).name != "kartenspiele"]


def test_binder_pins_every_runtime_dependency():
    pins = binder_pins()
    for dependency in runtime_dependencies():
        requirement = Requirement(dependency)
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"binder/requirements.txt does not pin {name}"
        version = pins[name].removeprefix("==")
        assert pins[name].startswith("=="), f"{name} is not pinned exactly"
        assert requirement.specifier.contains(version), f"{name}=={version} is outside {requirement.specifier}"


def locked() -> dict[str, str]:
    """constraints.txt: the tested version of every package, by normalised name."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            requirement = Requirement(line)
            assert str(requirement.specifier).startswith("=="), f"{line}: not one exact version"
            pins[requirement.name.lower().replace("_", "-")] = str(requirement.specifier).removeprefix("==")
    return pins


def test_every_dependency_has_one_tested_version_inside_its_range():
    lock = locked()
    project = pyproject()["project"]
    for dependency in [*runtime_dependencies(), *project["optional-dependencies"]["test"]]:
        requirement = Requirement(dependency)
        if requirement.name == "kartenspiele":
            continue
        name = requirement.name.lower().replace("_", "-")
        assert name in lock, f"constraints.txt has no version of {name}"
        assert requirement.specifier.contains(lock[name]), f"{name}=={lock[name]} is outside {requirement.specifier}"


def test_make_and_binder_install_the_locked_versions():
    assert "-c constraints.txt -e '.[all,test]'" in (ROOT / "Makefile").read_text()
    lock = locked()
    for name, pin in binder_pins().items():
        assert pin == f"=={lock[name]}", f"binder/requirements.txt pins {name}{pin}, constraints.txt {lock[name]}"


def test_post_build_installs_the_package_and_the_page_template():
    post_build = ROOT / "binder" / "postBuild"
    assert post_build.stat().st_mode & 0o111  # repo2docker runs it only if it is executable
    script = post_build.read_text()
    assert "python -m pip install --no-deps -e ." in script.splitlines()
    # Jupyter Server on Binder reads the server settings postBuild writes, which name the
    # project's template (voila.json does not: plain `voila` in a checkout has no such template)
    settings = json.loads(script.split("<<'JSON'\n", 1)[1].split("\nJSON\n", 1)[0])
    template = settings["VoilaConfiguration"]["template"]
    source = f"kartenspiele/serving/share/voila/templates/{template}"
    assert (ROOT / source / "index.html.j2").is_file() and source in script
    assert "template" not in json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    # the browser keeps the pages' scripts (tests/serving/test_jupyter_assets.py)
    assert settings["ServerApp"]["jpserver_extensions"] == {"kartenspiele.serving.jupyter_assets": True}
    assert "jupyter_server_config.d" in script


def jupyter_server(venv: Path, project: Path, port: int, token: str, log, *extra: str) -> subprocess.Popen:
    """Jupyter Server of `venv` in `project` as Binder starts it (Voilà and JupyterLab are its
    extensions), on a loopback port, in its own process group; `extra`: more options."""
    return subprocess.Popen(
        [
            str(venv / "bin" / "jupyter"),
            "server",
            "--no-browser",
            "--allow-root",  # the test machine runs as root
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={project}",
            *extra,
        ],
        cwd=project,
        env={**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> None:
    """Stop a server by its PID, then whatever it started (its kernels), by theirs."""
    import psutil

    children = psutil.Process(process.pid).children(recursive=True) if process.poll() is None else []
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)
    for child in children:
        try:
            child.kill()
        except psutil.NoSuchProcess:
            pass


def wait_until_answers(url: str, process: subprocess.Popen, timeout: float) -> None:
    end = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10):
                return
        except OSError:
            assert process.poll() is None, "Jupyter Server stopped"
            assert time.monotonic() < end, f"Jupyter Server did not answer within {timeout} s"
            time.sleep(1)


@pytest.mark.slow
@pytest.mark.browser
def test_binder_environment_builds_and_serves_the_start_page(tmp_path):
    """As repo2docker does: binder/requirements.txt in a fresh virtual environment, then
    binder/postBuild (the package with --no-deps); `pip check` finds nothing missing. Jupyter
    Server then opens both Binder addresses of the README: the start page in Voilà (in
    Chromium, with its four game tiles) and the lesson index in JupyterLab (several minutes)."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import free_port, launch_browser

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    binder_env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    requirements = str(ROOT / "binder" / "requirements.txt")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "-r", requirements], check=True, timeout=1800)
    project = tmp_path / "project"
    shutil.copytree(
        ROOT,
        project,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "test-output", "*.egg-info", "__pycache__", ".mypy_cache", ".ruff_cache"
        ),
    )
    subprocess.run([str(project / "binder" / "postBuild")], cwd=project, env=binder_env, check=True, timeout=600)
    check = subprocess.run([python, "-m", "pip", "check"], capture_output=True, text=True, check=False, timeout=300)
    assert check.returncode == 0, check.stdout
    port, token = free_port(), secrets.token_hex(16)
    base = f"http://127.0.0.1:{port}"
    (ROOT / "test-output").mkdir(exist_ok=True)
    with (ROOT / "test-output" / "binder-server.log").open("w") as log:
        server = jupyter_server(venv, project, port, token, log)
        try:
            wait_until_answers(f"{base}/api/status?token={token}", server, 300)
            for badge in (
                binder_url("voila/render/notebooks/start.ipynb"),
                binder_url("lab/tree/lessons/00_index.ipynb"),
            ):
                assert badge in (ROOT / "README.md").read_text()
            with urllib.request.urlopen(f"{base}/lab/tree/lessons/00_index.ipynb?token={token}", timeout=60) as lab:
                assert lab.status == 200 and "JupyterLab" in lab.read().decode()
            with sync_playwright() as playwright:
                browser = launch_browser(playwright)
                page = browser.new_page(viewport={"width": 1024, "height": 768})
                page.goto(f"{base}/voila/render/notebooks/start.ipynb?token={token}", timeout=240_000)
                page.wait_for_selector(".ks-start-page", timeout=240_000)
                assert page.locator("a.ks-tile").count() == 4
                static = page.evaluate(
                    "JSON.parse(document.getElementById('jupyter-config-data').textContent).fullStaticUrl"
                )
                assert static.startswith("/voila/static/v/")  # postBuild enabled the extension
                page.screenshot(path=str(ROOT / "test-output" / "binder_start.png"))
                page.close(run_before_unload=True)
                browser.close()
        finally:
            stop(server)
