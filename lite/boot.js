// The Python of the in-browser site: every page's kernel loads this file as its `pyodideUrl`
// (lite/build.py writes it into the site as pyodide/boot.js and fills in SITE).
//
// The kernel's worker (jupyterlite-pyodide-kernel) loads the script at `pyodideUrl` and calls
// `loadPyodide(options)`. Here that call starts Pyodide with the site's precompiled standard
// library and puts the site's packages, precompiled to bytecode at build time, on `sys.path`
// as two zip archives (one for the kernel's stack, one for the project): nothing is unpacked
// or compiled in the pupil's browser. The worker then checks the names in
// `options.packages` to skip its own installs; those names are not loaded again here.
//
// While it works, it tells the page's loading screen how far it is, on the BroadcastChannel
// "kartenspiele-loading" ({step: "runtime" | "packages" | "kernel" | "ready" | "failed"}).
(() => {
  const SITE = /* SITE */ { runtime: "", stdlib: "python_stdlib.zip", archives: [], folders: [] } /* SITE */;
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
        tell("ready");
      }
      return result;
    };
  }

  self.loadPyodide = async (options) => {
    try {
      tell("runtime");
      const archives = SITE.archives.map(fetched);
      const pyodide = await loadRuntime({
        ...options,
        indexURL: base + SITE.runtime,
        stdLibURL: base + SITE.stdlib,
        packages: [],
      });
      tell("packages");
      const folder = "/lib/kartenspiele-site";
      pyodide.FS.mkdirTree(folder);
      const paths = [];
      for (const [index, name] of SITE.archives.entries()) {
        pyodide.FS.writeFile(`${folder}/${name}`, await archives[index]);
        paths.push(`${folder}/${name}`);
      }
      pyodide.runPython(`import importlib, sys\nsys.path.extend(${JSON.stringify(paths)})\nimportlib.invalidate_caches()`);
      withoutDrive(pyodide);
      reportKernelStart(pyodide);
      return pyodide;
    } catch (error) {
      tell("failed", String(error));
      throw error;
    }
  };
})();
