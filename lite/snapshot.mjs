// `node snapshot.mjs RUNTIME STDLIB OUT ARCHIVE…`: the memory snapshot the site's kernels start
// from (boot.js). Pyodide (the npm package in RUNTIME) starts with the precompiled standard
// library STDLIB and the ARCHIVEs on `sys.path`, at the places boot.js gives them in the browser; `lean_kernel.prepare_snapshot()` imports the kernel's stack and the project; the
// snapshot of that memory is written gzipped to OUT. Pyodide's snapshot is a private API of
// 0.29 (`_makeSnapshot`); it holds Python's memory only, so boot.js writes the archives again
// after restoring it, and no JavaScript object may be alive in it.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [runtime, stdlib, out, ...archives] = process.argv.slice(2).map((part) => resolve(part));
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtime + "/",
  stdLibURL: stdlib,
  _makeSnapshot: true,
});
const site = "/lib/kartenspiele-site";
pyodide.FS.mkdirTree(site);
for (const path of archives) {
  pyodide.FS.writeFile(`${site}/${basename(path)}`, readFileSync(path));
}
const paths = JSON.stringify(archives.map((path) => `${site}/${basename(path)}`));
const loaded = pyodide.runPython(
  `def _prepare():\n    import importlib, sys\n    sys.path.extend(${paths})\n    importlib.invalidate_caches()\n` +
    `    import lean_kernel\n    return lean_kernel.prepare_snapshot()\n_prepare()`,
);
pyodide.runPython("del _prepare");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 9 }));
console.log(`${out}: ${loaded} modules, ${(snapshot.length / 1e6).toFixed(1)} MB before gzip`);
