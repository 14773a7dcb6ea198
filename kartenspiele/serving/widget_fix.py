"""Fixes for two races in the browser's widget scripts on a busy device ("model not found").

A Voilà page draws its outputs while its widget manager fetches the widgets' states from the
kernel (one `update_states` answer, then a model per state).

* The shared manager of `@jupyter-widgets/jupyterlab-manager` 3.0.x (ipywidgets 8.1) answers an
  output's `get_model` for a model not yet there by looking every 100 ms for 2 s, and after the
  last pause it gives up without looking again. On a busy device the models of a large page
  (lesson 2: 474 widgets) are made in one long run of the browser's main thread; a pause that
  began inside the 2 s ends after that run, when the model is there and the manager counts as
  restored, and the output shows "Error displaying widget: model not found" (measured: 4 of 13
  reloads of lesson 2 under load, 8 or all 13 outputs each time). Mended: it looks once more.
* anywidget gives a model 2 s to start (load its script, run `initialize`) and then reports
  "[anywidget] Failed to initialize model.", and the model's views are never drawn (seen on a
  slowed browser: 7 of a lesson's small anywidgets). Mended: it waits `ANYWIDGET_START` ms.

The page's server sends these files mended (`assets.LabextensionsHandler`); other files as they are.
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
ANYWIDGET_FILES = "anywidget/static/"
ANYWIDGET_START = 30_000
"""Milliseconds anywidget waits for a model to start (its own default: 2000)."""
STARTS_SHORT = 'AbortSignal.timeout(2000).addEventListener("abort", function() {\n            resolvers.reject('
STARTS_LONG = STARTS_SHORT.replace("2000", str(ANYWIDGET_START))
MENDS = ((MANAGER_FILES, GIVES_UP, LOOKS_LAST), (ANYWIDGET_FILES, STARTS_SHORT, STARTS_LONG))
"""(folder of the files, the text to mend, the mended text)."""


def applies(path: str) -> bool:
    """Whether the extension file at `path` may hold a text to mend."""
    return path.endswith(".js") and any(folder in Path(path).as_posix() for folder, _, _ in MENDS)


@lru_cache(maxsize=16)
def _fixed(path: str, _modified: int) -> bytes:
    content = Path(path).read_bytes()
    for folder, broken, mended in MENDS:
        if folder in Path(path).as_posix():
            content = content.replace(broken.encode(), mended.encode())
    return content


def fixed_content(path: str) -> bytes:
    """The file at `path` mended (unchanged if it holds no text to mend)."""
    return _fixed(path, Path(path).stat().st_mtime_ns)
