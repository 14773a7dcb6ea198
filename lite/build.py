"""Build the static in-browser site `build/lite/` (`make lite`) from pinned registry packages.

Voici (Voilà's static twin) renders every pupil notebook of `notebooks/` and `lessons/` as an
app page with no code cells; the pages run on Pyodide in the browser. The Pyodide runtime
comes from the npm package `pyodide` (runtime only, no package wheels), the wheels from PyPI
(`wheels.txt`) plus the project's own wheel, and `pyodide/pyodide-lock.json` is written anew
for exactly these wheels, so the site never asks another host for anything.

Run with the build environment's Python: `build/lite-env/bin/python lite/build.py [OUT]`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
PYODIDE_VERSION = json.loads((LITE / "package.json").read_text())["dependencies"]["pyodide"]
PYTHON_VERSION = "3.13"  # Pyodide 0.29's Python
# Files of the npm package the browser loads; the rest (types, node helpers) stays behind.
RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# Teacher material never ships: a static site has no secrets.
TEACHER_NOTEBOOKS = frozenset({"lehrkraft.ipynb", "handreichung.ipynb"})
TEACHER_NOTES = "kartenspiele/lessons/teacher_notes/"
# The Pyodide kernel installs `sqlite3` at start-up; its binary module is not on npm, so an
# empty placeholder wheel stands in (`import sqlite3` still fails, as the package expects).
PLACEHOLDERS = ("sqlite3",)
OUTSIDE_STYLESHEET = re.compile(r'<link rel="stylesheet" href="https://[^"]*"[^>]*>\n?')
START = "voici/render/notebooks/start.html"
INDEX = f"""<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Kartenspiele</title>
<meta http-equiv="refresh" content="0; url={START}"></head>
<body><a href="{START}">Kartenspiele</a></body></html>
"""
PAGE_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_WHEELS = "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
# The stub packages the kernel extension ships and the kernel needs.
KERNEL_STUBS = ("piplite", "pyodide-kernel", "ipykernel")


def run(*args: str | Path, cwd: Path | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=cwd)


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


def download_wheels(work: Path) -> Path:
    """The pure wheels of wheels.txt and the project's own wheel, in one folder."""
    wheels = work / "wheels"
    if wheels.exists():
        shutil.rmtree(wheels)
    wheels.mkdir(parents=True)
    pip = (sys.executable, "-m", "pip")
    run(
        *pip,
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        "--platform",
        "any",
        "--python-version",
        PYTHON_VERSION,
        "--implementation",
        "py",
        "--abi",
        "none",
        "-r",
        LITE / "wheels.txt",
        "-d",
        wheels,
    )
    run(*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", wheels, ROOT)
    for own in wheels.glob("kartenspiele-*.whl"):
        without_teacher_notes(own)
    for name in PLACEHOLDERS:
        placeholder_wheel(wheels, name)
    return wheels


def without_teacher_notes(wheel: Path) -> None:
    """The project's wheel without the teacher's notes: a pupil's page never shows them, and a
    static site keeps no secret (anyone may unpack a wheel it serves)."""
    with zipfile.ZipFile(wheel) as archive:
        members = {info: archive.read(info) for info in archive.infolist() if TEACHER_NOTES not in info.filename}
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members.items():
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                data = "".join(line for line in lines if TEACHER_NOTES not in line).encode()
            archive.writestr(info, data)


def placeholder_wheel(folder: Path, name: str) -> Path:
    """A wheel that installs nothing but its own metadata."""
    dist = f"{name}-0.0.0.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: kartenspiele-lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{path},sha256={_digest(text.encode())},{len(text.encode())}" for path, text in files.items()]
    files[f"{dist}/RECORD"] = "\n".join([*record, f"{dist}/RECORD,,"]) + "\n"
    path = folder / f"{name}-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(zipfile.ZipInfo(member, (1980, 1, 1, 0, 0, 0)), text)
    return path


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_contents(content: Path) -> list[str]:
    """The pupil notebooks, with their stored outputs cleared (the browser runs them)."""
    if content.exists():
        shutil.rmtree(content)
    written = []
    for folder in ("notebooks", "lessons"):
        (content / folder).mkdir(parents=True)
        for source in sorted((ROOT / folder).glob("*.ipynb")):
            if source.name in TEACHER_NOTEBOOKS:
                continue
            notebook = json.loads(source.read_text(encoding="utf-8"))
            notebook["metadata"].pop("widgets", None)
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    cell["outputs"], cell["execution_count"] = [], None
            (content / folder / source.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
            written.append(f"{folder}/{source.name}")
    return written


def lock_entries(wheels: list[Path], runtime_lock: dict) -> dict[str, dict]:
    """pyodide-lock.json entries for exactly these wheels: Pyodide's own dependency lists for
    the packages it knows, the wheels' metadata (for Python 3.13 in the browser) for the rest,
    both narrowed to what ships."""
    known = runtime_lock["packages"]
    names = {canonicalize_name(parse_wheel_filename(w.name)[0]): w for w in wheels}
    environment = default_environment() | {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "python_version": PYTHON_VERSION,
        "extra": "",
    }
    entries = {}
    for name, wheel in sorted(names.items()):
        with zipfile.ZipFile(wheel) as archive:
            members = archive.namelist()
            meta_path = next(m for m in members if m.endswith(".dist-info/METADATA"))
            meta = Parser().parsestr(archive.read(meta_path).decode())
        if name in known:
            wanted = [canonicalize_name(d) for d in known[name]["depends"]]
        else:
            requirements = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
            wanted = [
                canonicalize_name(r.name) for r in requirements if r.marker is None or r.marker.evaluate(environment)
            ]
        missing = sorted(set(wanted) - set(names))
        if missing:
            print(f"  {name}: not shipped (not needed in the browser): {', '.join(missing)}")
        entries[name] = {
            "name": name,
            "version": meta["Version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": sorted(_top_level(members)),
            "depends": sorted(d for d in set(wanted) if d in names),
            "unvendored_tests": False,
            "shared_library": False,
        }
    return entries


def _top_level(members: list[str]) -> set[str]:
    tops = {m.split("/")[0] for m in members if "/" in m}
    modules = {m[:-3] for m in members if "/" not in m and m.endswith(".py")}
    return {t for t in tops if not re.search(r"\.(dist-info|data)$", t)} | modules


def kernel_settings(site: Path, packages: list[str]) -> None:
    """Every page's configuration (jupyter-lite.json and the one inside each Voici page): the
    kernel loads Pyodide and every package from the site at start, so piplite installs nothing
    and never asks PyPI."""

    def settings(base: str) -> dict:
        return {
            "pyodideUrl": f"{base}pyodide/pyodide.js",
            "disablePyPIFallback": True,
            "pipliteUrls": [],
            "loadPyodideOptions": {"packages": packages},
        }

    path = site / "jupyter-lite.json"
    config = json.loads(path.read_text())
    config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN] = settings("./")
    path.write_text(json.dumps(config, indent=2) + "\n")

    def embedded(match: re.Match[str]) -> str:
        data = json.loads(match.group(2))
        data.setdefault("litePluginSettings", {})[KERNEL_PLUGIN] = settings(data["baseUrl"])
        return match.group(1) + json.dumps(data).replace("</", "<\\/") + match.group(3)

    for page in (site / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        page.write_text(PAGE_CONFIG.sub(embedded, text), encoding="utf-8")


def offline_pages(site: Path) -> None:
    """The pages' style sheets from a CDN (Font Awesome, for icons no page here uses) are dropped."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        kept = OUTSIDE_STYLESHEET.sub("", text)
        if kept != text:
            page.write_text(kept, encoding="utf-8")
    (site / "index.html").write_text(INDEX, encoding="utf-8")


def build(out: Path) -> None:
    work = ROOT / "build" / "lite-work"
    runtime = pyodide_runtime(work)
    wheels_dir = download_wheels(work)
    kernel_wheels = Path(sys.prefix) / "share/jupyter/labextensions" / KERNEL_WHEELS.split("/", 1)[1]
    for stub in kernel_wheels.glob("*.whl"):
        if canonicalize_name(parse_wheel_filename(stub.name)[0]) in KERNEL_STUBS:
            shutil.copy2(stub, wheels_dir)
    wheels = sorted(wheels_dir.glob("*.whl"))
    runtime_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entries = lock_entries(wheels, runtime_lock)
    pages = write_contents(work / "content")
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
    kernel_settings(out, sorted(entries))
    offline_pages(out)
    pyodide = out / "pyodide"
    pyodide.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, pyodide / name)
    for wheel in wheels:
        shutil.copy2(wheel, pyodide / wheel.name)
    lock = {"info": runtime_lock["info"], "packages": entries}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"{out}: {len(pages)} pages, {len(wheels)} wheels, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "lite")
