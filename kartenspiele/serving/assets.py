"""The page's scripts and styles: cached by the browser, and only the front-end extensions the
pages use.

Voilà sends its own scripts (`/voila/static/`) without caching headers and the JupyterLab
extensions (`/voila/labextensions/`) with `no-cache`, so a page opened again asks the server
for about 20 files once more, one chain of requests after another. Here:
- Voilà's scripts are served under an address that names their version
  (`/voila/static/v/<version>/…`, the page's `fullStaticUrl`), so the browser keeps them for a
  year: a new Voilà gives new addresses;
- an extension's file whose name or `?v=` carries its content hash is kept for a year too;
- a page loads no extension it does not use (`UNUSED_EXTENSIONS`: code highlighting; the pages
  show no code);
- the shared widget manager's script comes with the fix of `widget_fix` ("model not found").
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.utils import url_path_join
from voila import __version__ as voila_version
from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler

from . import widget_fix

IMMUTABLE = "public, max-age=31536000, immutable"
VERSIONED_STATIC = "voila/static/v/"
"""Where Voilà's own scripts are served under their version."""
UNUSED_EXTENSIONS = ("jupyterlab_pygments",)
"""Front-end extensions no page of the project uses."""
HASHED = re.compile(r"(^|[./])[0-9a-f]{8,}\.(js|css|woff2?|ttf|eot|svg)$")
"""A file name carrying its content hash (`remoteEntry.c8c9eed2cdefdeac.js`, `9834b8….woff2`)."""


def static_version(paths: list[str]) -> str:
    """A short digest of Voilà's version and the names, sizes and times of its static files:
    it changes whenever any of them does."""
    digest = hashlib.sha256(voila_version.encode())
    for folder in paths:
        for file in sorted(Path(folder).rglob("*")):
            if file.is_file():
                stat = file.stat()
                digest.update(f"{file.relative_to(folder)}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


PageConfigHook = Callable[..., dict]


def versioned_hook(version: str, configured: PageConfigHook | None = None) -> PageConfigHook:
    """A Voilà page-config hook: `configured` (if any), then Voilà's scripts from their versioned
    address below the page's base URL, and the unused extensions left out."""

    def hook(page_config: dict, **kwargs: Any) -> dict:
        if configured is not None:
            page_config = configured(page_config, **kwargs)
        extensions = [
            extension
            for extension in page_config.get("federated_extensions", [])
            if extension.get("name") not in UNUSED_EXTENSIONS
        ]
        static_url = url_path_join(page_config.get("baseUrl", "/"), VERSIONED_STATIC, version)
        return {**page_config, "fullStaticUrl": static_url, "federated_extensions": extensions}

    return hook


class VersionedStaticHandler(MultiStaticFileHandler):
    """Voilà's static files under `VERSIONED_STATIC<version>/`: kept by the browser."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", IMMUTABLE)


class LabextensionsHandler(FileFindHandler):
    """Voilà's extension files; those named by their content hash are kept by the browser. The
    widget manager's scripts are sent as `widget_fix` mends them."""

    @classmethod
    def get_content(cls, abspath: str, start: int | None = None, end: int | None = None) -> Iterator[bytes]:
        if widget_fix.applies(abspath):
            yield widget_fix.fixed_content(abspath)[start:end]
        else:
            yield from super().get_content(abspath, start, end)

    def get_content_size(self) -> int:
        if widget_fix.applies(self.absolute_path):
            return len(widget_fix.fixed_content(self.absolute_path))
        return super().get_content_size()

    def set_headers(self) -> None:
        super().set_headers()
        if "v" in self.request.arguments or HASHED.search(self.request.path.rsplit("/", 1)[-1]):
            self.set_header("Cache-Control", IMMUTABLE)


class TemplateAssetsHandler(TemplateStaticFileHandler):
    """The page template's files (styles, the icon font); those named by their content hash,
    such as the font, are kept by the browser (styles carry `?v=`, which Tornado caches)."""

    def set_extra_headers(self, path: str) -> None:
        if HASHED.search(path.rsplit("/", 1)[-1]):
            self.set_header("Cache-Control", IMMUTABLE)
