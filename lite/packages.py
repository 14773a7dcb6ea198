"""The Python side of the in-browser site: the wheels it needs, the project's wheel cut down to
what the browser runs, and all of it compiled to bytecode in zip archives the pages' kernels put
on `sys.path` (`boot.js`).

Three archives, each named by its content's hash so that a browser may keep it for good:
`python_stdlib-<hash>.zip` (Pyodide's standard library), `kernel-<hash>.zip` (the kernel's
stack: IPython, ipywidgets, anywidget and their dependencies, the kernel extension's
`pyodide_kernel` and `ipykernel`, and the site's own modules for the kernel in `lite/kernel/`:
a stand-in `piplite` and `lean_kernel`) and `kartenspiele-<hash>.zip` (the
project). Compiling runs in Pyodide under Node (`bytecode.mjs`); an archive whose inputs have
not changed is taken from `build/lite-work/compiled/` instead of being compiled again.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from packaging.utils import canonicalize_name, parse_wheel_filename

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
PYTHON_VERSION = "3.13"  # Pyodide 0.29's Python
KERNEL_STUBS = ("pyodide-kernel", "ipykernel")
"""The wheels of the kernel extension (`share/jupyter/labextensions/…/static/pypi`) the kernel needs."""
KERNEL_MODULES = LITE / "kernel"
"""The site's own modules for the kernel (a stand-in piplite, `lean_kernel`), added to its archive."""
TEACHER_NOTES = "kartenspiele/lessons/teacher_notes/"


FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""The time of every file in the archives the build writes: an archive depends on its contents only."""


def run(*args: str | Path, cwd: Path | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=cwd)


def pip_download(folder: Path) -> list[Path]:
    """The pure wheels of wheels.txt for Pyodide's Python."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    run(
        sys.executable,
        "-m",
        "pip",
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
        folder,
    )
    return sorted(folder.glob("*.whl"))


def kernel_stubs(labextensions: Path) -> list[Path]:
    """The kernel extension's own wheels that the kernel imports."""
    folder = labextensions / "@jupyterlite/pyodide-kernel-extension/static/pypi"
    return sorted(
        wheel
        for wheel in folder.glob("*.whl")
        if canonicalize_name(parse_wheel_filename(wheel.name)[0]) in KERNEL_STUBS
    )


def folder_archive(folder: Path, out: Path) -> Path:
    """The Python files under `folder` as a zip archive (importable with `folder` on `sys.path`)."""
    with zipfile.ZipFile(out, "w") as archive:
        for path in sorted(folder.rglob("*.py")):
            archive.writestr(zipfile.ZipInfo(path.relative_to(folder).as_posix(), FIXED_TIME), path.read_bytes())
    return out


def project_wheel(work: Path, keep: frozenset[str], extra: dict[str, bytes]) -> Path:
    """The project's wheel with only the modules in `keep` (paths inside the wheel, e.g.
    `kartenspiele/quanto/rules.py`) and the package data beside them (none of a folder the
    site leaves out), without the teacher's notes (anyone may unpack an archive a site
    serves), and with the files of `extra` (path inside the wheel: content) the build made."""
    folder = work / "project"
    if folder.exists():
        shutil.rmtree(folder)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", folder, ROOT)
    (wheel,) = folder.glob("kartenspiele-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        members = {
            info: archive.read(info)
            for info in archive.infolist()
            if TEACHER_NOTES not in info.filename
            and not info.filename.startswith(SERVER_FOLDERS)
            and (not info.filename.endswith(".py") or info.filename in keep)
        }
    missing = sorted(keep - {info.filename for info in members})
    if missing:
        raise SystemExit(f"modules the site needs are not in the project: {', '.join(missing)}")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members.items():
            info.date_time = FIXED_TIME  # the same project, the same archive: nothing compiled again
            if info.filename.endswith(".dist-info/RECORD"):
                names = {member.filename for member in members}
                lines = data.decode().splitlines(keepends=True)
                data = "".join(line for line in lines if line.split(",")[0] in names).encode()
            archive.writestr(info, data)
        for name, data in extra.items():
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), data, compress_type=zipfile.ZIP_DEFLATED)
    return wheel


def digest(paths: list[Path], *extra: Path) -> str:
    """A short hash of the files' contents (and of the compiler's own files)."""
    total = hashlib.sha256()
    for path in [*paths, *extra]:
        total.update(path.name.encode())
        total.update(hashlib.sha256(path.read_bytes()).digest())
    return total.hexdigest()[:12]


