"""Measuring a page as a tablet user meets it: the table's height, where the hand and the
playing area are, the size of touch targets, layout shift, and an axe-core audit."""

from __future__ import annotations

from collections import Counter

VIEWPORTS = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
PLAYING_AREA = ".ks-table-cards, .ks-market, .ks-tasks"

GEOMETRY_JS = """() => {
  const rect = (r) => ({top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width});
  const box = (sel) => { const e = document.querySelector(sel); return e ? rect(e.getBoundingClientRect()) : null; };
  const union = (sel) => { const rs = [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
      .filter(r => r.height > 0);
    if (!rs.length) return null;
    const top = Math.min(...rs.map(r => r.top)), bottom = Math.max(...rs.map(r => r.bottom));
    const left = Math.min(...rs.map(r => r.left)), right = Math.max(...rs.map(r => r.right));
    return {top, bottom, left, right, height: bottom - top, width: right - left}; };
  const rows = (sel) => { const bar = document.querySelector(sel);  // the lines its controls take
    const tops = bar ? [...bar.querySelectorAll('button, select, input, a')].map(e => e.getBoundingClientRect())
      .filter(r => r.height > 0).map(r => r.top + r.height / 2).sort((a, b) => a - b) : [];
    return tops.filter((y, i) => i === 0 || y - tops[i - 1] > 12).length; };
  const table = document.querySelector('.ks-table');
  let scrolled = window.scrollY, scroller = document.scrollingElement;
  for (let e = table; e; e = e.parentElement) if (e.scrollTop > scrolled) { scrolled = e.scrollTop; scroller = e; }
  const t = table ? table.getBoundingClientRect() : null;
  return {table: t ? t.height : 0, top: t ? t.top + scrolled : 0, bottom: t ? t.bottom + scrolled : 0,
          scrollHeight: scroller.scrollHeight, scrolled, width: document.documentElement.scrollWidth,
          toolbar: box('.ks-toolbar'), toolbarRows: rows('.ks-toolbar'), hand: box('.ks-hand-cards'), play: union('PLAY')};
}""".replace("PLAY", PLAYING_AREA)

SMALL_TEXT_JS = """(minimum) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || !e.closest('.ks-table') || e.closest('.ks-hidden, [aria-hidden=true]')) continue;
    const r = e.getBoundingClientRect(), style = getComputedStyle(e);
    if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || e.closest('.jupyter-button.ks-compact, .ks-tutor-buttons'))
      continue;  // visually hidden, or a button that shows only its icon
    const size = parseFloat(style.fontSize);
    if (size < minimum) out.push({text: n.textContent.trim().slice(0, 30), size});
  }
  return out;
}"""

TARGETS_JS = """() => {
  const out = [];
  for (const e of document.querySelectorAll('.ks-table button, .ks-table input, .ks-table select, .ks-table a, .ks-table summary')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden') continue;
    let w = r.width, h = r.height;
    if (e.type === 'checkbox' || e.type === 'radio') { const l = e.closest('label, .widget-checkbox');
      if (l) { const lr = l.getBoundingClientRect(); w = Math.max(w, lr.width); h = Math.max(h, lr.height); } }
    if (e.tagName === 'A' && getComputedStyle(e).display === 'inline') continue;  // links in running text
    out.push({tag: e.tagName, text: (e.innerText || e.value || e.getAttribute('aria-label') || '').slice(0, 30),
              cls: e.className.slice(0, 60), w: Math.round(w), h: Math.round(h)});
  }
  return out;
}"""


def geometry(page) -> dict:
    """Heights and boxes (px, in the window) of the table, the toolbar, the hand and the playing
    area (table cards, or market and tasks); `toolbarRows`: the lines the toolbar's controls take
    (a title above them is not a line); `top`/`bottom`: the table's place on the page;
    `scrolled`: how far the page is scrolled."""
    return page.evaluate(GEOMETRY_JS)


def new_tab_links(page) -> list[str]:
    """Links to a page of the app (a notebook) that would open a new tab."""
    return page.evaluate(
        "() => [...document.querySelectorAll('a[href*=\\'.ipynb\\']')]"
        ".filter(a => a.target && a.target !== '_self' && !a.href.startsWith('https://mybinder.org'))"
        ".map(a => a.getAttribute('href'))"
    )


def small_texts(page, minimum: float = 12) -> list[dict]:
    """Visible texts of the table set smaller than `minimum` px."""
    return page.evaluate(SMALL_TEXT_JS, minimum)


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes overlap (by more than a pixel)."""
    return (
        a["top"] < b["bottom"] - 1
        and b["top"] < a["bottom"] - 1
        and a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
    )


def small_targets(page, minimum: int = 44) -> list[dict]:
    """Visible controls of the table smaller than `minimum` px in either direction."""
    return [t for t in page.evaluate(TARGETS_JS) if t["w"] < minimum or t["h"] < minimum]


def axe_violations(page) -> list[dict]:
    """The axe-core violations of the page (each with id, impact, nodes)."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().run(page).response["violations"]


def by_impact(violations: list[dict]) -> dict[str, int]:
    """How many violations (rules) of each impact."""
    return dict(Counter(v["impact"] for v in violations))


def serious(violations: list[dict]) -> list[str]:
    """The serious and critical violations, each as "rule (impact): first target"."""
    return [
        f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']} {v['help']}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


IN_VIEW_JS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .map(e => { const r = e.getBoundingClientRect();
    return {text: (e.innerText || e.getAttribute('aria-label') || '').slice(0, 30), top: r.top, bottom: r.bottom,
            left: r.left, right: r.right}; })"""


def outside_window(page, selector: str) -> list[dict]:
    """The visible elements matching `selector` that are not wholly inside the window."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return [
        box
        for box in page.evaluate(IN_VIEW_JS, selector)
        if box["top"] < 0 or box["left"] < 0 or box["bottom"] > height + 0.5 or box["right"] > width + 0.5
    ]


def page_scrolls(page) -> dict:
    """How far the page could scroll down and sideways (0, 0: it fits the window)."""
    return page.evaluate(
        "() => { const s = document.scrollingElement;"
        " return {down: s.scrollHeight - s.clientHeight, sideways: s.scrollWidth - s.clientWidth}; }"
    )
