"""Build the static in-browser site `build/lite/` (`make lite`) from pinned registry packages.

Every pupil page of `notebooks/` and `lessons/` gets its address in the site, and every page is
the same app (`kartenspiele.site.App`): it reads its page from the address, and moving to
another page happens inside the running kernel (docs/lite.md). Voici (Voilà's static twin)
renders the pages with no code cells; their Python runs on Pyodide in the browser, started by
`pyodide/boot.js` with the packages precompiled here (`packages.py`). The Pyodide runtime comes
from the npm package `pyodide` (runtime only), the wheels from PyPI (`wheels.txt`) and the
project's own wheel, so the site never asks another host for anything. The printable packs are
written last, by the same environment.

Run with the build environment's Python: `build/lite-env/bin/python lite/build.py [OUT]`.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lite import pages  # noqa: E402
from lite.packages import (  # noqa: E402
    KERNEL_MODULES,
    LITE,
    ROOT,
    compiled_archive,
    folder_archive,
    kernel_stubs,
    memory_snapshot,
    pip_download,
    project_wheel,
    run,
    shipped_modules,
)

PYODIDE_VERSION = json.loads((LITE / "package.json").read_text())["dependencies"]["pyodide"]
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm")
"""The files of the npm package the browser loads (the rest: types, Node helpers, the source stdlib)."""
TEACHER_NOTEBOOKS = frozenset({"lehrkraft.ipynb", "handreichung.ipynb"})
"""Teacher material never ships: a static site has no secrets."""
APP_CELL = "from kartenspiele.site import App\n\nApp()"
"""Every page's one cell: the app, which reads its page from the address."""


def pyodide_runtime(work: Path) -> Path:
    """The npm package `pyodide` at the version of package-lock.json."""
    npm = work / "npm"
    npm.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(LITE / name, npm / name)
    package = npm / "node_modules" / "pyodide"
    installed = package / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != PYODIDE_VERSION:
        run("npm", "ci", "--silent", "--no-audit", "--no-fund", cwd=npm)
    return package


def pupil_notebooks() -> list[Path]:
    return [
        path
        for folder in ("notebooks", "lessons")
        for path in sorted((ROOT / folder).glob("*.ipynb"))
        if path.name not in TEACHER_NOTEBOOKS
    ]


def write_contents(content: Path) -> list[str]:
    """One notebook per pupil page, at the page's place, each holding only the app's cell (the
    page keeps its notebook's title)."""
    if content.exists():
        shutil.rmtree(content)
    written = []
    for source in pupil_notebooks():
        notebook = json.loads(source.read_text(encoding="utf-8"))
        notebook["metadata"].pop("widgets", None)
        notebook["cells"] = [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "app",
                "metadata": {},
                "outputs": [],
                "source": APP_CELL,
            }
        ]
        page = f"{source.parent.name}/{source.name}"
        (content / source.parent.name).mkdir(parents=True, exist_ok=True)
        (content / page).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(page)
    return written


def python_archives(runtime: Path, work: Path, labextensions: Path) -> list[Path]:
    """The standard library, the kernel's stack and the project, each compiled into one archive."""
    wheels = pip_download(work / "wheels")
    own = folder_archive(KERNEL_MODULES, work / "kernel-modules.zip")
    from kartenspiele.site.notebook_pages import site_pages

    pages = json.dumps(site_pages(ROOT), ensure_ascii=False).encode()
    project = project_wheel(work, shipped_modules(), {"kartenspiele/site/pages.json": pages})
    return [
        compiled_archive(runtime, work, "python_stdlib", [runtime / "python_stdlib.zip"]),
        compiled_archive(runtime, work, "kernel", [*wheels, *kernel_stubs(labextensions), own]),
        compiled_archive(runtime, work, "kartenspiele", [project]),
    ]


def build(out: Path) -> None:
    started = time.monotonic()
    work = ROOT / "build" / "lite-work"
    runtime = pyodide_runtime(work)
    labextensions = Path(sys.prefix) / "share/jupyter/labextensions"
    stdlib, *archives = python_archives(runtime, work, labextensions)
    snapshot = memory_snapshot(runtime, work, stdlib, archives)
    written = write_contents(work / "content")
    if out.exists():
        shutil.rmtree(out)
    run(
        Path(sys.executable).parent / "voici",
        "build",
        "--contents",
        "content",
        "--output-dir",
        out.resolve(),
        "--no-sourcemaps",
        "--no-unused-shared-packages",
        cwd=work,
    )
    folder = out / "pyodide"
    versioned = folder / PYODIDE_VERSION
    versioned.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, versioned / name)
    runtime_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    (versioned / "pyodide-lock.json").write_text(json.dumps({"info": runtime_lock["info"], "packages": {}}) + "\n")
    for archive in (stdlib, *archives, snapshot):
        shutil.copy2(archive, folder / archive.name)
    boot_files = pages.write_boot(
        folder, PYODIDE_VERSION, stdlib.name, [archive.name for archive in archives], snapshot.name
    )
    pages.finish_pages(out, boot_files)
    packs = out / "files" / "packs"
    run(
        sys.executable,
        "-c",
        f"from kartenspiele.practice.pack import write_packs; write_packs({str(packs)!r})",
        cwd=ROOT,
    )
    pages.write_worker(out)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    count = sum(1 for f in out.rglob("*") if f.is_file())
    print(f"{out}: {len(written)} pages, {count} files, {size / 1e6:.1f} MB in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "lite")
