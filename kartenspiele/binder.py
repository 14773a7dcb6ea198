"""Where the project opens on mybinder.org: every Binder address is built here from one
setting, the `Repository` address in `pyproject.toml` (`[project.urls]`), read from the
installed package's metadata.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import metadata
from urllib.parse import quote, urlparse

BINDER = "https://mybinder.org/v2/gh"


@lru_cache(maxsize=1)
def repository() -> str:
    """`owner/name` of the project's GitHub repository."""
    for entry in metadata("kartenspiele").get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "repository":
            parsed = urlparse(url.strip())
            if parsed.netloc == "github.com":
                return parsed.path.strip("/").removesuffix(".git")
    raise LookupError("pyproject.toml names no GitHub repository under [project.urls] Repository")


def binder_url(urlpath: str) -> str:
    """The Binder address that opens `urlpath` (e.g. `voila/render/notebooks/start.ipynb`)."""
    return f"{BINDER}/{repository()}/HEAD?urlpath={quote(urlpath, safe='')}"
