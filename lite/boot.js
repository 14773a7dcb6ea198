// The Python of the in-browser site: every page's kernel loads this file as its `pyodideUrl`
// (lite/build.py writes it into the site as pyodide/boot.js and fills in SITE).
//
// The kernel's worker (jupyterlite-pyodide-kernel) loads the script at `pyodideUrl` and calls
// `loadPyodide(options)`. Here that call starts Pyodide from the site's memory snapshot, in
// which the kernel's stack and the project are imported already (lite/snapshot.mjs; without it,
// or where it cannot be used, Python starts afresh with the precompiled standard library), and
// puts the site's packages, precompiled to bytecode at build time, on `sys.path` as two zip
// archives (one for the kernel's stack, one for the project): nothing is unpacked or compiled in
// the pupil's browser, and IPython's terminal is left out (lite/kernel/lean_kernel.py). The
// worker then checks the names in `options.packages` to skip its own installs; those names are
// not loaded again here.
//
// While it works, it tells the page's loading screen how far it is, on the BroadcastChannel
// "kartenspiele-loading" ({step: "runtime" | "packages" | "kernel" | "ready" | "failed"}).
(() => {
  const SITE = /* SITE */ { runtime: "", stdlib: "python_stdlib.zip", archives: [], folders: [], snapshot: "" } /* SITE */;
  const FOLDER = "/lib/kartenspiele-site"; // as in lite/snapshot.mjs
  const own = (new Error().stack.match(/(https?:\/\/[^\s)]*?)boot\.js/) || [])[1];
  const base = own || new URL("../../../../pyodide/", self.location.href).href;
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("kartenspiele-loading") : null;
  const tell = (step, detail) => channel && channel.postMessage({ step, detail: detail || "" });

  importScripts(base + SITE.runtime + "pyodide.js");
  const loadRuntime = self.loadPyodide;

  async function fetched(name) {
    const answer = await fetch(base + name);
    if (!answer.ok) {
      throw new Error(`${name}: ${answer.status}`);
    }
    return new Uint8Array(await answer.arrayBuffer());
  }

  // The kernel's worker mounts JupyterLite's drive at /drive (the page's files, through its
  // service worker) when the page has a service worker, and starts in /drive/<the page's
  // folder>. The site's pages read no file, and the site's own service worker does not serve
  // the drive: an empty folder in memory stands in, so the kernel neither waits for the page
  // nor needs the network for it.
  function withoutDrive(pyodide) {
    const FS = pyodide.FS;
    const mount = FS.mount.bind(FS);
    FS.mount = (type, options, mountpoint) => {
      if (mountpoint !== "/drive") {
        return mount(type, options, mountpoint);
      }
      const mounted = mount(FS.filesystems.MEMFS, {}, mountpoint);
      for (const folder of SITE.folders) {
        FS.mkdirTree(`${mountpoint}/${folder}`);
      }
      return mounted;
    };
  }

  function reportKernelStart(pyodide) {
    const run = pyodide.runPythonAsync.bind(pyodide);
    pyodide.runPythonAsync = async (code, ...rest) => {
      const kernel = code.includes("import pyodide_kernel");
      if (kernel) {
        tell("kernel");
      }
      const result = await run(code, ...rest);
      if (kernel) {
        pyodide.pyimport("lean_kernel").kernel_started();
        tell("ready");
      }
      return result;
    };
  }

  // The gzipped file `name` unzipped: the copy the site's service worker keeps unzipped after a
  // first visit (kartenspiele-sw.js), else the file, unzipped here.
  async function unzipped(name) {
    const kept = typeof caches === "object" ? await caches.match(base + name.replace(/\.gz$/, "")).catch(() => undefined) : undefined;
    if (kept) {
      return new Uint8Array(await kept.arrayBuffer());
    }
    const answer = await fetch(base + name);
    if (!answer.ok) {
      throw new Error(`${name}: ${answer.status}`);
    }
    const stream = answer.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  // Python from the site's snapshot (everything the pages import already imported), or started
  // afresh where there is none or it cannot be used.
  async function startPython(options) {
    const settings = { ...options, indexURL: base + SITE.runtime, stdLibURL: base + SITE.stdlib, packages: [] };
    if (SITE.snapshot && typeof DecompressionStream === "function") {
      try {
        return { pyodide: await loadRuntime({ ...settings, _loadSnapshot: unzipped(SITE.snapshot) }), restored: true };
      } catch (error) {
        console.warn("the site's snapshot could not be used, Python starts afresh:", error);
      }
    }
    return { pyodide: await loadRuntime(settings), restored: false };
  }

  self.loadPyodide = async (options) => {
    try {
      tell("runtime");
      const archives = SITE.archives.map(fetched);
      const { pyodide, restored } = await startPython(options);
      tell("packages");
      pyodide.FS.mkdirTree(FOLDER);
      const paths = [];
      for (const [index, name] of SITE.archives.entries()) {
        pyodide.FS.writeFile(`${FOLDER}/${name}`, await archives[index]);
        paths.push(`${FOLDER}/${name}`);
      }
      const scope = pyodide.toPy({ paths });
      if (restored) {
        pyodide.runPython("import lean_kernel\nlean_kernel.after_restore()", { globals: scope });
      } else {
        const start = "import importlib, sys\nsys.path.extend(paths)\nimportlib.invalidate_caches()\n";
        pyodide.runPython(start + "import lean_kernel\nlean_kernel.install()", { globals: scope });
      }
      scope.destroy();
      withoutDrive(pyodide);
      reportKernelStart(pyodide);
      return pyodide;
    } catch (error) {
      tell("failed", String(error));
      throw error;
    }
  };
})();
