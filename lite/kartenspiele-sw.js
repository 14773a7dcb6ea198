// The site's service worker (lite/pages.py writes it at the site's root
// with BUILD, a hash of this build's files): every file of the site a page fetched is kept in
// the browser's cache and answered from there on the next visit, so that a visit after the
// first needs no network and moves no bytes. A page's address is kept without its query
// (`start.html?lang=en` is `start.html`). The page hands over, once it is there, the files it
// fetched before this worker took over (`keep`).
//
// Every build has its own cache: a new build changes this file, the browser installs it on the
// next visit with the network, and the new worker drops the old build's cache, so a visit never
// mixes the files of two builds.
const BUILD = /* BUILD */ "" /* BUILD */;
const CACHE = `kartenspiele-${BUILD}`;
const scope = new URL(self.registration.scope);

function kept(url) {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  return address.href;
}

function ours(url) {
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
}

async function answer(request) {
  const cache = await caches.open(CACHE);
  const found = await cache.match(kept(request.url));
  if (found) {
    return found;
  }
  const fetched = await fetch(request);
  if (fetched.ok && fetched.status === 200) {
    await cache.put(kept(request.url), fetched.clone());
  }
  return fetched;
}

// A gzipped file of the site (the kernel's memory snapshot) is kept a second time unzipped, at
// its address without ".gz": boot.js takes that copy when it finds it, and a warm visit does not
// unzip 36 MB again.
async function keepUnzipped(cache, url) {
  const unzipped = kept(url).replace(/\.gz$/, "");
  if (typeof DecompressionStream !== "function" || (await cache.match(unzipped))) {
    return;
  }
  const zipped = await cache.match(kept(url));
  if (zipped) {
    const body = zipped.body.pipeThrough(new DecompressionStream("gzip"));
    await cache.put(unzipped, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  }
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const url of new Set(urls)) {
    if (!ours(new URL(url))) {
      continue;
    }
    try {
      if (!(await cache.match(kept(url)))) {
        const fetched = await fetch(url);
        if (fetched.ok && fetched.status === 200) {
          await cache.put(kept(url), fetched);
        }
      }
      if (kept(url).endsWith(".gz")) {
        await keepUnzipped(cache, url);
      }
    } catch (error) {
      console.warn("not kept for the next visit:", url, error);
    }
  }
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("kartenspiele-") && name !== CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.pathname.endsWith("/api/service-worker-heartbeat")) {
    event.respondWith(new Response("ok")); // JupyterLite's page asks whether a worker is there
  } else if (request.method === "GET" && ours(url) && !request.headers.has("range")) {
    event.respondWith(answer(request));
  }
});
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.kind === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(keep(data.urls.filter((url) => typeof url === "string")));
  }
});
