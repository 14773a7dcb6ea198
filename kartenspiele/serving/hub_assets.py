"""The page's scripts kept by the browser under a Jupyter server too (each pupil's server on
JupyterHub), as `kartenspiele serve` keeps them (`assets`).

A Jupyter server extension, enabled in `deploy/jupyterhub/singleuser/jupyter_server_config.py`:
it serves Voilà's scripts under their versioned address and the extensions' hashed files with
`immutable`, below the server's own base URL (`/user/<name>/`). Its routes come before Voilà's
own, because Jupyter Server loads extensions in the order of their names. `hub_asset_config` is
the matching page-config change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jupyter_server.utils import url_path_join
from voila.configuration import VoilaConfiguration
from voila.paths import collect_static_paths
from voila.utils import get_voila_labextensions_path

from .assets import VERSIONED_STATIC, LabextensionsHandler, VersionedStaticHandler, asset_config, static_version


def template_static_paths(template: str) -> list[str]:
    """The folders Voilà's server extension serves `/voila/static/` from, for `template`."""
    return collect_static_paths(["voila", "nbconvert"], template)


def hub_asset_config(template: str) -> Callable[[dict], dict]:
    """A page-config change for pages under a Jupyter server: the versioned script address below
    the page's base URL, and the unused extensions left out."""
    version = static_version(template_static_paths(template))

    def change(page_config: dict) -> dict:
        static_url = url_path_join(page_config.get("baseUrl", "/"), VERSIONED_STATIC, version)
        return asset_config(static_url)(page_config)

    return change


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    configuration = VoilaConfiguration(parent=server_app)
    paths = template_static_paths(configuration.template)
    base = server_app.web_app.settings["base_url"]
    labextensions = get_voila_labextensions_path(configuration.extra_labextensions_path)
    server_app.web_app.add_handlers(
        ".*$",
        [
            (
                url_path_join(base, VERSIONED_STATIC, static_version(paths), "(.*)"),
                VersionedStaticHandler,
                {"paths": paths},
            ),
            (
                url_path_join(base, "/voila/labextensions/(.*)"),
                LabextensionsHandler,
                {"path": labextensions, "no_cache_paths": ["/"]},
            ),
        ],
    )
