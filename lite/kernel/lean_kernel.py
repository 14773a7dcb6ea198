"""The start of the site's kernel, as `boot.js` runs it.

`install()` runs before the kernel imports IPython. IPython's package imports its terminal
(`IPython.terminal.embed`, with prompt_toolkit and the debugger's terminal) only to offer
`IPython.embed`, which a kernel in a web page never calls; that is about half of IPython's import
time in the browser. A stand-in module takes its name and loads the real one the moment anything
asks it for more than the name `embed`, or calls it.

`prepare_snapshot()` runs when the site is built (`lite/snapshot.mjs`): it imports everything a
page's kernel imports before the page's own cell, and every module of the project, lets the
project read what its pages read from its package (`kartenspiele.site.prepare`), and starts the
kernel itself (`import pyodide_kernel`: IPython's shell, its magics and the kernel object, 0.7 s
in the browser), so that the memory snapshot of that Python holds them (`boot.js` starts from it)
and the kernel's worker finds the kernel made when it imports it. Nothing of a visit may be in
it: no widget, no page, nothing from JavaScript (the one function of Pyodide's the kernel keeps
is looked up when called); `after_restore()` gives the restored Python its own randomness and
the folders IPython made at build time (the snapshot holds memory, not files).

`kernel_started()` runs once the kernel is there: ipywidgets, imported already (from the snapshot,
or now), registers its comm targets with the kernel, as it does when imported under a kernel, so
that the page's widget manager finds them at once.
"""

from __future__ import annotations

import gc
import importlib
import os
import pkgutil
import random
import sys
import types
from typing import Any

NAME = "IPython.terminal.embed"


def _real() -> types.ModuleType:
    stand_in = sys.modules.pop(NAME, None)
    try:
        return importlib.import_module(NAME)
    except BaseException:
        if stand_in is not None:
            sys.modules[NAME] = stand_in
        raise


def _embed(*args: Any, **kwargs: Any) -> Any:
    return _real().embed(*args, **kwargs)


def _attribute(name: str) -> Any:
    if name.startswith("__"):  # asked by the import system itself (`__path__`, `__spec__`, …)
        raise AttributeError(name)
    return getattr(_real(), name)


def install() -> None:
    """Put the stand-in in place, unless IPython's terminal is loaded already."""
    if NAME in sys.modules:
        return
    module = types.ModuleType(NAME, __doc__)
    module.embed = _embed  # type: ignore[attr-defined]
    module.__getattr__ = _attribute  # type: ignore[attr-defined]
    sys.modules[NAME] = module


KERNEL_STACK = (
    "IPython",
    "IPython.core.application",
    "IPython.core.completer",
    "IPython.core.displayhook",
    "IPython.core.displaypub",
    "IPython.core.history",
    "IPython.core.interactiveshell",
    "IPython.core.shellapp",
    "IPython.utils.tokenutil",
    "comm",
    "ipywidgets",
    "anywidget",
)
"""What the kernel (`pyodide_kernel`, which itself holds JavaScript objects and so cannot be in
the snapshot) and every page import."""


def prepare_snapshot(package: str = "kartenspiele") -> int:
    """Import the kernel's stack and every module of `package`, prepare its site (`package.site.prepare`)
    and start the kernel; returns how many modules are loaded."""
    install()
    for name in KERNEL_STACK:
        importlib.import_module(name)
    root = importlib.import_module(package)
    for found in pkgutil.walk_packages(root.__path__, f"{package}."):
        importlib.import_module(found.name)
    importlib.import_module(f"{package}.site").prepare()
    start_kernel()
    from ipywidgets.widgets.widget import _instances

    if _instances:
        raise RuntimeError(f"{len(_instances)} widgets were built while importing: none may be in a snapshot")
    gc.collect()
    return len(sys.modules)


def _load_packages_from_imports(code: str) -> Any:
    """What the kernel calls before every cell: Pyodide's own function, looked up only now."""
    import pyodide_js

    return pyodide_js.loadPackagesFromImports(code)


def start_kernel() -> None:
    """The Pyodide kernel made (`import pyodide_kernel`) and ipywidgets's comm targets registered
    with it. The kernel keeps Pyodide's `loadPackagesFromImports`, a JavaScript function, from its
    import on: it gets a stand-in that calls Pyodide's when a cell runs."""
    pyodide_js = sys.modules.get("pyodide_js")
    stand_in = types.ModuleType("pyodide_js")
    stand_in.loadPackagesFromImports = _load_packages_from_imports  # type: ignore[attr-defined]
    sys.modules["pyodide_js"] = stand_in
    try:
        importlib.import_module("pyodide_kernel")
    finally:
        if pyodide_js is None:
            del sys.modules["pyodide_js"]
        else:
            sys.modules["pyodide_js"] = pyodide_js
    kernel_started()


def after_restore() -> None:
    """A restored Python's own randomness (the snapshot's is the same for every visit) and IPython's
    profile folders, if the snapshot holds a shell."""
    random.seed()
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        profile = shell.profile_dir
        for folder in (profile.location, profile.security_dir, profile.log_dir, profile.pid_dir, profile.startup_dir):
            os.makedirs(folder, exist_ok=True)


def kernel_started() -> None:
    """ipywidgets's comm targets in the kernel that exists now."""
    import ipywidgets

    ipywidgets.register_comm_target()
