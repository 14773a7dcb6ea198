"""A fix for a race in the browser's widget manager: "Error displaying widget: model not found".

A Voilà page draws its outputs while its widget manager fetches the widgets' states from the
kernel (one `update_states` answer, then a model per state). The shared manager of
`@jupyter-widgets/jupyterlab-manager` 3.0.x (ipywidgets 8.1) answers an output's `get_model`
for a model not yet there by looking every 100 ms for 2 s, and after the last pause it gives up
without looking again. On a busy device the models of a large page (lesson 2: 474 widgets) are
made in one long run of the browser's main thread; a pause that began inside the 2 s ends after
that run, when the model is there and the manager counts as restored, and the output shows "model
not found" (measured: 4 of 13 reloads of lesson 2 under load, 8 or all 13 outputs each time).

The page's server sends that file with the loop looking once more after its last pause.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

MANAGER_FILES = "@jupyter-widgets/jupyterlab-manager/static/"
"""Where the shared widget manager's scripts lie among the front-end extensions."""
GIVES_UP = (
    "for(;Date.now()-o<2e3;){if(void 0!==(t=this._models[e]))return t;await new Promise(e=>setTimeout(e,100))}"
    'throw Error("widget model not found")'
)
LOOKS_LAST = (
    "for(;;){if(void 0!==(t=this._models[e]))return t;if(Date.now()-o>=2e3)break;"
    'await new Promise(e=>setTimeout(e,100))}throw Error("widget model not found")'
)


def applies(path: str) -> bool:
    """Whether the extension file at `path` may hold the manager's `get_model`."""
    return MANAGER_FILES in Path(path).as_posix() and path.endswith(".js")


@lru_cache(maxsize=8)
def _fixed(path: str, _modified: int) -> bytes:
    return Path(path).read_bytes().replace(GIVES_UP.encode(), LOOKS_LAST.encode())


def fixed_content(path: str) -> bytes:
    """The file at `path` with `get_model` looking once more after its last pause (unchanged
    if it does not hold that loop)."""
    return _fixed(path, Path(path).stat().st_mtime_ns)
