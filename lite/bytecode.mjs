// `node bytecode.mjs PYODIDE_DIR FOLDER OUT IN…`: runs bytecode.py in Pyodide (the site's own
// Python) with FOLDER mounted, so that OUT and IN (paths inside FOLDER) are read and written there.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [given, folder, ...args] = process.argv.slice(2);
const runtime = resolve(given);
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(folder) }, "/work");
pyodide.FS.chdir("/work");
pyodide.pyimport("sys").argv = pyodide.toPy(["bytecode.py", ...args]);
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "bytecode.py"), "utf8");
pyodide.runPython(script, { filename: "bytecode.py" });
