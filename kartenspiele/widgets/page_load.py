"""The kernel sends its page to another address: a tiny anywidget with no visible content.

When the kernel sets `address` (relative to the page, e.g. `03_folgen.ipynb?klasse=…`), the
browser loads it in place of this page (`location.replace`: "back" does not return to the old
one). The server then renders that address for itself. The browser never sets `address`, and
the kernel does not rely on the browser to go: whatever this page must no longer do, the
kernel has already stopped.
"""

from __future__ import annotations

from typing import ClassVar

import anywidget
import traitlets

from ..kernel import update_guard

_ESM = """
function render({ model, el }) {
  el.classList.add("ks-page-load");
  el.style.display = "none";
  const go = () => {
    const address = model.get("address");
    if (address) { window.location.replace(new URL(address, window.location.href).href); }
  };
  go();
  model.on("change:address", go);
}
export default { render };
"""


class PageLoad(anywidget.AnyWidget):
    """`address`: where the kernel sends this page ("" to stay); set by the kernel only."""

    _esm = _ESM
    browser_sets: ClassVar[dict[str, update_guard.Check]] = {}
    address = traitlets.Unicode("").tag(sync=True)
