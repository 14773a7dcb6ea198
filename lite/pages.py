"""The site's pages after `voici build`: every page's kernel starts from `pyodide/boot.js`, every
page shows the site's loading screen (`loading.html`, its look in `kartenspiele/static/loading.css`,
its words in the i18n table `loading.json`) instead of Voici's, no page names another host, the
site's service worker keeps what a visit fetched for the next one (`kartenspiele-sw.js`), an
`.htaccess` gives an Apache web space the cache headers (`htaccess`), and the site's root opens
the start page."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from kartenspiele.i18n import LANGUAGES, text
from lite.packages import LITE, ROOT

START = "voici/render/notebooks/start.html"
INDEX = f"""<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Kartenspiele</title>
<script>location.replace({json.dumps(START)} + location.search + location.hash)</script>
<meta http-equiv="refresh" content="0; url={START}"></head>
<body><a href="{START}">Kartenspiele</a></body></html>
"""
PAGE_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_WHEELS = "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
OUTSIDE_STYLESHEET = re.compile(r'<link rel="stylesheet" href="https://[^"]*"[^>]*>\n?')
DIAGRAMS = re.compile(
    r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{\s*const diagrams.*?</script>',
    re.S,
)
"""Voici's diagram script, which would load its library from a CDN (no page here has a diagram)."""
STYLE = re.compile(r'<style type="text/css">(.*?)</style>', re.S)
SHARED_STYLE_CHARS = 10_000
VOICI_SCRIPT = re.compile(r'<script src="[./]*build/voici\.js"></script>')
JUPYTERLITE_WORKER = "service-worker.js"
"""JupyterLite's service worker, which serves the kernel's drive (the page's files) and is not
shipped: the site's kernel reads no file (boot.js), and the site's own worker keeps the files
for the next visit. Voici's page then finds no worker of its own to register (a warning)."""
WORKER = "kartenspiele-sw.js"
FOLDERS = ("notebooks", "lessons")
LOADING_TEXTS = ("title", "page", "runtime", "packages", "kernel", "app", "slow", "failed")
KERNEL_CHECKS = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")
"""The names the kernel's worker looks for in `loadPyodideOptions.packages` before installing
them itself: boot.js has put the kernel's stack on `sys.path` (or the site does without it:
micropip, sqlite3, jedi), so the worker installs nothing."""


def write_boot(folder: Path, version: str, stdlib: str, archives: list[str], snapshot: str) -> list[str]:
    """`pyodide/boot.js` with the names of this build's runtime folder, archives and snapshot;
    returns the files a page's kernel loads, seen from the site's root."""
    settings = {
        "runtime": f"{version}/",
        "stdlib": stdlib,
        "archives": archives,
        "folders": list(FOLDERS),
        "snapshot": snapshot,
    }
    site = json.dumps(settings)
    source = (LITE / "boot.js").read_text(encoding="utf-8")
    (folder / "boot.js").write_text(_filled(source, "SITE", site), encoding="utf-8")
    runtime = [
        f"pyodide/{version}/{name}"
        for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "pyodide-lock.json")
    ]
    return ["pyodide/boot.js", *runtime, *(f"pyodide/{name}" for name in (stdlib, *archives, snapshot))]


def loading_screen(root: str, keep: list[str], jupyterlite: str) -> str:
    """The loading screen's markup and script for a page whose site root is `root`, the files
    a visit should keep (`keep`) and JupyterLite's version (`jupyterlite`: see loading.html)."""
    settings = {
        "root": root,
        "worker": WORKER,
        "jupyterlite": jupyterlite,
        "keep": keep,
        "texts": {lang: {key: text(f"loading.{key}", lang) for key in LOADING_TEXTS} for lang in LANGUAGES},
    }
    source = (LITE / "loading.html").read_text(encoding="utf-8")
    return _filled(source, "SETTINGS", json.dumps(settings, ensure_ascii=False).replace("</", "<\\/"))


def _filled(source: str, name: str, value: str) -> str:
    filled, count = re.subn(rf"/\* {name} \*/.*?/\* {name} \*/", lambda _: value, source, flags=re.S)
    if count != 1:
        raise SystemExit(f"the {name} settings were not found")
    return filled


