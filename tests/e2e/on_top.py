"""What a child sees of a page, asked of the browser itself: is every control it can press at least
44 px, inside the window and the topmost element at its centre and near its edges (`document.elementFromPoint`:
comparing boxes misses a pinned panel that covers a button), does the page scroll, is a line of
text cut by the box it scrolls in, and how tall is the largest empty band between the parts of
the table."""

from __future__ import annotations

SEEN_JS = r"""() => {
  const vw = window.innerWidth, vh = window.innerHeight, slack = 0.75;
  const problems = [];
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (e.closest('.ks-hidden, [aria-hidden=true], details:not([open]) > :not(summary)')) return false;
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) <= 0.05) return false;
    for (let p = e.parentElement; p && p !== root.parentElement; p = p.parentElement) {  // read out only
      const b = p.getBoundingClientRect();
      if ((b.width <= 1 || b.height <= 1) && getComputedStyle(p).display !== 'contents') return false;
    }
    return true;
  };
  const label = (e) => ((e.innerText || e.value || e.getAttribute('aria-label') || e.className || e.tagName) + '')
    .replace(/\s+/g, ' ').trim().slice(0, 40);
  const root = document.querySelector('.ks-app') || document.querySelector('.ks-start-page')
    || document.querySelector('.ks-table');
  if (!root) return {problems: ['no table on the page'], controls: 0, lines: 0, band: null, card: null};
  // the page (and every box around the table) must not scroll
  const scrollers = [document.scrollingElement, ...(() => { const out = [];
    for (let e = root; e; e = e.parentElement) out.push(e); return out; })(),
    ...root.querySelectorAll('.ks-main, .ks-game, .ks-tutor-body')];
  for (const e of scrollers) {
    if (!e) continue;
    const s = getComputedStyle(e);
    const scrolls = e === document.scrollingElement || /(auto|scroll)/.test(s.overflowY + s.overflowX);
    if (!scrolls) continue;
    const down = e.scrollHeight - e.clientHeight, sideways = e.scrollWidth - e.clientWidth;
    if (down > 1 || sideways > 1) problems.push(`scrolls: ${e.id || e.className.slice(0, 50) || e.tagName} by ${down} px down, ${sideways} px sideways`);
  }
  // every control: inside the window and on top at its centre and near its edges
  const controls = [...root.querySelectorAll('button, input, select, textarea, a[href], summary, [role=button]')]
    .filter(e => !e.disabled && shown(e));
  for (const e of controls) {
    const r = e.getBoundingClientRect();
    if (r.top < -slack || r.left < -slack || r.bottom > vh + slack || r.right > vw + slack) {
      problems.push(`outside the window: "${label(e)}" [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}]`);
      continue;
    }
    let w = r.width, h = r.height;  // a check box counts with its label
    const box = e.type === 'checkbox' && e.closest('label');
    if (box) { const b = box.getBoundingClientRect(); w = Math.max(w, b.width); h = Math.max(h, b.height); }
    const inText = e.tagName === 'A' && getComputedStyle(e).display === 'inline';
    if (!inText && (w < 44 - slack || h < 44 - slack)) problems.push(`smaller than 44 px: "${label(e)}" ${Math.round(w)} x ${Math.round(h)}`);
    const dx = Math.min(4, r.width / 4), dy = Math.min(4, r.height / 4);
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const points = [[cx, cy], [r.left + dx, cy], [r.right - dx, cy], [cx, r.top + dy], [cx, r.bottom - dy]];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      const label_ = hit && hit.closest('label');
      if (hit && (hit === e || e.contains(hit) || (label_ && label_.contains(e)))) continue;
      problems.push(`covered: "${label(e)}" at (${Math.round(x)}, ${Math.round(y)}) by ${hit ? (hit.className || hit.tagName).toString().slice(0, 60) : 'nothing'}`);
      break;
    }
  }
  // lines of text: never cut by the box they scroll or are clipped in
  let lines = 0;
  const clipOf = (e) => { for (let p = e; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowY !== 'visible') {
        if (p === document.scrollingElement || p.id === 'rendered_cells') return null;
        const b = p.getBoundingClientRect();
        const top = b.top + p.clientTop, left = b.left + p.clientLeft;
        const across = s.overflowX !== 'visible';
        return {box: p, top, bottom: top + p.clientHeight, left: across ? left : -1e9, right: across ? left + p.clientWidth : 1e9};
      }
    } return null; };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const newest = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || e.closest('style, script, .ks-style-sheet, .ks-tick') || !shown(e)) continue;
    if (e.closest('details:not([open])') && !e.closest('summary')) continue;  // folded away
    const clip = clipOf(e);
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      if (r.height < 2 || r.width < 1) continue;
      lines += 1;
      const top = Math.max(r.top, clip ? clip.top : -1e9), bottom = Math.min(r.bottom, clip ? clip.bottom : 1e9);
      const visible = bottom - top;
      if (visible > 1 && visible < r.height - 1.5) {
        problems.push(`cut line: "${n.textContent.trim().slice(0, 40)}" shows ${visible.toFixed(1)} of ${r.height.toFixed(1)} px`);
      }
      const shownWidth = Math.min(r.right, clip ? clip.right : 1e9) - Math.max(r.left, clip ? clip.left : -1e9);
      const ellipsis = getComputedStyle(e).textOverflow === 'ellipsis';  // cut on purpose, the whole text as its tooltip
      if (visible > 1 && !ellipsis && shownWidth > 1 && shownWidth < r.width - 1.5) {
        problems.push(`line cut at the side: "${n.textContent.trim().slice(0, 40)}" shows ${shownWidth.toFixed(1)} of ${r.width.toFixed(1)} px`);
      }
      const whole = Math.min(r.right, clip ? clip.right : 1e9) - Math.max(r.left, clip ? clip.left : -1e9) >= r.width - 1.5;
      if (whole && visible > r.height - 1.5 && r.top >= 0 && r.bottom <= vh && r.left >= 0 && r.right <= vw) {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit && !(hit === e || e.contains(hit) || hit.contains(e))) {
          problems.push(`covered text: "${n.textContent.trim().slice(0, 40)}" by ${(hit.className || hit.tagName).toString().slice(0, 60)}`);
        }
      }
      if (visible > 1 && (r.top < -slack || r.bottom > vh + slack || r.left < -slack || r.right > vw + slack)) {
        problems.push(`line outside the window: "${n.textContent.trim().slice(0, 40)}"`);
      }
    }
  }
  // the newest line of the last move (the banner) and the newest entry of an open log are in view
  const lastLine = (box, first) => {
    const texts = [];
    const w = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) if (n.textContent.trim()) texts.push(n);
    if (!texts.length) return null;
    const range = document.createRange();
    range.selectNodeContents(first ? texts.find(n => n.parentElement.closest('li')) || texts[0] : texts[texts.length - 1]);
    const rects = [...range.getClientRects()];
    return rects.length ? rects[first ? 0 : rects.length - 1] : null;
  };
  for (const [selector, first] of [['.ks-banner', false], ['.ks-log', true]]) {
    for (const box of root.querySelectorAll(selector)) {
      if (!shown(box)) continue;
      const r = lastLine(box, first);
      if (!r) continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - slack || r.bottom > b.bottom + slack) problems.push(`the newest line of ${selector} is not in view`);
    }
  }
  // the largest empty band across the table, from its first content to the window's bottom
  let band = null, card = null;
  const cards = [...root.querySelectorAll('.ks-hand-cards button.ks-card')].filter(shown);
  if (cards.length) {
    card = cards[0].getBoundingClientRect().height;
    const spans = [];
    for (const e of root.querySelectorAll('button, .ks-card, .ks-chip, input, select, h1, h2, h3, p, li, td, th, div, span')) {
      if (!shown(e) || e.closest('.ks-log')) continue;
      const own = [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim());
      if (!own && !e.matches('button, .ks-card, .ks-chip, input, select')) continue;
      const r = e.getBoundingClientRect();
      if (r.bottom > 0 && r.top < vh) spans.push([Math.max(0, r.top), Math.min(vh, r.bottom)]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let reach = spans.length ? spans[0][1] : 0;
    band = 0;
    for (const [top, bottom] of spans) { band = Math.max(band, top - reach); reach = Math.max(reach, bottom); }
    band = Math.max(band, vh - reach);
  }
  return {problems, controls: controls.length, lines, band, card};
}"""


def seen(page) -> dict:
    """The page as the browser shows it: `problems` (controls outside the window or covered, the
    page scrolling, lines cut, the newest line out of view), how many `controls` and `lines` were
    checked, the largest empty `band` (px) and the height of a hand `card` (px, None without)."""
    return page.evaluate(SEEN_JS)
