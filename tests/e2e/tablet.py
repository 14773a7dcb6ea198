"""Measuring a page as a tablet user meets it: the table's height, where the hand and the
playing area are, the size of touch targets, layout shift, and an axe-core audit."""

from __future__ import annotations

from collections import Counter

VIEWPORTS = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
PLAYING_AREA = ".ks-table-cards, .ks-market"

GEOMETRY_JS = """() => {
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    height: r.height, width: r.width}; };
  const table = document.querySelector('.ks-table');
  return {table: table ? table.getBoundingClientRect().height : 0,
          page: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,
          hand: box('.ks-hand-cards'), pinned: box('.ks-hand-slot'), play: box('PLAY'), scroll: window.scrollY};
}""".replace("PLAY", PLAYING_AREA)

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
    """Heights and boxes (px) of the table, the whole page, the hand and the playing area."""
    return page.evaluate(GEOMETRY_JS)


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
