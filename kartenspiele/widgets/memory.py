"""What this browser remembers between visits: the codes of its games and the pupil's name
(in localStorage).

A tiny anywidget with no visible content. When the page opens, the browser sends the list it
kept (`games`); when the kernel changes the list, the browser stores it again. The kernel
learns only what this one browser kept — its own rooms and seat tokens.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

STORAGE_KEY = "kartenspiele.games"
NAME_KEY = "kartenspiele.name"
KEEP = 8
"""How many games the browser remembers (the newest first)."""

_ESM = """
const KEY = "STORAGE_KEY", NAME = "NAME_KEY";
function load() {
  try { const list = JSON.parse(window.localStorage.getItem(KEY) || "[]"); return Array.isArray(list) ? list : []; }
  catch (error) { return []; }
}
function render({ model, el }) {
  el.classList.add("ks-memory");
  el.style.display = "none";
  model.set("games", load());
  try { model.set("name", String(window.localStorage.getItem(NAME) || "").slice(0, 40)); } catch (error) {}
  model.set("loaded", true);
  model.save_changes();
  model.on("change:games", () => {
    try { window.localStorage.setItem(KEY, JSON.stringify(model.get("games"))); } catch (error) {}
  });
  model.on("change:name", () => {
    try { window.localStorage.setItem(NAME, model.get("name")); } catch (error) {}
  });
}
export default { render };
""".replace("STORAGE_KEY", STORAGE_KEY).replace("NAME_KEY", NAME_KEY)


class BrowserMemory(anywidget.AnyWidget):
    """`games`: [{"code", "token", "game", "name"}, …] kept in this browser, newest first;
    `name`: the name last used on this browser (the kernel checks it again on every use)."""

    _esm = _ESM
    games = traitlets.List(traitlets.Dict()).tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def remember(self, code: str, token: str, game: str, name: str) -> None:
        """Put a game first in the list (replacing an older entry of the same code)."""
        entry: dict[str, Any] = {"code": code, "token": token, "game": game, "name": name}
        rest = [item for item in self.games if item.get("code") != code]
        self.games = [entry, *rest][:KEEP]

    def forget(self, code: str) -> None:
        self.games = [item for item in self.games if item.get("code") != code]

    def token(self, code: str) -> str | None:
        for item in self.games:
            if item.get("code") == code:
                return str(item.get("token") or "") or None
        return None
