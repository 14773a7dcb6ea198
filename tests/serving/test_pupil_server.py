"""Which requests a pupil's server under JupyterHub lets through (`pupil_server.allowed`), tried
with the paths an attacker would write. The whole server is tried through a real hub in
tests/e2e/test_jupyterhub.py."""

from __future__ import annotations

import pytest

from kartenspiele.serving.pupil_server import allowed

BASE = "/user/anna/"
KERNEL = "0b7e1c1e-8d7a-4a53-9a43-1f2f4c7e2a10"


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/user/anna/"),
        ("GET", "/user/anna"),
        ("GET", "/user/anna/voila/render/notebooks/start.ipynb"),
        ("HEAD", "/user/anna/voila/static/v/abc/voila.js"),
        ("GET", "/user/anna/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/remoteEntry.js"),
        ("POST", f"/user/anna/voila/api/shutdown/{KERNEL}"),
        ("GET", f"/user/anna/api/kernels/{KERNEL}"),
        ("GET", f"/user/anna/api/kernels/{KERNEL}/channels"),
        ("GET", "/user/anna/api/status"),
        ("GET", "/user/anna/oauth_callback"),
    ],
)
def test_the_pages_and_what_they_need_pass(method, path):
    assert allowed(BASE, path, method)


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/user/anna/lab"),
        ("GET", "/user/anna/lab/tree/notebooks/start.ipynb"),
        ("GET", "/user/anna/tree"),
        ("GET", "/user/anna/terminals/1"),
        ("GET", "/user/anna/api/terminals"),
        ("POST", "/user/anna/api/terminals"),
        ("GET", "/user/anna/api/contents"),
        ("PUT", "/user/anna/api/contents/notebooks/start.ipynb"),
        ("GET", "/user/anna/files/pyproject.toml"),
        ("GET", "/user/anna/api/kernels"),
        ("POST", "/user/anna/api/kernels"),
        ("DELETE", f"/user/anna/api/kernels/{KERNEL}"),
        ("POST", f"/user/anna/api/kernels/{KERNEL}/restart"),
        ("POST", f"/user/anna/api/kernels/{KERNEL}/interrupt"),
        ("POST", "/user/anna/api/sessions"),
        ("GET", "/user/anna/api/kernelspecs"),
        ("GET", "/user/anna/voila/api/contents"),
        ("GET", "/user/anna/voila/tree"),
        ("GET", "/user/anna/voila/files/pyproject.toml"),
        ("POST", "/user/anna/voila/render/notebooks/start.ipynb"),
        ("GET", "/user/anna/voila/render/../../api/contents"),  # dot segments
        ("GET", "/user/anna/voila/render/..%2F..%2Fapi/contents"),
        ("GET", "/user/anna/voila/render%2F..%2F..%2Ffiles/x"),
        ("GET", "/user/anna/api/kernels/../contents"),
        ("GET", "/user/ben/voila/render/notebooks/start.ipynb"),  # another base URL
        ("GET", "/user/annavoila/render/notebooks/start.ipynb"),
        ("GET", "/hub/api/users"),
    ],
)
def test_everything_else_is_closed(method, path):
    assert not allowed(BASE, path, method)
