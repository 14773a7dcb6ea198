"""Binder: every launch address comes from the one repository setting, and the Binder
environment pins every run-time dependency (postBuild installs the package with --no-deps)."""

import re
import shutil
import subprocess
import sys
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


def test_binder_pins_every_runtime_dependency():
    pins = binder_pins()
    for dependency in pyproject()["project"]["dependencies"]:
        requirement = Requirement(dependency)
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"binder/requirements.txt does not pin {name}"
        version = pins[name].removeprefix("==")
        assert pins[name].startswith("=="), f"{name} is not pinned exactly"
        assert requirement.specifier.contains(version), f"{name}=={version} is outside {requirement.specifier}"


@pytest.mark.slow
@pytest.mark.browser
def test_binder_environment_builds_and_serves_the_start_page(tmp_path):
    """The Binder requirements in a fresh virtual environment, the package with --no-deps as
    postBuild does, then `kartenspiele serve` answers with the start page (several minutes)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "-r", str(ROOT / "binder" / "requirements.txt")], check=True, timeout=1800)
    project = tmp_path / "project"
    shutil.copytree(
        ROOT,
        project,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "test-output", "*.egg-info", "__pycache__", ".mypy_cache", ".ruff_cache"
        ),
    )
    subprocess.run([*pip, "--no-deps", "-e", str(project)], check=True, timeout=600)
    check = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "check"], capture_output=True, text=True, check=False, timeout=300
    )
    assert check.returncode == 0, check.stdout
    from tests.e2e.driver import VoilaServer

    server = VoilaServer(project)
    server.process.kill()  # started with this interpreter: start again with the Binder one
    server.process.wait()
    server.process = subprocess.Popen(
        [
            str(venv / "bin" / "kartenspiele"),
            "serve",
            "--port",
            str(server.port),
            "--root",
            str(project),
            "--preheat",
            "0",
        ],
        cwd=project,
        stdout=server._log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server.pid = server.process.pid
    try:
        server.wait_ready(300)
        from playwright.sync_api import sync_playwright

        from tests.e2e.driver import launch_browser, open_app

        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            page = browser.new_page()
            open_app(page, server.url("notebooks/start.ipynb"))
            assert page.locator("a.ks-tile").count() == 4
            page.close(run_before_unload=True)
            browser.close()
    finally:
        server.stop()