def write_worker(site: Path) -> str:
    """The service worker, named for this build by a hash of every other file of the site."""
    total = hashlib.sha256()
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.name != WORKER and path.parent != site / "pyodide":
            total.update(path.relative_to(site).as_posix().encode())
            total.update(hashlib.sha256(path.read_bytes()).digest())
    for path in sorted((site / "pyodide").glob("*")):  # the archives are named by their hash
        total.update(path.name.encode())
    build = total.hexdigest()[:16]
    source = (LITE / WORKER).read_text(encoding="utf-8")
    (site / WORKER).write_text(_filled(source, "BUILD", json.dumps(build)), encoding="utf-8")
    return build


def kernel_settings(base: str) -> dict:
    return {
        "pyodideUrl": f"{base}pyodide/boot.js",
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": list(KERNEL_CHECKS)},
    }


def shared_styles(pages: list[Path], folder: Path) -> None:
    """The large style sheets Voici writes into every page (JupyterLab's theme, 250 kB), each
    moved into one file of `folder` named by its hash, which every page links: a browser
    fetches and keeps it once."""
    blocks: dict[str, str] = {}
    for page in pages:
        html = page.read_text(encoding="utf-8")

        def linked(match: re.Match[str], page: Path = page) -> str:
            css = match.group(1)
            if len(css) < SHARED_STYLE_CHARS:
                return match.group(0)
            name = f"style-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
            blocks[name] = css
            href = "../" * (len(page.relative_to(folder).parts) - 1) + name
            return f'<link rel="stylesheet" href="{href}">'

        page.write_text(STYLE.sub(linked, html), encoding="utf-8")
    for name, css in blocks.items():
        (folder / name).write_text(css, encoding="utf-8")


def finish_pages(site: Path, boot_files: list[str]) -> None:
    """Every page's configuration (jupyter-lite.json and the one inside each Voici page) starts
    the kernel from boot.js; JupyterLite's service worker is not shipped; every page gets the loading
    screen; style sheets and scripts from a CDN (icons and diagrams no page here uses) are
    dropped; the kernel extension's own wheels (for piplite) are not shipped; the root opens
    the start page."""
    path = site / "jupyter-lite.json"
    config = json.loads(path.read_text())
    data = config["jupyter-config-data"]
    data["litePluginSettings"][KERNEL_PLUGIN] = kernel_settings("./")
    path.write_text(json.dumps(config, indent=2) + "\n")

    def embedded(match: re.Match[str]) -> str:
        page_config = json.loads(match.group(2))
        page_config.setdefault("litePluginSettings", {})[KERNEL_PLUGIN] = kernel_settings(page_config["baseUrl"])
        return match.group(1) + json.dumps(page_config).replace("</", "<\\/") + match.group(3)

    render = site / "voici" / "render"
    pages = sorted(render.rglob("*.html"))
    shared_styles(pages, render)
    styles = sorted(render.glob("style-*.css"))
    keep = ["index.html", *(path.relative_to(site).as_posix() for path in (*pages, *styles)), *boot_files]
    style = "<style>" + (ROOT / "kartenspiele/static/loading.css").read_text(encoding="utf-8") + "</style>\n"
    for page in pages:
        html = page.read_text(encoding="utf-8")
        html = OUTSIDE_STYLESHEET.sub("", DIAGRAMS.sub("", PAGE_CONFIG.sub(embedded, html)))
        root = "../" * (len(page.relative_to(site).parts) - 1)
        screen = loading_screen(root, keep, data["appVersion"])
        html, found = VOICI_SCRIPT.subn(lambda match, screen=screen: screen + match.group(0), html)
        html = html.replace("</head>", style + "</head>", 1)
        if found != 1:
            raise SystemExit(f"{page}: Voici's page has changed (no voici.js script)")
        page.write_text(html, encoding="utf-8")
    shutil.rmtree(site / KERNEL_WHEELS, ignore_errors=True)
    (site / JUPYTERLITE_WORKER).unlink()
    shutil.copy2(LITE / "htaccess", site / ".htaccess")  # cache headers on an Apache web space
    (site / "index.html").write_text(INDEX, encoding="utf-8")
