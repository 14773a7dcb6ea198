"""What this browser remembers between visits: the codes of its games, the pupil's name and the
computer's level for the child's next game of each game (in localStorage).

A tiny anywidget with no visible content. When the page opens, the browser sends the list it
kept (`games`); when the kernel changes the list, the browser stores it again. The kernel
learns only what this one browser kept — its own rooms and seat tokens.

`current` is the code of the game this page shows. The page keeps it in its document
(`data-ks-game` on `<html>`), where the "connection lost" banner finds it: "Spiel fortsetzen"
then opens the start page with `?resume=<code>`, which goes straight back to that seat.

`pupil_class` is the pupil's class on this page (`pupil.remembered_query`): the browser keeps it
in the cookie `pupil.CLASS_COOKIE` for an hour, so that a lesson opened later without the class
in its address is still that pupil's (pacing applies). The kernel sets it; the browser never
sends it back.

In the browser build (`lite.in_browser`) there is no server to keep the games: the browser
keeps them too (`saves`, in localStorage), and `store()` is the page's store over them
(`classroom.store.memory_store.MemoryStore`). The browser sends them in the same message as
`games`, so "Weiterspielen" finds every remembered game; a game no longer remembered is
dropped from the saves.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets

from ..classroom.classes.pupil import CLASS_COOKIE
from ..classroom.store.memory_store import MemoryStore, readable
from ..kernel import update_guard

STORAGE_KEY = "kartenspiele.games"
NAME_KEY = "kartenspiele.name"
SAVES_KEY = "kartenspiele.saves"
LEVELS_KEY = "kartenspiele.levels"
LEVELS_MAX_SIZE = 400
"""The largest record of levels the kernel takes back (two games' `bots.ladder.Ladder`s are far less)."""
CLASS_SECONDS = 3600
"""How long the browser remembers its pupil's class after the last page that showed it
(a shared tablet forgets the pupil of the period before)."""
SAVES_MAX_SIZE = 2_000_000
"""The largest saves the kernel takes back (characters; KEEP games of a few hundred moves are far less)."""
KEEP = 8
"""How many games the browser remembers (the newest first)."""
FIELDS = ("code", "token", "game", "name")
FIELD_MAX_CHARS = 100
NAME_MAX_CHARS = 40
"""The longest remembered name the browser sends back (the page cuts it to 40)."""
"""The longest field the kernel takes back (codes, tokens, games and names are far shorter)."""

_ESM = (
    """
const KEY = "STORAGE_KEY", NAME = "NAME_KEY", SAVES = "SAVES_KEY", LEVELS = "LEVELS_KEY", CLASS = "CLASS_COOKIE";
function keepClass(value) {
  document.cookie = CLASS + "=" + encodeURIComponent(value) + "; path=/; SameSite=Strict; max-age=" + (value ? CLASS_SECONDS : 0);
}
function load() {
  try { const list = JSON.parse(window.localStorage.getItem(KEY) || "[]"); return Array.isArray(list) ? list : []; }
  catch (error) { return []; }
}
function render({ model, el }) {
  el.classList.add("ks-memory");
  el.style.display = "none";
  model.set("games", load());
  if (model.get("keeps_saves")) {
    try { model.set("saves", JSON.parse(window.localStorage.getItem(SAVES) || "{}")); } catch (error) {}
    model.on("change:saves", () => {
      try { window.localStorage.setItem(SAVES, JSON.stringify(model.get("saves"))); } catch (error) {}
    });
  }
  try { model.set("name", String(window.localStorage.getItem(NAME) || "").slice(0, 40)); } catch (error) {}
  try {
    const levels = JSON.parse(window.localStorage.getItem(LEVELS) || "{}");
    if (levels && typeof levels === "object" && !Array.isArray(levels)) model.set("levels", levels);
  } catch (error) {}
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
  if (model.get("pupil_class")) { keepClass(model.get("pupil_class")); }
  model.on("change:pupil_class", () => keepClass(model.get("pupil_class")));
  model.on("change:name", () => {
    try { window.localStorage.setItem(NAME, model.get("name")); } catch (error) {}
  });
  model.on("change:levels", () => {
    try { window.localStorage.setItem(LEVELS, JSON.stringify(model.get("levels"))); } catch (error) {}
  });
}
export default { render };
""".replace("STORAGE_KEY", STORAGE_KEY)
    .replace("NAME_KEY", NAME_KEY)
    .replace("SAVES_KEY", SAVES_KEY)
    .replace("LEVELS_KEY", LEVELS_KEY)
    .replace("CLASS_COOKIE", CLASS_COOKIE)
    .replace("CLASS_SECONDS", str(CLASS_SECONDS))
)


def room_of(name: str) -> str:
    """The room code a stored key or log belongs to (`room/ABCD/log/…` → "ABCD"), else ""."""
    parts = str(name).split("/")
    return parts[1] if parts[0] == "room" and len(parts) > 1 else ""


def saves_check(value: Any, widget: Any) -> str | None:
    """The saves a browser sends back: one JSON object of bounded size, only where the browser
    keeps the saves (the browser build)."""
    if not getattr(widget, "keeps_saves", False):
        return "this page does not keep saves in the browser"
    if not isinstance(value, dict):
        return f"not an object: {type(value).__name__}"
    return "saves too large" if update_guard.size(value, SAVES_MAX_SIZE) > SAVES_MAX_SIZE else None


def levels_check(value: Any, _widget: Any) -> str | None:
    """The levels a browser sends back: one small object of objects (the kernel reads each game's
    entry through `bots.ladder.Ladder.from_json`, which takes nothing it does not know)."""
    if not isinstance(value, dict) or not all(isinstance(entry, dict) for entry in value.values()):
        return f"not an object of objects: {type(value).__name__}"
    return "levels too large" if update_guard.size(value, LEVELS_MAX_SIZE) > LEVELS_MAX_SIZE else None


class BrowserMemory(anywidget.AnyWidget):
    """`games`: [{"code", "token", "game", "name"}, …] kept in this browser, newest first;
    `current`: the code of the game this page shows ("" for none); `name`: the name last used
    on this browser (the kernel checks it again on every use); `pupil_class`: the class the browser
    remembers (set by the kernel only); `levels`: per game, the computer's level for the child's
    next game (`bots.ladder.Ladder.to_json`); `keeps_saves`: the browser
    also keeps the saved games themselves (`saves`, the browser build)."""

    _esm = _ESM
    browser_sets: ClassVar[dict[str, update_guard.Check]] = {
        "games": update_guard.records(KEEP, FIELDS, FIELD_MAX_CHARS),
        "loaded": update_guard.boolean,
        "name": update_guard.text(NAME_MAX_CHARS),
        "saves": saves_check,
        "levels": levels_check,
    }
    """What the browser may send back (`update_guard`): at most `KEEP` short entries, a short name."""
    games = traitlets.List(traitlets.Dict()).tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    current = traitlets.Unicode("").tag(sync=True)
    keeps_saves = traitlets.Bool(False).tag(sync=True)
    pupil_class = traitlets.Unicode("").tag(sync=True)
    saves = traitlets.Dict().tag(sync=True)
    levels = traitlets.Dict().tag(sync=True)

    @property
    def update_limit(self) -> int:
        """The largest update the browser may send (`update_guard`): the saves where it keeps them."""
        return update_guard.MAX_MESSAGE_SIZE + (SAVES_MAX_SIZE if self.keeps_saves else 0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._own: dict[str, Any] | None = None
        self.damaged: set[str] = set()
        """The codes of remembered games whose saves were damaged (left out, forgotten)."""
        self._stores: list[MemoryStore] = []
        self.observe(lambda _: self._keep_own(), "loaded")

    def _keep_own(self) -> None:
        """The browser's list arrives after this page may have begun a game: keep that one first."""
        own = self._own
        if own is not None and self.entry(own["code"]) is None:
            self.games = [own, *self.games][:KEEP]

    def store(self) -> MemoryStore:
        """This page's store over the browser's saves: it takes in what the browser kept when
        the page opens (without the games it no longer remembers) and hands every change back.
        A game whose saved records are damaged is left out whole and forgotten (`damaged`
        names it); the other games stay."""
        self.keeps_saves = True
        kept = MemoryStore(on_write=lambda contents: setattr(self, "saves", contents))

        def arrived() -> None:
            if self.loaded:
                contents = self._only_remembered(self.saves)
                lost = {room_of(name) for name in readable(contents)[2]} - {""}
                kept.load(self._without_rooms(contents, lost))
                for code in lost:
                    self.forget(code)
                self.damaged |= lost

        arrived()
        self.observe(lambda _: arrived(), "loaded")  # the browser sends games and saves in one message
        self._stores.append(kept)
        return kept

    def drop(self, code: str) -> None:
        """Forget the game `code` and delete its saved records from this page's stores."""
        self.forget(code)
        for kept in self._stores:
            for key in kept.keys(f"room/{code}"):
                if room_of(key) == code:
                    kept.delete(key)
            for log in kept.logs(f"room/{code}/"):
                kept.delete_log(log)

    @staticmethod
    def _without_rooms(contents: dict[str, Any], codes: set[str]) -> dict[str, Any]:
        return {
            part: {name: value for name, value in contents[part].items() if room_of(name) not in codes}
            for part in ("documents", "logs")
        }

    def _only_remembered(self, contents: dict[str, Any]) -> dict[str, Any]:
        """`contents` without the records of rooms whose game this browser no longer remembers."""
        codes = {str(item.get("code")) for item in self.games}

        def wanted(key: object) -> bool:
            room = room_of(str(key))
            return not room or room in codes

        def part(name: str) -> dict[str, Any]:
            found = contents.get(name)
            return {key: value for key, value in found.items() if wanted(key)} if isinstance(found, dict) else {}

        return {"documents": part("documents"), "logs": part("logs")}

    def remember(self, code: str, token: str, game: str, name: str) -> None:
        """Put a game first in the list (replacing an older entry of the same code); it is the
        game this page shows now."""
        entry: dict[str, Any] = {"code": code, "token": token, "game": game, "name": name}
        rest = [item for item in self.games if item.get("code") != code]
        self.games = [entry, *rest][:KEEP]
        self.current = code
        self._own = entry

    def forget(self, code: str) -> None:
        self.games = [item for item in self.games if item.get("code") != code]
        if self._own is not None and self._own["code"] == code:
            self._own = None
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
