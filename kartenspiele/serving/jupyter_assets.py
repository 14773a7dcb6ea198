"""The page's scripts kept by the browser under a Jupyter Server too (each pupil's server on
JupyterHub, a Binder session), as `kartenspiele serve` keeps them (`assets`).

A Jupyter Server extension, enabled in `deploy/jupyterhub/singleuser/jupyter_server_config.py`
and by `binder/postBuild`. It serves Voilà's scripts under their versioned address and the
extensions' hashed files as `immutable`, below the server's base URL (`/user/<name>/`), and
wraps Voilà's page-config hook (if any) so that pages take those addresses and leave unused
extensions out. Jupyter Server loads extensions in the order of their names, so this one comes
before Voilà's: its routes win, and Voilà reads the wrapped hook.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.utils import url_path_join
from voila.configuration import VoilaConfiguration
from voila.paths import collect_static_paths
from voila.server_extension import load_config_file
from voila.utils import get_voila_labextensions_path

from .assets import VERSIONED_STATIC, LabextensionsHandler, VersionedStaticHandler, static_version, versioned_hook
from .waiting import waiting_hook


def template_static_paths(template: str) -> list[str]:
    """The folders Voilà's server extension serves `/voila/static/` from, for `template`."""
    return collect_static_paths(["voila", "nbconvert"], template)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    configuration = VoilaConfiguration(parent=server_app)
    local = load_config_file()  # voila.json, as Voilà's extension reads it (Binder names the template there)
    if local is not None:
        configuration.update_config(local)
    paths = template_static_paths(configuration.template)
    version = static_version(paths)
    server_app.config.VoilaConfiguration.page_config_hook = versioned_hook(
        version, waiting_hook(configuration.page_config_hook)
    )
    base = server_app.web_app.settings["base_url"]
    labextensions = get_voila_labextensions_path(configuration.extra_labextensions_path)
    server_app.web_app.add_handlers(
        ".*$",
        [
            (url_path_join(base, VERSIONED_STATIC, version, "(.*)"), VersionedStaticHandler, {"paths": paths}),
            (
                url_path_join(base, "/voila/labextensions/(.*)"),
                LabextensionsHandler,
                {"path": labextensions, "no_cache_paths": ["/"]},
            ),
        ],
    )
