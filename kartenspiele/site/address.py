"""The page's address and the browser's history for the app: a tiny anywidget with no visible
content.

The browser tells the kernel which address it shows (`asked`: the path, the query, the fragment
and how it came: `load` when the page opened, `link` when a link to another page of the site
was followed, `back` for the back and forward buttons). A tap on such a link does not load a
page: the browser puts the new address in its history and the kernel shows that page in the
same Python (`site.App`); links to other hosts, to files and those opening a new tab work as
links do. The kernel answers with messages: `replace` (the address of the page shown now, e.g.
with its game's code or its language), `push` (a new entry, when the kernel itself moves on),
`shown` (the page is there: the title, and where to scroll). While a lesson is shown, the
browser keeps the section in view in the address's fragment (the id of the last heading above
the top of the window), so that a reload comes back to it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets

from ..kernel import update_guard

PART_MAX_CHARS = 600
HOW = ("load", "link", "back")

_ESM = """
const HEADINGS = "h1[id], h2[id], h3[id]";
function render({ model, el }) {
  el.classList.add("ks-address");
  el.style.display = "none";
  if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
  let count = 0, pendingScroll = null;
  const scroller = () => document.getElementById("rendered_cells") || document.scrollingElement;
  const tell = (how) => {
    count += 1;
    model.set("asked", { path: location.pathname, query: location.search, fragment: location.hash, how, count });
    model.save_changes();
  };
  const pageOf = (url) => {
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts.length < 2) { return null; }
    const page = parts[parts.length - 2] + "/" + parts[parts.length - 1].replace(/\\.(html|ipynb)$/, "");
    return model.get("pages").includes(page) ? page : null;
  };
  const remember = () => {
    const state = Object.assign({}, history.state || {}, { scroll: scroller().scrollTop });
    history.replaceState(state, "", location.href);
  };
  const shownView = () => document.querySelector(".ks-site > .ks-shown");
  const clicked = (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    const link = event.target.closest("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) { return; }
    const url = new URL(link.getAttribute("href"), location.href);
    if (url.origin !== location.origin || !pageOf(url)) { return; }
    if (url.pathname === location.pathname && url.search === location.search && url.hash) { return; }
    event.preventDefault();
    remember();
    history.pushState({ scroll: 0 }, "", url.href);
    pendingScroll = url.hash ? null : 0;
    tell("link");
  };
  const popped = (event) => {
    pendingScroll = event.state && typeof event.state.scroll === "number" ? event.state.scroll : null;
    tell("back");
  };
  const toSection = (section) => {
    const deadline = Date.now() + 15000;
    const look = () => {
      const view = shownView();
      const target = view && Array.from(view.querySelectorAll(HEADINGS)).find((h) => h.id === section);
      if (target) { target.scrollIntoView(); return; }
      if (Date.now() < deadline) { window.setTimeout(look, 100); }
    };
    look();
  };
  let tracking = null;
  const track = () => {
    if (tracking !== null) { return; }
    tracking = window.setTimeout(() => {
      tracking = null;
      const view = shownView();
      if (!view || !view.classList.contains("ks-lesson-page")) { return; }
      let current = "";
      const top = scroller().getBoundingClientRect().top;
      for (const heading of view.querySelectorAll(HEADINGS)) {
        if (heading.getBoundingClientRect().top - top > 80) { break; }
        if (heading.checkVisibility ? heading.checkVisibility() : heading.offsetParent !== null) { current = heading.id; }
      }
      const hash = current ? "#" + encodeURIComponent(current) : "";
      if (hash !== location.hash) {
        history.replaceState(Object.assign({}, history.state || {}, { scroll: scroller().scrollTop }), "", location.pathname + location.search + hash);
      }
    }, 300);
  };
  model.on("msg:custom", (message) => {
    if (message.kind === "replace" || message.kind === "push") {
      const url = new URL(message.address, location.href);
      if (!url.hash && url.pathname === location.pathname && message.kind === "replace") { url.hash = location.hash; }
      if (message.kind === "push") { remember(); history.pushState({ scroll: 0 }, "", url.href); }
      else { history.replaceState(history.state, "", url.href); }
    }
    if (message.kind === "shown") {
      if (message.title) { document.title = message.title; }
      const scroll = pendingScroll;
      pendingScroll = null;
      window.requestAnimationFrame(() => window.requestAnimationFrame(() => {
        if (message.section) { toSection(message.section); }
        else if (scroll !== null) { scroller().scrollTo(0, scroll); }
      }));
    }
  });
  document.addEventListener("click", clicked, true);
  window.addEventListener("popstate", popped);
  document.addEventListener("scroll", track, { capture: true, passive: true });
  tell("load");
  return () => {
    document.removeEventListener("click", clicked, true);
    window.removeEventListener("popstate", popped);
    document.removeEventListener("scroll", track, { capture: true });
  };
}
export default { render };
"""


def asked_check(value: Any, _widget: Any) -> str | None:
    """What the browser may report: its address in three short texts, how it came, a count."""
    if not isinstance(value, dict) or set(value) != {"path", "query", "fragment", "how", "count"}:
        return "not an address"
    if value["how"] not in HOW or update_guard.integer(value["count"], _widget) is not None:
        return "not an address"
    texts = [value[part] for part in ("path", "query", "fragment")]
    if not all(isinstance(part, str) and len(part) <= PART_MAX_CHARS for part in texts):
        return "address too long"
    return None


class Address(anywidget.AnyWidget):
    """`pages`: the site's pages (`notebooks/start`, …) whose links the app opens itself (set by
    the kernel); `asked`: the address the browser shows and how it came (set by the browser)."""

    _esm = _ESM
    browser_sets: ClassVar[dict[str, update_guard.Check]] = {"asked": asked_check}
    pages = traitlets.List(traitlets.Unicode()).tag(sync=True)
    asked = traitlets.Dict().tag(sync=True)

    def replace(self, address: str) -> None:
        """Show `address` (relative to the page) in place of the current one."""
        self.send({"kind": "replace", "address": address})

    def push(self, address: str) -> None:
        """Go on to `address`: the current one stays in the history (back returns to it)."""
        self.send({"kind": "push", "address": address})

    def shown(self, title: str, section: str = "") -> None:
        """The page the address names is shown: its title, and its section to scroll to (else
        the position the history kept, or the top for a new page)."""
        self.send({"kind": "shown", "title": title, "section": section})