def compiled_archive(runtime: Path, work: Path, stem: str, inputs: list[Path]) -> Path:
    """`inputs` compiled into one archive `<stem>-<hash of the archive>.zip`, kept in a cache
    folder named by the inputs' hash: unchanged inputs are not compiled again."""
    key = digest(inputs, LITE / "bytecode.py", LITE / "bytecode.mjs", runtime / "package.json")
    folder = work / "compiled" / f"{stem}-{key}"
    found = sorted(folder.glob(f"{stem}-*.zip")) if folder.exists() else []
    if found:
        return found[0]
    staging = work / "compiling"
    for fresh in (staging, folder):
        if fresh.exists():
            shutil.rmtree(fresh)
        fresh.mkdir(parents=True)
    for path in inputs:
        shutil.copy2(path, staging / path.name)
    run("node", LITE / "bytecode.mjs", runtime, staging, "out.zip", *(path.name for path in inputs))
    made = staging / "out.zip"
    out = folder / f"{stem}-{hashlib.sha256(made.read_bytes()).hexdigest()[:12]}.zip"
    shutil.move(made, out)
    shutil.rmtree(staging)
    return out


SERVER_ONLY = (
    "kartenspiele/cli.py",
    "kartenspiele/__main__.py",
    "kartenspiele/serve.py",
    "kartenspiele/serving/",
    "kartenspiele/kernel/guard.py",
    "kartenspiele/classroom/store/sqlite_store.py",
    "kartenspiele/classroom/store/redis_store.py",
    "kartenspiele/classroom/store/service_store.py",
    "kartenspiele/classroom/store/store_access.py",
    "kartenspiele/classroom/store/backup.py",
    "kartenspiele/classroom/store/data_folder.py",
    "kartenspiele/widgets/dashboard.py",
    "kartenspiele/widgets/board.py",
    "kartenspiele/widgets/unit_view.py",
    "kartenspiele/widgets/login_cards.py",
    "kartenspiele/widgets/card_sheet.py",
    "kartenspiele/widgets/board_control.py",
    "kartenspiele/widgets/class_controls.py",
    "kartenspiele/widgets/section_pace.py",
    "kartenspiele/widgets/tafel.py",
    "kartenspiele/widgets/warn_box.py",
    "kartenspiele/classroom/classes/board_state.py",
    "kartenspiele/classroom/people/teacher_pass.py",
    "kartenspiele/lessons/board_tables.py",
    "kartenspiele/practice/pack.py",
    "kartenspiele/practice/pack_base.py",
    "kartenspiele/practice/pack_cards.py",
    "kartenspiele/practice/pack_sheets.py",
    "kartenspiele/bots/plot.py",
    "kartenspiele/bots/stats.py",
    "kartenspiele/bots/tournament.py",
    "kartenspiele/bots/follower.py",
    "kartenspiele/tausch_rausch/players.py",
    "kartenspiele/widgets/reveal_control.py",
    "kartenspiele/lessons/pack_link.py",
    "kartenspiele/lessons/ausblick.py",
    "kartenspiele/lessons/facts.py",
    "kartenspiele/lessons/timing.py",
    "kartenspiele/site/notebook_pages.py",
)
"""Modules (or folders) of the project the browser never runs: the server and its kernels' guard, the
stores on disk and over the network, the teacher's dashboard and its panels, the class's board
("Tafel"), unit view, login cards, reveal control and pack download, the PDF packs (the site ships
them ready), tournaments, their statistics, plots and random players, the Tipp follower that
measures the levels, the helpers the tests check the lessons with (`ausblick`, `facts`, `timing`)
and the site's own build step. `tests/site/test_shipped_modules.py` walks every page of the site
and finds that it runs exactly the modules the site ships."""


SERVER_FOLDERS = tuple(path for path in SERVER_ONLY if path.endswith("/"))
"""Folders left out whole, their data files too (the Voilà template of `serving/`)."""


def shipped_modules(package: Path = ROOT / "kartenspiele") -> frozenset[str]:
    """The project's modules the site ships, as paths inside the wheel."""
    found = (path.relative_to(package.parent).as_posix() for path in package.rglob("*.py"))
    return frozenset(name for name in found if not name.startswith(SERVER_ONLY))


def memory_snapshot(runtime: Path, work: Path, stdlib: Path, archives: list[Path]) -> Path:
    """The gzipped memory snapshot of Pyodide with the kernel's stack and the project imported
    (`snapshot.mjs`), `snapshot-<hash>.gz`, kept like the archives while its inputs are the same."""
    key = digest([stdlib, *archives], LITE / "snapshot.mjs", runtime / "package.json")
    folder = work / "compiled" / f"snapshot-{key}"
    found = sorted(folder.glob("snapshot-*.gz")) if folder.exists() else []
    if found:
        return found[0]
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    made = folder / "out.gz"
    run("node", LITE / "snapshot.mjs", runtime, stdlib, made, *archives)
    out = folder / f"snapshot-{hashlib.sha256(made.read_bytes()).hexdigest()[:12]}.gz"
    made.rename(out)
    return out
