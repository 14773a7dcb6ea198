"""The project's habits, checked on every `make test`: ruff (lint and format) and strict mypy.

Their settings are in `pyproject.toml`. Each tool runs on the whole repository (mypy on the
files it names there), from the virtual environment's own installation.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    tool = BIN / command[0]
    if not tool.exists():
        pytest.skip(f"{command[0]} is not installed in this environment")
    return subprocess.run([str(tool), *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_lint():
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format():
    result = run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, "not formatted (run `ruff format .`):\n" + result.stdout[-3000:]


def test_mypy_strict_on_core_arithmetic_and_engines():
    result = run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr
