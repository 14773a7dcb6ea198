"""Back into a lesson at a section: a tiny anywidget that scrolls the page to a heading.

A pupil's own view on the start page links to a lesson with `?abschnitt=<section key>`
(`sections.SECTIONS`); the lesson bar then adds this widget with that section's heading. The
page's widgets keep arriving and growing after it loads, so the browser looks for the heading
until it is there (at most `WAIT_MS`), scrolls to it, and keeps it in view while the layout
above still moves, until the pupil scrolls or taps themselves.
"""

from __future__ import annotations

import anywidget
import traitlets

from ..i18n import text
from ..sections import section

WAIT_MS = 30_000
SETTLE_MS = 5_000

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const title = model.get("title");
  if (!title) { return; }
  const begun = Date.now();
  let found = null, stopped = false;
  const stop = () => { stopped = true; };
  for (const kind of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(kind, stop, { once: true, passive: true });
  }
  const own = (h) => {  // the heading's own words, without its "Ausblick" badge in front
    const copy = h.cloneNode(true);
    copy.querySelectorAll(".ks-ausblick").forEach((badge) => badge.remove());
    return copy.textContent.replace("¶", "").trim();
  };
  const heading = () => Array.from(document.querySelectorAll("h1, h2, h3")).find((h) => own(h).startsWith(title));
  const look = () => {
    if (stopped || Date.now() - begun > WAIT_MS) { return; }
    found = found || heading();
    if (found) {
      found.scrollIntoView({ block: "start" });
      document.documentElement.dataset.ksSection = model.get("key");
      if (Date.now() - begun > SETTLE_MS && found.getBoundingClientRect().top >= 0) { return; }
    }
    setTimeout(look, 300);
  };
  look();
}
export default { render };
""".replace("WAIT_MS", str(WAIT_MS)).replace("SETTLE_MS", str(SETTLE_MS))


class SectionScroll(anywidget.AnyWidget):
    """Scrolls the page to the heading that begins with `title` (`key`: the section, kept on the
    page as `data-ks-section` once reached)."""

    _esm = _ESM
    title = traitlets.Unicode("").tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)


SECTION_PARAMETER = "abschnitt"
"""The address parameter naming the section to scroll to (a key of `sections.SECTIONS`)."""


def asked_section(lesson: str | None, asked: str | None) -> SectionScroll | None:
    """The scroll to the section `asked` (the page's `?abschnitt=`), if it is a section of this
    page's `lesson`; its German heading is what the page shows first."""
    if not lesson or not asked:
        return None
    try:
        found = section(asked)
    except KeyError:
        return None
    if found.lesson != lesson:
        return None
    return SectionScroll(title=text(found.title_key, "de"), key=found.key)
