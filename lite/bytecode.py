"""Run inside Pyodide (`lite/bytecode.mjs`, Node): the site's Python packages, compiled to
bytecode once at build time instead of in every pupil's browser at every start.

`python bytecode.py OUT IN [IN …]` writes one zip archive OUT, importable from `sys.path`,
holding every member of the archives IN (wheels or the standard library's zip) with each `.py`
replaced by its sourceless `.pyc` (unchecked hash-based: nothing is compared with a source at
import). Test folders are left out, and each wheel's RECORD names the files as shipped. It runs
in Pyodide because the bytecode must be that of Pyodide's own Python (3.13), which the build
machine need not have. Members are written sorted with a fixed date, so the same inputs give
the same archive (the site names it by its hash).
"""

from __future__ import annotations

import base64
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import sys
import zipfile

DATE = (1980, 1, 1, 0, 0, 0)
LEFT_OUT = ("/tests/", "/test/")


def compiled(source: bytes, name: str) -> bytes:
    code = compile(source, name, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def members(path: str) -> dict[str, bytes]:
    """The archive's files as shipped: `.py` compiled, tests left out, RECORD rewritten."""
    shipped: dict[str, bytes] = {}
    records = []
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            name = info.filename
            if info.is_dir() or any(part in "/" + name for part in LEFT_OUT):
                continue
            data = archive.read(info)
            if name.endswith(".dist-info/RECORD"):
                records.append(name)
            elif name.endswith(".py"):
                data, name = compiled(data, name), name[:-3] + ".pyc"
            shipped[name] = data
    for record in records:
        lines = [record_line(name, data) for name, data in sorted(shipped.items()) if name != record]
        shipped[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    return shipped


def bundle(out: str, inputs: list[str]) -> None:
    files: dict[str, bytes] = {}
    for path in inputs:
        for name, data in members(path).items():
            if name in files and files[name] != data:
                raise SystemExit(f"{name} differs between two archives")
            files[name] = data
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            archive.writestr(zipfile.ZipInfo(name, DATE), files[name], compress_type=zipfile.ZIP_DEFLATED)
    print(f"{out}: {len(files)} files from {len(inputs)} archives")


if __name__ == "__main__":
    bundle(sys.argv[1], sys.argv[2:])
