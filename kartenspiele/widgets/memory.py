"""What this browser remembers between visits: the codes of its games and the pupil's name
(in localStorage).

A tiny anywidget with no visible content. When the page opens, the browser sends the list it
kept (`games`); when the kernel changes the list, the browser stores it again. The kernel
learns only what this one browser kept — its own rooms and seat tokens.

`current` is the code of the game this page shows. The page keeps it in its document
(`data-ks-game` on `<html>`), where the "connection lost" banner finds it: "Spiel fortsetzen"
then opens the start page with `?resume=<code>`, which goes straight back to that seat.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets

from ..kernel import update_guard

STORAGE_KEY = "kartenspiele.games"
NAME_KEY = "kartenspiele.name"
KEEP = 8
"""How many games the browser remembers (the newest first)."""
FIELDS = ("code", "token", "game", "name")
FIELD_MAX_CHARS = 100
NAME_MAX_CHARS = 40
"""The longest remembered name the browser sends back (the page cuts it to 40)."""
"""The longest field the kernel takes back (codes, tokens, games and names are far shorter)."""

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
  const mark = () => {
    const code = model.get("current");
    if (code) { document.documentElement.dataset.ksGame = code; }
    else { delete document.documentElement.dataset.ksGame; }
  };
  mark();
  model.on("change:current", mark);
  model.on("change:name", () => {
    try { window.localStorage.setItem(NAME, model.get("name")); } catch (error) {}
  });
}
export default { render };
""".replace("STORAGE_KEY", STORAGE_KEY).replace("NAME_KEY", NAME_KEY)


class BrowserMemory(anywidget.AnyWidget):
    """`games`: [{"code", "token", "game", "name"}, …] kept in this browser, newest first;
    `current`: the code of the game this page shows ("" for none); `name`: the name last used
    on this browser (the kernel checks it again on every use)."""

    _esm = _ESM
    browser_sets: ClassVar[dict[str, update_guard.Check]] = {
        "games": update_guard.records(KEEP, FIELDS, FIELD_MAX_CHARS),
        "loaded": update_guard.boolean,
        "name": update_guard.text(NAME_MAX_CHARS),
    }
    """What the browser may send back (`update_guard`): at most `KEEP` short entries, a short name."""
    games = traitlets.List(traitlets.Dict()).tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    current = traitlets.Unicode("").tag(sync=True)

    def remember(self, code: str, token: str, game: str, name: str) -> None:
        """Put a game first in the list (replacing an older entry of the same code); it is the
        game this page shows now."""
        entry: dict[str, Any] = {"code": code, "token": token, "game": game, "name": name}
        rest = [item for item in self.games if item.get("code") != code]
        self.games = [entry, *rest][:KEEP]
        self.current = code

    def forget(self, code: str) -> None:
        self.games = [item for item in self.games if item.get("code") != code]
        if self.current == code:
            self.current = ""

    def entry(self, code: str) -> dict[str, Any] | None:
        """The remembered game with this code, or None."""
        return next((item for item in self.games if item.get("code") == code), None)

    def token(self, code: str) -> str | None:
        for item in self.games:
            if item.get("code") == code:
                return str(item.get("token") or "") or None
        return None
